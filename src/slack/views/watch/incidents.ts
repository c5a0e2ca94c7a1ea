/**
 * An incident's message as the channel reads it: one message posted at once
 * and edited as the incident goes on. A power incident is drawn here: the
 * first line says what matters now (an alarm with the on-call mention, a
 * flap, a recovery); the rest says from what to what, for how long it had
 * been so, the IP address and plan, whether a power operation explains it,
 * and while it is an open alarm, who is on it. Alarms of other kinds are
 * drawn by alarms.ts; digests and thread replies by incident-digest.ts and
 * incident-replies.ts. Pure: an incident with the watch's reading of it
 * (whether it wakes on-call) in, Block Kit out.
 */
import type { ActionsBlock, Button, KnownBlock } from '@slack/types';
import type { IncidentChange, IncidentRow, ReadIncident } from '../../../store/index.ts';
import { itemBlockId, WATCH_IDS } from '../../ids.ts';
import {
  formatDuration,
  type Message,
  mrkdwnText,
  powerEmoji,
  powerLabel,
  SHOWN,
  slackDate,
  type Ui,
} from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import { claimButton, claimLine, isOpenAlarm, mentionFor, serverButtons } from './alarm-parts.ts';
import { alarmText, renderAlarm, tidy } from './alarms.ts';

/** What the incident's message says at a glance, derived from its changes. */
export interface IncidentFacts {
  first: IncidentChange;
  last: IncidentChange;
  /** Every change came within the flap window of the first: the message folds them all. */
  folded: boolean;
  /** Folded, and back where it started. */
  flap: boolean;
  /** The message wakes on-call: its state now is an error or an unexplained stop. */
  alarm: boolean;
  /** Running again after the flap window: the first line says after how long. */
  recovered: boolean;
  /** Some change of it was an alarm. */
  everAlarmed: boolean;
  /** It went through `processing`: somebody asked for it. */
  explained: boolean;
}

export function incidentFacts(inc: ReadIncident): IncidentFacts {
  const first = inc.changes[0]!;
  const last = inc.changes[inc.changes.length - 1]!;
  const folded = inc.changes.every((c) => !c.later);
  const flap = folded && inc.changes.length > 1 && last.to === inc.baseline;
  const recovered = !folded && inc.state === 'running';
  return {
    first,
    last,
    folded,
    flap,
    alarm: inc.alarming,
    recovered,
    everAlarmed: inc.everAlarmed,
    explained: inc.changes.some((c) => c.from === 'processing' || c.to === 'processing'),
  };
}

export function path(ui: Ui, inc: IncidentRow): string {
  return [inc.baseline, ...inc.changes.map((c) => c.to)].map((s) => powerLabel(ui, s)).join(' → ');
}

/** A power alarm's first line, with the mention. */
export function powerAlarmLine(ui: Ui, inc: IncidentRow, to: string, oncall: string): string {
  const name = mrkdwnText(inc.name, SHOWN.name);
  return tidy(
    ui.t(to === 'error' ? 'watch.incident.alarm_error' : 'watch.incident.alarm_stop', { oncall, name }),
  );
}

/** The first line: what matters now. */
function headline(ui: Ui, inc: IncidentRow, f: IncidentFacts, oncall: string): string {
  const name = mrkdwnText(inc.name, SHOWN.name);
  const to = powerLabel(ui, inc.state);
  if (f.alarm) return powerAlarmLine(ui, inc, f.last.to, mentionFor(inc, oncall));
  if (f.recovered) {
    return ui.t(f.everAlarmed ? 'watch.incident.recovered' : 'watch.incident.running_again', {
      name,
      to,
      duration: formatDuration(ui, f.last.at - f.first.at),
    });
  }
  if (f.flap) {
    return ui.t('watch.incident.flap', {
      name,
      path: path(ui, inc),
      from_at: slackDate(ui, f.first.at),
      to_at: slackDate(ui, f.last.at),
      to,
    });
  }
  const emoji = powerEmoji(inc.state);
  if (!f.folded) {
    return ui.t('watch.incident.still', {
      emoji,
      name,
      to,
      count: inc.changes.length,
      since: slackDate(ui, f.first.at),
    });
  }
  if (inc.changes.length > 1) return ui.t('watch.incident.sequence', { emoji, name, path: path(ui, inc) });
  return ui.t('watch.incident.changed', { emoji, name, to });
}

