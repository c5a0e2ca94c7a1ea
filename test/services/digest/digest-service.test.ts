/**
 * The digest's read model against a real store, SQLite and PostgreSQL alike,
 * with rows seeded where the bot writes them: the alarms of the window and
 * those still open from before it (the longest found, open ones first), the
 * servers not running (error first), the orders placed with their total in
 * yen and those of unknown outcome (a plain failure is no order), the
 * approvals refused or expired (signups and operations; a cancellation is
 * neither), the hosting changes through the bot (writes only) and outside it,
 * the key alarms by kind, the day's requests as the store counted them, and
 * the contracts renewing within the reminder days. A window's end is not in
 * it.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextJapanMidnight, ProviderClient } from '../../../src/provider/index.ts';
import { AccessService } from '../../../src/services/access/index.ts';
import { Audit } from '../../../src/services/audit.ts';
import { DIGEST_LISTED, DigestService } from '../../../src/services/digest/index.ts';
import { RenewalsService } from '../../../src/services/renewals/index.ts';
import { ServersService } from '../../../src/services/servers/index.ts';
import type { AuditEntry, NewIncident, Store } from '../../../src/store/index.ts';
import { dropSharedDatabase, type Kind, newPlace, type Place, quietLogger } from '../../store/harness.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe.each<[Kind]>([['sqlite'], ['postgres']])('the digest read model on %s', (kind) => {
  let place: Place;
  let store: Store;
  let client: ProviderClient;

  beforeEach(async () => {
    place = await newPlace(kind, { shared: true });
    store = await place.open();
    // Never called: the digest reads the client's day and last rate-limit window from memory.
    client = new ProviderClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'digest-test-key-0000',
      dailyLimit: 10_000,
      clock: { now: () => place.clock.now().getTime(), sleep: async () => undefined },
    });
  });
  afterEach(async () => {
    await client.close();
    await place.dispose();
  });
  afterAll(async () => {
    await dropSharedDatabase();
  });

  function service(): DigestService {
    const clock = place.clock;
    const access = new AccessService({
      operators: [],
      approvers: [],
      groups: { membersOf: async () => [] },
      provider: client,
      clock,
    });
    const audit = new Audit(store, quietLogger().logger);
    const servers = new ServersService({
      provider: client,
      store,
      access,
      audit,
      clock,
      readCacheMs: 0,
      powerStaleAfterMs: () => HOUR,
    });
    const renewals = new RenewalsService({ store, servers, access, audit, clock, reminderDays: [30, 7, 1] });
    return new DigestService({ store, provider: client, renewals, access, clock, renewalWithinDays: 30 });
  }

  /** The window: the 24 hours to now (the harness's clock, 2026-01-15 09:00 UTC). */
  const now = () => place.clock.now().getTime();
  const at = (ms: number) => new Date(now() + ms);
  const slot = () => ({ day: '2026-01-15', at: now(), from: now() - DAY, to: now() });

  const alarm = (id: string, kindOf: string, raised: number, resolved: number | null): NewIncident => ({
    id,
    kind: kindOf,
    subject: id,
    name: id,
    ipAddress: null,
    plan: null,
    baseline: 'ok',
    baselineSince: at(raised),
    baselineSinceKnown: false,
    state: resolved === null ? 'alarm' : 'ok',
    changes: [{ key: id, from: 'ok', to: 'alarm', at: now() + raised, later: false }],
    detail: {},
    raisedAt: at(raised),
    alarmSince: resolved === null ? at(raised) : null,
    resolvedAt: resolved === null ? null : at(resolved),
  });

  const audit = (e: Partial<AuditEntry> & Pick<AuditEntry, 'action' | 'at'>) =>
    store.audit.append({ actor: 'U0OPS', channelId: 'C0OPS', outcome: 'ok', target: 'sv1.xsrv.jp', ...e });

  it('reads each part of the window from the store', async () => {
    // Alarms: one open since before the window (the longest), one raised and resolved in it,
    // a key-use one still open, a key-auth one resolved, one over before the window.
    await store.incidents.create(alarm('old-open', 'contract', -3 * DAY, null));
    await store.incidents.create(alarm('in-resolved', 'power', -5 * HOUR, -4 * HOUR));
    await store.incidents.create(alarm('key-open', 'key-use', -HOUR, null));
    await store.incidents.create(alarm('key-done', 'key-auth', -2 * HOUR, -90 * MIN));
    await store.incidents.create(alarm('gone', 'power', -3 * DAY, -2 * DAY));
    // Snapshots: running, stopped, error, and one never seen powered.
    await store.snapshots.upsert({
      serverUuid: 'u1',
      name: 'web-1',
      powerStatus: 'running',
      observedAt: at(0),
    });
    await store.snapshots.upsert({
      serverUuid: 'u2',
      name: 'b-stopped',
      powerStatus: 'stopped',
      observedAt: at(0),
    });
    await store.snapshots.upsert({
      serverUuid: 'u3',
      name: 'z-error',
      powerStatus: 'error',
      observedAt: at(0),
    });
    await store.snapshots.upsert({ serverUuid: 'u4', name: 'unknown', powerStatus: null, observedAt: at(0) });
    // Orders: two placed, one of unknown outcome, one plain failure; one placed before the window.
    const order = await store.signups.create({
      planId: 'vps-2gb',
      period: 3,
      imageId: 'ubuntu',
      serverName: 'shop-db',
      quotedPrice: 3960,
      requesterId: 'U0REQ',
      channelId: 'C0OPS',
      expiresAt: at(HOUR),
    });
    const exec = (target: string, outcome: 'ok' | 'failed', ms: number, params: Record<string, unknown>) =>
      audit({ actor: 'U0APP', action: 'signup.execute', target, outcome, at: at(ms), params });
    await exec(order.id, 'ok', -3 * HOUR, { name: 'shop-db', price: 3960 });
    await exec('signup-x', 'ok', -2 * HOUR, { name: 'api-1', price: 7700 });
    await exec('signup-y', 'failed', -HOUR, { state: 'unknown' });
    await exec('signup-z', 'failed', -HOUR, {});
    await exec('signup-old', 'ok', -2 * DAY, { price: 99_999 });
    // Approvals: a signup refused in the window, one expired, one refused before; operations
    // refused, expired and cancelled (withdrawn by its requester: not a refusal).
    const quote = async (name: string) =>
      store.signups.create({
        planId: 'vps-1gb',
        period: 1,
        imageId: 'ubuntu',
        serverName: name,
        quotedPrice: 1000,
        requesterId: 'U0REQ',
        channelId: 'C0OPS',
        expiresAt: at(HOUR),
      });
    place.clock.advance(-2 * DAY);
    const before = await quote('before');
    await store.signups.transition(before.id, ['quoted'], 'rejected', { approverId: 'U0APP' });
    place.clock.advance(2 * DAY - 2 * HOUR);
    const refused = await quote('refused');
    await store.signups.transition(refused.id, ['quoted'], 'rejected', { approverId: 'U0APP' });
    const expired = await quote('expired');
    await store.signups.transition(expired.id, ['quoted'], 'expired');
    const op = (kindOf: string) =>
      store.operations.create({
        kind: kindOf,
        target: 'sv1.xsrv.jp',
        params: {},
        requesterId: 'U0REQ',
        channelId: 'C0OPS',
        needsApproval: true,
        expiresAt: at(HOUR),
      });
    const o1 = await op('hosting.domain_reset');
    await store.operations.transition(o1.id, ['pending'], 'rejected', { approverId: 'U0APP' });
    const o2 = await op('hosting.ssh_off');
    await store.operations.transition(o2.id, ['pending'], 'expired');
    const o3 = await op('hosting.wp_delete');
    await store.operations.transition(o3.id, ['pending'], 'cancelled');
    place.clock.advance(2 * HOUR);
    // Hosting: two writes through the bot, a refused one, a read; an outside change.
    await audit({ action: 'hosting.domain_add', at: at(-3 * HOUR), params: { domain: 'shop.example.jp' } });
    await audit({ action: 'hosting.ssh_key_delete', at: at(-2 * HOUR), params: { id: 42 } });
    await audit({ action: 'hosting.ssh_on', outcome: 'refused', at: at(-2 * HOUR) });
    await audit({ action: 'hosting.info', at: at(-2 * HOUR) });
    await audit({
      actor: 'outside',
      action: 'hosting.outside_change',
      at: at(-MIN),
      params: { change: 'key-added', id: '7', label: 'laptop' },
    });
    // A server renamed in the control panel, as the watcher writes it.
    await audit({
      actor: 'outside',
      action: 'outside_change',
      target: 'u1',
      at: at(-2 * MIN),
      params: { name: 'db-primary', fields: ['name', 'memo'] },
    });
    // At the window's end exactly: not in it.
    await audit({ action: 'hosting.domain_add', at: at(0), params: { domain: 'late.example.jp' } });
    // The day's requests, as every replica counted them.
    const todayEnds = nextJapanMidnight(now());
    await store.dailyRequests.add(new Date(todayEnds - DAY), 8_765);
    await store.dailyRequests.add(new Date(todayEnds), 321);
    // Contracts: one within 30 days, one beyond, one passed.
    const contract = (uuid: string, date: string) =>
      store.contracts.setByPerson(
        { serverUuid: uuid, serverName: uuid, date, userId: 'U0OPS', channelId: 'C0OPS' },
        at(-DAY),
      );
    await contract('u1', '2026-02-10');
    await contract('u2', '2026-01-20');
    await contract('u3', '2026-05-01');

    const r = await service().forSlot(slot(), 'C0OPS');
    expect(r).toMatchObject({ day: '2026-01-15', from: now() - DAY, to: now(), at: now() });
    expect(r.incidents).toMatchObject({ opened: 3, resolved: 2, stillOpen: 2 });
    expect(r.incidents.list.items.map((i) => i.id)).toEqual([
      'old-open',
      'key-open',
      'in-resolved',
      'key-done',
    ]);
    expect(r.incidents.longest?.id).toBe('old-open');
    expect(r.keyAlarms.items.map((i) => [i.id, i.kind])).toEqual([
      ['key-open', 'key-use'],
      ['key-done', 'key-auth'],
    ]);
    expect(r.notRunning.items.map((s) => [s.name, s.power])).toEqual([
      ['z-error', 'error'],
      ['b-stopped', 'stopped'],
    ]);
    expect(r.orders).toMatchObject({ placed: 2, unknown: 1, totalYen: 3960 + 7700 });
    expect(r.orders.list.items.map((o) => [o.name, o.outcome, o.price])).toEqual([
      ['shop-db', 'placed', 3960],
      ['api-1', 'placed', 7700],
      [null, 'unknown', null],
    ]);
    // The order placed here is read with its signup: plan, period, who asked.
    expect(r.orders.list.items[0]).toMatchObject({
      planId: 'vps-2gb',
      period: 3,
      requesterId: 'U0REQ',
      approverId: 'U0APP',
    });
    expect(r.refusals).toMatchObject({ rejected: 2, expired: 2 });
    expect(r.refusals.list.items.map((x) => [x.what, x.state, x.by])).toEqual(
      expect.arrayContaining([
        ['signup', 'rejected', 'U0APP'],
        ['signup', 'expired', null],
        ['hosting.domain_reset', 'rejected', 'U0APP'],
        ['hosting.ssh_off', 'expired', null],
      ]),
    );
    expect(r.refusals.list.total).toBe(4);
    // An expiry is told at the quote's own end, not when the bot marked it (one moment, one time).
    const expiredAt = r.refusals.list.items.find((x) => x.what === 'signup' && x.state === 'expired')?.at;
    expect(expiredAt).toBe(expired.expiresAt.getTime());
    const refusedAt = r.refusals.list.items.find((x) => x.what === 'signup' && x.state === 'rejected')?.at;
    expect(refusedAt).toBe((await store.signups.get(refused.id))!.updatedAt.getTime());
    expect(r.hosting.bot.items.map((c) => [c.action, c.subject, c.actor])).toEqual([
      ['hosting.domain_add', 'shop.example.jp', 'U0OPS'],
      ['hosting.ssh_key_delete', '42', 'U0OPS'],
    ]);
    expect(r.hosting.outside.items).toEqual([
      { at: now() - MIN, server: 'sv1.xsrv.jp', action: 'key-added', actor: null, subject: 'laptop' },
    ]);
    expect(r.servers.outside).toEqual({
      total: 1,
      items: [{ at: now() - 2 * MIN, name: 'db-primary', fields: ['name', 'memo'] }],
    });
    expect(r.budget).toMatchObject({ limit: 10_000, previousDay: 8_765, today: 321, level: 'ok' });
    expect(r.renewals.withinDays).toBe(30);
    // Named as the watcher last saw the server.
    expect(r.renewals.list.items.map((x) => [x.name, x.date, x.left])).toEqual([
      ['b-stopped', '2026-01-20', 5],
      ['web-1', '2026-02-10', 26],
    ]);
  });

  it('a day with more than a digest keeps: every one counted, the first ones listed', async () => {
    for (let i = 0; i < DIGEST_LISTED + 30; i += 1) {
      await store.incidents.create(
        alarm(`a-${String(i).padStart(3, '0')}`, 'power', -20 * HOUR + i * MIN, -HOUR),
      );
      await audit({
        action: 'hosting.db_create',
        at: at(-10 * HOUR + i * MIN),
        params: { name_suffix: `db${i}` },
      });
    }
    const r = await service().forSlot(slot(), 'C0OPS');
    expect(r.incidents.opened).toBe(DIGEST_LISTED + 30);
    expect(r.incidents.list.total).toBe(DIGEST_LISTED + 30);
    expect(r.incidents.list.items).toHaveLength(DIGEST_LISTED);
    expect(r.hosting.bot.total).toBe(DIGEST_LISTED + 30);
    expect(r.hosting.bot.items).toHaveLength(DIGEST_LISTED);
  });
});
