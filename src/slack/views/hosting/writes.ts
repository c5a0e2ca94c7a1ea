/** What a /hosting change says in the channel, and the generated private key, for its requester alone. */

import type { KnownBlock, ModalView } from '@slack/types';
import { HOSTING_ACTION_SPECS, type HostingAction } from '../../../services/access/index.ts';
import type { PrivateKey, WriteResult } from '../../../services/hosting/index.ts';
import type { KeyTaking } from '../../i18n/index.ts';
import { HOSTING_IDS } from '../../ids.ts';
import { encodePayload, privateKeyButtonPayload } from '../../payloads.ts';
import { actionName } from '../action-names.ts';
import { displayDomain, displayUrl } from '../domain-display.ts';
import { formatTime, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { buttonMessage, textView } from '../messages.ts';
import { nameServerAdvice } from './reads.ts';

/**
 * Changes whose sentence names what the provider made (a database's full
 * name, prefix included) rather than what was typed. The others name what
 * the person asked for: a site by its URL, a key by its label, not by the id
 * the provider gave them.
 */
const NAMED_BY_PROVIDER: ReadonlySet<HostingAction> = new Set([
  'hosting.db_create',
  'hosting.db_user_create',
]);

/** Changes whose subject is a domain, and the one whose subject is a site's URL: shown as every view shows them. */
const DOMAIN_SUBJECTS: ReadonlySet<HostingAction> = new Set([
  'hosting.ssl_add',
  'hosting.ssl_delete',
  'hosting.domain_add',
  'hosting.subdomain_add',
  'hosting.domain_reset',
  'hosting.domain_change',
  'hosting.domain_delete',
  'hosting.subdomain_change',
  'hosting.subdomain_delete',
]);
const URL_SUBJECTS: ReadonlySet<HostingAction> = new Set(['hosting.wp_install']);

/** The /hosting actions that change something. */
type WriteAction = {
  [A in HostingAction]: (typeof HOSTING_ACTION_SPECS)[A]['write'] extends true ? A : never;
}[HostingAction];

const isWrite = (a: HostingAction): a is WriteAction => HOSTING_ACTION_SPECS[a].write;

const DONE: Record<
  WriteAction,
  KeyTaking<{ user: string; server: string; subject: string; created: string }>
> = {
  'hosting.domain_add': 'hosting.done.hosting.domain_add',
  'hosting.domain_reset': 'hosting.done.hosting.domain_reset',
  'hosting.subdomain_add': 'hosting.done.hosting.subdomain_add',
  'hosting.wp_install': 'hosting.done.hosting.wp_install',
  'hosting.wp_delete': 'hosting.done.hosting.wp_delete',
  'hosting.db_create': 'hosting.done.hosting.db_create',
  'hosting.db_user_create': 'hosting.done.hosting.db_user_create',
  'hosting.db_grant': 'hosting.done.hosting.db_grant',
  'hosting.domain_change': 'hosting.done.hosting.domain_change',
  'hosting.domain_delete': 'hosting.done.hosting.domain_delete',
  'hosting.subdomain_change': 'hosting.done.hosting.subdomain_change',
  'hosting.subdomain_delete': 'hosting.done.hosting.subdomain_delete',
  'hosting.wp_change': 'hosting.done.hosting.wp_change',
  'hosting.db_change': 'hosting.done.hosting.db_change',
  'hosting.db_delete': 'hosting.done.hosting.db_delete',
  'hosting.db_user_change': 'hosting.done.hosting.db_user_change',
  'hosting.db_user_delete': 'hosting.done.hosting.db_user_delete',
  'hosting.db_revoke': 'hosting.done.hosting.db_revoke',
  'hosting.ssh_on': 'hosting.done.hosting.ssh_on',
  'hosting.ssh_off': 'hosting.done.hosting.ssh_off',
  'hosting.ssh_key_add': 'hosting.done.hosting.ssh_key_add',
  'hosting.ssh_key_generate': 'hosting.done.hosting.ssh_key_generate',
  'hosting.ssh_key_delete': 'hosting.done.hosting.ssh_key_delete',
  'hosting.dns_add': 'hosting.done.hosting.dns_add',
  'hosting.dns_change': 'hosting.done.hosting.dns_change',
  'hosting.dns_delete': 'hosting.done.hosting.dns_delete',
  'hosting.cron_add': 'hosting.done.hosting.cron_add',
  'hosting.cron_change': 'hosting.done.hosting.cron_change',
  'hosting.cron_delete': 'hosting.done.hosting.cron_delete',
  'hosting.php_set': 'hosting.done.hosting.php_set',
  'hosting.ssl_add': 'hosting.done.hosting.ssl_add',
  'hosting.ssl_delete': 'hosting.done.hosting.ssl_delete',
  'hosting.ftp_add': 'hosting.done.hosting.ftp_add',
  'hosting.ftp_change': 'hosting.done.hosting.ftp_change',
  'hosting.ftp_delete': 'hosting.done.hosting.ftp_delete',
  'hosting.mail_add': 'hosting.done.hosting.mail_add',
  'hosting.mail_change': 'hosting.done.hosting.mail_change',
  'hosting.mail_forward': 'hosting.done.hosting.mail_forward',
  'hosting.mail_delete': 'hosting.done.hosting.mail_delete',
  'hosting.mail_rules_add': 'hosting.done.hosting.mail_rules_add',
  'hosting.mail_rules_delete': 'hosting.done.hosting.mail_rules_delete',
};

/** The sentence of a done change, with who made it. */
export function doneText(ui: Ui, userId: string, r: WriteResult): string {
  const named = NAMED_BY_PROVIDER.has(r.action) ? (r.created ?? r.subject) : r.subject;
  const subject = DOMAIN_SUBJECTS.has(r.action)
    ? displayDomain(named)
    : URL_SUBJECTS.has(r.action)
      ? displayUrl(named)
      : named;
  const params = {
    user: userId,
    server: r.server,
    subject: mrkdwnText(subject, SHOWN.name),
    created: mrkdwnText(r.created ?? '?', SHOWN.word),
  };
  // Only a change is announced; a read would be named by its command.
  return isWrite(r.action)
    ? ui.t(DONE[r.action], params)
    : ui.t('hosting.op.done', { what: actionName(ui, r.action) });
}

/** A done change for the channel; when SSL failed on the name servers, what to set follows. */
export function doneView(ui: Ui, userId: string, r: WriteResult): Message {
  const done = doneText(ui, userId, r);
  if (!r.sslAdvice) return textView(done);
  return textView(`${done}\n:warning: ${nameServerAdvice(ui, r.sslAdvice.domain, r.sslAdvice.nameServers)}`);
}

/** Whole lines of `text` packed into pieces of at most `max` characters. */
function packLinesOf(text: string, max: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    const next = current === '' ? line : `${current}\n${line}`;
    if (next.length <= max || current === '') current = next;
    else {
      pieces.push(current);
      current = line;
    }
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/**
 * The private key of a generated pair, shown once to the requester. In code
 * blocks: a PEM has no backquotes, so it is shown exactly as it must be saved.
 * A long key (RSA 4096 is over 3,000 characters) runs on over several blocks,
 * cut between lines, so that Slack takes the message: refused, the key would
 * be lost, the provider giving it only once.
 */
export function privateKeyView(
  ui: Ui,
  r: { server: string; created?: string | undefined; privateKey: string | undefined },
): Message {
  if (r.privateKey === undefined)
    return textView(ui.t('hosting.key.missing', { id: mrkdwnText(r.created ?? '?', SHOWN.word) }));
  const user = r.server.split('.')[0] ?? r.server;
  const file = `id_${user}_${r.created ?? 'hosting'}`.replace(/[^A-Za-z0-9_.-]/g, '_');
  const intro = ui.t('hosting.key.generated', { server: r.server, user, file });
  const fence = '```';
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: intro } },
    ...packLinesOf(r.privateKey.trim(), LIMITS.sectionText - 2 * fence.length).map(
      (piece): KnownBlock => ({
        type: 'section',
        text: { type: 'mrkdwn', text: `${fence}${piece}${fence}` },
      }),
    ),
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: intro, blocks };
}

