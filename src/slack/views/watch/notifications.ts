/**
 * Watcher notifications other than power incidents (incidents.ts): contract
 * changes, servers coming and going, signup follow-ups, the provider key's
 * health, a digest of a burst,
 * and the summary of what happened while a channel was muted. Pure: plain
 * notices in, Block Kit out. Times are Slack date tokens, so every reader sees
 * their own time zone; a digest says its time once, in its title. A digest too
 * long for one message summarises (counts of every kind first, then as many
 * lines as fit, then how many were left out); it never cuts silently.
 */
import type { KnownBlock } from '@slack/types';
import type { MuteChange, SubscriptionChange, SubscriptionList } from '../../../services/watch/index.ts';
import { isAlarm, type Notice, type PowerNotice } from '../../../watch/notices.ts';
import type { MessageKey } from '../../i18n/index.ts';
import {
  escapeMrkdwn,
  formatDuration,
  formatTimeLeft,
  type Message,
  POWER_EMOJI,
  slackDate as token,
  type Ui,
} from '../format.ts';
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { summaryText } from '../sections.ts';
import { ALARM_MARKER, burstWhen, serversLine } from './incidents.ts';

/**
 * What one message reports: a single notice, or a chain of power notices of
 * one server folded together (a sequence such as running -> processing ->
 * stopped, or a flap that came back to where it started).
 */
export interface NoticeUnit {
  notices: readonly Notice[];
}

/** Longest detail text a digest carries before it says how many it left out. */
const DIGEST_DETAIL_CHARS = 12_000;
const SECTION_CHARS = LIMITS.sectionText - 100;

function dateOf(ui: Ui, ms: number): string {
  return token(ui, ms);
}

function powerLabel(ui: Ui, s: string): string {
  const key = `power.${s}`;
  return key === 'power.running' ||
    key === 'power.stopped' ||
    key === 'power.processing' ||
    key === 'power.error'
    ? ui.t(key)
    : escapeMrkdwn(s);
}

function statusLabel(ui: Ui, s: string): string {
  return s === 'active' || s === 'suspended' ? ui.t(`status.${s}`) : escapeMrkdwn(s);
}

function powerChain(unit: NoticeUnit): PowerNotice[] | undefined {
  const chain = unit.notices.filter((n): n is PowerNotice => n.kind === 'power');
  return chain.length === unit.notices.length && chain.length > 0 ? chain : undefined;
}

export function isFlap(unit: NoticeUnit): boolean {
  const chain = powerChain(unit);
  if (!chain || chain.length < 2) return false;
  return chain[0]!.from === chain[chain.length - 1]!.to;
}

/** Whether the unit wakes on-call: the last change is an alarm and did not flap back. */
export function unitIsAlarm(unit: NoticeUnit): boolean {
  const chain = powerChain(unit);
  if (!chain || isFlap(unit)) return false;
  return isAlarm(chain[chain.length - 1]!);
}

function subject(unit: NoticeUnit): { name: string; ref: string } | undefined {
  const n = unit.notices[0];
  if (!n) return undefined;
  if ('uuid' in n) return { name: n.name ?? n.uuid, ref: n.name || n.uuid };
  return undefined;
}

