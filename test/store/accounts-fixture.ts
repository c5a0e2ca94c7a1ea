/**
 * Rows in every account-scoped repo, written with the same keys whichever
 * account writes them (server uuid, hosting server, incident id, channel,
 * day, the key log's one row), and everything those repos answer, read back
 * through them: what the account tests compare between two accounts' views.
 */
import type { Store } from '../../src/store/index.ts';

export const T0 = Date.parse('2026-01-15T09:00:00.000Z');
export const at = (minutes: number): Date => new Date(T0 + minutes * 60_000);

export const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
export const HOSTING = 'xs1.xsrv.jp';
export const CHANNEL = 'C0SHARED1';
export const INCIDENT = `power:${UUID}:0:running>stopped`;
export const KEY_INCIDENT = 'key-auth:0';
/** The day whose requests both accounts count. */
export const DAY = at(24 * 60);

/** The ids the account's rows got (signups and operations are given fresh ids by the store). */
export interface Filled {
  signupIds: string[];
  operationIds: string[];
}

/**
 * Writes one of everything into `store`'s account, `tag` in what the rows say
 * (a name, an actor, a count) so that two accounts' rows differ in content
 * while sharing every key.
 */
export async function fillAccount(store: Store, tag: string, requests: number): Promise<Filled> {
  const quote = {
    planId: 'vps-2gb',
    period: 1,
    imageId: 'ubuntu-24.04',
    serverName: `${tag}-web-1`,
    quotedPrice: 1200,
    requesterId: 'U0REQUEST1',
    channelId: CHANNEL,
    expiresAt: at(60),
  };
  const active = await store.signups.create(quote);
  await store.signups.transition(active.id, ['quoted'], 'approved', { approverId: 'U0APPROVE1' });
  await store.signups.transition(active.id, ['approved'], 'executing');
  await store.signups.transition(active.id, ['executing'], 'active', {
    providerServiceId: 501,
    uuid: UUID,
  });
  const pending = await store.signups.create({ ...quote, serverName: `${tag}-web-2`, expiresAt: at(5) });
  const stepped = await store.signups.create({ ...quote, stepExecutionId: `Fx-${tag}` });
  await store.signups.transition(stepped.id, ['quoted'], 'rejected');
  await store.signups.setMessage(pending.id, { messageTs: '1700000000.000100' });

  const op = await store.operations.create({
    kind: 'server.stop',
    target: `${tag}-web-1`,
    params: { tag },
    requesterId: 'U0REQUEST1',
    channelId: CHANNEL,
    needsApproval: true,
    expiresAt: at(5),
  });
  const op2 = await store.operations.create({
    kind: 'server.start',
    target: `${tag}-web-1`,
    params: { tag },
    requesterId: 'U0REQUEST1',
    channelId: CHANNEL,
    needsApproval: false,
    expiresAt: at(60),
  });
  await store.operations.setMessage(op2.id, '1700000000.000200');

  await store.watches.add({ target: UUID, channelId: CHANNEL, createdBy: `U-${tag}` });
  await store.watches.add({ target: 'all', channelId: CHANNEL, createdBy: `U-${tag}` });
  await store.snapshots.upsert({
    serverUuid: UUID,
    name: `${tag}-web-1`,
    powerStatus: 'running',
    contractStatus: 'active',
    observedAt: at(0),
    facts: { memo: tag },
  });
  await store.hostingSnapshots.upsert({
    server: HOSTING,
    part: 'ssh',
    state: { enabled: true, tag },
    observedAt: at(0),
    changedAt: at(0),
  });

  const change = { key: INCIDENT, from: 'running', to: 'stopped', at: T0, later: false };
  await store.incidents.create({
    id: INCIDENT,
    subject: UUID,
    name: `${tag}-web-1`,
    ipAddress: '203.0.113.5',
    plan: '2GB',
    baseline: 'running',
    baselineSince: at(-60),
    baselineSinceKnown: false,
    state: 'stopped',
    changes: [change],
    raisedAt: at(0),
    alarmSince: at(0),
  });
  await store.incidents.create({
    id: KEY_INCIDENT,
    kind: 'key-auth',
    subject: 'key-auth',
    name: tag,
    ipAddress: null,
    plan: null,
    baseline: 'ok',
    baselineSince: at(-60),
    baselineSinceKnown: true,
    state: 'ok',
    changes: [{ key: KEY_INCIDENT, from: 'ok', to: 'ok', at: T0 - 3_600_000, later: false }],
    detail: { tag },
  });
  await store.incidents.addPost(INCIDENT, CHANNEL);
  await store.incidents.addPost(KEY_INCIDENT, CHANNEL, '1700000000.000300');
  await store.incidents.markPosted(CHANNEL, '1700000000.000400', [{ incidentId: INCIDENT, version: 1 }]);

  await store.mutes.set({ target: UUID, channelId: CHANNEL, until: at(30), createdBy: `U-${tag}` });
  await store.mutes.set({ target: 'all', channelId: CHANNEL, until: at(2), createdBy: `U-${tag}` });
  await store.channels.park(CHANNEL, `not_in_channel-${tag}`, {
    at: at(0),
    probeAt: at(5),
    tellAgainAfter: at(-1440),
    sameSpellAfter: at(0),
  });

  await store.contracts.recordRead(
    {
      signupId: active.id,
      serverUuid: UUID,
      serverName: `${tag}-web-1`,
      planId: 'vps-2gb',
      period: 1,
      autoRenew: true,
      channelId: CHANNEL,
    },
    '2026-04-30',
    at(0),
  );
  await store.contracts.setByPerson(
    {
      serverUuid: `${UUID}-hand`,
      serverName: `${tag}-db-1`,
      date: '2026-05-31',
      userId: 'U1',
      channelId: CHANNEL,
    },
    at(0),
  );

  await store.audit.append({
    actor: `U-${tag}`,
    channelId: CHANNEL,
    action: 'server.stop',
    target: UUID,
    params: { tag },
    outcome: 'ok',
    at: at(1),
  });
  await store.dailyRequests.add(DAY, requests);
  await store.keyRequests.append([{ method: 'GET', path: `/v1/${tag}`, sentAt: at(1) }]);
  await store.keyLog.save(
    {
      judgedThrough: at(0),
      ownIps: { [`203.0.113.${requests}`]: T0 },
      denied: [],
      expected: {},
      ahead: { through: T0, judged: {}, seen: 0 },
    },
    null,
  );
  return { signupIds: [active.id, pending.id, stepped.id], operationIds: [op.id, op2.id] };
}

