/**
 * A power incident as the channel reads it: one message posted at once and
 * edited as the incident goes on, its thread replies, and a digest when many
 * servers change at once. Pure: an incident in, Block Kit out. The first line
 * says what matters now (an alarm with the on-call mention, a flap, a
 * recovery); the rest says from what to what, for how long it had been so,
 * the IP address and plan, and whether a power operation explains it.
 */
import type { ActionsBlock, KnownBlock } from '@slack/types';
import type { IncidentChange, IncidentRow } from '../../../store/index.ts';
import { isAlarm, type PowerNotice } from '../../../watch/notices.ts';
import { ACTIONS, WATCH_IDS } from '../../ids.ts';
import { encodePayload, mutePayload } from '../../payloads.ts';
import {
  escapeMrkdwn,
  formatDuration,
  type Message,
  powerEmoji,
  powerLabel,
  slackDate,
  type Ui,
} from '../format.ts';
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';

/** An alarm is not a routine state: it gets its own marker, never the stopped or error circle. */
export const ALARM_MARKER = ':rotating_light:';

/** How long the alert's mute button mutes its server. */
export const MUTE_BUTTON_SECONDS = 3600;

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

export function incidentFacts(inc: IncidentRow): IncidentFacts {
  const first = inc.changes[0]!;
  const last = inc.changes[inc.changes.length - 1]!;
  const folded = inc.changes.every((c) => !c.later);
  const flap = folded && inc.changes.length > 1 && last.to === inc.baseline;
  const recovered = !folded && inc.power === 'running';
  const alarm = !flap && !recovered && inc.power === last.to && isAlarm(last);
  return {
    first,
    last,
    folded,
    flap,
    alarm,
    recovered,
    everAlarmed: inc.changes.some((c) => isAlarm(c)),
    explained: inc.changes.some((c) => c.from === 'processing' || c.to === 'processing'),
  };
}

function path(ui: Ui, inc: IncidentRow): string {
  return [inc.baseline, ...inc.changes.map((c) => c.to)].map((s) => powerLabel(ui, s)).join(' → ');
}

/** The first line: what matters now. */
function headline(ui: Ui, inc: IncidentRow, f: IncidentFacts, oncall: string): string {
  const name = escapeMrkdwn(inc.name);
  const to = powerLabel(ui, inc.power);
  if (f.alarm) {
    return ui
      .t(f.last.to === 'error' ? 'watch.incident.alarm_error' : 'watch.incident.alarm_stop', {
        oncall,
        name,
      })
      .replace(/ {2,}/g, ' ');
  }
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
  const emoji = powerEmoji(inc.power);
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
  return {
    type: 'actions',
    block_id: WATCH_IDS.alertActions,
    elements: [
      {
        type: 'button',
        text: { type: 'plain_text', text: ui.t('watch.incident.button.card') },
        action_id: ACTIONS.cardShow,
        value: inc.serverUuid,
      },
      {
        type: 'button',
        text: { type: 'plain_text', text: ui.t('watch.incident.button.mute') },
        action_id: WATCH_IDS.mute,
        value: encodePayload(mutePayload, { u: inc.serverUuid, s: MUTE_BUTTON_SECONDS }),
      },
    ],
  };
}

/**
 * The incident's one message in a channel: the alert when it is posted, and
 * every edit after. `oncallMention` is ONCALL_MENTION in Slack's syntax.
 */
