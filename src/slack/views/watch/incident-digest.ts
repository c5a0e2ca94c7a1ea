/**
 * Many incidents opening at once in one channel (a maintenance, an outage, a
 * suspended account): one message naming the count, when, every kind of
 * change, and the incidents (as many as fit), alarms first, with an
 * "I'm on …" button for the first few open alarms. Edited like a single
 * alert as its incidents go on. Pure.
 */
import type { ActionsBlock, KnownBlock } from '@slack/types';
import type { IncidentRow, ReadIncident } from '../../../store/index.ts';
import {
  escapeMrkdwn,
  formatDuration,
  type Message,
  mrkdwnText,
  powerLabel,
  SHOWN,
  slackDate,
  type Ui,
} from '../format.ts';
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { ALARM_MARKER, claimButton, incidentName, isOpenAlarm } from './alarm-parts.ts';
import { alarmText } from './alarms.ts';
import { incidentFacts, path } from './incidents.ts';

/** One incident as a digest shows it. */
interface Entry {
  inc: ReadIncident;
  /** It wakes on-call now. */
  alarm: boolean;
  /** When it began. */
  at: number;
  /** What it did, for the counts. */
  what: string;
  /** Its line: the name, what it did and became; no time (the title has it). */
  line: string;
}

function claimedTail(inc: IncidentRow): string {
  return inc.claimedBy && !inc.resolvedAt ? ` · :raising_hand: <@${inc.claimedBy}>` : '';
}

function entryOf(ui: Ui, inc: ReadIncident): Entry {
  if (inc.kind !== 'power') {
    const words = alarmText(ui, inc, '');
    const alarm = inc.alarming;
    const duration = formatDuration(
      ui,
      (inc.resolvedAt ?? inc.lastChangeAt).getTime() - inc.startedAt.getTime(),
    );
    const tail = alarm ? '' : ` (${ui.t('watch.digest.recovered_after', { duration })})`;
    return {
      inc,
      alarm,
      at: inc.startedAt.getTime(),
      what: words.label,
      line: `• ${alarm ? `${ALARM_MARKER} ` : ''}${words.what}${tail}${claimedTail(inc)}`,
    };
  }
  const f = incidentFacts(inc);
  const tail = f.recovered
    ? ` (${ui.t('watch.digest.recovered_after', { duration: formatDuration(ui, f.last.at - f.first.at) })})`
    : '';
  return {
    inc,
    alarm: f.alarm,
    at: f.first.at,
    what: f.flap ? ui.t('watch.kind.flap') : `${powerLabel(ui, inc.baseline)} → ${powerLabel(ui, inc.state)}`,
    line: `• ${f.alarm ? `${ALARM_MARKER} ` : ''}*${mrkdwnText(inc.name, SHOWN.name)}*: ${path(ui, inc)}${tail}${claimedTail(inc)}`,
  };
}

/** The time a burst covers, said once: at one moment, or between two. */
export function burstWhen(ui: Ui, times: readonly number[]): string {
  const from = Math.min(...times);
  const to = Math.max(...times);
  return Math.floor(from / 60_000) === Math.floor(to / 60_000)
    ? ui.t('watch.digest.when_at', { at: slackDate(ui, from) })
    : ui.t('watch.digest.when_between', { from: slackDate(ui, from), to: slackDate(ui, to) });
}

/** How many of each kind of change a burst holds, the most frequent first: "6 × running → stopped". */
export function countsSummary(ui: Ui, labels: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([what, count]) => ui.t('watch.digest.summary_line', { count, what }))
    .join('\n');
}

const DIGEST_DETAIL_CHARS = 12_000;
const SECTION_CHARS = LIMITS.sectionText - 100;
/** Open alarms of a digest that get their own "I'm on …" button; `/vps incidents` has them all. */
export const DIGEST_CLAIM_BUTTONS = 5;

function section(text: string): KnownBlock {
  return { type: 'section', text: { type: 'mrkdwn', text } };
}

/** Kinds whose subject is a VPS (its name, `/vps show`); the others are a key, a domain, a signup. */
const SERVER_KINDS: ReadonlySet<string> = new Set(['power', 'contract']);