/** The main sentence of a unit, and its alarm sentence when it has one. */
function describe(ui: Ui, unit: NoticeUnit, oncallMention: string): { main: string; alarm?: string } {
  const chain = powerChain(unit);
  if (chain) {
    const first = chain[0]!;
    const last = chain[chain.length - 1]!;
    const name = escapeMrkdwn(first.name);
    const path = [first.from, ...chain.map((c) => c.to)].map((s) => powerLabel(ui, s)).join(' → ');
    let main: string;
    if (chain.length === 1) {
      main = ui.t('watch.power.changed', {
        emoji: POWER_EMOJI[last.to] ?? '',
        name,
        to: powerLabel(ui, last.to),
        from: powerLabel(ui, last.from),
        at: dateOf(ui, last.at),
      });
    } else if (isFlap(unit)) {
      main = ui.t('watch.power.flap', {
        name,
        path,
        from_at: dateOf(ui, first.at),
        to_at: dateOf(ui, last.at),
        to: powerLabel(ui, last.to),
      });
    } else {
      main = ui.t('watch.power.sequence', {
        emoji: POWER_EMOJI[last.to] ?? '',
        name,
        path,
        at: dateOf(ui, last.at),
      });
    }
    if (!unitIsAlarm(unit)) return { main };
    const key: MessageKey = last.to === 'error' ? 'watch.power.alarm_error' : 'watch.power.alarm_stop';
    return { main, alarm: `${ALARM_MARKER} ${ui.t(key, { oncall: oncallMention, name }).trim()}` };
  }
  const n = unit.notices[0]!;
  switch (n.kind) {
    case 'power':
      return { main: '' }; // unreachable: handled as a chain above
    case 'contract':
      return {
        main: ui.t('watch.contract.changed', {
          name: escapeMrkdwn(n.name),
          to: statusLabel(ui, n.to),
          from: statusLabel(ui, n.from),
          at: dateOf(ui, n.at),
        }),
      };
    case 'server-added':
      return { main: ui.t('watch.server.added', { name: escapeMrkdwn(n.name), at: dateOf(ui, n.at) }) };
    case 'server-removed':
      return { main: ui.t('watch.server.removed', { name: escapeMrkdwn(n.name), at: dateOf(ui, n.at) }) };
    case 'signup-active':
      return {
        main: ui.t('watch.signup.active', {
          requester: n.requesterId,
          name: escapeMrkdwn(n.name),
          uuid: escapeMrkdwn(n.uuid),
          ip: n.ip === null ? ui.t('watch.signup.ip_unknown') : escapeMrkdwn(n.ip),
          at: dateOf(ui, n.at),
        }),
      };
    case 'signup-stuck':
      return {
        main: ui.t('watch.signup.stuck', {
          requester: n.requesterId,
          name: escapeMrkdwn(n.name ?? ui.t('watch.signup.unnamed')),
          service: escapeMrkdwn(n.serviceId),
          since: dateOf(ui, n.since),
        }),
      };
    case 'key-expiring': {
      const main = ui.t('watch.key.expiring', {
        emoji: n.days <= 1 ? ':rotating_light:' : n.days <= 3 ? ':warning:' : ':hourglass_flowing_sand:',
        left: formatTimeLeft(ui, n.expiresAt - n.at),
        at: dateOf(ui, n.expiresAt),
      });
      if (n.days > 1) return { main };
      return { main, alarm: ui.t('watch.key.alarm_expiring', { oncall: oncallMention }).trim() };
    }
    case 'key-refused':
      return {
        main:
          n.expiresAt !== null && n.expiresAt <= n.at
            ? ui.t('watch.key.expired', { expires: dateOf(ui, n.expiresAt) })
            : ui.t('watch.key.refused', { at: dateOf(ui, n.at) }),
        alarm: ui.t('watch.key.alarm_refused', { oncall: oncallMention }).trim(),
      };
    case 'channel-parked': {
      const reason = `watch.parked.reason.${n.error}`;
      return {
        main: ui.t('watch.parked.told', {
          channel: n.channelId,
          reason: isReason(reason) ? ui.t(reason) : n.error,
          age: formatDuration(ui, n.summariseAfterMs),
        }),
      };
    }
    case 'backlog':
      return { main: backlogLine(ui, n) };
  }
}

function isReason(key: string): key is MessageKey {
  return (
    key === 'watch.parked.reason.not_in_channel' ||
    key === 'watch.parked.reason.channel_not_found' ||
    key === 'watch.parked.reason.is_archived'
  );
}

/** The backlog's names, as many as read well on one line. */
const BACKLOG_NAMES = 10;

function backlogLine(ui: Ui, n: Extract<Notice, { kind: 'backlog' }>): string {
  const parts: string[] = [];
  if (n.changes > 0) {
    const shown = n.servers.slice(0, BACKLOG_NAMES).map((s) => `*${escapeMrkdwn(s)}*`);
    const servers =
      n.servers.length > shown.length
        ? ui.t('watch.backlog.servers_more', {
            names: shown.join(', '),
            count: n.servers.length - shown.length,
          })
        : shown.join(', ');
    parts.push(ui.t('watch.backlog.changes', { count: n.changes, servers }));
    if (n.alarms > 0) parts.push(ui.t('watch.backlog.alarms', { count: n.alarms }));
  }
  if (n.others > 0) parts.push(ui.t('watch.backlog.others', { count: n.others }));
  const title = ui.t('watch.backlog.title', {
    since: dateOf(ui, n.since),
    what: parts.join(ui.locale === 'ja' ? '、' : '; '),
  });
  return `${title} ${ui.t('watch.backlog.hint')}`;
}

