/**
 * What is said in an incident's thread: a power incident's later changes (an
 * alarm mentions on-call there, a recovery names who was on it), and for any
 * alarm, each claim, each reminder nobody answered, a relapse, new facts and
 * the resolve. Replies due at once in one thread go in one message. Pure.
 */
import type { KnownBlock } from '@slack/types';
import type { AlarmNotice, PowerNotice, ReadIncident } from '../../../store/index.ts';
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
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { alarmText, tidy } from './alarms.ts';
import { incidentFacts, incidentWhat, powerAlarmLine } from './incidents.ts';

const DIGEST_DETAIL_CHARS = 12_000;
const SECTION_CHARS = LIMITS.sectionText - 100;

/** One later power change of an incident, said in its thread; an alarm (`wakes`) mentions on-call there. */
function powerReply(ui: Ui, inc: ReadIncident, change: PowerNotice, wakes: boolean, oncall: string): string {
  const name = mrkdwnText(inc.name, SHOWN.name);
  const to = powerLabel(ui, change.to);
  const at = slackDate(ui, change.at);
  const index = inc.changes.findIndex((c) => c.at === change.at && c.to === change.to);
  const before = index > 0 ? inc.changes[index - 1]!.at : inc.changes[0]!.at;
  if (change.to === 'running') {
    const f = incidentFacts(inc);
    const line = ui.t(f.everAlarmed ? 'watch.reply.recovered' : 'watch.reply.running_again', {
      name,
      to,
      at,
      duration: formatDuration(ui, change.at - f.first.at),
    });
    return inc.claimedBy ? ui.t('oncall.reply.power_claimed', { line, by: inc.claimedBy }) : line;
  }
  const line = ui.t('watch.reply.changed', {
    emoji: powerEmoji(change.to),
    name,
    to,
    from: powerLabel(ui, change.from),
    duration: formatDuration(ui, change.at - before),
    at,
  });
  if (!wakes) return line;
  return `${powerAlarmLine(ui, inc, change.to, oncall)}\n${line}`;
}

/** A claim, a reminder, a relapse, new facts or the resolve of an alarm, said in its thread. */
function alarmReply(ui: Ui, inc: ReadIncident, n: AlarmNotice, oncall: string): string {
  const at = slackDate(ui, n.at);
  switch (n.event) {
    case 'claim':
      return n.previous && n.previous !== n.by
        ? ui.t('oncall.reply.takeover', { by: n.by ?? '', previous: n.previous, at })
        : ui.t('oncall.reply.claim', { by: n.by ?? '', at });
    case 'renotify':
      return tidy(
        ui.t('oncall.reply.renotify', {
          oncall,
          round: n.round ?? 1,
          of: n.of ?? 1,
          what: incidentWhat(ui, inc),
          since: slackDate(ui, (inc.alarmSince ?? inc.raisedAt ?? inc.startedAt).getTime()),
        }),
      );
    case 'reopen':
    case 'raise':
      return ui.t('oncall.reply.reopen', { alarm: tidy(alarmText(ui, inc, oncall).alarm), at });
    case 'update':
      return ui.t('oncall.reply.update', { what: alarmText(ui, inc, '').what, at });
    case 'resolve': {
      const resolved = alarmText(ui, inc, '').resolved;
      return inc.claimedBy
        ? ui.t('oncall.reply.resolved_claimed', { resolved, at, by: inc.claimedBy })
        : ui.t('oncall.reply.resolved_unclaimed', { resolved, at });
    }
  }
}

/**
 * One thing said in an incident's thread: a power change (`wakes`: the watch
 * counts it as an alarm), or what happened to an alarm.
 */
export type ThreadItem = { incident: ReadIncident } & (
  | { notice: PowerNotice; wakes: boolean }
  | { notice: AlarmNotice }
);

/** Whether a reply should also be sent to the channel: a reminder nobody answered. */
export function broadcasts(items: readonly ThreadItem[]): boolean {
  return items.some((i) => i.notice.kind === 'alarm' && i.notice.event === 'renotify');
}

/** What is posted to incidents' threads at once (one, or several in a digest's thread). */
export function renderIncidentReplies(ui: Ui, items: readonly ThreadItem[], oncallMention = ''): Message {
  const lines: string[] = items.length > 1 ? [ui.t('watch.reply.many', { count: items.length })] : [];
  let used = 0;
  let listed = 0;
  for (const i of items) {
    const t =
      'wakes' in i
        ? powerReply(ui, i.incident, i.notice, i.wakes, oncallMention)
        : alarmReply(ui, i.incident, i.notice, oncallMention);
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
      blocks.push({ type: 'section', text: { type: 'mrkdwn', text: current } });
      current = '';
    }
    current = current ? `${current}\n${l}` : l;
  }
  if (current) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: current } });
  assertBlocksWithinLimits(blocks, 'message');
  return { text: lines.join('\n'), blocks };
}