/** From what to what, since when, and how long it had been so before. */
function changeLine(ui: Ui, inc: IncidentRow, f: IncidentFacts): string {
  if (!f.folded || f.flap) {
    return ui.t('watch.incident.started', {
      at: slackDate(ui, f.first.at),
      from: powerLabel(ui, inc.baseline),
      to: powerLabel(ui, f.first.to),
    });
  }
  // The state now, since the last change; before it, the one it left and for how long.
  const prevAt = inc.changes.length > 1 ? inc.changes[inc.changes.length - 2]!.at : undefined;
  const since = prevAt ?? inc.baselineSince.getTime();
  const known = prevAt !== undefined || inc.baselineSinceKnown;
  return ui.t(known ? 'watch.incident.line' : 'watch.incident.line_at_least', {
    to: powerLabel(ui, f.last.to),
    at: slackDate(ui, f.last.at),
    from: powerLabel(ui, f.last.from),
    duration: formatDuration(ui, f.last.at - since),
  });
}

function operation(ui: Ui, f: IncidentFacts): string {
  return ui.t(f.explained ? 'watch.incident.operation.yes' : 'watch.incident.operation.none');
}

function section(text: string): KnownBlock {
  return { type: 'section', text: { type: 'mrkdwn', text } };
}

function buttons(ui: Ui, inc: IncidentRow): ActionsBlock {
  const elements: Button[] = [
    ...(isOpenAlarm(inc) ? [claimButton(ui, inc)] : []),
    ...serverButtons(ui, inc.subject),
  ];
  return { type: 'actions', block_id: itemBlockId(WATCH_IDS.alertActions, inc.id), elements };
}

/** A phrase naming what an open alarm is about, for a reminder and `/vps incidents`. */
export function incidentWhat(ui: Ui, inc: ReadIncident): string {
  if (inc.kind !== 'power') return alarmText(ui, inc, '').what;
  const name = mrkdwnText(inc.name, SHOWN.name);
  const last = inc.changes[inc.changes.length - 1];
  const what = !inc.alarming
    ? ui.t('oncall.power.now', { state: powerLabel(ui, inc.state) })
    : last?.to === 'error'
      ? ui.t('oncall.power.error')
      : ui.t('oncall.power.stop');
  return ui.t('oncall.power.what', { name, what });
}

/**
 * The incident's one message in a channel: the alert when it is posted, and
 * every edit after. `oncallMention` is ONCALL_MENTION in Slack's syntax.
 */
export function renderIncident(ui: Ui, inc: ReadIncident, oncallMention = ''): Message {
  if (inc.kind !== 'power') return renderAlarm(ui, inc, oncallMention);
  const f = incidentFacts(inc);
  const head = headline(ui, inc, f, oncallMention);
  const line = changeLine(ui, inc, f);
  const unknown = ui.t('watch.incident.unknown');
  const ip = inc.ipAddress ?? unknown;
  const plan = inc.plan ?? unknown;
  const claim = claimLine(ui, inc);
  const blocks: KnownBlock[] = [
    section(head),
    {
      type: 'section',
      text: { type: 'mrkdwn', text: line },
      fields: [
        {
          type: 'mrkdwn',
          text: ui.t('watch.incident.field.ip', { ip: `\`${mrkdwnText(ip, SHOWN.name)}\`` }),
        },
        { type: 'mrkdwn', text: ui.t('watch.incident.field.plan', { plan: mrkdwnText(plan, SHOWN.name) }) },
        { type: 'mrkdwn', text: ui.t('watch.incident.field.operation', { value: operation(ui, f) }) },
      ],
    },
    ...(claim ? [{ type: 'context' as const, elements: [{ type: 'mrkdwn' as const, text: claim }] }] : []),
    buttons(ui, inc),
    {
      type: 'context',
      elements: [
        { type: 'mrkdwn', text: ui.t('watch.show_hint', { ref: mrkdwnText(inc.name, SHOWN.name) }) },
      ],
    },
  ];
  assertBlocksWithinLimits(blocks, 'message');
  // The whole sentence for notifications and clients without blocks; the mention stays a mention.
  const text = ui.t('watch.incident.text', {
    headline: head,
    line,
    ip: mrkdwnText(ip, SHOWN.name),
    plan: mrkdwnText(plan, SHOWN.name),
    operation: operation(ui, f),
  });
  return { text: claim ? `${text}\n${claim}` : text, blocks };
}
