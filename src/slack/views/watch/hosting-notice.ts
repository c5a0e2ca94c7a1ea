/**
 * The words of a hosting notice: a domain added or removed, SSH turned on or
 * off, an SSH key, a DNS record, a cron job, a mail or FTP account added,
 * changed or removed on a hosting server, outside the bot (the bot announces
 * its own changes when it makes them), or a free certificate close to its expiry. A domain is shown as
 * every view shows one (domain-display.ts); the hint names the /hosting read
 * that shows the part now.
 */
import { domainForms } from '../../../services/hosting/index.ts';
import type { HOSTING_CHANGES, HostingNotice } from '../../../store/index.ts';
import type { KeyTaking } from '../../i18n/index.ts';
import { hostingChangeWords } from '../action-names.ts';
import { displayDomain } from '../domain-display.ts';
import { mrkdwnText, SHOWN, slackDate, type Ui } from '../format.ts';

type HostingChange = (typeof HOSTING_CHANGES)[number];
type NoticeParams = {
  server: string;
  item: string;
  label: string;
  at: string;
  detail: string;
  expires: string;
};

const NOTICE: Record<HostingChange, KeyTaking<NoticeParams>> = {
  'domain-added': 'watch.hosting.domain-added',
  'domain-removed': 'watch.hosting.domain-removed',
  'ssh-on': 'watch.hosting.ssh-on',
  'ssh-off': 'watch.hosting.ssh-off',
  'key-added': 'watch.hosting.key-added',
  'key-removed': 'watch.hosting.key-removed',
  'dns-added': 'watch.hosting.dns-added',
  'dns-changed': 'watch.hosting.dns-changed',
  'dns-removed': 'watch.hosting.dns-removed',
  'cron-added': 'watch.hosting.cron-added',
  'cron-changed': 'watch.hosting.cron-changed',
  'cron-removed': 'watch.hosting.cron-removed',
  'mail-added': 'watch.hosting.mail-added',
  'mail-removed': 'watch.hosting.mail-removed',
  'ftp-added': 'watch.hosting.ftp-added',
  'ftp-removed': 'watch.hosting.ftp-removed',
  'ssl-expiring': 'watch.hosting.ssl-expiring',
};

/** Whether the notice's item is a domain (shown as every view shows one). */
const namesDomain = (c: HostingChange) =>
  c === 'domain-added' || c === 'domain-removed' || c === 'ssl-expiring' || c.startsWith('dns-');

/** The /hosting read that shows each part now. */
const AREA: Record<string, string> = {
  domain: 'domains',
  ssh: 'ssh',
  key: 'ssh keys',
  dns: 'dns',
  cron: 'cron',
  mail: 'mail',
  ftp: 'ftp',
  ssl: 'ssl',
};

/** The domain as people read it: its readable form, with the Punycode beside one that could deceive. */
function domainShown(item: string): string {
  return mrkdwnText(displayDomain(domainForms(item).readable || item), SHOWN.domain);
}

function params(ui: Ui, n: HostingNotice): NoticeParams {
  const item = n.item ?? '';
  const cron = n.change.startsWith('cron-');
  const label = cron
    ? n.label
      ? ui.t('watch.hosting.comment', { comment: mrkdwnText(n.label, SHOWN.name) })
      : ''
    : n.label
      ? mrkdwnText(n.label, SHOWN.name)
      : ui.t('watch.hosting.unlabelled');
  return {
    server: mrkdwnText(n.server, SHOWN.name),
    item: namesDomain(n.change)
      ? domainShown(item)
      : n.change.startsWith('mail-') || n.change.startsWith('ftp-')
        ? mrkdwnText(item, SHOWN.name)
        : mrkdwnText(item, SHOWN.word),
    label,
    at: slackDate(ui, n.at),
    detail: mrkdwnText(n.detail ?? '', SHOWN.text),
    expires: slackDate(ui, n.expiresAt ?? n.at),
  };
}

/** The notice's sentence. */
export function hostingLine(ui: Ui, n: HostingNotice): string {
  return ui.t(NOTICE[n.change], params(ui, n));
}

/** A short label of what changed, for a digest's counts. */
export function hostingKind(ui: Ui, n: HostingNotice): string {
  return hostingChangeWords(ui, n.change);
}

/**
 * What a digest's line names after the change's label: the domain (its
 * Punycode beside a form that could deceive) or the SSH key's label; nothing
 * for SSH turned on or off.
 */
export function hostingItem(ui: Ui, n: HostingNotice): string {
  const p = params(ui, n);
  if (n.change === 'key-added' || n.change === 'key-removed') return p.label;
  if (n.change.startsWith('dns-')) return `${p.item} \`${p.detail}\``;
  if (n.change.startsWith('cron-')) return `\`${p.item}\` (${p.detail}${p.label})`;
  if (n.item !== undefined) return p.item;
  return '';
}

/** The /hosting read of the part that changed, ready for inline code. */
export function hostingCommand(n: HostingNotice): string {
  const area = AREA[n.change.split('-')[0] ?? ''] ?? 'ssh keys';
  return `/hosting ${mrkdwnText(n.server, SHOWN.name)} ${area}`;
}

/** Where to look now: the /hosting read of the part that changed. */
export function hostingHint(ui: Ui, n: HostingNotice): string {
  return ui.t('watch.hosting.hint', { command: hostingCommand(n) });
}
