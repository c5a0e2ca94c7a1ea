/** What a /hosting change says in the channel, and the generated private key, for its requester alone. */

import type { KnownBlock } from '@slack/types';
import type { HostingAction } from '../../../services/access/index.ts';
import type { WriteResult } from '../../../services/hosting/index.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { displayDomain, displayUrl } from '../domain-display.ts';
import { escapeMrkdwn, type Message, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { textView } from '../messages.ts';
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
  'hosting.domain_add',
  'hosting.subdomain_add',
  'hosting.domain_reset',
]);
const URL_SUBJECTS: ReadonlySet<HostingAction> = new Set(['hosting.wp_install']);

/** The sentence of a done change, with who made it. */
export function doneText(ui: Ui, userId: string, r: WriteResult): string {
  const named = NAMED_BY_PROVIDER.has(r.action) ? (r.created ?? r.subject) : r.subject;
  const subject = DOMAIN_SUBJECTS.has(r.action)
    ? displayDomain(named)
    : URL_SUBJECTS.has(r.action)
      ? displayUrl(named)
      : named;
  return ui.t(`hosting.done.${r.action}` as MessageKey, {
    user: userId,
    server: r.server,
    subject: escapeMrkdwn(subject),
  });
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
    return textView(ui.t('hosting.key.missing', { id: escapeMrkdwn(r.created ?? '?') }));
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
