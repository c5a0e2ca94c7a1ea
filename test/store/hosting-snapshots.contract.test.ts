/**
 * The store's contract for what the watcher keeps of hosting servers, on
 * SQLite and PostgreSQL alike: one row per server and part, its state read
 * back as it was written, the upsert moving it (and nothing else), the
 * transaction binding it, a damaged state read as no baseline; hosting watch
 * targets beside server watches; and the audit trail read since a moment.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { hostingOfTarget, hostingWatchTarget, LATEST_MIGRATION, type Store } from '../../src/store/index.ts';
import { connectAt, type Kind, type Place, storePerTest } from './harness.ts';

describe.each<[Kind]>([['sqlite'], ['postgres']])('hosting snapshots contract on %s', (kind) => {
  let place: Place;
  let store: Store;

  storePerTest(kind, (p, s) => {
    place = p;
    store = s;
  });

  const at = (minutes: number) => new Date(place.clock.now().getTime() + minutes * 60_000);

  it('keeps one row per server and part, reads the state back, and moves it on upsert', async () => {
    expect(await store.hostingSnapshots.get('xs1.xsrv.jp', 'domains')).toBeNull();
    const domains = { domains: { 'example.jp': { ssl: 'active' }, 'xn--eckwd4c.jp': { ssl: null } } };
    await store.hostingSnapshots.upsert({
      server: 'xs1.xsrv.jp',
      part: 'domains',
      state: domains,
      observedAt: at(0),
      changedAt: at(0),
    });
    await store.hostingSnapshots.upsert({
      server: 'xs1.xsrv.jp',
      part: 'ssh',
      state: { enabled: true },
      observedAt: at(0),
      changedAt: at(0),
    });
    await store.hostingSnapshots.upsert({
      server: 'xs2.xsrv.jp',
      part: 'keys',
      state: { keys: { '2001': { label: 'ci' } } },
      observedAt: at(1),
      changedAt: at(1),
    });
    expect(await store.hostingSnapshots.get('xs1.xsrv.jp', 'domains')).toEqual({
      server: 'xs1.xsrv.jp',
      part: 'domains',
      state: domains,
      observedAt: at(0),
      changedAt: at(0),
    });
    // Read again, changed later: the same row moves; the others stay.
    const moved = await store.hostingSnapshots.upsert({
      server: 'xs1.xsrv.jp',
      part: 'ssh',
      state: { enabled: false },
      observedAt: at(5),
      changedAt: at(4),
    });
    expect(moved).toMatchObject({ state: { enabled: false }, observedAt: at(5), changedAt: at(4) });
    const all = await store.hostingSnapshots.all();
    expect(all.map((r) => `${r.server}/${r.part}`)).toEqual([
      'xs1.xsrv.jp/domains',
      'xs1.xsrv.jp/ssh',
      'xs2.xsrv.jp/keys',
    ]);
    expect(all[1]!.state).toEqual({ enabled: false });
  });

  it('is bound to a transaction: a failed one leaves the snapshot as it was', async () => {
    const row = { server: 'xs1.xsrv.jp', part: 'ssh' as const, observedAt: at(0), changedAt: at(0) };
    await store.hostingSnapshots.upsert({ ...row, state: { enabled: true } });
    await expect(
      store.transaction(async (tx) => {
        await tx.hostingSnapshots.upsert({ ...row, state: { enabled: false }, changedAt: at(1) });
        expect((await tx.hostingSnapshots.get('xs1.xsrv.jp', 'ssh'))?.state).toEqual({ enabled: false });
        throw new Error('the outbox write failed');
      }),
    ).rejects.toThrow('the outbox write failed');
    expect((await store.hostingSnapshots.get('xs1.xsrv.jp', 'ssh'))?.state).toEqual({ enabled: true });
  });

  it('reads a damaged state as none (no baseline), and skips a part it does not know', async () => {
    await store.hostingSnapshots.upsert({
      server: 'xs1.xsrv.jp',
      part: 'keys',
      state: { keys: {} },
      observedAt: at(0),
      changedAt: at(0),
    });
    // Written by hand, as a damaged file or a later version might leave it.
    const conn = await connectAt(place, LATEST_MIGRATION);
    try {
      await sql`update hosting_snapshots set state = ${'{not json'} where part = 'keys'`.execute(conn.db);
      await sql`insert into hosting_snapshots (server, part, state, observed_at, changed_at)
        values ('xs1.xsrv.jp', 'backups', '{}', ${at(0).toISOString()}, ${at(0).toISOString()})`.execute(
        conn.db,
      );
    } finally {
      await conn.db.destroy();
    }
    expect((await store.hostingSnapshots.get('xs1.xsrv.jp', 'keys'))?.state).toBeNull();
    expect((await store.hostingSnapshots.all()).map((r) => r.part)).toEqual(['keys']);
  });

  it('keeps hosting watch targets apart from server uuids and `all`', async () => {
    const target = hostingWatchTarget('XS1.xsrv.jp');
    expect(target).toBe('hosting:xs1.xsrv.jp');
    expect(hostingOfTarget(target)).toBe('xs1.xsrv.jp');
    expect(hostingOfTarget('all')).toBeUndefined();
    expect(hostingOfTarget('0f8fad5b-d9cb-469f-a165-70867728950e')).toBeUndefined();
    await store.watches.add({ target, channelId: 'C1', createdBy: 'U1' });
    await store.watches.add({ target: 'all', channelId: 'C1', createdBy: 'U1' });
    // A server's own watches and `all` do not include a hosting server's.
    expect((await store.watches.forServer('uuid-1')).map((w) => w.target)).toEqual(['all']);
    expect((await store.watches.list('C1')).map((w) => w.target).sort()).toEqual(['all', target]);
  });

  it('reads the audit trail of a target since a moment, newest first', async () => {
    const row = (action: string, minutes: number) =>
      store.audit.append({
        actor: 'U1',
        action,
        target: 'xs1.xsrv.jp',
        params: {},
        outcome: 'ok',
        at: at(minutes),
      });
    await row('hosting.domain_add', 0);
    await row('hosting.ssh_on', 5);
    await row('hosting.ssh_off', 10);
    const since = await store.audit.latest({ target: 'xs1.xsrv.jp', since: at(5), limit: 10 });
    expect(since.map((r) => r.action)).toEqual(['hosting.ssh_off', 'hosting.ssh_on']);
    expect(await store.audit.latest({ target: 'xs1.xsrv.jp', limit: 10 })).toHaveLength(3);
  });
});
