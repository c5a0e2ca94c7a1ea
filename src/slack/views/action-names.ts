/**
 * An action as people name it, in help, approvals, audit lines and digests:
 * the command typed after the slash (`rename`, `domain reset`), or in words
 * where nothing is typed (approving is a button). Never the action's id
 * (`hosting.domain_reset`).
 */
import { HOSTING_CHANGES } from '../../store/notice-types.ts';
import type { PlainKey } from '../i18n/index.ts';
import { mrkdwnText, SHOWN, type Ui } from './format.ts';

export function actionName(ui: Ui, action: string): string {
  if (action === 'approve') return ui.t('help.name.approve');
  if (action === 'hosting.approve') return ui.t('hosting.help.name.approve');
  // Typed as two words, not as the action's id.
  if (action === 'bind_channel') return '`account use`';
  const typed = action.replace(/^hosting\./, '').replace(/_/g, ' ');
  return `\`${mrkdwnText(typed, SHOWN.word)}\``;
}

/** Several actions in one sentence. */
export function actionNames(ui: Ui, actions: readonly string[]): string {
  return actions.map((a) => actionName(ui, a)).join(ui.locale === 'ja' ? '、' : ', ');
}

/** What a hosting notice says changed outside the bot. */
type HostingChange = (typeof HOSTING_CHANGES)[number];

const KIND: Record<HostingChange, PlainKey> = {
  'domain-added': 'watch.kind.hosting.domain-added',
  'domain-removed': 'watch.kind.hosting.domain-removed',
  'ssh-on': 'watch.kind.hosting.ssh-on',
  'ssh-off': 'watch.kind.hosting.ssh-off',
  'key-added': 'watch.kind.hosting.key-added',
  'key-removed': 'watch.kind.hosting.key-removed',
  'dns-added': 'watch.kind.hosting.dns-added',
  'dns-changed': 'watch.kind.hosting.dns-changed',
  'dns-removed': 'watch.kind.hosting.dns-removed',
  'cron-added': 'watch.kind.hosting.cron-added',
  'cron-changed': 'watch.kind.hosting.cron-changed',
  'cron-removed': 'watch.kind.hosting.cron-removed',
  'mail-added': 'watch.kind.hosting.mail-added',
  'mail-removed': 'watch.kind.hosting.mail-removed',
  'ftp-added': 'watch.kind.hosting.ftp-added',
  'ftp-removed': 'watch.kind.hosting.ftp-removed',
  'ssl-expiring': 'watch.kind.hosting.ssl-expiring',
};

function isHostingChange(change: string): change is HostingChange {
  return HOSTING_CHANGES.some((known) => known === change);
}

/** A hosting change as its notice named it (an audit line, a digest); one it does not know as given, cut. */
export function hostingChangeWords(ui: Ui, change: string): string {
  return isHostingChange(change) ? ui.t(KIND[change]) : `\`${mrkdwnText(change, SHOWN.word)}\``;
}
