/**
 * The watch's views as the notifier (and the incident service) hand them
 * their data: each incident with the watch's reading of it and each notice
 * unit with whether it wakes on-call (src/watch/notices.ts), so a view test
 * writes plain rows and notices and sees what a channel would be shown.
 */
import type { Ui } from '../../src/slack/views/format.ts';
import { renderIncidentDigest as digestOf } from '../../src/slack/views/watch/incident-digest.ts';
import { incidentListView as listOf } from '../../src/slack/views/watch/incident-list.ts';
import { renderIncidentReplies as repliesOf } from '../../src/slack/views/watch/incident-replies.ts';
import {
  incidentFacts as factsOf,
  renderIncident as incidentOf,
} from '../../src/slack/views/watch/incidents.ts';
import type { NoticeUnit } from '../../src/slack/views/watch/notice-unit.ts';
import {
  renderDigest as noticeDigestOf,
  renderUnit as unitOf,
} from '../../src/slack/views/watch/notifications.ts';
import type { AlarmNotice, IncidentRow, Notice, PowerNotice } from '../../src/store/index.ts';
import { isAlarm, noticesAlarm, readIncident } from '../../src/watch/notices.ts';

/** Notices told in one message, as the notifier folds them. */
export interface PlainUnit {
  notices: readonly Notice[];
}

/** The unit with the watch's reading of it. */
export function unit(u: PlainUnit): NoticeUnit {
  return { notices: u.notices, alarm: noticesAlarm(u.notices) };
}

export const unitIsAlarm = (u: PlainUnit): boolean => noticesAlarm(u.notices);

export const renderUnit = (ui: Ui, u: PlainUnit, oncall?: string) => unitOf(ui, unit(u), oncall);

export const renderDigest = (
  ui: Ui,
  units: readonly PlainUnit[],
  oncall?: string,
  opts?: { muted?: boolean },
) => noticeDigestOf(ui, units.map(unit), oncall, opts);

export const renderIncident = (ui: Ui, inc: IncidentRow, oncall?: string) =>
  incidentOf(ui, readIncident(inc), oncall);

export const incidentFacts = (inc: IncidentRow) => factsOf(readIncident(inc));

export const renderIncidentDigest = (ui: Ui, incidents: readonly IncidentRow[], oncall?: string) =>
  digestOf(ui, incidents.map(readIncident), oncall);

export const renderIncidentReplies = (
  ui: Ui,
  items: readonly { incident: IncidentRow; notice: PowerNotice | AlarmNotice }[],
  oncall?: string,
) =>
  repliesOf(
    ui,
    items.map(({ incident, notice }) =>
      notice.kind === 'power'
        ? { incident: readIncident(incident), notice, wakes: isAlarm(notice) }
        : { incident: readIncident(incident), notice },
    ),
    oncall,
  );

export const incidentListView = (
  ui: Ui,
  items: readonly { incident: IncidentRow; mutedUntil: Date | null }[],
) =>
  listOf(
    ui,
    items.map((o) => ({ ...o, incident: readIncident(o.incident) })),
  );
