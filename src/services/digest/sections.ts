/**
 * The parts of a digest, each read from the store for one window: module
 * functions over the digest's deps (digest-service.ts puts them together).
 * Nothing here asks the provider.
 */
import { nextJapanMidnight } from '../../provider/index.ts';
import {
  type AuditRow,
  type IncidentRow,
  OUTSIDE_CHANGE_ACTION,
  SERVER_OUTSIDE_CHANGE_ACTION,
} from '../../store/index.ts';
import { type ChannelFilter, HOSTING_ACTION_SPECS, type HostingAction } from '../access/index.ts';
import { alarmShown } from '../watch/index.ts';
import type { DigestDeps } from './digest-deps.ts';
import {
  capped,
  DIGEST_LISTED,
  type DigestHostingChange,
  type DigestIncident,
  type DigestOrder,
  type DigestRefusal,
  type DigestReport,
} from './report.ts';

/** The alarms the provider key's use raises (another helper's kinds may land later: read by name). */
export const KEY_ALARM_KINDS: readonly string[] = ['key-use', 'key-auth'];

/** Every hosting action that changes something: made through the bot, they are in the audit trail. */
const HOSTING_WRITE_ACTIONS = (Object.keys(HOSTING_ACTION_SPECS) as HostingAction[]).filter(
  (a) => HOSTING_ACTION_SPECS[a].write,
);

/** Audit rows read for one list: enough to count the unknown orders among the failed ones. */
const AUDIT_READ = 1_000;

const DAY_MS = 86_400_000;

export interface Window {
  from: number;
  to: number;
  /** When the digest is built: what is open or stopped is as of then. */
  at: number;
}

const inWindow = (ms: number | null | undefined, w: Window) => ms != null && ms >= w.from && ms < w.to;

/** The items whose channel the digest's reader may read (`shown`), in their order. */
async function inShownChannels<T>(
  items: readonly T[],
  channelOf: (t: T) => string | null,
  shown: ChannelFilter,
) {
  const out: T[] = [];
  for (const t of items) if (await shown(channelOf(t))) out.push(t);
  return out;
}

function incidentOf(r: IncidentRow): DigestIncident {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    raisedAt: r.raisedAt!.getTime(),
    resolvedAt: r.resolvedAt?.getTime() ?? null,
    claimedBy: r.claimedBy,
  };
}

const lasted = (i: DigestIncident, at: number) => (i.resolvedAt ?? at) - i.raisedAt;

export async function incidentsPart(
  deps: DigestDeps,
  w: Window,
  shown: ChannelFilter,
): Promise<Pick<DigestReport, 'incidents' | 'keyAlarms'>> {
  const [during, open] = await Promise.all([
    deps.store.incidents.alarmsDuring(new Date(w.from), new Date(w.to)),
    deps.store.incidents.openAlarms(),
  ]);
  const byId = new Map<string, DigestIncident>();
  for (const r of [...during, ...open])
    if (r.raisedAt && (await alarmShown(r, deps.store.signups, shown))) byId.set(r.id, incidentOf(r));
  const all = [...byId.values()];
  // Open ones first (the longest open first), then those resolved, the longest first.
  const openNow = all.filter((i) => i.resolvedAt === null).sort((a, b) => a.raisedAt - b.raisedAt);
  const resolved = all
    .filter((i) => i.resolvedAt !== null)
    .sort((a, b) => lasted(b, w.at) - lasted(a, w.at) || a.raisedAt - b.raisedAt);
  const ordered = [...openNow, ...resolved];
  const longest = all.reduce<DigestIncident | null>(
    (best, i) => (best === null || lasted(i, w.at) > lasted(best, w.at) ? i : best),
    null,
  );
  return {
    incidents: {
      opened: all.filter((i) => inWindow(i.raisedAt, w)).length,
      resolved: all.filter((i) => inWindow(i.resolvedAt, w)).length,
      stillOpen: openNow.length,
      list: capped(ordered),
      longest,
    },
    keyAlarms: capped(ordered.filter((i) => KEY_ALARM_KINDS.includes(i.kind))),
  };
}

