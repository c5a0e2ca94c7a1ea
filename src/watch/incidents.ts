import type { IncidentChange, IncidentRow, OutboxInput, SnapshotRow, Store } from '../store/index.ts';
import { isAlarm, type PowerNotice } from './notices.ts';

/**
 * Power changes become incidents: the first change of a server opens one and
 * its message is posted at once; changes within the flap window of that first
 * one edit the message (a flap, a sequence); later ones reply in its thread
 * and edit its first line (recovered after 56 s). The incident settles when
 * the server is running again and a flap window has passed since its last
 * change; the next change opens a new incident and a new message.
 *
 * Everything here runs inside the watcher's transaction with the snapshot
 * upsert, and is keyed by the change's dedupe key: a restarted process or a
 * second replica that saw the same change writes nothing twice.
 */

type Tx = Pick<Store, 'incidents' | 'outbox' | 'mutes'>;

export interface PowerChange {
  /** `power:<uuid>:<changedAt of the old state>:<old>><new>` */
  key: string;
  notice: PowerNotice;
  /** The snapshot before the change (the state being left, and since when). */
  prev: SnapshotRow;
  ipAddress: string | null;
  plan: string | null;
}

export interface IncidentContext {
  now: Date;
  channelsFor(uuid: string): readonly string[];
  flapMs: number;
}

/** Whether a change at `at` still belongs to `inc`: the server is not running again, or not for a flap window yet. */
export function incidentOpenAt(
  inc: Pick<IncidentRow, 'power' | 'lastChangeAt'>,
  at: number,
  flapMs: number,
): boolean {
  return inc.power !== 'running' || at - inc.lastChangeAt.getTime() < flapMs;
}

/** Records a power change in its incident and queues what each subscribed channel must be told; returns new outbox rows. */
export async function recordPowerChange(
  tx: Tx,
  change: PowerChange,
  ctx: IncidentContext,
): Promise<{ incident: IncidentRow; enqueued: number }> {
  const { notice, key, prev } = change;
  const at = notice.at;
  const latest = await tx.incidents.latestFor(notice.uuid);
  let incident: IncidentRow;
  let later = false;
  if (latest && (latest.changes.some((c) => c.key === key) || incidentOpenAt(latest, at, ctx.flapMs))) {
    incident = latest;
    const seen = latest.changes.find((c) => c.key === key);
    if (seen) {
      later = seen.later;
    } else {
      later = at - latest.startedAt.getTime() >= ctx.flapMs;
      const entry: IncidentChange = { key, from: notice.from, to: notice.to, at, later };
      incident = {
        ...latest,
        name: notice.name,
        ipAddress: change.ipAddress ?? latest.ipAddress,
        plan: change.plan ?? latest.plan,
        power: notice.to,
        changes: [...latest.changes, entry],
        lastChangeAt: new Date(at),
      };
      await tx.incidents.save(incident);
    }
  } else {
    const known = prev.powerChangedAt !== null;
    const { row } = await tx.incidents.create({
      id: key,
      serverUuid: notice.uuid,
      name: notice.name,
      ipAddress: change.ipAddress,
      plan: change.plan,
      baseline: notice.from,
      baselineSince: prev.powerChangedAt ?? prev.changedAt,
      baselineSinceKnown: known,
      power: notice.to,
      changes: [{ key, from: notice.from, to: notice.to, at, later: false }],
    });
    incident = row;
  }
  const version = incident.changes.findIndex((c) => c.key === key) + 1;
  const mutes = await tx.mutes.activeFor(notice.uuid, ctx.now);
  let enqueued = 0;
  const put = async (row: OutboxInput) => {
    if ((await tx.outbox.enqueue(row)).created) enqueued += 1;
  };
  for (const channelId of ctx.channelsFor(notice.uuid)) {
    const base = { channelId, payload: notice, subject: notice.uuid, incidentId: incident.id };
    const muted = mutes.filter((m) => m.channelId === channelId);
    const post = await tx.incidents.post(incident.id, channelId);
    if (muted.length > 0) {
      // Recorded, not announced: the channel gets one summary when its mute ends. An alert
      // posted before the mute is still edited (an edit wakes nobody), so it never shows a
      // state that is over.
      const until = Math.max(...muted.map((m) => m.until.getTime()));
      await put({ ...base, dedupeKey: `${key}@${channelId}`, kind: 'held', nextAttemptAt: new Date(until) });
      if (post) {
        await put({
          ...base,
          dedupeKey: `${key}@${channelId}#top`,
          kind: 'update',
          incidentVersion: version,
          nextAttemptAt: ctx.now,
        });
      }
      continue;
    }
    if (!post) {
      // The incident's first word in this channel: posted at once, showing everything so far.
      await tx.incidents.addPost(incident.id, channelId);
      await put({
        ...base,
        dedupeKey: `${key}@${channelId}`,
        kind: 'open',
        incidentVersion: version,
        nextAttemptAt: ctx.now,
      });
      continue;
    }
    // Later changes are told in the thread; so is an alarm within the window, since an edit
    // that brings in the on-call mention notifies nobody.
    if (later || isAlarm(notice)) {
      await put({ ...base, dedupeKey: `${key}@${channelId}`, kind: 'reply', nextAttemptAt: ctx.now });
    }
    await put({
      ...base,
      dedupeKey: later || isAlarm(notice) ? `${key}@${channelId}#top` : `${key}@${channelId}`,
      kind: 'update',
      incidentVersion: version,
      nextAttemptAt: ctx.now,
    });
  }
  return { incident, enqueued };
}
