import {
  isPowerStatus,
  type PowerStatus,
  type ContractStatus as ProviderContractStatus,
  type VpsDetail,
  type VpsSummary,
} from '../provider/index.ts';
import type { SnapshotRow, Store } from '../store/index.ts';
import { resolveAlarm } from './alarms.ts';
import { recordContractAlarm } from './contract-alarm.ts';
import { recordPowerChange } from './incidents.ts';
import { isAlarm, type Notice, type PowerNotice } from './notices.ts';

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
  now: Date;
  /** Channels subscribed to a server (its watches, the `all` watches, NOTIFY_CHANNEL). */
  channelsFor(uuid: string): readonly string[];
  /** Changes within this long of an incident's first one edit its message (the flap window). */
  flapMs: number;
}

export interface PowerTransition {
  uuid: string;
  name: string;
  from: PowerStatus;
  to: PowerStatus;
  /** Epoch ms. */
  at: number;
  alarm: boolean;
  enqueued: number;
}

/** `gone` is the watcher's own mark for a server that left the list. */
type WatchedContract = ProviderContractStatus | 'gone';

type Tx = Pick<Store, 'snapshots' | 'outbox' | 'mutes'>;

/** The stored power state; null until the first detail call has read it. */
export function powerOf(s: SnapshotRow): PowerStatus | null {
  return isPowerStatus(s.powerStatus) ? s.powerStatus : null;
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

/** One row per subscribed channel; a channel that muted the server gets it held until its mute ends. */
async function enqueueAll(
  tx: Tx,
  key: string,
  notice: Notice & { uuid: string },
  channels: readonly string[],
  now: Date,
): Promise<number> {
  let fresh = 0;
  const mutes = channels.length > 0 ? await tx.mutes.activeFor(notice.uuid, now) : [];
  for (const channelId of channels) {
    const muted = mutes.filter((m) => m.channelId === channelId);
    const until = muted.length > 0 ? Math.max(...muted.map((m) => m.until.getTime())) : undefined;
    const { created } = await tx.outbox.enqueue({
      dedupeKey: `${key}@${channelId}`,
      channelId,
      threadTs: null,
      payload: notice,
      subject: notice.uuid,
      kind: until === undefined ? 'notice' : 'held',
      nextAttemptAt: until === undefined ? now : new Date(until),
    });
    if (created) fresh += 1;
  }
  return fresh;
}

/** Applies one detail answer: the stored snapshot, and the transition when the power state changed. */
export async function recordDetail(
  store: Pick<Store, 'transaction'>,
  detail: Pick<VpsDetail, 'uuid' | 'name' | 'status' | 'power'> &
    Partial<Pick<VpsDetail, 'ip_address' | 'plan'>>,
  ctx: ChangeContext,
): Promise<{ snapshot: SnapshotRow; transition: PowerTransition | undefined }> {
  const to = isPowerStatus(detail.power.status) ? detail.power.status : undefined;
  const at = ctx.now.getTime();
  return store.transaction(async (tx) => {
    const prev = await tx.snapshots.get(detail.uuid);
    const prevPower = prev ? powerOf(prev) : null;
    const name = detail.name || (prev ? nameOf(prev) : '') || detail.uuid;
    const contractStatus = asContract(detail.status);
    const base = { serverUuid: detail.uuid, name, contractStatus, observedAt: ctx.now };
    if (!to || !prev || prevPower === null || prevPower === to) {
      // No change: the first read (a baseline), the same state, or an unknown power
      // value (not a change we can describe: the last known one stays).
      const { row: snapshot } = await tx.snapshots.upsert({
        ...base,
        powerStatus: to ?? prevPower,
        changedAt: prev && (!to || prevPower === to) ? prev.changedAt : ctx.now,
      });
      return { snapshot, transition: undefined };
    }
    const from = prevPower;
    const notice: PowerNotice = { kind: 'power', uuid: detail.uuid, name, from, to, at };
    const key = `power:${detail.uuid}:${prev.changedAt.getTime()}:${from}>${to}`;
    const { row: snapshot } = await tx.snapshots.upsert({
      ...base,
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
  store: Pick<Store, 'transaction'>,
  servers: readonly Pick<VpsSummary, 'uuid' | 'name' | 'status'>[],
  known: readonly SnapshotRow[],
  ctx: ChangeContext,
): Promise<ListOutcome> {
  const out: ListOutcome = { added: [], removed: [], contractChanged: [], renamed: [] };
  const at = ctx.now.getTime();
  const byUuid = new Map(known.map((s) => [s.serverUuid, s]));
  const baseline = known.length === 0;
  const seen = new Set<string>();
  for (const s of servers) {
    seen.add(s.uuid);
    const prev = byUuid.get(s.uuid);
    const contract = asContract(s.status);
    if (prev && nameOf(prev) === s.name && contractOf(prev) === contract) continue;
    await store.transaction(async (tx) => {
      const cur = await tx.snapshots.get(s.uuid);
      const next: SnapshotRow = cur
        ? { ...cur, name: s.name || nameOf(cur), contractStatus: contract }
        : {
            serverUuid: s.uuid,
            name: s.name || s.uuid,
            powerStatus: null,
            contractStatus: contract,
            // Never read: due for a detail call at once.
            observedAt: new Date(0),
            changedAt: ctx.now,
            powerChangedAt: null,
          };
      await tx.snapshots.upsert(next);
      const name = nameOf(next);
      if (!cur || contractOf(cur) === 'gone') {
        if (!cur) out.added.push(s.uuid);
        if (!baseline || cur) {
          const notice: Notice = { kind: 'server-added', uuid: s.uuid, name, at };
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
      if (nameOf(cur) !== name) out.renamed.push(s.uuid);
      const was = contractOf(cur);
      if (was !== contract) {
        out.contractChanged.push(s.uuid);
        const notice: Notice = {
          kind: 'contract',
          uuid: s.uuid,
          name,
          from: was,
          to: contract,
          at,
        };
        // changedAt is the epoch of the snapshot's last change of any kind; keys build on it.
        await tx.snapshots.upsert({ ...next, changedAt: ctx.now });
        const key = `contract:${s.uuid}:${cur.changedAt.getTime()}:${was}>${contract}`;
        // `suspended` is an alarm (and `active` again resolves it); anything else is a notice.
        const change = { uuid: s.uuid, name, from: was, to: contract, key, at };
        if (await recordContractAlarm(tx, change, ctx)) return;
        await enqueueAll(tx, key, notice, ctx.channelsFor(s.uuid), ctx.now);
      }
    });
  }
  for (const prev of known) {
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