/** Whether a unit is never folded into a digest: the provider key's health is read on its own. */
export function standsAlone(unit: NoticeUnit): boolean {
  return unit.notices.some(
    (n) =>
      n.kind === 'key-expiring' ||
      n.kind === 'key-refused' ||
      n.kind === 'channel-parked' ||
      n.kind === 'backlog',
  );
}

function section(text: string): KnownBlock {
  return { type: 'section', text: { type: 'mrkdwn', text } };
}

function showHint(ui: Ui, ref: string): KnownBlock {
  return {
    type: 'context',
    elements: [{ type: 'mrkdwn', text: ui.t('watch.show_hint', { ref }) }],
  };
}

/**
 * One message for one unit. `oncallMention` is ONCALL_MENTION, already in
 * Slack's mention syntax.
 */
export function renderUnit(ui: Ui, unit: NoticeUnit, oncallMention = ''): Message {
  const { main, alarm } = describe(ui, unit, oncallMention);
  const blocks: KnownBlock[] = [];
  if (alarm) blocks.push(section(alarm));
  blocks.push(section(main));
  const subj = subject(unit);
  const first = unit.notices[0];
  if (subj && first && first.kind !== 'server-removed' && first.kind !== 'signup-stuck') {
    blocks.push(showHint(ui, escapeMrkdwn(subj.ref)));
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: alarm ? `${alarm}\n${main}` : main, blocks };
}

/** A short label of what a unit did, for the digest's counts. */
function kindLabel(ui: Ui, unit: NoticeUnit): string {
  const chain = powerChain(unit);
  if (chain) {
    if (isFlap(unit)) return ui.t('watch.kind.flap');
    const first = chain[0]!;
    const last = chain[chain.length - 1]!;
    return `${powerLabel(ui, first.from)} → ${powerLabel(ui, last.to)}`;
  }
  const n = unit.notices[0]!;
  switch (n.kind) {
    case 'contract':
      return ui.t('watch.kind.contract', { from: statusLabel(ui, n.from), to: statusLabel(ui, n.to) });
    case 'server-added':
      return ui.t('watch.kind.added');
    case 'server-removed':
      return ui.t('watch.kind.removed');
    case 'signup-active':
      return ui.t('watch.kind.signup_active');
    case 'signup-stuck':
      return ui.t('watch.kind.signup_stuck');
    default:
      return n.kind;
  }
}

function lastAt(unit: NoticeUnit): number {
  return Math.max(...unit.notices.map((n) => n.at));
}

