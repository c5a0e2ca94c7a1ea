/**
 * Incidents and their message per channel (`incidents`, `incident_posts`):
 * camelCase fields, `Date` values, `null` for absent.
 */
import type { AlarmFacts } from './alarm-types.ts';

/**
 * One change of an incident. `at` is epoch ms; `later`: it came after the
 * flap window. A power incident's changes are power states; an alarm of
 * another kind changes between `ok` and `alarm` (`alarm` -> `alarm`: raised
 * again with new facts).
 */
export interface IncidentChange {
  /** The outbox dedupe key of the change (without the channel): a replayed change is recognised. */
  key: string;
  from: string;
  to: string;
  at: number;
  later: boolean;
}

/**
 * What one message per channel tells, posted at once and then edited or
 * answered in its thread: a server's power changes from the first one until
 * it settles (running again, and no change for a flap window), or an alarm of
 * another kind from its raise until it is resolved and settled.
 */
export interface IncidentRow {
  /** The first change's key: two observers of the same change make the same incident. */
  id: string;
  /** `power`, or an alarm kind (alarm-types.ts). */
  kind: string;
  /** What it is about: a server uuid for `power` and `contract`, the kind's own key otherwise. */
  subject: string;
  name: string;
  ipAddress: string | null;
  plan: string | null;
  /** The state before the first change (`ok` for an alarm). */
  baseline: string;
  /** Since when it was in `baseline`: known, or (not known) when the watcher first saw it. */
  baselineSince: Date;
  baselineSinceKnown: boolean;
  /** The state now: a power state, or `alarm` / `ok`. */
  state: string;
  /** Oldest first; never empty. */
  changes: IncidentChange[];
  /** The kind's facts, as JSON (read with the kind's schema); `{}` for power. */
  detail: unknown;
  /** When it first woke on-call; null for a routine power incident. */
  raisedAt: Date | null;
  /** Since when its condition is true this time; null while it is not. */
  alarmSince: Date | null;
  /** When its condition ended; null while it is open (or was never an alarm). */
  resolvedAt: Date | null;
  /** Who said "I'm on it" last, and when. */
  claimedBy: string | null;
  claimedAt: Date | null;
  /** Claims made so far: the first, and each takeover. */
  claims: number;
  /** Reminders sent while it was true this time, and when the last one was. */
  renotifyCount: number;
  renotifiedAt: Date | null;
  /** Bumped by every write that changes what its message shows; an edit asks for at least this. */
  version: number;
  startedAt: Date;
  lastChangeAt: Date;
  updatedAt: Date;
}

/**
 * What the watch's rules read from an incident (src/watch/notices.ts,
 * `readIncident`), handed to whoever shows it: views word it, they never
 * apply the rules themselves.
 */
export interface IncidentReading {
  /**
   * It wakes on-call now: a power incident whose last change is an alarm,
   * still so and not flapped back; an alarm of another kind while true.
   */
  alarming: boolean;
  /** Some change of it woke on-call (a power incident running again has then recovered). */
  everAlarmed: boolean;
  /** An alarm's kind and facts as raised; undefined for power, and for facts of another shape. */
  facts: AlarmFacts | undefined;
}

/** An incident with what the watch reads from it: what every incident view is drawn from. */
export type ReadIncident = IncidentRow & IncidentReading;

export type NewIncident = Pick<
  IncidentRow,
  | 'id'
  | 'subject'
  | 'name'
  | 'ipAddress'
  | 'plan'
  | 'baseline'
  | 'baselineSince'
  | 'baselineSinceKnown'
  | 'state'
  | 'changes'
> &
  Partial<Pick<IncidentRow, 'kind' | 'detail' | 'raisedAt' | 'alarmSince' | 'resolvedAt'>>;

/** An incident's message in one channel. `messageTs` is null until Slack accepted the post. */
export interface IncidentPost {
  incidentId: string;
  channelId: string;
  messageTs: string | null;
  /** The incident's version the message shows (as posted or last edited). */
  renderedVersion: number;
  createdAt: Date;
  /** Never posted: told in the channel's backlog summary after it was parked. */
  summarisedAt: Date | null;
  /** The thread the message lives in (a signup's approval thread); its replies go there too. */
  threadTs: string | null;
}
