/** What a /hosting change says in the channel, and the generated private key, for its requester alone. */
import type { HostingAction } from '../../../services/access.ts';
import type { WriteResult } from '../../../services/hosting/index.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { escapeMrkdwn, type Message, type Ui } from '../format.ts';
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

/** The sentence of a done change, with who made it. */
export function doneText(ui: Ui, userId: string, r: WriteResult): string {
  const subject = NAMED_BY_PROVIDER.has(r.action) ? (r.created ?? r.subject) : r.subject;
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

/**
 * The private key of a generated pair, shown once to the requester. In a code
 * block: a PEM has no backquotes, so it is shown exactly as it must be saved.
 */
export function privateKeyView(
  ui: Ui,
  r: { server: string; created?: string | undefined; privateKey: string | undefined },
): Message {
  if (r.privateKey === undefined) return textView(ui.t('hosting.key.missing', { id: r.created ?? '?' }));
  const user = r.server.split('.')[0] ?? r.server;
  const file = `id_${user}_${r.created ?? 'hosting'}`.replace(/[^A-Za-z0-9_.-]/g, '_');
  const intro = ui.t('hosting.key.generated', { server: r.server, user, file });
  return {
    text: intro,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: intro } },
      { type: 'section', text: { type: 'mrkdwn', text: `\`\`\`${r.privateKey.trim()}\`\`\`` } },
    ],
  };
}