export function renderIncidentDigest(
  ui: Ui,
  incidents: readonly ReadIncident[],
  oncallMention = '',
): Message {
  const entries = incidents.map((i) => entryOf(ui, i));
  const alarms = entries.filter((e) => e.alarm).length;
  const when = burstWhen(
    ui,
    entries.map((e) => e.at),
  );
  // Words about servers only where every incident is a server's: a key's or a domain's alarm is no server change.
  const aboutServers = incidents.every((i) => SERVER_KINDS.has(i.kind));
  const title = ui.t(aboutServers ? 'watch.digest.title' : 'watch.digest.title_alarms', {
    count: incidents.length,
    when,
  });
  const summary = countsSummary(
    ui,
    entries.map((e) => e.what),
  );
  const blocks: KnownBlock[] = [];
  // "(error or unexpected stop)" only when that is what every alarm is.
  const powerAlarms = entries.every((e) => !e.alarm || e.inc.kind === 'power');
  const alarmLine =
    alarms > 0
      ? `${ALARM_MARKER} ${ui.t(powerAlarms ? 'watch.digest.alarm' : 'watch.digest.alarm_any', { oncall: oncallMention, count: alarms }).trim()}`
      : '';
  if (alarmLine) blocks.push(section(alarmLine));
  blocks.push(section(`*${title}*\n${summary}`));
  const ordered = [...entries].sort(
    (a, b) => Number(b.alarm) - Number(a.alarm) || a.inc.name.localeCompare(b.inc.name),
  );
  let current = '';
  let used = 0;
  let listed = 0;
  for (const e of ordered) {
    if (used + e.line.length > DIGEST_DETAIL_CHARS) break;
    if (current.length + e.line.length + 1 > SECTION_CHARS) {
      blocks.push(section(current));
      current = '';
    }
    current = current ? `${current}\n${e.line}` : e.line;
    used += e.line.length + 1;
    listed += 1;
  }
  if (current) blocks.push(section(current));
  if (listed < incidents.length) {
    blocks.push(section(ui.t('watch.digest.more', { count: incidents.length - listed })));
  }
  const claimable = ordered.filter((e) => isOpenAlarm(e.inc)).slice(0, DIGEST_CLAIM_BUTTONS);
  if (claimable.length > 0) {
    const actions: ActionsBlock = {
      type: 'actions',
      elements: claimable.map((e, n) => claimButton(ui, e.inc, n)),
    };
    blocks.push(actions);
  }
  const hints = [
    ...(incidents.some((i) => SERVER_KINDS.has(i.kind))
      ? [ui.t('watch.show_hint', { ref: escapeMrkdwn('<server>') })]
      : []),
    ...(claimable.length > 0 ? [ui.t('watch.digest.incidents_hint')] : []),
  ];
  if (hints.length > 0)
    blocks.push({ type: 'context', elements: hints.map((text) => ({ type: 'mrkdwn' as const, text })) });
  assertBlocksWithinLimits(blocks, 'message');
  const names = (aboutServers ? serversLine : aboutLine)(
    ui,
    ordered.map((e) => incidentName(ui, e.inc)),
  );
  const text = [alarmLine, `${title}\n${summary}`, names].filter(Boolean).join('\n');
  return { text, blocks };
}

const TEXT_NAMES = 20;

/** The servers of a burst by name, for the notification text (the blocks list them in full). */
export function serversLine(ui: Ui, names: readonly string[]): string {
  return namesLine(ui, names, 'watch.digest.servers', 'watch.digest.servers_more');
}

/** What a burst of alarms of several kinds is about (servers, the key, domains), for the notification text. */
function aboutLine(ui: Ui, names: readonly string[]): string {
  return namesLine(ui, names, 'watch.digest.about', 'watch.digest.about_more');
}

function namesLine(
  ui: Ui,
  names: readonly string[],
  key: 'watch.digest.servers' | 'watch.digest.about',
  moreKey: 'watch.digest.servers_more' | 'watch.digest.about_more',
): string {
  if (names.length === 0) return '';
  const shown = names
    .slice(0, TEXT_NAMES)
    .map((n) => mrkdwnText(n, SHOWN.name))
    .join(', ');
  return names.length > TEXT_NAMES
    ? ui.t(moreKey, { names: shown, count: names.length - TEXT_NAMES })
    : ui.t(key, { names: shown });
}
