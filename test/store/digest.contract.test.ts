/**
 * The store's contract for what the daily digest reads and writes, on SQLite
 * and PostgreSQL alike: a day's digest written once whatever the writers
 * (two stores on one database at once: one wins; a second claim later is
 * told the day was written), its top message's ts kept once set; a day of
 * the audit trail by action and outcome (oldest first, capped and counted);
 * the alarms raised or resolved in a window; the signups and operations that
 * ended in a window; and a day's request total read without writing.
 */
import { describe, expect, it } from 'vitest';
import type { NewIncident, Store } from '../../src/store/index.ts';
import { type Kind, type Place, storePerTest } from './harness.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe.each<[Kind]>([['sqlite'], ['postgres']])('digest contract on %s', (kind) => {
  let place: Place;
  let store: Store;

  storePerTest(kind, (p, s) => {
    place = p;
    store = s;
  });

  const t0 = () => place.clock.now().getTime();

  it('writes a day’s digest once, whatever the writers, and keeps its top message’s ts once set', async () => {
    const other = await place.open();
    const digest = (channelId: string) => ({ day: '2026-01-16', channelId, report: { n: 1 }, pages: 2 });
    const claims = [
      () => store.transaction((tx) => tx.dailyDigests.claim(digest('C0A'))),
      () => other.transaction((tx) => tx.dailyDigests.claim(digest('C0B'))),
    ];
    // Replicas run on PostgreSQL (at once); SQLite is one process's file (one after the other).
    const won =
      kind === 'postgres'
        ? await Promise.all(claims.map((c) => c()))
        : [await claims[0]!(), await claims[1]!()];
    expect(won.filter(Boolean)).toHaveLength(1);
    // Later (a restart): the day was written.
    expect(await store.dailyDigests.claim(digest('C0C'))).toBe(false);
    const row = await other.dailyDigests.get('2026-01-16');
    expect(row).toMatchObject({ day: '2026-01-16', report: { n: 1 }, pages: 2, messageTs: null });
    expect(['C0A', 'C0B']).toContain(row!.channelId);
    await store.dailyDigests.markPosted('2026-01-16', '1700000000.000100');
    await store.dailyDigests.markPosted('2026-01-16', '1700000000.000999');
    expect((await other.dailyDigests.get('2026-01-16'))!.messageTs).toBe('1700000000.000100');
    expect(await store.dailyDigests.get('2026-01-17')).toBeNull();
    // A rolled-back claim leaves the day free.
    await expect(
      store.transaction(async (tx) => {
        await tx.dailyDigests.claim({ ...digest('C0A'), day: '2026-01-17' });
        throw new Error('outbox write failed');
      }),
    ).rejects.toThrow('outbox write failed');
    expect(await store.dailyDigests.claim({ ...digest('C0A'), day: '2026-01-17' })).toBe(true);
  });

  it('reads a window of the audit trail by action and outcome, oldest first, capped and counted', async () => {
    const at = (min: number) => new Date(t0() + min * MIN);
    await store.audit.append({
      actor: 'U1',
      action: 'hosting.ssh_on',
      target: 's1',
      outcome: 'ok',
      at: at(-5),
    });
    for (let i = 0; i < 5; i += 1)
      await store.audit.append({
        actor: 'U1',
        action: 'hosting.ssh_on',
        target: `s${i}`,
        outcome: 'ok',
        at: at(i),
      });
    await store.audit.append({
      actor: 'U1',
      action: 'hosting.ssh_on',
      target: 'x',
      outcome: 'refused',
      at: at(2),
    });
    await store.audit.append({ actor: 'U1', action: 'hosting.info', target: 'x', outcome: 'ok', at: at(3) });
    await store.audit.append({
      actor: 'U1',
      action: 'hosting.ssh_off',
      target: 'y',
      outcome: 'ok',
      at: at(60),
    });
    const r = await store.audit.during({
      from: at(0),
      to: at(60),
      actions: ['hosting.ssh_on', 'hosting.ssh_off'],
      outcomes: ['ok'],
      limit: 3,
    });
    expect(r.total).toBe(5);
    expect(r.rows.map((x) => x.target)).toEqual(['s0', 's1', 's2']);
    const all = await store.audit.during({ from: at(0), to: at(61), actions: ['hosting.ssh_on'], limit: 10 });
    expect(all.total).toBe(6);
    expect(all.rows.map((x) => x.outcome)).toContain('refused');
    expect(await store.audit.during({ from: at(0), to: at(60), actions: [], limit: 3 })).toEqual({
      rows: [],
      total: 0,
    });
  });

  const alarm = (id: string, raised: number, resolved: number | null, over: Partial<NewIncident> = {}) => {
    const at = new Date(t0() + raised);
    return store.incidents.create({
      id,
      kind: 'key-use',
      subject: `key-use:${id}`,
      name: id,
      ipAddress: null,
      plan: null,
      baseline: 'ok',
      baselineSince: at,
      baselineSinceKnown: false,
      state: resolved === null ? 'alarm' : 'ok',
      changes: [{ key: id, from: 'ok', to: 'alarm', at: at.getTime(), later: false }],
      detail: {},
      raisedAt: at,
      alarmSince: resolved === null ? at : null,
      resolvedAt: resolved === null ? null : new Date(t0() + resolved),
      ...over,
    });
  };

  it('finds the alarms raised or resolved in a window, of any kind, oldest raise first', async () => {
    await alarm('before-open', -2 * DAY, null);
    await alarm('before-resolved-in', -2 * DAY, HOUR);
    await alarm('before-resolved-before', -2 * DAY, -DAY - 1);
    await alarm('in-open', 2 * HOUR, null, { kind: 'power' });
    await alarm('in-resolved-after', 3 * HOUR, 2 * DAY);
    await alarm('after', DAY + 1, null);
    // Never raised: a routine power incident is no alarm.
    await alarm('routine', HOUR, null, { kind: 'power', raisedAt: null });
    const rows = await store.incidents.alarmsDuring(new Date(t0() - DAY), new Date(t0() + DAY));
    expect(rows.map((r) => r.id)).toEqual(['before-resolved-in', 'in-open', 'in-resolved-after']);
  });

  it('lists the signups and operations that ended in a window', async () => {
    const quote = (name: string) =>
      store.signups.create({
        planId: 'vps-2gb',
        period: 1,
        imageId: 'ubuntu',
        serverName: name,
        quotedPrice: 1000,
        requesterId: 'U0REQ',
        channelId: 'C0OPS',
        expiresAt: new Date(t0() + DAY),
      });
    const early = await quote('early');
    await store.signups.transition(early.id, ['quoted'], 'rejected', { approverId: 'U0APP' });
    place.clock.advance(HOUR);
    const late = await quote('late');
    await store.signups.transition(late.id, ['quoted'], 'expired');
    await quote('waiting');
    const op = await store.operations.create({
      kind: 'hosting.domain_reset',
      target: 'sv1.example.jp',
      params: {},
      requesterId: 'U0REQ',
      channelId: 'C0OPS',
      needsApproval: true,
      expiresAt: new Date(t0() + DAY),
    });
    await store.operations.transition(op.id, ['pending'], 'rejected', { approverId: 'U0APP' });
    const changed = { from: new Date(t0() - MIN), to: new Date(t0() + MIN) };
    const signups = await store.signups.listByState(['rejected', 'expired'], { changed });
    expect(signups.map((s) => s.serverName)).toEqual(['late']);
    const wide = { from: new Date(t0() - DAY), to: new Date(t0() + MIN) };
    expect((await store.signups.listByState(['rejected', 'expired'], { changed: wide })).length).toBe(2);
    const ops = await store.operations.listByState(['rejected', 'expired'], { changed });
    expect(ops.map((o) => [o.kind, o.state, o.approverId])).toEqual([
      ['hosting.domain_reset', 'rejected', 'U0APP'],
    ]);
    // The window's end is not in it.
    const before = { from: new Date(t0() - DAY), to: new Date(t0()) };
    expect(await store.operations.listByState(['rejected'], { changed: before })).toEqual([]);
  });

  it('reads a day’s request total without writing a row', async () => {
    const day = new Date(t0() + 6 * HOUR);
    expect(await store.dailyRequests.total(day)).toBe(0);
    await store.dailyRequests.add(day, 7);
    expect(await store.dailyRequests.total(day)).toBe(7);
    // Reading a day nobody counted wrote nothing: the purge finds only the one row.
    expect(await store.dailyRequests.total(new Date(day.getTime() - DAY))).toBe(0);
    expect(await store.dailyRequests.purgeEnded(new Date(day.getTime() + DAY))).toBe(1);
  });
});
