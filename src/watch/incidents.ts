import type {
  IncidentChange,
  IncidentRow,
  Notice,
  OutboxInput,
  PowerNotice,
  SnapshotRow,
  Store,
} from '../store/index.ts';
import { isAlarm, powerAlarming } from './notices.ts';

/**
 * Power changes become incidents: the first change of a server opens one and
 * its message is posted at once; changes within the flap window of that first
 * one edit the message (a flap, a sequence); later ones reply in its thread
 * and edit its first line (recovered after 56 s). The incident settles when
 * the server is running again and a flap window has passed since its last
 * change; the next change opens a new incident and a new message. A power
 * incident whose state wakes on-call is an alarm (claimed, reminded of and
 * resolved like every alarm, see alarms.ts); its recovery resolves it.
 *
 * Everything here runs inside the watcher's transaction with the snapshot
 * upsert, and is keyed by the change's dedupe key: a restarted process or a
 * second replica that saw the same change writes nothing twice.
 */

export type IncidentTx = Pick<Store, 'incidents' | 'outbox' | 'mutes'>;

/** Where an incident is posted: a channel, and the thread its message goes into there (none: top level). */
export interface IncidentChannel {
  channelId: string;
  threadTs?: string | null | undefined;
}

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

/** The states an incident settles in: a server running, an alarm ended. */
const SETTLED = new Set(['running', 'ok']);

/** Whether a change at `at` still belongs to `inc`: it has not settled, or not for a flap window yet. */
export function incidentOpenAt(
  inc: Pick<IncidentRow, 'state' | 'lastChangeAt'>,
  at: number,
  flapMs: number,
): boolean {
  return !SETTLED.has(inc.state) || at - inc.lastChangeAt.getTime() < flapMs;
}

/** One step of an incident, as its channels are notified of it. */
export interface IncidentStep {
  /** The step's dedupe key (without the channel). */
  key: string;
  payload: Notice;
  /** It came after the flap window: said in the thread, and the first line rewritten. */
  later: boolean;
  /** It wakes on-call: said in the thread even within the window, since an edit notifies nobody. */
  wakes: boolean;
  /** The incident's version the message must show. */
  version: number;
}

/**
 * Queues what each channel must be notified of for one step of an incident: the
 * message itself where it has none yet (posted at once), otherwise an edit and,
 * for a later step or one that wakes on-call, a reply in its thread. A channel
 * that muted the subject gets the step held for its summary (its message is
 * still edited). Returns the new outbox rows.
 */
export async function tellChannels(
  tx: IncidentTx,
  incident: IncidentRow,
  step: IncidentStep,
  channels: readonly IncidentChannel[],
  now: Date,
): Promise<number> {
  const mutes = channels.length > 0 ? await tx.mutes.activeFor(incident.subject, now) : [];
  let enqueued = 0;
  const put = async (row: OutboxInput) => {
    if ((await tx.outbox.enqueue(row)).created) enqueued += 1;
  };
  const { key, version } = step;
  for (const { channelId, threadTs } of channels) {
    const base = { channelId, payload: step.payload, subject: incident.subject, incidentId: incident.id };
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
          nextAttemptAt: now,
        });
      }
      continue;
    }
    if (!post) {
      // The incident's first word in this channel: posted at once, showing everything so far.
      await tx.incidents.addPost(incident.id, channelId, threadTs ?? null);
      await put({
        ...base,
        dedupeKey: `${key}@${channelId}`,
        kind: 'open',
        incidentVersion: version,
        nextAttemptAt: now,
      });
      continue;
    }
    // Later steps go in the thread; so is an alarm within the window, since an edit
    // that brings in the on-call mention notifies nobody.
    const reply = step.later || step.wakes;
    if (reply) await put({ ...base, dedupeKey: `${key}@${channelId}`, kind: 'reply', nextAttemptAt: now });
    await put({
      ...base,
      dedupeKey: reply ? `${key}@${channelId}#top` : `${key}@${channelId}`,
      kind: 'update',
      incidentVersion: version,
      nextAttemptAt: now,
    });
  }
  return enqueued;
}

/** A power incident's alarm times after a change at `at`: opened, true since when, resolved. */
function powerAlarm(
  inc: IncidentRow,
  at: number,
): Pick<IncidentRow, 'raisedAt' | 'alarmSince' | 'resolvedAt'> {
  const alarming = powerAlarming(inc);
  const raisedAt = inc.raisedAt ?? (alarming ? new Date(at) : null);
  return {
    raisedAt,
    alarmSince: alarming ? (inc.alarmSince ?? new Date(at)) : null,
    // An alarm's power incident is resolved once the server runs again.
    resolvedAt: raisedAt && inc.state === 'running' ? (inc.resolvedAt ?? new Date(at)) : null,
  };
}

/** Records a power change in its incident and queues each subscribed channel's notices; returns new outbox rows. */
export async function recordPowerChange(
  tx: IncidentTx,
  change: PowerChange,
  ctx: IncidentContext,
): Promise<{ incident: IncidentRow; enqueued: number }> {
  const { notice, key, prev } = change;
  const at = notice.at;
  const latest = await tx.incidents.latestFor('power', notice.uuid);
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
      const next: IncidentRow = {
        ...latest,
        name: notice.name,
        ipAddress: change.ipAddress ?? latest.ipAddress,
        plan: change.plan ?? latest.plan,
        state: notice.to,
        changes: [...latest.changes, entry],
        lastChangeAt: new Date(at),
      };
      incident = await tx.incidents.save({ ...next, ...powerAlarm(next, at) });
    }
  } else {
    const known = prev.powerChangedAt !== null;
    const first = {
      id: key,
      kind: 'power',
      subject: notice.uuid,
      name: notice.name,
      ipAddress: change.ipAddress,
      plan: change.plan,
      baseline: notice.from,
      baselineSince: prev.powerChangedAt ?? prev.changedAt,
      baselineSinceKnown: known,
      state: notice.to,
      changes: [{ key, from: notice.from, to: notice.to, at, later: false }],
    };
    const alarm = isAlarm(notice) ? new Date(at) : null;
    const { row } = await tx.incidents.create({ ...first, raisedAt: alarm, alarmSince: alarm });
    incident = row;
  }
  const channels = ctx.channelsFor(notice.uuid).map((channelId) => ({ channelId }));
  const enqueued = await tellChannels(
    tx,
    incident,
    { key, payload: notice, later, wakes: isAlarm(notice), version: incident.version },
    channels,
    ctx.now,
  );
  return { incident, enqueued };
}
