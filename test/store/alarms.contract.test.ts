/**
 * The store's contract for alarms, on SQLite and PostgreSQL alike: incidents
 * of any kind found by kind and subject, the version every write bumps, the
 * claim's compare-and-set (two at once: one owner; a takeover from the owner
 * read; nothing once resolved), the reminders' compare-and-set and their
 * reset with a new spell, open alarms, posts in a thread, the purge of
 * settled alarms, and the migration of power incidents stored before alarms.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewIncident, Store } from '../../src/store/index.ts';
import { connectAt, type Kind, newPlace, type Place, storePerTest } from './harness.ts';

const MIN = 60_000;

describe.each<[Kind]>([['sqlite'], ['postgres']])('alarms contract on %s', (kind) => {
  let place: Place;
  let store: Store;

  storePerTest(kind, (p, s) => {
    place = p;
    store = s;
  });

  const t0 = () => place.clock.now().getTime();
  const alarm = (over: Partial<NewIncident> = {}): NewIncident => {
    const at = new Date(t0());
    return {
      id: 'contract:uuid-1:0:active>suspended',
      kind: 'contract',
      subject: 'uuid-1',
      name: 'web-1',
      ipAddress: null,
      plan: null,
      baseline: 'ok',
      baselineSince: at,
      baselineSinceKnown: false,
      state: 'alarm',
      changes: [
        {
          key: 'contract:uuid-1:0:active>suspended',
          from: 'ok',
          to: 'alarm',
          at: at.getTime(),
          later: false,
        },
      ],
      detail: { from: 'active', to: 'suspended' },
      raisedAt: at,
      alarmSince: at,
      ...over,
    };
  };

  it('keeps kinds apart by subject, reads the facts back, and bumps the version on every write', async () => {
    const { row } = await store.incidents.create(alarm());
    expect(row).toMatchObject({
      kind: 'contract',
      subject: 'uuid-1',
      state: 'alarm',
      detail: { from: 'active', to: 'suspended' },
      version: 1,
      claimedBy: null,
      claims: 0,
      renotifyCount: 0,
      resolvedAt: null,
    });
    expect(row.raisedAt).toEqual(new Date(t0()));
    // A power incident about the same server is another incident.
    expect(await store.incidents.latestFor('power', 'uuid-1')).toBeNull();
    expect((await store.incidents.latestFor('contract', 'uuid-1'))?.id).toBe(row.id);
    const saved = await store.incidents.save({ ...row, detail: { from: 'active', to: 'suspended', n: 2 } });
    expect(saved.version).toBe(2);
    expect(saved.detail).toEqual({ from: 'active', to: 'suspended', n: 2 });
    expect((await store.incidents.openAlarms()).map((i) => i.id)).toEqual([row.id]);
    const resolved = await store.incidents.save({
      ...saved,
      state: 'ok',
      alarmSince: null,
      resolvedAt: new Date(t0()),
    });
    expect(resolved.version).toBe(3);
    expect(await store.incidents.openAlarms()).toEqual([]);
  });

  it('claims with one compare-and-set: two at once give one owner, a takeover names the owner it read', async () => {
    const { row } = await store.incidents.create(alarm());
    const other = await place.open();
    const at = new Date(t0() + MIN);
    const [a, b] = await Promise.all([
      store.incidents.claim(row.id, null, 'U0ALICE', at),
      other.incidents.claim(row.id, null, 'U0BOB', at),
    ]);
    const winners = [a, b].filter((r) => r.won);
    expect(winners).toHaveLength(1);
    const owner = winners[0]!.row!.claimedBy;
    const loser = a.won ? b : a;
    // The loser sees the row as it is now: the winner's.
    expect(loser.row?.claimedBy).toBe(owner);
    expect(winners[0]!.row).toMatchObject({ claims: 1, version: 2, claimedAt: at });
    // A takeover from somebody it did not read fails; from the owner it read, it wins.
    const third = owner === 'U0ALICE' ? 'U0CAROL' : 'U0DAVE';
    expect((await store.incidents.claim(row.id, null, third, at)).won).toBe(false);
    const over = await store.incidents.claim(row.id, owner, third, at);
    expect(over.won).toBe(true);
    expect(over.row).toMatchObject({ claimedBy: third, claims: 2, version: 3 });
    // A watcher write keeps the claim it does not write.
    const saved = await store.incidents.save({ ...over.row!, claimedBy: null });
    expect(saved.claimedBy).toBe(third);
    // Resolved: nobody takes it any more.
    await store.incidents.save({ ...saved, state: 'ok', alarmSince: null, resolvedAt: at });
    expect((await store.incidents.claim(row.id, third, 'U0EVE', at)).won).toBe(false);
  });

  it('counts reminders once per compare-and-set, and starts them again with a new spell', async () => {
    const { row } = await store.incidents.create(alarm());
    const since = row.alarmSince!;
    const other = await place.open();
    const at = new Date(t0() + 15 * MIN);
    const both = await Promise.all([
      store.incidents.remind(row.id, { count: 0, alarmSince: since }, at),
      other.incidents.remind(row.id, { count: 0, alarmSince: since }, at),
    ]);
    expect(both.filter((r) => r !== null)).toHaveLength(1);
    const counted = (await store.incidents.get(row.id))!;
    expect(counted).toMatchObject({ renotifyCount: 1, renotifiedAt: at });
    // A write in the same spell keeps the count.
    const same = await store.incidents.save({ ...counted, name: 'web-1b' });
    expect(same.renotifyCount).toBe(1);
    // Claimed: no reminder.
    await store.incidents.claim(row.id, null, 'U0ALICE', at);
    expect(await store.incidents.remind(row.id, { count: 1, alarmSince: since }, at)).toBeNull();
    // A new spell (ended, then true again) starts the count again.
    const off = await store.incidents.save({ ...same, state: 'ok', alarmSince: null, resolvedAt: at });
    expect(off.renotifyCount).toBe(0);
    const again = new Date(t0() + 20 * MIN);
    const on = await store.incidents.save({ ...off, state: 'alarm', alarmSince: again, resolvedAt: null });
    expect(on).toMatchObject({
      renotifyCount: 0,
      renotifiedAt: null,
      alarmSince: again,
      claimedBy: 'U0ALICE',
    });
  });

  it('records a post inside a thread, lists every channel’s posts, and purges settled alarms', async () => {
    const { row } = await store.incidents.create(alarm());
    expect(await store.incidents.addPost(row.id, 'C0APPROVAL', '1772420000.000100')).toBe(true);
    expect(await store.incidents.addPost(row.id, 'C0NOTIFY')).toBe(true);
    const posts = await store.incidents.postsOf([row.id, 'nope']);
    expect(posts.map((p) => [p.channelId, p.threadTs]).sort()).toEqual([
      ['C0APPROVAL', '1772420000.000100'],
      ['C0NOTIFY', null],
    ]);
    await store.incidents.save({ ...row, state: 'ok', alarmSince: null, resolvedAt: new Date(t0()) });
    expect(await store.incidents.purgeSettled(new Date(t0()))).toBe(0);
    expect(await store.incidents.purgeSettled(new Date(t0() + 1))).toBe(1);
    expect(await store.incidents.postsOf([row.id])).toEqual([]);
  });
});

describe.each<[Kind]>([['sqlite'], ['postgres']])('the alarms migration on %s', (kind) => {
  let place: Place | undefined;
  afterEach(async () => {
    await place?.dispose();
    place = undefined;
  });

  it('keeps power incidents stored before it: power kind, their version their changes, an alarming one open', async () => {
    place = await newPlace(kind);
    const conn = await connectAt(place, '0005_channel_reach');
    const t = '2026-01-01T00:00:00.000Z';
    const changes = JSON.stringify([
      { key: 'k1', from: 'running', to: 'stopped', at: 0, later: false },
      { key: 'k2', from: 'stopped', to: 'error', at: 1000, later: false },
    ]);
    await sql`insert into incidents (id, server_uuid, name, ip_address, plan, baseline, baseline_since,
      baseline_since_known, power, changes, started_at, last_change_at, updated_at)
      values ('k1', 'uuid-old', 'old-1', null, null, 'running', ${t}, 1, 'error', ${changes}, ${t}, ${t}, ${t})`.execute(
      conn.db,
    );
    await sql`insert into incident_posts (incident_id, channel_id, message_ts, rendered_version, created_at)
      values ('k1', 'C0OLD', '1.1', 2, ${t})`.execute(conn.db);
    await conn.db.destroy();
    const store = await place.open();
    const row = await store.incidents.latestFor('power', 'uuid-old');
    expect(row).toMatchObject({ kind: 'power', subject: 'uuid-old', state: 'error', version: 2, detail: {} });
    // Alarming when the upgrade came: an open alarm, claimable.
    expect(row?.raisedAt).toEqual(new Date(1000));
    expect((await store.incidents.openAlarms()).map((i) => i.id)).toEqual(['k1']);
    expect(await store.incidents.post('k1', 'C0OLD')).toMatchObject({ renderedVersion: 2, threadTs: null });
  });
});
