/**
 * Power incidents and their message per channel (`incidents`,
 * `incident_posts`): camelCase fields, `Date` values, `null` for absent.
 */

/** One power change of an incident. `at` is epoch ms; `later`: it came after the flap window. */
export interface IncidentChange {
  /** The outbox dedupe key of the change (without the channel): a replayed change is recognised. */
  key: string;
  from: string;
  to: string;
  at: number;
  later: boolean;
}

/**
 * A server's power changes from the first one until it settles (running
 * again, and no change for a flap window). One message per channel tells it,
 * posted at once and then edited or answered in its thread.
 */
export interface IncidentRow {
  /** The first change's key: two observers of the same change make the same incident. */
  id: string;
  serverUuid: string;
  name: string;
  ipAddress: string | null;
  plan: string | null;
  /** The power state before the first change. */
  baseline: string;
  /** Since when the server was in `baseline`: known, or (not known) when the watcher first saw it. */
  baselineSince: Date;
  baselineSinceKnown: boolean;
  /** The power state now. */
  power: string;
  /** Oldest first; never empty. */
  changes: IncidentChange[];
  startedAt: Date;
  lastChangeAt: Date;
  updatedAt: Date;
}

export type NewIncident = Omit<IncidentRow, 'updatedAt' | 'lastChangeAt' | 'startedAt'>;

/** An incident's message in one channel. `messageTs` is null until Slack accepted the post. */
export interface IncidentPost {
  incidentId: string;
  channelId: string;
  messageTs: string | null;
  /** How many of the incident's changes the message shows (as posted or last edited). */
  renderedVersion: number;
  createdAt: Date;
  /** Never posted: told in the channel's backlog summary after it was parked. */
  summarisedAt: Date | null;
}
