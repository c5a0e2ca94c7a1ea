/**
 * The alarm API: everything that wakes on-call besides a server's power (a
 * contract suspended, a signup stuck in `setup_pending`, a hosting domain's
 * SSL, strangers using the key, …) is opened and resolved here, as an
 * incident posted like a power incident: one message per channel, posted at
 * once and edited in place, with a thread (incidents.ts). Each call writes the
 * incident and its outbox rows in the caller's transaction, keyed by the
 * caller's `key`: a restarted process or a second replica that opens or
 * resolves the same thing writes nothing twice. Claims (`announceClaim`) and
 * reminders (`remindAlarm`) are posted through here too. README.md in this
 * folder says how to use it.
 */
import {
  ALARM_OFF,
  ALARM_ON,
  type AlarmDetail,
  type AlarmEvent,
  type AlarmKind,
  type AlarmNotice,
  type IncidentPost,
  type IncidentRow,
} from '../store/index.ts';
import { type IncidentChannel, type IncidentTx, incidentOpenAt, tellChannels } from './incidents.ts';

export interface AlarmInput<K extends AlarmKind = AlarmKind> {
  kind: K;
  /** What it is about (see ALARM_KINDS): one open incident per kind and subject. */
  subject: string;
  /** How people call it: a server's name, a domain, "the API key". */
  name: string;
  /** The kind's facts (ALARM_DETAIL[kind]); the message is drawn from them. */
  detail: AlarmDetail<K>;
  /**
   * Names this observation, unique for it and the same for every observer of
   * it (e.g. `contract:<uuid>:<changedAt>:active>suspended`): the same key
   * twice fires once. A new key while the alarm is open updates it.
   */
  key: string;
  /** When it became true (epoch ms). */
  at: number;
  /**
   * Where to post it: each channel watching the subject (and NOTIFY_CHANNEL),
   * in its thread where there is one. Channels that already have the
   * incident's message are notified there whatever this says.
   */
  channels: readonly IncidentChannel[];
}

export interface AlarmResolution {
  kind: AlarmKind;
  subject: string;
  /** Names this resolution (e.g. `contract:<uuid>:<changedAt>:suspended>active`). */
  key: string;
  /** When the condition ended (epoch ms). */
  at: number;
}

export interface AlarmContext {
  now: Date;
  /** WATCH_FLAP_SECONDS: a relapse within it of the resolve reopens the same incident (and message). */
  flapMs: number;
}

/**
 * `opened`: a new incident and message; `reopened`: a relapse within the flap
 * window, posted in the same thread with the on-call mention; `updated`: fired
 * again while open, with new facts (edited; said in the thread after the flap
 * window, without a mention); `replayed`: this key was posted already.
 */
export type RaiseOutcome = 'opened' | 'reopened' | 'updated' | 'replayed';
export type ResolveOutcome = 'resolved' | 'replayed' | 'none';

function notice(
  inc: IncidentRow,
  event: AlarmEvent,
  at: number,
  extra: Partial<AlarmNotice> = {},
): AlarmNotice {
  return {
    kind: 'alarm',
    event,
    alarm: inc.kind,
    incidentId: inc.id,
    subject: inc.subject,
    name: inc.name,
    at,
    ...extra,
  };
}

/** The incident's channels (with their threads), and any new ones asked for. */
function channelsOf(
  posts: readonly IncidentPost[],
  more: readonly IncidentChannel[] = [],
): IncidentChannel[] {
  const out = new Map<string, IncidentChannel>();
  for (const p of posts) out.set(p.channelId, { channelId: p.channelId, threadTs: p.threadTs });
  for (const c of more) if (!out.has(c.channelId)) out.set(c.channelId, c);
  return [...out.values()];
}

/** Raises an alarm (or raises it again); see `RaiseOutcome`. Returns the incident and how many rows were queued. */
export async function raiseAlarm<K extends AlarmKind>(
  tx: IncidentTx,
  input: AlarmInput<K>,
  ctx: AlarmContext,
): Promise<{ incident: IncidentRow; outcome: RaiseOutcome; enqueued: number }> {
  const { key, at } = input;
  const latest = await tx.incidents.latestFor(input.kind, input.subject);
  if (latest?.changes.some((c) => c.key === key))
    return { incident: latest, outcome: 'replayed', enqueued: 0 };
  if (latest && incidentOpenAt(latest, at, ctx.flapMs)) {
    const wasOn = latest.state === ALARM_ON;
    const later = at - latest.startedAt.getTime() >= ctx.flapMs;
    const incident = await tx.incidents.save({
      ...latest,
      name: input.name,
      detail: input.detail,
      state: ALARM_ON,
      changes: [...latest.changes, { key, from: latest.state, to: ALARM_ON, at, later }],
      lastChangeAt: new Date(at),
      raisedAt: latest.raisedAt ?? new Date(at),
      alarmSince: wasOn ? (latest.alarmSince ?? new Date(at)) : new Date(at),
      resolvedAt: null,
    });
    const outcome = wasOn ? 'updated' : 'reopened';
    const posts = await tx.incidents.postsOf([incident.id]);
    const enqueued = await tellChannels(
      tx,
      incident,
      {
        key,
        payload: notice(incident, wasOn ? 'update' : 'reopen', at),
        later,
        wakes: !wasOn,
        version: incident.version,
      },
      channelsOf(posts, input.channels),
      ctx.now,
    );
    return { incident, outcome, enqueued };
  }
  const when = new Date(at);
  const { row: incident } = await tx.incidents.create({
    id: key,
    kind: input.kind,
    subject: input.subject,
    name: input.name,
    ipAddress: null,
    plan: null,
    baseline: ALARM_OFF,
    baselineSince: when,
    baselineSinceKnown: false,
    state: ALARM_ON,
    changes: [{ key, from: ALARM_OFF, to: ALARM_ON, at, later: false }],
    detail: input.detail,
    raisedAt: when,
    alarmSince: when,
  });
  const enqueued = await tellChannels(
    tx,
    incident,
    { key, payload: notice(incident, 'raise', at), later: false, wakes: true, version: incident.version },
    channelsOf([], input.channels),
    ctx.now,
  );
  return { incident, outcome: 'opened', enqueued };
}