function chainPath(ui: Ui, unit: NoticeUnit): string {
  const chain = powerChain(unit)!;
  return [chain[0]!.from, ...chain.map((c) => c.to)].map((s) => powerLabel(ui, s)).join(' → ');
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
  const counts = new Map<string, number>();
  for (const u of units) {
    const k = kindLabel(ui, u);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const alarms = units.filter(unitIsAlarm).length;
  const changes = units.reduce((n, u) => n + u.notices.length, 0);
  const when = burstWhen(
    ui,
    units.flatMap((u) => u.notices.map((n) => n.at)),
  );
  const title = opts.muted
    ? ui.t('watch.muted.title', { count: changes, when })
    : ui.t('watch.digest.title', { count: units.length, when });
  const summary = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([what, count]) => ui.t('watch.digest.summary_line', { count, what }))
    .join('\n');
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
  const ordered = [...units].sort(
    (a, b) => Number(unitIsAlarm(b)) - Number(unitIsAlarm(a)) || lastAt(a) - lastAt(b),
  );
  const sections: string[] = [];
  let current = '';
  let used = 0;
  let listed = 0;
  for (const u of ordered) {
    const subj = subject(u);
    const name = subj ? escapeMrkdwn(subj.name) : '';
    const what = powerChain(u) && !isFlap(u) ? chainPath(ui, u) : kindLabel(ui, u);
    const line = `• ${unitIsAlarm(u) ? `${ALARM_MARKER} ` : ''}*${name}*: ${what}`;
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
  blocks.push({
    type: 'context',
    elements: [{ type: 'mrkdwn', text: ui.t('watch.show_hint', { ref: escapeMrkdwn('<server>') }) }],
  });
  assertBlocksWithinLimits(blocks, 'message');
  const names = serversLine(ui, [
    ...new Set(ordered.map((u) => subject(u)?.name).filter((n): n is string => n !== undefined)),
  ]);
  const text = [alarmLine, `${title}\n${summary}`, names].filter(Boolean).join('\n');
  return { text, blocks };
}

// ------------------------------------------------- answers to the watch commands

function targetLabel(ui: Ui, label: string): string {
  return label === 'all' ? ui.t('watch.cmd.all_servers') : `*${escapeMrkdwn(label)}*`;
}

/** The answer to `/vps watch` and `/vps unwatch`. */
export function subscriptionChangeView(ui: Ui, kind: 'watch' | 'unwatch', c: SubscriptionChange): Message {
  const key: MessageKey =
    kind === 'watch'
      ? c.changed
        ? 'watch.cmd.added'
        : 'watch.cmd.already'
      : c.changed
        ? 'watch.cmd.removed'
        : 'watch.cmd.not_watching';
  const text = ui.t(key, { channel: `<#${c.channelId}>`, target: targetLabel(ui, c.label) });
  const blocks: KnownBlock[] = [section(text)];
  assertBlocksWithinLimits(blocks, 'message');
  return { text, blocks };
}

/** Shown to the operator alone in the channel a watch sends to, from another channel: the bot can post there. */
export function watchProbeView(ui: Ui, c: SubscriptionChange): Message {
  const text = ui.t('watch.cmd.probe', { target: targetLabel(ui, c.label) });
  return { text, blocks: [section(text)] };
}

/**
 * `/vps mute` and `/vps unmute`, said in the channel whose notifications
 * change (everyone there should know why it went quiet). `by` is who did it.
 */
export function muteChangeView(ui: Ui, c: MuteChange, by: string): Message {
  const params = { by, channel: `<#${c.channelId}>`, target: targetLabel(ui, c.label) };
  const lines: string[] = [];
  if (c.kind === 'mute') {
    lines.push(ui.t('watch.cmd.muted', { ...params, until: dateOf(ui, (c.until ?? new Date(0)).getTime()) }));
  } else {
    if (c.changed) lines.push(ui.t('watch.cmd.unmuted', params));
    else if (!c.allMutedUntil) lines.push(ui.t('watch.cmd.not_muted', params));
    if (c.allMutedUntil) {
      lines.push(ui.t('watch.cmd.still_muted', { ...params, until: dateOf(ui, c.allMutedUntil.getTime()) }));
    }
  }
  const text = lines.join('\n');
  const blocks: KnownBlock[] = [section(text)];
  assertBlocksWithinLimits(blocks, 'message');
  return { text, blocks };
}

/** The answer to `/vps watches`: every subscription, as many lines as fit, then how many more. */
export function subscriptionListView(ui: Ui, list: SubscriptionList): Message {
  const title = ui.t('watch.cmd.list_title');
  const blocks: KnownBlock[] = [section(`*${title}*`)];
  if (list.rows.length === 0) blocks.push(section(ui.t('watch.cmd.list_empty')));
  let current = '';
  let listed = 0;
  const said: string[] = list.rows.length === 0 ? [ui.t('watch.cmd.list_empty')] : [];
  for (const r of list.rows) {
    const line = `• ${ui.t('watch.cmd.list_line', {
      target: targetLabel(ui, r.label),
      channel: `<#${r.channelId}>`,
      by: r.createdBy,
    })}`;
    if (current.length + line.length + 1 > SECTION_CHARS) {
      if (blocks.length >= LIMITS.messageBlocks - 3) break;
      blocks.push(section(current));
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
    said.push(line);
    listed += 1;
  }
  if (current) blocks.push(section(current));
  if (listed < list.rows.length) {
    blocks.push(section(ui.t('watch.digest.more', { count: list.rows.length - listed })));
  }
  if (list.mutes.length > 0 && blocks.length < LIMITS.messageBlocks - 3) {
    const shown = list.mutes.slice(0, 20);
    const lines = shown.map(
      (m) =>
        `• :no_bell: ${ui.t('watch.cmd.mute_line', {
          target: targetLabel(ui, m.label),
          channel: `<#${m.channelId}>`,
          until: dateOf(ui, m.until.getTime()),
          by: m.createdBy,
        })}`,
    );
    if (list.mutes.length > shown.length) {
      lines.push(ui.t('watch.digest.more', { count: list.mutes.length - shown.length }));
    }
    blocks.push(section(`*${ui.t('watch.cmd.mutes_title')}*\n${lines.join('\n')}`));
  }
  if (list.notifyChannel) {
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: ui.t('watch.cmd.notify_channel', { channel: `<#${list.notifyChannel}>` }),
        },
      ],
    });
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: summaryText(title, said), blocks };
}
