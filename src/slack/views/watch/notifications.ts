/**
 * Watcher notifications other than power incidents (incidents.ts): contract
 * changes, servers coming and going, signup follow-ups, the provider key's
 * health, a contract’s renewal reminder (renewal-reminder.ts), a digest of a burst,
 * and the summary of what happened while a channel was muted (their words:
 * notice-text.ts). Pure: plain notices in, Block Kit out. Times are Slack date tokens, so every reader sees
 * their own time zone; a digest says its time once, in its title. A digest too
 * long for one message summarises (counts of every kind first, then as many
 * lines as fit, then how many were left out); it never cuts silently.
 */
import type { KnownBlock } from '@slack/types';
import { escapeMrkdwn, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { ALARM_MARKER } from './alarm-parts.ts';
import { hostingCommand, hostingHint, hostingItem } from './hosting-notice.ts';
import { burstWhen, countsSummary, serversLine } from './incident-digest.ts';
import { chainPath, describe, kindLabel } from './notice-text.ts';
import { isFlap, lastAt, type NoticeUnit, powerChain, subject } from './notice-unit.ts';
import { renewalReminderView } from './renewal-reminder.ts';

/** Longest detail text a digest carries before it says how many it left out. */
const DIGEST_DETAIL_CHARS = 12_000;
const SECTION_CHARS = LIMITS.sectionText - 100;

function section(text: string): KnownBlock {
  return { type: 'section', text: { type: 'mrkdwn', text } };
}

function hint(text: string): KnownBlock {
  return { type: 'context', elements: [{ type: 'mrkdwn', text }] };
}

/**
 * One message for one unit. `oncallMention` is ONCALL_MENTION, already in
 * Slack's mention syntax.
 */
export function renderUnit(ui: Ui, unit: NoticeUnit, oncallMention = ''): Message {
  const first = unit.notices[0];
  if (first?.kind === 'renewal') return renewalReminderView(ui, first);
  const { main, alarm } = describe(ui, unit, oncallMention);
  const blocks: KnownBlock[] = [];
  if (alarm) blocks.push(section(alarm));
  blocks.push(section(main));
  const subj = subject(unit);
  if (first?.kind === 'hosting') blocks.push(hint(hostingHint(ui, first)));
  else if (subj && first && first.kind !== 'server-removed' && first.kind !== 'signup-stuck') {
    blocks.push(hint(ui.t('watch.show_hint', { ref: mrkdwnText(subj.ref, SHOWN.name) })));
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: alarm ? `${alarm}\n${main}` : main, blocks };
}

/**
 * One message for a burst: counts of every kind, the alarms, then the servers,
 * as many as fit, the time said once in the title. `muted`: the summary of
 * what happened while the channel was muted.
 */
export function renderDigest(
  ui: Ui,
  units: readonly NoticeUnit[],
  oncallMention = '',
  opts: { muted?: boolean } = {},
): Message {
  const alarms = units.filter((u) => u.alarm).length;
  const changes = units.reduce((n, u) => n + u.notices.length, 0);
  const when = burstWhen(
    ui,
    units.flatMap((u) => u.notices.map((n) => n.at)),
  );
  const title = opts.muted
    ? ui.t('watch.muted.title', { count: changes, when })
    : ui.t('watch.digest.title', { count: units.length, when });
  const summary = countsSummary(
    ui,
    units.map((u) => kindLabel(ui, u)),
  );
  const blocks: KnownBlock[] = [];
  // After a mute nobody is woken for what is already over: the summary is calm.
  const alarmLine =
    alarms > 0 && !opts.muted
      ? `${ALARM_MARKER} ${ui.t('watch.digest.alarm', { oncall: oncallMention, count: alarms }).trim()}`
      : '';
  if (alarmLine) blocks.push(section(alarmLine));
  // At most one line per kind of change (a few dozen): no risk to the section limit.
  blocks.push(section(`*${title}*\n${summary}`));

  // Alarms first, then the rest, each newest last.
  const ordered = [...units].sort((a, b) => Number(b.alarm) - Number(a.alarm) || lastAt(a) - lastAt(b));
  const sections: string[] = [];
  let current = '';
  let used = 0;
  let listed = 0;
  for (const u of ordered) {
    const subj = subject(u);
    const name = subj ? mrkdwnText(subj.name, SHOWN.name) : '';
    const what = powerChain(u) && !isFlap(u) ? chainPath(ui, u) : unitLabel(ui, u);
    const line = `• ${u.alarm ? `${ALARM_MARKER} ` : ''}*${name}*: ${what}`;
    if (used + line.length > DIGEST_DETAIL_CHARS) break;
    if (current.length + line.length + 1 > SECTION_CHARS) {
      sections.push(current);
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
    used += line.length + 1;
    listed += 1;
  }
  if (current) sections.push(current);
  for (const s of sections) blocks.push(section(s));
  if (listed < units.length) {
    blocks.push(section(ui.t('watch.digest.more', { count: units.length - listed })));
  }
  blocks.push(digestHints(ui, units));
  assertBlocksWithinLimits(blocks, 'message');
  const names = serversLine(ui, [
    ...new Set(ordered.map((u) => subject(u)?.name).filter((n): n is string => n !== undefined)),
  ]);
  const text = [alarmLine, `${title}\n${summary}`, names].filter(Boolean).join('\n');
  return { text, blocks };
}

/** How many /hosting reads a digest's hint names at most (a context block holds 10 elements). */
const HOSTING_HINTS = 5;

/**
 * A digest's line after the name: the kind of change, and for a hosting
 * change what it was about (each domain named, so a lookalike among several
 * added at once is seen).
 */
function unitLabel(ui: Ui, u: NoticeUnit): string {
  const label = kindLabel(ui, u);
  const n = u.notices[0];
  if (n?.kind !== 'hosting') return label;
  const item = hostingItem(ui, n);
  return item ? ui.t('watch.digest.hosting_line', { kind: label, item }) : label;
}

/**
 * Where to look now: `/vps show` for servers, and for hosting changes the
 * /hosting read of each part that changed (the first few).
 */
function digestHints(ui: Ui, units: readonly NoticeUnit[]): KnownBlock {
  const hosting = units.flatMap((u) => (u.notices[0]?.kind === 'hosting' ? [u.notices[0]] : []));
  const commands = [...new Set(hosting.map((n) => hostingCommand(n)))].slice(0, HOSTING_HINTS);
  const texts = [
    ...(hosting.length < units.length ? [ui.t('watch.show_hint', { ref: escapeMrkdwn('<server>') })] : []),
    ...commands.map((command) => ui.t('watch.hosting.hint', { command })),
  ];
  return { type: 'context', elements: texts.map((text) => ({ type: 'mrkdwn' as const, text })) };
}