export function renderIncident(ui: Ui, inc: IncidentRow, oncallMention = ''): Message {
  const f = incidentFacts(inc);
  const head = headline(ui, inc, f, oncallMention);
  const line = changeLine(ui, inc, f);
  const unknown = ui.t('watch.incident.unknown');
  const ip = inc.ipAddress ?? unknown;
  const plan = inc.plan ?? unknown;
  const blocks: KnownBlock[] = [
    section(head),
    {
      type: 'section',
      text: { type: 'mrkdwn', text: line },
      fields: [
        { type: 'mrkdwn', text: ui.t('watch.incident.field.ip', { ip: `\`${escapeMrkdwn(ip)}\`` }) },
        { type: 'mrkdwn', text: ui.t('watch.incident.field.plan', { plan: escapeMrkdwn(plan) }) },
        { type: 'mrkdwn', text: ui.t('watch.incident.field.operation', { value: operation(ui, f) }) },
      ],
    },
    buttons(ui, inc),
    {
      type: 'context',
      elements: [{ type: 'mrkdwn', text: ui.t('watch.show_hint', { ref: escapeMrkdwn(inc.name) }) }],
    },
  ];
  assertBlocksWithinLimits(blocks, 'message');
  // The whole sentence for notifications and clients without blocks; the mention stays a mention.
  const text = ui.t('watch.incident.text', {
    headline: head,
    name: escapeMrkdwn(inc.name),
    line,
    ip: escapeMrkdwn(ip),
    plan: escapeMrkdwn(plan),
    operation: operation(ui, f),
  });
  return { text, blocks };
}

/** One line of a digest: the server, its path, and what became of it; no time (the title has it). */
function digestLine(ui: Ui, inc: IncidentRow): string {
  const f = incidentFacts(inc);
  const marker = f.alarm ? `${ALARM_MARKER} ` : '';
  const tail = f.recovered
    ? ` (${ui.t('watch.digest.recovered_after', { duration: formatDuration(ui, f.last.at - f.first.at) })})`
    : '';
  return `• ${marker}*${escapeMrkdwn(inc.name)}*: ${path(ui, inc)}${tail}`;
}

/** The time a burst covers, said once: at one moment, or between two. */
export function burstWhen(ui: Ui, times: readonly number[]): string {
  const from = Math.min(...times);
  const to = Math.max(...times);
  return Math.floor(from / 60_000) === Math.floor(to / 60_000)
    ? ui.t('watch.digest.when_at', { at: slackDate(ui, from) })
    : ui.t('watch.digest.when_between', { from: slackDate(ui, from), to: slackDate(ui, to) });
}

const DIGEST_DETAIL_CHARS = 12_000;
const SECTION_CHARS = LIMITS.sectionText - 100;

/**
 * Many servers at once (a maintenance, an outage): one message per channel
 * naming the count, when, every kind of change, and the servers (as many as
 * fit), alarms first. Edited like a single alert as its incidents go on.
 */