/** `error` first, then stopped, then any other state; by name within each. */
const POWER_ORDER = ['error', 'stopped'];
const powerRank = (p: string | null) => {
  const i = POWER_ORDER.indexOf(p ?? '');
  return i < 0 ? POWER_ORDER.length : i;
};

export async function notRunningPart(deps: DigestDeps): Promise<DigestReport['notRunning']> {
  const servers = (await deps.store.snapshots.all())
    .filter((s) => s.powerStatus !== null && s.powerStatus !== 'running')
    .map((s) => ({
      uuid: s.serverUuid,
      name: s.name ?? s.serverUuid,
      power: s.powerStatus,
      since: s.powerChangedAt?.getTime() ?? null,
    }))
    .sort((a, b) => powerRank(a.power) - powerRank(b.power) || a.name.localeCompare(b.name));
  return capped(servers);
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const yen = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export async function ordersPart(
  deps: DigestDeps,
  w: Window,
  shown: ChannelFilter,
): Promise<DigestReport['orders']> {
  const { rows } = await deps.store.audit.during({
    from: new Date(w.from),
    to: new Date(w.to),
    actions: ['signup.execute'],
    outcomes: ['ok', 'failed'],
    limit: AUDIT_READ,
  });
  // Placed, or sent with its outcome unknown (it may have reached the provider): both may cost money.
  // An order's row is written in the channel it was asked in (src/services/signup/signup-orders.ts), and is that channel's.
  const sent = await inShownChannels(
    rows.filter((r) => r.outcome === 'ok' || r.params.state === 'unknown'),
    (r) => r.channelId,
    shown,
  );
  const items: DigestOrder[] = [];
  let totalYen = 0;
  for (const r of sent) {
    const listed = items.length < DIGEST_LISTED;
    const signup = listed && r.target ? await deps.store.signups.get(r.target) : null;
    const price = yen(r.params.price) ?? signup?.quotedPrice ?? null;
    if (r.outcome === 'ok') totalYen += price ?? 0;
    if (!listed) continue;
    items.push({
      signupId: r.target ?? '',
      name: text(r.params.name) ?? signup?.serverName ?? null,
      planId: signup?.planId ?? null,
      planName: signup ? (deps.planNames?.().get(signup.planId) ?? null) : null,
      period: signup?.period ?? null,
      price,
      requesterId: signup?.requesterId ?? text(r.params.requester),
      approverId: r.actor,
      outcome: r.outcome === 'ok' ? 'placed' : 'unknown',
      at: r.at.getTime(),
    });
  }
  const placed = sent.filter((r) => r.outcome === 'ok').length;
  return { placed, unknown: sent.length - placed, totalYen, list: { total: sent.length, items } };
}

export async function refusalsPart(
  deps: DigestDeps,
  w: Window,
  shown: ChannelFilter,
): Promise<DigestReport['refusals']> {
  const changed = { from: new Date(w.from), to: new Date(w.to) };
  const [allSignups, allOperations] = await Promise.all([
    deps.store.signups.listByState(['rejected', 'expired'], { changed }),
    deps.store.operations.listByState(['rejected', 'expired'], { changed }),
  ]);
  const signups = await inShownChannels(allSignups, (s) => s.channelId, shown);
  const operations = await inShownChannels(allOperations, (o) => o.channelId, shown);
  const items: DigestRefusal[] = [
    ...signups.map(
      (s): DigestRefusal => ({
        what: 'signup',
        target: s.planId,
        planName: deps.planNames?.().get(s.planId) ?? null,
        name: s.serverName,
        price: s.quotedPrice,
        state: s.state === 'rejected' ? 'rejected' : 'expired',
        requesterId: s.requesterId,
        by: s.state === 'rejected' ? s.approverId : null,
        // An expiry counts at the quote's own end, not when the sweep recorded it.
        at: (s.state === 'rejected' ? s.updatedAt : s.expiresAt).getTime(),
      }),
    ),
    ...operations.map(
      (o): DigestRefusal => ({
        what: o.kind,
        target: o.target,
        name: null,
        price: null,
        state: o.state === 'rejected' ? 'rejected' : 'expired',
        requesterId: o.requesterId,
        by: o.state === 'rejected' ? o.approverId : null,
        at: (o.state === 'rejected' ? o.updatedAt : o.expiresAt).getTime(),
      }),
    ),
  ].sort((a, b) => a.at - b.at);
  return {
    rejected: items.filter((i) => i.state === 'rejected').length,
    expired: items.filter((i) => i.state === 'expired').length,
    list: capped(items),
  };
}

/** The domain, key, database … an audit row names, when it names one. */
const SUBJECT_PARAMS = ['domain', 'subdomain', 'url', 'label', 'name_suffix', 'db_user', 'item', 'id'];

function changeOf(r: AuditRow, outside: boolean): DigestHostingChange {
  const subject = SUBJECT_PARAMS.map((k) => r.params[k])
    .map((v) => (typeof v === 'number' ? String(v) : text(v)))
    .find((v) => v !== null);
  return {
    at: r.at.getTime(),
    server: r.target ?? '',
    action: outside ? (text(r.params.change) ?? r.action) : r.action,
    actor: outside ? null : r.actor,
    subject: subject ?? null,
  };
}

export async function hostingPart(
  deps: DigestDeps,
  w: Window,
  shown: ChannelFilter,
): Promise<DigestReport['hosting']> {
  const read = (actions: readonly string[], limit: number) =>
    deps.store.audit.during({
      from: new Date(w.from),
      to: new Date(w.to),
      actions,
      outcomes: ['ok'],
      limit,
    });
  const [bot, outside] = await Promise.all([
    read(HOSTING_WRITE_ACTIONS, AUDIT_READ),
    read([OUTSIDE_CHANGE_ACTION], DIGEST_LISTED),
  ]);
  // A change through the bot was announced in the channel it was made in; one outside it, nowhere in particular.
  const made = await inShownChannels(bot.rows, (r) => r.channelId, shown);
  return {
    bot: capped(made.map((r) => changeOf(r, false))),
    outside: capped(
      outside.rows.map((r) => changeOf(r, true)),
      outside.total,
    ),
  };
}

/** The servers whose name, memo, reverse hostname, IP address or plan changed outside the bot. */
export async function serversPart(deps: DigestDeps, w: Window): Promise<DigestReport['servers']> {
  const outside = await deps.store.audit.during({
    from: new Date(w.from),
    to: new Date(w.to),
    actions: [SERVER_OUTSIDE_CHANGE_ACTION],
    outcomes: ['ok'],
    limit: DIGEST_LISTED,
  });
  const fields = (v: unknown) =>
    Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string') : [];
  return {
    outside: capped(
      outside.rows.map((r) => ({
        at: r.at.getTime(),
        name: text(r.params.name) ?? r.target ?? '',
        fields: fields(r.params.fields),
      })),
      outside.total,
    ),
  };
}

/**
 * The provider budget: the requests of the Japan day before this one and of
 * this one so far, as every replica counted them in the store (this
 * process's count since its last write included), and the last rate-limit
 * window the client saw. Read from memory and the store: no request.
 */
export async function budgetPart(deps: DigestDeps, w: Window): Promise<DigestReport['budget']> {
  const todayEnds = nextJapanMidnight(w.at);
  const [previousDay, today] = await Promise.all([
    deps.store.dailyRequests.total(new Date(todayEnds - DAY_MS)),
    deps.store.dailyRequests.total(new Date(todayEnds)),
  ]);
  const daily = deps.provider.daily;
  const rate = deps.provider.rateLimit;
  return {
    limit: daily.limit,
    previousDay,
    today: Math.max(today, daily.used),
    level: daily.level,
    window: { limit: rate.limit, remaining: rate.remaining, seenAt: rate.seenAt },
  };
}

export async function renewalsPart(deps: DigestDeps): Promise<DigestReport['renewals']> {
  const entries = await deps.renewals.upcoming(deps.renewalWithinDays);
  return {
    withinDays: deps.renewalWithinDays,
    list: capped(
      entries.map((e) => ({
        name: e.name,
        date: e.date!,
        left: e.left!,
        source: e.source ?? 'provider',
        autoRenew: e.autoRenew,
      })),
    ),
  };
}
