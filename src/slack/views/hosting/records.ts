/**
 * The /hosting answers of DNS records, cron jobs, PHP versions and SSL
 * certificates: each a
 * list under a title, as many lines as one message holds and the rest
 * counted (never cut silently), with the commands that act on them. Pure.
 */
import type { KnownBlock } from '@slack/types';
import {
  type CronListing,
  type DnsListing,
  type PhpListing,
  recordName,
  type SslListing,
  schedule,
} from '../../../services/hosting/index.ts';
import { displayDomain } from '../domain-display.ts';
import { escapeMrkdwn, formatTime, formatTimeLeft, type Message, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { packLines, summaryText } from '../sections.ts';
import { isoTime } from './iso-time.ts';

/** Lines one list message shows: well inside 50 blocks of 3,000 characters. */
const LIST_MAX = 60;
/** A record's value or a job's command beyond this is cut on the line (TXT records run long). */
const VALUE_MAX = 200;
const LINE_MAX = 1000;

const cut = (s: string, max = VALUE_MAX): string =>
  [...s].length > max ? `${[...s].slice(0, max).join('')}…` : s;

function header(text: string): KnownBlock {
  return {
    type: 'header',
    text: { type: 'plain_text', text: [...text].slice(0, LIMITS.headerText).join('') },
  };
}

const context = (text: string): KnownBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });

function listMessage(
  title: string,
  lines: readonly string[],
  empty: string,
  notes: readonly string[],
): Message {
  // A line is its fields, each cut already; a line beyond a third of a section is cut too.
  const shown = lines.slice(0, LIST_MAX).map((l) => cut(l, LINE_MAX));
  const blocks: KnownBlock[] = [
    header(title),
    ...(shown.length === 0
      ? [{ type: 'section', text: { type: 'mrkdwn', text: empty } } as KnownBlock]
      : packLines(shown)),
    ...notes.filter((n) => n !== '').map(context),
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: summaryText(escapeMrkdwn(title), shown.length === 0 ? [empty] : shown), blocks };
}

export function dnsView(ui: Ui, server: string, l: DnsListing): Message {
  const title =
    l.domain === undefined
      ? ui.t('hosting.dns.title_all', { server })
      : ui.t('hosting.dns.title', { domain: displayDomain(l.domain), server });
  const lines = l.records.map((r) =>
    ui.t('hosting.dns.row', {
      id: String(r.id),
      name: escapeMrkdwn(cut(displayDomain(recordName(r)))),
      type: escapeMrkdwn(cut(r.type, 40)),
      content: escapeMrkdwn(cut(r.content)),
      ttl: r.ttl,
      priority:
        r.priority === null || r.priority === 0 ? '' : ui.t('hosting.dns.priority', { priority: r.priority }),
    }),
  );
  return listMessage(title, lines, ui.t('hosting.dns.empty'), [
    lines.length > LIST_MAX ? ui.t('hosting.dns.more', { count: lines.length - LIST_MAX }) : '',
    l.unreadable > 0 ? ui.t('hosting.dns.unreadable', { count: l.unreadable }) : '',
    ui.t('hosting.dns.hint'),
  ]);
}

export function cronView(ui: Ui, server: string, l: CronListing): Message {
  const lines = l.jobs.map((j) =>
    ui.t('hosting.cron.row', {
      state: ui.t(j.enabled ? 'hosting.cron.on' : 'hosting.cron.off'),
      id: escapeMrkdwn(cut(j.id, 100)),
      schedule: escapeMrkdwn(cut(schedule(j), 100)),
      command: escapeMrkdwn(cut(j.command)),
      comment:
        j.comment === '' ? '' : ui.t('hosting.cron.comment', { comment: escapeMrkdwn(cut(j.comment, 100)) }),
    }),
  );
  return listMessage(ui.t('hosting.cron.title', { server }), lines, ui.t('hosting.cron.empty'), [
    lines.length > LIST_MAX ? ui.t('summary.more', { count: lines.length - LIST_MAX }) : '',
    l.notificationEmail ? ui.t('hosting.cron.notices', { email: escapeMrkdwn(l.notificationEmail) }) : '',
    l.unreadable > 0 ? ui.t('hosting.cron.unreadable', { count: l.unreadable }) : '',
    ui.t('hosting.cron.hint'),
  ]);
}

export function phpView(ui: Ui, server: string, l: PhpListing): Message {
  const title =
    l.domain === undefined
      ? ui.t('hosting.php.title', { server })
      : ui.t('hosting.php.title_domain', { domain: displayDomain(l.domain), server });
  const offered = l.offerUnread
    ? ui.t('hosting.php.offer_unread')
    : ui.t('hosting.php.offered', {
        versions: l.offered
          .slice(0, 30)
          .map((o) => `\`${escapeMrkdwn(cut(o.version, 40))}\``)
          .join(ui.locale === 'ja' ? '、' : ', '),
      });
  const lines = l.domains.map((d) =>
    ui.t('hosting.php.row', {
      domain: escapeMrkdwn(cut(displayDomain(d.domain))),
      version: escapeMrkdwn(cut(d.current_version, 40)),
    }),
  );
  return listMessage(title, lines, ui.t('hosting.php.empty'), [
    lines.length > LIST_MAX ? ui.t('summary.more', { count: lines.length - LIST_MAX }) : '',
    offered,
    ui.t('hosting.php.hint'),
  ]);
}

export function sslView(ui: Ui, server: string, l: SslListing): Message {
  const title =
    l.domain === undefined
      ? ui.t('hosting.ssl.title', { server })
      : ui.t('hosting.ssl.title_domain', { domain: displayDomain(l.domain), server });
  const lines = l.certificates.map((c) => {
    const expires = isoTime(c.expires_at);
    const left = expires ? expires.getTime() - l.readAt.getTime() : undefined;
    return ui.t('hosting.ssl.row', {
      state: ui.t(
        c.status === 'active' && (left === undefined || left > 0)
          ? 'hosting.ssl.active'
          : 'hosting.ssl.expired',
      ),
      domain: escapeMrkdwn(cut(displayDomain(c.common_name))),
      type:
        c.type === 'letsencrypt'
          ? ui.t('hosting.ssl.free')
          : c.type === 'option'
            ? ui.t('hosting.ssl.paid')
            : escapeMrkdwn(cut(c.type, 40)),
      expires: expires ? formatTime(ui, expires) : escapeMrkdwn(cut(c.expires_at, 40)),
      left: left === undefined ? '?' : left > 0 ? formatTimeLeft(ui, left) : ui.t('hosting.ssl.gone'),
    });
  });
  return listMessage(title, lines, ui.t('hosting.ssl.empty'), [
    lines.length > LIST_MAX ? ui.t('summary.more', { count: lines.length - LIST_MAX }) : '',
    l.unreadable > 0 ? ui.t('hosting.ssl.unreadable', { count: l.unreadable }) : '',
    ui.t('hosting.ssl.hint'),
  ]);
}
