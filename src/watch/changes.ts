import type {
  MalformedServer,
  ContractStatus as ProviderContractStatus,
  VpsDetailRead,
  VpsSummary,
} from '../provider/index.ts';
import type { Notice, PowerNotice, SnapshotRow, Store } from '../store/index.ts';
import { resolveAlarm } from './alarms.ts';
import { recordContractAlarm } from './contract-alarm.ts';
import { recordPowerChange } from './incidents.ts';
import { enqueueNotice } from './notice-rows.ts';
import { isAlarm } from './notices.ts';
import type { Waiting } from './outside-or-own.ts';
import type { NewServer, OwnOrders } from './own-orders.ts';
import { type FactsContext, factsDiffer, recordFacts } from './server-changes.ts';
import { type SeenServer, seenInDetail, seenInList, storedFacts } from './server-facts.ts';

/**
 * Turning what the provider said into snapshot updates and outbox rows, each
 * pair in one transaction so that a crash leaves either both or neither.
 *
 * Dedupe keys name the state being left, not the moment of observation:
 * `power:<uuid>:<changedAt of the old state>:<old>><new>`. Two observers (a
 * restarted process, a second replica that took the lease while the first
 * was still finishing a request) that read the same old snapshot and see the
 * same new state produce the same key, and the outbox's UNIQUE key keeps one.
 * The channel is appended because each subscribed channel gets its own row.
 */

export interface ChangeContext extends FactsContext {
  now: Date;
  /** Whether a server new in the list is one the bot ordered (own-orders.ts); all are news without it. */
  orders?: OwnOrders;
  /** Channels subscribed to a server (its watches, the `all` watches, NOTIFY_CHANNEL). */
  channelsFor(uuid: string): readonly string[];
  /** Changes within this long of an incident's first one edit its message (the flap window). */
  flapMs: number;
}

export interface PowerTransition {
  uuid: string;
  name: string;
  /** As the provider said it: one of the spec's states, or one it does not list (a notice, never an alarm). */
  from: string;
  to: string;
  /** Epoch ms. */
  at: number;
  alarm: boolean;
  enqueued: number;
}

/** `gone`: the watcher's own status for a server that left the list. */
type WatchedContract = ProviderContractStatus | 'gone';

type Tx = Pick<Store, 'snapshots' | 'outbox' | 'mutes' | 'audit'>;

/**
 * The stored power state, as the provider said it (a state the spec does not
 * list included); null until the first detail call has read one.
 */
export function powerOf(s: SnapshotRow): string | null {
  return s.powerStatus || null;
}

function contractOf(s: SnapshotRow): WatchedContract {
  return s.contractStatus === 'suspended' || s.contractStatus === 'gone' ? s.contractStatus : 'active';
}

function nameOf(s: SnapshotRow): string {
  return s.name ?? s.serverUuid;
}

function asContract(s: string): ProviderContractStatus {
  return s === 'suspended' ? 'suspended' : 'active';
}

/** The contract as last known, for an answer that could not say: a server gone from the list is back. */
function knownContract(s: SnapshotRow): ProviderContractStatus {
  const c = contractOf(s);
  return c === 'gone' ? 'active' : c;
}

/** One row per subscribed channel; a channel that muted the server gets it held until its mute ends. */
function enqueueAll(
  tx: Tx,
  key: string,
  notice: Notice & { uuid: string },
  channels: readonly string[],
  now: Date,
): Promise<number> {
  return enqueueNotice(tx, key, notice, notice.uuid, channels, now);
}

/**
 * Applies one detail answer: the stored snapshot, and the transition when the
 * power state changed. A state the spec does not list is a state like any
 * other here: stored as said, with the time it was read, and a change to it
 * is a notice, never an alarm (isAlarm). A detail whose power
 * state could not be read at all says nothing about power: the last reading
 * stays, with its own time. The server's name, memo, reverse hostname, IP
 * address and plan are recorded as server-changes.ts says (a change made
 * outside the bot gets a notice).
 */
