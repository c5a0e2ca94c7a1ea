/**
 * An alarm of a kind other than power as the channel reads it: one message
 * posted at once and edited as it goes on (raised, raised again, taken,
 * resolved), the lines said in its thread, and its line in a digest. Each
 * kind words its first line, what to do, and how it ended from the facts it
 * was raised with (src/watch/alarm-kinds.ts). Pure: an incident in, Block Kit out.
 */
import type { ActionsBlock, Button, KnownBlock } from '@slack/types';
import type { IncidentRow } from '../../../store/index.ts';
import { ALARM_ON, alarmDetail, isAlarmKind } from '../../../watch/alarm-kinds.ts';
import { WATCH_IDS } from '../../ids.ts';
import { displayDomain } from '../domain-display.ts';
import { escapeMrkdwn, formatDuration, type Message, slackDate, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import {
  claimButton,
  claimLine,
  incidentName,
  isOpenAlarm,
  mentionFor,
  serverButtons,
} from './alarm-parts.ts';

/** A kind's words for one alarm. */
export interface AlarmText {
  /** The first line while it is true, with the marker and the mention. */
  alarm: string;
  /** A phrase naming it, for a reminder, the thread, `/vps incidents`. */
  what: string;
  /** What it is and what to do. */
  body: string;
  /** The first line once it ended: how long it lasted. */
  resolved: string;
  /** A short label, for a digest's counts. */
  label: string;
  /** The server it is about, for its card and mute buttons. */
  server?: string;
}

/** How long it lasted: from its raise to its resolve (or to now, its last change). */
function lasted(inc: IncidentRow): number {
  const end = inc.resolvedAt?.getTime() ?? inc.lastChangeAt.getTime();
  return end - (inc.raisedAt ?? inc.startedAt).getTime();
}

const list = (items: readonly string[]) => items.map((i) => `\`${escapeMrkdwn(i)}\``).join(', ');

/** The words of an alarm of `inc.kind`, from its facts; a generic sentence when they cannot be read. */
export function alarmText(ui: Ui, inc: IncidentRow, oncall: string): AlarmText {
  const name = escapeMrkdwn(incidentName(ui, inc));
  const duration = formatDuration(ui, lasted(inc));
  const since = slackDate(ui, (inc.raisedAt ?? inc.startedAt).getTime());
  const generic: AlarmText = {
    alarm: ui.t('oncall.generic.alarm', { oncall, name }),
    what: ui.t('oncall.generic.what', { name }),
    body: '',
    resolved: ui.t('oncall.generic.resolved', { name, duration }),
    label: escapeMrkdwn(inc.kind),
  };
  const kind = inc.kind;
  if (!isAlarmKind(kind)) return generic;
  switch (kind) {
    case 'contract': {
      const d = alarmDetail(kind, inc.detail);
      if (!d) return generic;
      return {
        alarm: ui.t('oncall.contract.alarm', { oncall, name }),
        what: ui.t('oncall.contract.what', { name }),
        body: ui.t('oncall.contract.body', { from: escapeMrkdwn(d.from), at: since }),
        resolved: ui.t('oncall.contract.resolved', { name, duration }),
        label: ui.t('oncall.contract.label'),
        server: inc.subject,
      };
    }
    case 'signup-stuck': {
      const d = alarmDetail(kind, inc.detail);
      if (!d) return generic;
      const named = inc.name ? name : ui.t('oncall.signup-stuck.unnamed');
      const service = escapeMrkdwn(d.serviceId);
      return {
        alarm: ui.t('oncall.signup-stuck.alarm', {
          oncall,
          name: named,
          service,
          since: slackDate(ui, d.since),
        }),
        what: ui.t('oncall.signup-stuck.what', { name: named }),
        body: ui.t('oncall.signup-stuck.body', { requester: d.requesterId, service }),
        resolved: ui.t('oncall.signup-stuck.resolved', { name: named, duration }),
        label: ui.t('oncall.signup-stuck.label'),
      };
    }
    case 'ssl': {
      const d = alarmDetail(kind, inc.detail);
      if (!d) return generic;
      const status = escapeMrkdwn(d.status);
      // A domain is shown as every view shows one: the Punycode beside a name that could deceive.
      const name = escapeMrkdwn(displayDomain(inc.name));
      return {
        alarm: ui.t('oncall.ssl.alarm', { oncall, name, status, server: escapeMrkdwn(d.server) }),
        what: ui.t('oncall.ssl.what', { name, status }),
        body: ui.t('oncall.ssl.body', {
          servers: d.nameServers.length > 0 ? list(d.nameServers) : ui.t('oncall.ssl.no_servers'),
        }),
        resolved: ui.t('oncall.ssl.resolved', { name, duration }),
        label: ui.t('oncall.ssl.label'),
      };
    }
    case 'key-use': {
      const d = alarmDetail(kind, inc.detail);
      if (!d) return generic;
      const ip = escapeMrkdwn(d.ip);
      return {
        alarm: ui.t('oncall.key-use.alarm', { oncall }),
        what: ui.t('oncall.key-use.what', { ip }),
        body: ui
          .t('oncall.key-use.body', {
            method: escapeMrkdwn(d.method),
            path: escapeMrkdwn(d.path),
            status: d.status,
            ip,
            at: slackDate(ui, d.requestedAt),
            more: d.more ? ui.t('oncall.key-use.more', { count: d.more }) : '',
          })
          .concat(d.own ? `\n${ui.t('oncall.key-use.own')}` : ''),
        resolved: ui.t('oncall.key-use.resolved', { ip, duration }),
        label: ui.t('oncall.key-use.label'),
      };
    }
    case 'key-auth': {
      const d = alarmDetail(kind, inc.detail);
      if (!d) return generic;
      return {
        alarm: ui.t('oncall.key-auth.alarm', {
          oncall,
          count: d.count,
          minutes: d.windowMinutes,
          statuses: d.statuses.join('/'),
        }),
        what: ui.t('oncall.key-auth.what', { count: d.count }),
        body: ui.t('oncall.key-auth.body', {
          ips: d.ips.length > 0 ? list(d.ips.slice(0, 20)) : ui.t('oncall.key-auth.no_ips'),
        }),
        resolved: ui.t('oncall.key-auth.resolved', { duration }),
        label: ui.t('oncall.key-auth.label'),
      };
    }
    case 'key-expired': {
      const d = alarmDetail(kind, inc.detail);
      if (!d) return generic;
      const refused = d.refused === true || d.expiresAt === null;
      return {
        alarm:
          !refused && d.expiresAt !== null
            ? ui.t('oncall.key-expired.alarm', { oncall, expires: slackDate(ui, d.expiresAt) })
            : ui.t('oncall.key-expired.alarm_refused', { oncall }),
        what: ui.t(refused ? 'oncall.key-expired.what_refused' : 'oncall.key-expired.what'),
        body: ui.t(refused ? 'oncall.key-expired.body_refused' : 'oncall.key-expired.body'),
        resolved: ui.t('oncall.key-expired.resolved', { duration }),
        label: ui.t('oncall.key-expired.label'),
      };
    }
  }
}

/** A mention left empty leaves two spaces behind. */
export const tidy = (s: string) => s.replace(/ {2,}/g, ' ').trim();

function section(text: string): KnownBlock {
  return { type: 'section', text: { type: 'mrkdwn', text } };
}

/** The alarm's one message in a channel: posted when it is raised, and every edit after. */
export function renderAlarm(ui: Ui, inc: IncidentRow, oncallMention = ''): Message {
  const words = alarmText(ui, inc, mentionFor(inc, oncallMention));
  const open = inc.state === ALARM_ON;
  const head = tidy(open ? words.alarm : words.resolved);
  const blocks: KnownBlock[] = [section(head)];
  if (words.body) blocks.push(section(words.body));
  const line = claimLine(ui, inc);
  if (line) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: line }] });
  const elements: Button[] = [];
  if (isOpenAlarm(inc)) elements.push(claimButton(ui, inc));
  if (words.server) elements.push(...serverButtons(ui, words.server));
  if (elements.length > 0) {
    const actions: ActionsBlock = { type: 'actions', block_id: WATCH_IDS.alertActions, elements };
    blocks.push(actions);
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: [head, words.body, line].filter(Boolean).join('\n'), blocks };
}
