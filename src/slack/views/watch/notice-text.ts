/**
 * The words of a notice unit: its sentence (and its alarm sentence, with the
 * on-call mention), the one-line backlog summary, and the short labels a
 * digest counts and lists. Times are Slack date tokens, so every reader sees
 * their own time zone.
 */

import type { AlarmKind, Notice } from '../../../store/index.ts';
import type { PlainKey } from '../../i18n/index.ts';
import {
  formatDuration,
  formatTimeLeft,
  mrkdwnText,
  powerEmoji,
  powerLabel,
  SHOWN,
  slackDate as token,
  type Ui,
} from '../format.ts';
import { ALARM_MARKER } from './alarm-parts.ts';
import { hostingKind, hostingLine } from './hosting-notice.ts';
import { isFlap, type NoticeUnit, powerChain } from './notice-unit.ts';
import { renewalReminderView } from './renewal-reminder.ts';
import { serverChangedKind, serverChangedText } from './server-changed-notice.ts';

function dateOf(ui: Ui, ms: number): string {
  return token(ui, ms);
}

function statusLabel(ui: Ui, s: string): string {
  return s === 'active' || s === 'suspended' ? ui.t(`status.${s}`) : mrkdwnText(s, SHOWN.word);
}

/** The main sentence of a unit, and its alarm sentence when it has one. */
export function describe(ui: Ui, unit: NoticeUnit, oncallMention: string): { main: string; alarm?: string } {
  const chain = powerChain(unit);
  if (chain) {
    const first = chain[0]!;
    const last = chain[chain.length - 1]!;
    const name = mrkdwnText(first.name, SHOWN.name);
    const path = [first.from, ...chain.map((c) => c.to)].map((s) => powerLabel(ui, s)).join(' → ');
    let main: string;
    if (chain.length === 1) {
      main = ui.t('watch.power.changed', {
        emoji: powerEmoji(last.to),
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
        emoji: powerEmoji(last.to),
        name,
        path,
        at: dateOf(ui, last.at),
      });
    }
    if (!unit.alarm) return { main };
    const key = last.to === 'error' ? 'watch.power.alarm_error' : 'watch.power.alarm_stop';
    return { main, alarm: `${ALARM_MARKER} ${ui.t(key, { oncall: oncallMention, name }).trim()}` };
  }
  const n = unit.notices[0]!;
  switch (n.kind) {
    case 'power':
      return { main: '' }; // unreachable: handled as a chain above
    case 'contract':
      return {
        main: ui.t('watch.contract.changed', {
          name: mrkdwnText(n.name, SHOWN.name),
          to: statusLabel(ui, n.to),
          from: statusLabel(ui, n.from),
          at: dateOf(ui, n.at),
        }),
      };
    case 'server-added':
      return {
        main: ui.t('watch.server.added', { name: mrkdwnText(n.name, SHOWN.name), at: dateOf(ui, n.at) }),
      };
    case 'server-removed':
      return {
        main: ui.t('watch.server.removed', { name: mrkdwnText(n.name, SHOWN.name), at: dateOf(ui, n.at) }),
      };
    case 'server-changed':
      return { main: serverChangedText(ui, n) };
    case 'signup-active':
      return {
        main: ui.t('watch.signup.active', {
          requester: n.requesterId,
          name: mrkdwnText(n.name, SHOWN.name),
          uuid: mrkdwnText(n.uuid, SHOWN.name),
          ip: n.ip === null ? ui.t('watch.signup.ip_unknown') : mrkdwnText(n.ip, SHOWN.name),
          at: dateOf(ui, n.at),
        }),
      };
    case 'signup-stuck':
      return {
        main: ui.t('watch.signup.stuck', {
          requester: n.requesterId,
          name: n.name === null ? ui.t('watch.signup.unnamed') : mrkdwnText(n.name, SHOWN.name),
          service: mrkdwnText(n.serviceId, SHOWN.word),
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
    case 'key-expired':
      return {
        main: ui.t('watch.key.expired_answering', { expires: dateOf(ui, n.expiresAt) }),
        alarm: ui.t('watch.key.alarm_expired', { oncall: oncallMention }).trim(),
      };
    case 'key-refused':
      return {
        main:
          n.expiresAt !== null && n.expiresAt <= n.at
            ? ui.t('watch.key.expired', { expires: dateOf(ui, n.expiresAt) })
            : ui.t('watch.key.refused', { at: dateOf(ui, n.at) }),
        alarm: ui.t('watch.key.alarm_refused', { oncall: oncallMention }).trim(),
      };
    case 'channel-parked': {
      const reason = PARKED_REASONS.get(n.error);
      return {
        main: ui.t('watch.parked.told', {
          channel: n.channelId,
          reason: reason ? ui.t(reason) : mrkdwnText(n.error, SHOWN.word),
          age: formatDuration(ui, n.summariseAfterMs),
        }),
      };
    }
    case 'backlog':
      return { main: backlogLine(ui, n) };
    case 'renewal':
      // Rendered whole by renewalReminderView; this is its first line.
      return { main: renewalReminderView(ui, n).text.split('\n')[0]! };
    case 'alarm':
      // Only in a muted channel's summary: what happened to an alarm while nobody there was notified.
      return { main: `*${mrkdwnText(n.name, SHOWN.name)}*: ${alarmLabel(ui, n.alarm)}` };
    case 'hosting':
      return { main: hostingLine(ui, n) };
    case 'daily-digest':
      // Drawn whole from the stored digest by the notifier; this names it (a parked channel's summary).
      return { main: ui.t('digest.notice', { day: n.day }) };
  }
}

const ALARM_LABELS: ReadonlyMap<string, PlainKey> = new Map(
  Object.entries({
    contract: 'oncall.contract.label',
    'signup-stuck': 'oncall.signup-stuck.label',
    ssl: 'oncall.ssl.label',
    'ssl-expired': 'oncall.ssl-expired.label',
    'key-use': 'oncall.key-use.label',
    'key-auth': 'oncall.key-auth.label',
    'key-expired': 'oncall.key-expired.label',
  } satisfies Record<AlarmKind, PlainKey>),
);

/** A short label of an alarm kind, for a summary; a kind not listed as given. */
function alarmLabel(ui: Ui, kind: string): string {
  const key = ALARM_LABELS.get(kind);
  return key ? ui.t(key) : mrkdwnText(kind, SHOWN.word);
}

/** Why the bot cannot post in a channel, as Slack said it, in words. */
const PARKED_REASONS: ReadonlyMap<string, PlainKey> = new Map<string, PlainKey>([
  ['not_in_channel', 'watch.parked.reason.not_in_channel'],
  ['channel_not_found', 'watch.parked.reason.channel_not_found'],
  ['is_archived', 'watch.parked.reason.is_archived'],
]);

/** The backlog's names, as many as read well on one line. */
const BACKLOG_NAMES = 10;

function backlogLine(ui: Ui, n: Extract<Notice, { kind: 'backlog' }>): string {
  const parts: string[] = [];
  if (n.changes > 0) {
    const shown = n.servers.slice(0, BACKLOG_NAMES).map((s) => `*${mrkdwnText(s, SHOWN.name)}*`);
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

/** A short label of what a unit did, for the digest's counts. */
export function kindLabel(ui: Ui, unit: NoticeUnit): string {
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
    case 'server-changed':
      return serverChangedKind(ui, n);
    case 'signup-active':
      return ui.t('watch.kind.signup_active');
    case 'signup-stuck':
      return ui.t('watch.kind.signup_stuck');
    case 'alarm':
      return alarmLabel(ui, n.alarm);
    case 'hosting':
      return hostingKind(ui, n);
    default:
      return n.kind;
  }
}

export function chainPath(ui: Ui, unit: NoticeUnit): string {
  const chain = powerChain(unit)!;
  return [chain[0]!.from, ...chain.map((c) => c.to)].map((s) => powerLabel(ui, s)).join(' → ');
}
