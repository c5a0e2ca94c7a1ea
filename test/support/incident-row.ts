/** An incident row as the store hands it back, for view tests: the alarm fields of a routine power incident by default. */
import type { IncidentRow } from '../../src/store/index.ts';

export function incidentRow(
  over: Partial<IncidentRow> & Pick<IncidentRow, 'changes' | 'startedAt' | 'lastChangeAt'>,
): IncidentRow {
  return {
    id: 'inc',
    kind: 'power',
    subject: 'uuid-1',
    name: 'db-1',
    ipAddress: null,
    plan: null,
    baseline: over.changes[0]?.from ?? 'running',
    baselineSince: over.startedAt,
    baselineSinceKnown: true,
    state: over.changes[over.changes.length - 1]?.to ?? 'running',
    detail: {},
    raisedAt: null,
    alarmSince: null,
    resolvedAt: null,
    claimedBy: null,
    claimedAt: null,
    claims: 0,
    renotifyCount: 0,
    renotifiedAt: null,
    version: over.changes.length,
    updatedAt: over.lastChangeAt,
    ...over,
  };
}