/** How far a generated key's private half got: shown to its requester, waiting for them, or lost. */
export type PrivateKeyFate = 'shown' | 'waiting' | 'lost';

/**
 * What the channel is told of a generated key pair: that it was made, and
 * when its private key could not be shown, that it waits for its requester
 * or is lost (with the command that deletes the key).
 */
export function generatedKeyView(ui: Ui, userId: string, r: WriteResult, fate: PrivateKeyFate): Message {
  if (fate === 'shown') return doneView(ui, userId, r);
  const params = { user: userId, server: r.server, id: mrkdwnText(r.created ?? '?', SHOWN.word) };
  return textView(
    ui.t(fate === 'waiting' ? 'hosting.key.channel.waiting' : 'hosting.key.channel.lost', params),
  );
}

/**
 * The direct message sent when a generated private key could be shown
 * neither in the requester's answer nor ephemerally: what happened, until
 * when, and a button that shows it once in a private window. The key is not
 * in it (a direct message stays for good).
 */
export function privateKeyButtonMessage(
  ui: Ui,
  key: { server: string; created?: string | undefined },
  sealed: { id: string; expiresAt: Date },
): Message {
  const text = ui.t('hosting.key.dm_hidden', {
    server: key.server,
    id: mrkdwnText(key.created ?? '?', SHOWN.word),
    expires: formatTime(ui, sealed.expiresAt),
  });
  return buttonMessage(text, {
    actionId: HOSTING_IDS.showPrivateKey,
    label: ui.t('hosting.key.show'),
    value: encodePayload(privateKeyButtonPayload, { id: sealed.id }),
  });
}

/** The private key in its private window (a modal opened from the button above), shown once. */
export function privateKeyModalView(ui: Ui, key: PrivateKey): ModalView {
  const { blocks } = privateKeyView(ui, key);
  assertBlocksWithinLimits(blocks, 'modal');
  return {
    type: 'modal',
    title: { type: 'plain_text', text: ui.t('hosting.key.modal_title') },
    close: { type: 'plain_text', text: ui.t('hosting.modal.close') },
    blocks,
  };
}

/** What the button's message becomes once the key was shown: it no longer offers it. */
export function privateKeyShownView(ui: Ui, key: { server: string; created?: string | undefined }): Message {
  return textView(
    ui.t('hosting.key.shown_once', { server: key.server, id: mrkdwnText(key.created ?? '?', SHOWN.word) }),
  );
}