export async function recordDetail(
  store: Pick<Store, 'transaction'>,
  detail: Pick<VpsDetailRead, 'uuid' | 'name' | 'status' | 'power'> &
    Partial<Pick<VpsDetailRead, 'ip_address' | 'plan' | 'memo' | 'reverse_hostname'>>,
  ctx: ChangeContext,
): Promise<{ snapshot: SnapshotRow; transition: PowerTransition | undefined; enqueued: number }> {
  const to = detail.power.status;
  const at = ctx.now.getTime();
  const seen = seenInDetail(detail);
  let waiting = new Map<string, Waiting>();
  const out = await store.transaction(async (tx) => {
    const prev = await tx.snapshots.get(detail.uuid);
    const prevPower = prev ? powerOf(prev) : null;
    const facts = prev ? await recordFacts(tx, prev, seen, ctx) : undefined;
    waiting = facts?.waiting ?? waiting;
    const name = facts?.name ?? seen.name ?? detail.uuid;
    // A contract change is the list's to report (recordList opens or resolves its alarm):
    // a detail read that stored it first would leave the list nothing to see.
    const contractStatus = prev
      ? (prev.contractStatus ?? 'active')
      : detail.status !== undefined
        ? asContract(detail.status)
        : 'active';
    const base = { serverUuid: detail.uuid, name, contractStatus, facts: facts?.facts ?? seen.facts };
    const factsEnqueued = facts?.enqueued ?? 0;
    // The epoch of the snapshot's last change of any kind (keys build on it): a fact taken moves it.
    const epoch = facts?.changedAt ?? ctx.now;
    if (to === undefined) {
      // No power reading: the name and contract as read, the power as last seen, and when.
      const { row: snapshot } = await tx.snapshots.upsert({
        ...base,
        powerStatus: prevPower,
        observedAt: prev?.observedAt ?? new Date(0),
        changedAt: epoch,
      });
      return { snapshot, transition: undefined, enqueued: factsEnqueued };
    }
    if (!prev || prevPower === null || prevPower === to) {
      // No change: the first read (a baseline), or the same state.
      const { row: snapshot } = await tx.snapshots.upsert({
        ...base,
        observedAt: ctx.now,
        powerStatus: to,
        changedAt: prev && prevPower === to ? epoch : ctx.now,
      });
      return { snapshot, transition: undefined, enqueued: factsEnqueued };
    }
    const from = prevPower;
    const notice: PowerNotice = { kind: 'power', uuid: detail.uuid, name, from, to, at };
    const key = `power:${detail.uuid}:${prev.changedAt.getTime()}:${from}>${to}`;
    const { row: snapshot } = await tx.snapshots.upsert({
      ...base,
      observedAt: ctx.now,
      powerStatus: to,
      changedAt: ctx.now,
      powerChangedAt: ctx.now,
    });
    const { enqueued } = await recordPowerChange(
      tx,
      {
        key,
        notice,
        prev,
        ipAddress: detail.ip_address ?? null,
        plan: detail.plan?.name ?? null,
      },
      ctx,
    );
    return {
      snapshot,
      transition: { uuid: detail.uuid, name, from, to, at, alarm: isAlarm({ from, to }), enqueued },
      enqueued: enqueued + factsEnqueued,
    };
  });
  ctx.own.settle(detail.uuid, waiting);
  return out;
}

export interface ListOutcome {
  added: string[];
  removed: string[];
  contractChanged: string[];
  /**
   * Servers whose name, memo or IP address differ from what is stored: their
   * detail (which sees every field) is due at the re-read cadence, and reports it.
   */
  differ: string[];
  /**
   * Entries whose uuid could not be read: while there are any, no server is
   * taken for gone (the unreadable one may be it).
   */
  unaddressable: number;
}

/** Whether a list answer queued anything (a server added, removed, its contract). */
export function listNews(o: ListOutcome): boolean {
  return [o.added, o.removed, o.contractChanged].some((l) => l.length > 0);
}

/** What one entry of the list says: a field it could not read keeps what was known. */
interface ListedEntry {
  uuid: string;
  status?: string | undefined;
  seen: SeenServer;
}

/**
 * Applies one list answer: new servers, servers gone from the list, contract
 * `active` <-> `suspended`. Announces additions only when the store already
 * knew servers (the first list after installation is a baseline, not news).
 * A server whose name, memo or IP address differ from what is stored is due
 * for its detail at the re-read cadence: that read sees every field at once
 * and reports what changed (recordDetail), one notice for all of it.
 */