export function renderIncidentDigest(ui: Ui, incidents: readonly IncidentRow[], oncallMention = ''): Message {
  const facts = new Map(incidents.map((i) => [i.id, incidentFacts(i)]));
  const alarms = incidents.filter((i) => facts.get(i.id)!.alarm).length;
  const when = burstWhen(
    ui,
    incidents.map((i) => facts.get(i.id)!.first.at),
  );
  const title = ui.t('watch.digest.title', { count: incidents.length, when });
  const counts = new Map<string, number>();
  for (const i of incidents) {
    const f = facts.get(i.id)!;
    const what = f.flap
      ? ui.t('watch.kind.flap')
      : `${powerLabel(ui, i.baseline)} → ${powerLabel(ui, i.power)}`;
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  const summary = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([what, count]) => ui.t('watch.digest.summary_line', { count, what }))
    .join('\n');
  const blocks: KnownBlock[] = [];
  const alarmLine =
    alarms > 0
      ? `${ALARM_MARKER} ${ui.t('watch.digest.alarm', { oncall: oncallMention, count: alarms }).trim()}`
      : '';
  if (alarmLine) blocks.push(section(alarmLine));
  blocks.push(section(`*${title}*\n${summary}`));
  const ordered = [...incidents].sort(
    (a, b) => Number(facts.get(b.id)!.alarm) - Number(facts.get(a.id)!.alarm) || a.name.localeCompare(b.name),
  );
  let current = '';
  let used = 0;
  let listed = 0;
  for (const inc of ordered) {
    const line = digestLine(ui, inc);
    if (used + line.length > DIGEST_DETAIL_CHARS) break;
    if (current.length + line.length + 1 > SECTION_CHARS) {
      blocks.push(section(current));
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
    used += line.length + 1;
    listed += 1;
  }
  if (current) blocks.push(section(current));
  if (listed < incidents.length) {
    blocks.push(section(ui.t('watch.digest.more', { count: incidents.length - listed })));
  }
  blocks.push({
    type: 'context',
    elements: [{ type: 'mrkdwn', text: ui.t('watch.show_hint', { ref: escapeMrkdwn('<server>') }) }],
  });
  assertBlocksWithinLimits(blocks, 'message');
  const names = serversLine(
    ui,
    ordered.map((i) => i.name),
  );
  const text = [alarmLine, `${title}\n${summary}`, names].filter(Boolean).join('\n');
  return { text, blocks };
}

const TEXT_NAMES = 20;

/** The servers of a burst by name, for the notification text (the blocks list them in full). */
export function serversLine(ui: Ui, names: readonly string[]): string {
  if (names.length === 0) return '';
  const shown = names.slice(0, TEXT_NAMES).map(escapeMrkdwn).join(', ');
  return names.length > TEXT_NAMES
    ? ui.t('watch.digest.servers_more', { names: shown, count: names.length - TEXT_NAMES })
    : ui.t('watch.digest.servers', { names: shown });
}

/** One later change of an incident, said in its thread; an alarm mentions on-call there. */
function replyText(ui: Ui, inc: IncidentRow, change: PowerNotice, oncall: string): string {
  const name = escapeMrkdwn(inc.name);
  const to = powerLabel(ui, change.to);
  const at = slackDate(ui, change.at);
  const index = inc.changes.findIndex((c) => c.at === change.at && c.to === change.to);
  const before = index > 0 ? inc.changes[index - 1]!.at : inc.changes[0]!.at;
  if (change.to === 'running') {
    const f = incidentFacts(inc);
    return ui.t(f.everAlarmed ? 'watch.reply.recovered' : 'watch.reply.running_again', {
      name,
      to,
      at,
      duration: formatDuration(ui, change.at - f.first.at),
    });
  }
  const line = ui.t('watch.reply.changed', {
    emoji: powerEmoji(change.to),
    name,
    to,
    from: powerLabel(ui, change.from),
    duration: formatDuration(ui, change.at - before),
    at,
  });
  if (!isAlarm(change)) return line;
  const alarm = ui
    .t(change.to === 'error' ? 'watch.incident.alarm_error' : 'watch.incident.alarm_stop', {
      oncall,
      name,
    })
    .replace(/ {2,}/g, ' ');
  return `${alarm}\n${line}`;
}

/** Later changes of incidents told in one thread (one, or several at once in a digest's thread). */
export function renderIncidentReplies(
  ui: Ui,
  items: readonly { incident: IncidentRow; change: PowerNotice }[],
  oncallMention = '',
): Message {
  const lines: string[] = items.length > 1 ? [ui.t('watch.reply.many', { count: items.length })] : [];
  let used = 0;
  let listed = 0;
  for (const i of items) {
    const t = replyText(ui, i.incident, i.change, oncallMention);
    if (used + t.length > DIGEST_DETAIL_CHARS) break;
    lines.push(t);
    used += t.length + 1;
    listed += 1;
  }
  if (listed < items.length) lines.push(ui.t('watch.digest.more', { count: items.length - listed }));
  const blocks: KnownBlock[] = [];
  let current = '';
  for (const l of lines) {
    if (current.length + l.length + 1 > SECTION_CHARS) {
      blocks.push(section(current));
      current = '';
    }
    current = current ? `${current}\n${l}` : l;
  }
  if (current) blocks.push(section(current));
  assertBlocksWithinLimits(blocks, 'message');
  return { text: lines.join('\n'), blocks };
}
