/**
 * The words of a hosting notice: a domain added or removed, SSH turned on or
 * off, an SSH key added or removed on a hosting server, outside the bot (the
 * bot announces its own changes when it makes them). A domain is shown as
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
type NoticeParams = { server: string; item: string; label: string; at: string };

const NOTICE: Record<HostingChange, KeyTaking<NoticeParams>> = {
  'domain-added': 'watch.hosting.domain-added',
  'domain-removed': 'watch.hosting.domain-removed',
  'ssh-on': 'watch.hosting.ssh-on',
  'ssh-off': 'watch.hosting.ssh-off',
  'key-added': 'watch.hosting.key-added',
  'key-removed': 'watch.hosting.key-removed',
};

/** The domain as people read it: its readable form, with the Punycode beside one that could deceive. */
function domainShown(item: string): string {
  return mrkdwnText(displayDomain(domainForms(item).readable || item), SHOWN.domain);
}

function params(ui: Ui, n: HostingNotice): NoticeParams {
  const item = n.item ?? '';
  const isDomain = n.change === 'domain-added' || n.change === 'domain-removed';
  return {
    server: mrkdwnText(n.server, SHOWN.name),
    item: isDomain ? domainShown(item) : mrkdwnText(item, SHOWN.word),
    label: n.label ? mrkdwnText(n.label, SHOWN.name) : ui.t('watch.hosting.unlabelled'),
    at: slackDate(ui, n.at),
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
  if (n.change === 'domain-added' || n.change === 'domain-removed') return p.item;
  if (n.change === 'key-added' || n.change === 'key-removed') return p.label;
  return '';
}

/** The /hosting read of the part that changed, ready for inline code. */
export function hostingCommand(n: HostingNotice): string {
  const area = n.change.startsWith('domain') ? 'domains' : n.change.startsWith('ssh') ? 'ssh' : 'ssh keys';
  return `/hosting ${mrkdwnText(n.server, SHOWN.name)} ${area}`;
}

/** Where to look now: the /hosting read of the part that changed. */
export function hostingHint(ui: Ui, n: HostingNotice): string {
  return ui.t('watch.hosting.hint', { command: hostingCommand(n) });
}
