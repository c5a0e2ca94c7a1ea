/** Incident rows and posts as the database holds them, read into their camelCase shapes. */
import type { Selectable } from 'kysely';
import type { IncidentChange, IncidentPost, IncidentRow } from './incident-types.ts';
import { date, dateOrNull, type IncidentPostsTable, type IncidentsTable } from './schema.ts';

const changesOf = (text: string): IncidentChange[] => {
  const v = JSON.parse(text) as unknown;
  return Array.isArray(v) ? (v as IncidentChange[]) : [];
};

const detailOf = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
};

export const toRow = (r: Selectable<IncidentsTable>): IncidentRow => ({
  id: r.id,
  kind: r.kind,
  subject: r.subject,
  name: r.name,
  ipAddress: r.ip_address,
  plan: r.plan,
  baseline: r.baseline,
  baselineSince: date(r.baseline_since),
  baselineSinceKnown: Number(r.baseline_since_known) === 1,
  state: r.state,
  changes: changesOf(r.changes),
  detail: detailOf(r.detail),
  raisedAt: dateOrNull(r.raised_at),
  alarmSince: dateOrNull(r.alarm_since),
  resolvedAt: dateOrNull(r.resolved_at),
  claimedBy: r.claimed_by,
  claimedAt: dateOrNull(r.claimed_at),
  claims: Number(r.claims),
  renotifyCount: Number(r.renotify_count),
  renotifiedAt: dateOrNull(r.renotified_at),
  version: Number(r.version),
  startedAt: date(r.started_at),
  lastChangeAt: date(r.last_change_at),
  updatedAt: date(r.updated_at),
});

export const toPost = (r: Selectable<IncidentPostsTable>): IncidentPost => ({
  incidentId: r.incident_id,
  channelId: r.channel_id,
  messageTs: r.message_ts,
  renderedVersion: Number(r.rendered_version),
  createdAt: date(r.created_at),
  summarisedAt: r.summarised_at === null ? null : date(r.summarised_at),
  threadTs: r.thread_ts,
});