/** Everything the account-scoped repos answer for the rows `fillAccount` writes. */
export async function readAccount(store: Store) {
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  const signups = await store.signups.listRecent({ limit: 50 });
  const operations = await store.operations.listByState(['pending', 'approved', 'expired', 'rejected']);
  return {
    signups,
    signupGets: await Promise.all(signups.map((s) => store.signups.get(s.id))),
    signupsByState: ids(await store.signups.listByState(['quoted', 'active', 'rejected', 'expired'])),
    signupsInChannel: ids(await store.signups.listRecent({ channelId: CHANNEL, limit: 50 })),
    steps: ids(await store.signups.stepsToComplete(50)),
    operations,
    operationGets: await Promise.all(operations.map((o) => store.operations.get(o.id))),
    watches: await store.watches.list(),
    watchesOfChannel: await store.watches.list(CHANNEL),
    watchesOfServer: await store.watches.forServer(UUID),
    snapshot: await store.snapshots.get(UUID),
    snapshots: await store.snapshots.all(),
    hosting: await store.hostingSnapshots.get(HOSTING, 'ssh'),
    hostingAll: await store.hostingSnapshots.all(),
    incident: await store.incidents.get(INCIDENT),
    // getMany and posts promise no order.
    incidents: (await store.incidents.getMany([INCIDENT, KEY_INCIDENT])).sort((a, b) =>
      a.id.localeCompare(b.id),
    ),
    latest: await store.incidents.latestFor('power', UUID),
    latestKey: await store.incidents.latestOfKind('key-auth'),
    openAlarms: ids(await store.incidents.openAlarms()),
    alarmsDuring: ids(await store.incidents.alarmsDuring(at(-1), at(60))),
    post: await store.incidents.post(INCIDENT, CHANNEL),
    posts: (await store.incidents.posts(CHANNEL, [INCIDENT, KEY_INCIDENT])).sort((a, b) =>
      a.incidentId.localeCompare(b.incidentId),
    ),
    postsOf: await store.incidents.postsOf([INCIDENT, KEY_INCIDENT]),
    postsOfMessage: await store.incidents.postsOfMessage(CHANNEL, '1700000000.000400'),
    mutes: await store.mutes.active(at(1)),
    mutesOfChannel: await store.mutes.active(at(1), CHANNEL),
    mutesOfServer: await store.mutes.activeFor(UUID, at(1)),
    parked: await store.channels.parked(),
    channel: await store.channels.get(CHANNEL),
    contracts: await store.contracts.all(),
    contractsOfServer: await store.contracts.byServer(UUID),
    undated: ids(await store.contracts.undatedOrders(at(600), 10, '2027-01-01')),
    audit: await store.audit.latest({ limit: 10 }),
    auditOfTarget: await store.audit.latest({ target: UUID, channelId: CHANNEL, limit: 10 }),
    auditDuring: await store.audit.during({ from: at(0), to: at(60), actions: ['server.stop'], limit: 10 }),
    requests: await store.dailyRequests.total(DAY),
    keyRequests: await store.keyRequests.between(at(0), at(60)),
    keyLog: await store.keyLog.get(),
  };
}
