import { isPowerStatus } from '../provider/index.ts';
import { isAlarm, type Notice } from './notices.ts';
import type {
  ContractStatus,
  PowerStatus,
  ServerDetail,
  ServerSummary,
  Snapshot,
  WatchStore,
  WatchTx,
} from './ports.ts';

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

export interface ChangeContext {
  now: number;
  /** Channels subscribed to a server (its watches, the `all` watches, NOTIFY_CHANNEL). */
  channelsFor(uuid: string): readonly string[];
  /** How long a power change waits in the outbox for a flip back (the flap window). */
  holdMs: number;
}

export interface PowerTransition {
  uuid: string;
  name: string;
  from: PowerStatus;
  to: PowerStatus;
  at: number;
  alarm: boolean;
  enqueued: number;
}

export function asPowerStatus(s: string): PowerStatus | undefined {
  return isPowerStatus(s) ? s : undefined;
}

function asContract(s: string): ContractStatus {
  return s === 'suspended' ? 'suspended' : 'active';
}

async function enqueueAll(
  tx: WatchTx,
  key: string,
  notice: Notice,
  channels: readonly string[],
  nextAttemptAt: number,
): Promise<number> {
  let fresh = 0;
  for (const channelId of channels) {
    const isNew = await tx.outbox.enqueue({
      dedupeKey: `${key}@${channelId}`,
      channelId,
      threadTs: null,
      payload: notice,
      nextAttemptAt,
    });
    if (isNew) fresh += 1;
  }
  return fresh;
}

/** Applies one detail answer: the stored snapshot, and the transition when the power state changed. */
export async function recordDetail(
  store: WatchStore,
  detail: ServerDetail,
  ctx: ChangeContext,
): Promise<{ snapshot: Snapshot; transition: PowerTransition | undefined }> {
  const to = asPowerStatus(detail.power.status);
  return store.transaction(async (tx) => {
    const prev = await tx.snapshots.get(detail.uuid);
    const name = detail.name || prev?.name || detail.uuid;
    const contractStatus = asContract(detail.status);
    const base = { uuid: detail.uuid, name, contractStatus, observedAt: ctx.now };
    if (!to || !prev || prev.powerStatus === null || prev.powerStatus === to) {
      // No change: the first read (a baseline), the same state, or an unknown power
      // value (not a change we can describe: the last known one stays).
      const snapshot: Snapshot = {
        ...base,
        powerStatus: to ?? prev?.powerStatus ?? null,
        changedAt: prev && (!to || prev.powerStatus === to) ? prev.changedAt : ctx.now,
      };
      await tx.snapshots.upsert(snapshot);
      return { snapshot, transition: undefined };
    }
    const from = prev.powerStatus;
    const notice: Notice = { kind: 'power', uuid: detail.uuid, name, from, to, at: ctx.now };
    const key = `power:${detail.uuid}:${prev.changedAt}:${from}>${to}`;
    const snapshot: Snapshot = { ...base, powerStatus: to, changedAt: ctx.now };
    await tx.snapshots.upsert(snapshot);
    const enqueued = await enqueueAll(tx, key, notice, ctx.channelsFor(detail.uuid), ctx.now + ctx.holdMs);
    return {
      snapshot,
      transition: { uuid: detail.uuid, name, from, to, at: ctx.now, alarm: isAlarm({ from, to }), enqueued },
    };
  });
}

export interface ListOutcome {
  added: string[];
  removed: string[];
  contractChanged: string[];
  renamed: string[];
}

/**
 * Applies one list answer: new servers, servers gone from the list, contract
 * `active` <-> `suspended`, renames. Announces additions only when the store
 * already knew servers (the first list after installation is a baseline, not
 * news). A rename updates the name silently: later messages use it.
 */
export async function recordList(
  store: WatchStore,
  servers: readonly ServerSummary[],
  known: readonly Snapshot[],
  ctx: ChangeContext,
): Promise<ListOutcome> {
  const out: ListOutcome = { added: [], removed: [], contractChanged: [], renamed: [] };
  const byUuid = new Map(known.map((s) => [s.uuid, s]));
  const baseline = known.length === 0;
  const seen = new Set<string>();
  for (const s of servers) {
    seen.add(s.uuid);
    const prev = byUuid.get(s.uuid);
    const contract = asContract(s.status);
    if (prev && prev.name === s.name && prev.contractStatus === contract) continue;
    await store.transaction(async (tx) => {
      const cur = await tx.snapshots.get(s.uuid);
      const next: Snapshot = cur
        ? { ...cur, name: s.name || cur.name, contractStatus: contract }
        : {
            uuid: s.uuid,
            name: s.name || s.uuid,
            powerStatus: null,
            contractStatus: contract,
            observedAt: 0,
            changedAt: ctx.now,
          };
      await tx.snapshots.upsert(next);
      if (!cur || cur.contractStatus === 'gone') {
        if (!cur) out.added.push(s.uuid);
        if (!baseline || cur) {
          const notice: Notice = { kind: 'server-added', uuid: s.uuid, name: next.name, at: ctx.now };
          await enqueueAll(
            tx,
            `added:${s.uuid}:${cur?.changedAt ?? 0}`,
            notice,
            ctx.channelsFor(s.uuid),
            ctx.now,
          );
        }
        return;
      }
      if (cur.name !== next.name) out.renamed.push(s.uuid);
      if (cur.contractStatus !== contract) {
        out.contractChanged.push(s.uuid);
        const notice: Notice = {
          kind: 'contract',
          uuid: s.uuid,
          name: next.name,
          from: cur.contractStatus,
          to: contract,
          at: ctx.now,
        };
        // changedAt is the epoch of the snapshot's last change of any kind; keys build on it.
        await tx.snapshots.upsert({ ...next, changedAt: ctx.now });
        await enqueueAll(
          tx,
          `contract:${s.uuid}:${cur.changedAt}:${cur.contractStatus}>${contract}`,
          notice,
          ctx.channelsFor(s.uuid),
          ctx.now,
        );
      }
    });
  }
  for (const prev of known) {
    if (seen.has(prev.uuid) || prev.contractStatus === 'gone') continue;
    await store.transaction(async (tx) => {
      const cur = await tx.snapshots.get(prev.uuid);
      if (!cur || cur.contractStatus === 'gone') return;
      await tx.snapshots.upsert({ ...cur, contractStatus: 'gone', changedAt: ctx.now });
      out.removed.push(prev.uuid);
      const notice: Notice = { kind: 'server-removed', uuid: cur.uuid, name: cur.name, at: ctx.now };
      await enqueueAll(
        tx,
        `removed:${cur.uuid}:${cur.changedAt}`,
        notice,
        ctx.channelsFor(cur.uuid),
        ctx.now,
      );
    });
  }
  return out;
}