/**
 * The alarm's condition ended: its message is edited to say so (how long it
 * lasted, who had it) in every channel that has it, and its thread says it. `none`: no alarm of this kind and
 * subject is open (nothing is written; the caller may say it otherwise).
 */
export async function resolveAlarm(
  tx: IncidentTx,
  r: AlarmResolution,
  ctx: AlarmContext,
): Promise<{ incident: IncidentRow | null; outcome: ResolveOutcome; enqueued: number }> {
  const latest = await tx.incidents.latestFor(r.kind, r.subject);
  if (!latest) return { incident: null, outcome: 'none', enqueued: 0 };
  if (latest.changes.some((c) => c.key === r.key))
    return { incident: latest, outcome: 'replayed', enqueued: 0 };
  if (latest.state !== ALARM_ON) return { incident: latest, outcome: 'none', enqueued: 0 };
  const later = r.at - latest.startedAt.getTime() >= ctx.flapMs;
  const incident = await tx.incidents.save({
    ...latest,
    state: ALARM_OFF,
    changes: [...latest.changes, { key: r.key, from: ALARM_ON, to: ALARM_OFF, at: r.at, later }],
    lastChangeAt: new Date(r.at),
    alarmSince: null,
    resolvedAt: new Date(r.at),
  });
  const posts = await tx.incidents.postsOf([incident.id]);
  const enqueued = await tellChannels(
    tx,
    incident,
    {
      key: r.key,
      payload: notice(incident, 'resolve', r.at),
      // Said in the thread however soon it ended: whoever took it or looked at it learns it there.
      later: true,
      wakes: false,
      version: incident.version,
    },
    channelsOf(posts),
    ctx.now,
  );
  return { incident, outcome: 'resolved', enqueued };
}

/**
 * Someone said "I'm on it" (`incident` as the claim left it, `previous` who
 * had it): every channel's message is edited to show them, and its thread
 * gets one line (a channel that muted the subject gets the edit only).
 * Called in the claim's own transaction; returns the rows queued.
 */
export async function announceClaim(
  tx: IncidentTx,
  incident: IncidentRow,
  previous: string | null,
  now: Date,
): Promise<number> {
  const at = incident.claimedAt?.getTime() ?? now.getTime();
  const by = incident.claimedBy ?? undefined;
  const key = `claim:${incident.id}:${incident.claims}`;
  const payload = notice(incident, 'claim', at, { ...(by ? { by } : {}), previous });
  return tellPosted(tx, incident, now, (post, muted) => [
    { dedupeKey: `${key}@${post.channelId}#top`, kind: 'update', incidentVersion: incident.version, payload },
    ...(muted ? [] : [{ dedupeKey: `${key}@${post.channelId}`, kind: 'reply' as const, payload }]),
  ]);
}

/**
 * A reminder (`round` of `of`) of an alarm nobody took: the thread mentions
 * on-call again and is sent to the channel too. Channels that muted the
 * subject are skipped. Call it in the transaction that counted the reminder
 * (`incidents.remind`); returns the rows queued.
 */
export async function remindAlarm(
  tx: IncidentTx,
  incident: IncidentRow,
  reminder: { round: number; of: number },
  now: Date,
): Promise<number> {
  const since = incident.alarmSince?.getTime() ?? 0;
  const key = `renotify:${incident.id}:${since}:${reminder.round}`;
  const payload = notice(incident, 'renotify', now.getTime(), reminder);
  return tellPosted(tx, incident, now, (post, muted) =>
    muted ? [] : [{ dedupeKey: `${key}@${post.channelId}`, kind: 'reply', payload }],
  );
}

/** The channels an alarm's reminder would reach now: those with its message, not muted. */
export async function reminderChannels(tx: IncidentTx, incident: IncidentRow, now: Date): Promise<string[]> {
  const posts = await tx.incidents.postsOf([incident.id]);
  const mutes = await tx.mutes.activeFor(incident.subject, now);
  const muted = new Set(mutes.map((m) => m.channelId));
  return posts.filter((p) => !muted.has(p.channelId)).map((p) => p.channelId);
}

type PostRow = {
  dedupeKey: string;
  kind: 'update' | 'reply';
  incidentVersion?: number;
  payload: AlarmNotice;
};

/** Queues rows for each channel that has the incident's message. */
async function tellPosted(
  tx: IncidentTx,
  incident: IncidentRow,
  now: Date,
  rowsFor: (post: IncidentPost, muted: boolean) => PostRow[],
): Promise<number> {
  const posts = await tx.incidents.postsOf([incident.id]);
  const mutes = await tx.mutes.activeFor(incident.subject, now);
  const muted = new Set(mutes.map((m) => m.channelId));
  let enqueued = 0;
  for (const post of posts) {
    for (const r of rowsFor(post, muted.has(post.channelId))) {
      const { created } = await tx.outbox.enqueue({
        dedupeKey: r.dedupeKey,
        channelId: post.channelId,
        payload: r.payload,
        kind: r.kind,
        incidentId: incident.id,
        incidentVersion: r.incidentVersion ?? null,
        subject: incident.subject,
        nextAttemptAt: now,
      });
      if (created) enqueued += 1;
    }
  }
  return enqueued;
}