export async function recordList(
  store: Pick<Store, 'signups' | 'transaction'>,
  listing: {
    servers: readonly Pick<VpsSummary, 'uuid' | 'name' | 'status' | 'memo' | 'ip_address'>[];
    malformed: readonly Pick<MalformedServer, 'uuid' | 'name' | 'status' | 'memo' | 'ip_address'>[];
  },
  known: readonly SnapshotRow[],
  ctx: ChangeContext,
): Promise<ListOutcome> {
  const unaddressable = listing.malformed.filter((m) => m.uuid === null).length;
  const out: ListOutcome = {
    added: [],
    removed: [],
    contractChanged: [],
    differ: [],
    unaddressable,
  };
  const at = ctx.now.getTime();
  const byUuid = new Map(known.map((s) => [s.serverUuid, s]));
  const baseline = known.length === 0;
  const listed = [...listing.servers, ...listing.malformed];
  const fresh = (await ctx.orders?.sort(store, listed, known, at)) ?? new Map<string, NewServer>();
  const seen = new Set<string>();
  const entries: ListedEntry[] = [
    ...listing.servers.map((s) => ({ uuid: s.uuid, status: s.status, seen: seenInList(s) })),
    ...listing.malformed.flatMap((m) =>
      m.uuid === null ? [] : [{ uuid: m.uuid, status: m.status, seen: seenInList(m) }],
    ),
  ];
  for (const s of entries) {
    seen.add(s.uuid);
    const prev = byUuid.get(s.uuid);
    const contract = s.status !== undefined ? asContract(s.status) : prev ? knownContract(prev) : 'active';
    if (prev && contractOf(prev) !== 'gone' && factsDiffer(prev, s.seen)) {
      // Told by the server's next read, due soon: its detail sees every field at once.
      out.differ.push(s.uuid);
      ctx.own.lookSoon(s.uuid);
    }
    if (prev && contractOf(prev) === contract) continue;
    // A server an order of the bot's may still turn out to be: not recorded, looked at by the next list.
    if (!prev && fresh.get(s.uuid) === 'wait') continue;
    await store.transaction(async (tx) => {
      const cur = await tx.snapshots.get(s.uuid);
      if (!cur || contractOf(cur) === 'gone') {
        const next: SnapshotRow = cur
          ? {
              ...cur,
              name: s.seen.name ?? nameOf(cur),
              contractStatus: contract,
              // Back in the list: what it says now is the baseline.
              facts: { ...storedFacts(cur.facts), ...s.seen.facts },
            }
          : {
              serverUuid: s.uuid,
              name: s.seen.name ?? s.uuid,
              powerStatus: null,
              contractStatus: contract,
              // Never read: due for a detail call at once.
              observedAt: new Date(0),
              changedAt: ctx.now,
              powerChangedAt: null,
              facts: s.seen.facts,
            };
        await tx.snapshots.upsert(next);
        if (!cur) out.added.push(s.uuid);
        // The bot's own order is announced in its thread (signups.ts), not as news of the list.
        if ((!baseline || cur) && (cur || fresh.get(s.uuid) !== 'own')) {
          const notice: Notice = { kind: 'server-added', uuid: s.uuid, name: nameOf(next), at };
          await enqueueAll(
            tx,
            `added:${s.uuid}:${cur?.changedAt.getTime() ?? 0}`,
            notice,
            ctx.channelsFor(s.uuid),
            ctx.now,
          );
        }
        return;
      }
      const name = nameOf(cur);
      const next: SnapshotRow = { ...cur, contractStatus: contract };
      const was = contractOf(cur);
      if (was === contract) return;
      out.contractChanged.push(s.uuid);
      const notice: Notice = { kind: 'contract', uuid: s.uuid, name, from: was, to: contract, at };
      // changedAt is the epoch of the snapshot's last change of any kind; keys build on it.
      await tx.snapshots.upsert({ ...next, changedAt: ctx.now });
      const key = `contract:${s.uuid}:${cur.changedAt.getTime()}:${was}>${contract}`;
      // `suspended` is an alarm (and `active` again resolves it); anything else is a notice.
      const change = { uuid: s.uuid, name, from: was, to: contract, key, at };
      if (await recordContractAlarm(tx, change, ctx)) return;
      await enqueueAll(tx, key, notice, ctx.channelsFor(s.uuid), ctx.now);
    });
  }
  for (const prev of known) {
    if (unaddressable > 0) break;
    if (seen.has(prev.serverUuid) || contractOf(prev) === 'gone') continue;
    await store.transaction(async (tx) => {
      const cur = await tx.snapshots.get(prev.serverUuid);
      if (!cur || contractOf(cur) === 'gone') return;
      await tx.snapshots.upsert({ ...cur, contractStatus: 'gone', changedAt: ctx.now });
      out.removed.push(prev.serverUuid);
      const notice: Notice = { kind: 'server-removed', uuid: cur.serverUuid, name: nameOf(cur), at };
      // A suspended contract that left the list is over.
      const resolved = { kind: 'contract' as const, subject: cur.serverUuid, at };
      await resolveAlarm(
        tx,
        { ...resolved, key: `removed:${cur.serverUuid}:${cur.changedAt.getTime()}` },
        ctx,
      );
      await enqueueAll(
        tx,
        `removed:${cur.serverUuid}:${cur.changedAt.getTime()}`,
        notice,
        ctx.channelsFor(cur.serverUuid),
        ctx.now,
      );
    });
  }
  return out;
}

/**
 * The snapshots as stored, with the look times held in memory where they are
 * fresher (a concurrent detail's commit may not have landed yet).
 */
export function withLookTimes(
  fresh: readonly SnapshotRow[],
  mine: ReadonlyMap<string, SnapshotRow>,
): Map<string, SnapshotRow> {
  const merged = new Map<string, SnapshotRow>();
  for (const s of fresh) {
    const m = mine.get(s.serverUuid);
    merged.set(
      s.serverUuid,
      m && m.observedAt.getTime() > s.observedAt.getTime() ? { ...s, observedAt: m.observedAt } : s,
    );
  }
  return merged;
}
