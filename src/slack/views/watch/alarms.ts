/**
 * An alarm of a kind other than power as the channel reads it: one message
 * posted at once and edited as it goes on (opened, reopened, taken,
 * resolved), the lines said in its thread, and its line in a digest. Each
 * kind words its first line, what to do, and how it ended from the facts it
 * was opened with, read back by the watch (src/store/alarm-types.ts). Pure: an
 * incident with its reading in, Block Kit out.
 */
import type { ActionsBlock, Button, KnownBlock } from '@slack/types';
import type { IncidentRow, ReadIncident } from '../../../store/index.ts';
import { itemBlockId, WATCH_IDS } from '../../ids.ts';
import { displayDomain } from '../domain-display.ts';
import { formatDuration, type Message, mrkdwnText, SHOWN, slackDate, type Ui } from '../format.ts';
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

/** How long it lasted: from when it opened to when it resolved (or to now, its last change). */
function lasted(inc: IncidentRow): number {
  const end = inc.resolvedAt?.getTime() ?? inc.lastChangeAt.getTime();
  return end - (inc.raisedAt ?? inc.startedAt).getTime();
}

/** Listed values (name servers, addresses), each cut to fit, as many as read well on a line. */
const LISTED = 20;
function list(ui: Ui, items: readonly string[]): string {
  const shown = items.slice(0, LISTED).map((i) => `\`${mrkdwnText(i, SHOWN.name)}\``);
  const more = items.length - shown.length;
  return more > 0 ? ui.t('oncall.list_more', { items: shown.join(', '), count: more }) : shown.join(', ');
}

/** The words of an alarm of `inc.kind`, from its facts; a generic sentence when they cannot be read. */
export function alarmText(ui: Ui, inc: ReadIncident, oncall: string): AlarmText {
  const name = mrkdwnText(incidentName(ui, inc), SHOWN.name);
  const duration = formatDuration(ui, lasted(inc));
  const since = slackDate(ui, (inc.raisedAt ?? inc.startedAt).getTime());
  const generic: AlarmText = {
    alarm: ui.t('oncall.generic.alarm', { oncall, name }),
    what: ui.t('oncall.generic.what', { name }),
    body: '',
    resolved: ui.t('oncall.generic.resolved', { name, duration }),
    label: mrkdwnText(inc.kind, SHOWN.word),
  };
  const facts = inc.facts;
  if (!facts) return generic;
  switch (facts.kind) {
    case 'contract': {
      const d = facts.detail;
      return {
        alarm: ui.t('oncall.contract.alarm', { oncall, name }),
        what: ui.t('oncall.contract.what', { name }),
        body: ui.t('oncall.contract.body', { from: mrkdwnText(d.from, SHOWN.word), at: since }),
        resolved: ui.t('oncall.contract.resolved', { name, duration }),
        label: ui.t('oncall.contract.label'),
        server: inc.subject,
      };
    }
    case 'signup-stuck': {
      const d = facts.detail;
      const named = inc.name ? name : ui.t('oncall.signup-stuck.unnamed');
      const service = mrkdwnText(d.serviceId, SHOWN.word);
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
      const d = facts.detail;
      const status = mrkdwnText(d.status, SHOWN.word);
      // A domain is shown as every view shows one: the Punycode beside a name that could deceive.
      const name = mrkdwnText(displayDomain(inc.name), SHOWN.domain);
      return {
        alarm: ui.t('oncall.ssl.alarm', { oncall, name, status, server: mrkdwnText(d.server, SHOWN.name) }),
        what: ui.t('oncall.ssl.what', { name, status }),
        body: ui.t('oncall.ssl.body', {
          servers: d.nameServers.length > 0 ? list(ui, d.nameServers) : ui.t('oncall.ssl.no_servers'),
        }),
        resolved: ui.t('oncall.ssl.resolved', { name, duration }),
        label: ui.t('oncall.ssl.label'),
      };
    }
    case 'ssl-expired': {
      const d = facts.detail;
      const server = mrkdwnText(d.server, SHOWN.name);
      const name = mrkdwnText(displayDomain(inc.name), SHOWN.domain);
      const expires = d.expiresAt === null ? ui.t('oncall.ssl-expired.unknown') : slackDate(ui, d.expiresAt);
      return {
        alarm: ui.t('oncall.ssl-expired.alarm', { oncall, name, expires, server }),
        what: ui.t('oncall.ssl-expired.what', { name }),
        body: ui.t('oncall.ssl-expired.body', { server, domain: mrkdwnText(d.domain, SHOWN.domain) }),
        resolved: ui.t('oncall.ssl-expired.resolved', { name, duration }),
        label: ui.t('oncall.ssl-expired.label'),
      };
    }
    case 'key-use': {
      const d = facts.detail;
      const ip = mrkdwnText(d.ip, SHOWN.name);
      return {
        alarm: ui.t('oncall.key-use.alarm', { oncall }),
        what: ui.t('oncall.key-use.what', { ip }),
        body: ui
          .t('oncall.key-use.body', {
            method: mrkdwnText(d.method, SHOWN.word),
            path: mrkdwnText(d.path, SHOWN.text),
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
      const d = facts.detail;
      return {
        alarm: ui.t('oncall.key-auth.alarm', {
          oncall,
          count: d.count,
          minutes: d.windowMinutes,
          statuses: d.statuses.slice(0, LISTED).join('/'),
        }),
        what: ui.t('oncall.key-auth.what', { count: d.count }),
        body: ui.t('oncall.key-auth.body', {
          ips: d.ips.length > 0 ? list(ui, d.ips) : ui.t('oncall.key-auth.no_ips'),
        }),
        resolved: ui.t('oncall.key-auth.resolved', { duration }),
        label: ui.t('oncall.key-auth.label'),
      };
    }
    case 'key-expired': {
      const d = facts.detail;
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

/** The alarm's one message in a channel: posted when it opens, and every edit after. */
export function renderAlarm(ui: Ui, inc: ReadIncident, oncallMention = ''): Message {
  const words = alarmText(ui, inc, mentionFor(inc, oncallMention));
  const open = inc.alarming;
  const head = tidy(open ? words.alarm : words.resolved);
  const blocks: KnownBlock[] = [section(head)];
  if (words.body) blocks.push(section(words.body));
  const line = claimLine(ui, inc);
  if (line) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: line }] });
  const elements: Button[] = [];
  if (isOpenAlarm(inc)) elements.push(claimButton(ui, inc));
  if (words.server) elements.push(...serverButtons(ui, words.server));
  if (elements.length > 0) {
    const actions: ActionsBlock = {
      type: 'actions',
      block_id: itemBlockId(WATCH_IDS.alertActions, inc.id),
      elements,
    };
    blocks.push(actions);
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: [head, words.body, line].filter(Boolean).join('\n'), blocks };
}
