/**
 * The `/hosting` words of mail accounts, as a pure function the /hosting
 * grammar (hosting.ts) hands them to: `mail [domain]`, `mail show <address>`,
 * `mail add <address>` (a form asks the rest), `mail change <address>` (a
 * form), `mail delete <address>`, `mail forward <address>` (shown) and
 * `mail forward set <address>` (a form); `mail rules …` is mail-rules.ts's. The
 * address is read as typed (Slack writes a typed address as a `mailto:` link,
 * read back by the grammar's tokens); its rule is checked by the service.
 */
import { type MailRulesArea, parseMailRules } from './mail-rules.ts';
import type { ParseResult, Token } from './tokens.ts';

export const MAIL_WORDS = ['mail'] as const;

export type MailArea =
  | { name: 'mail'; domain: string | undefined }
  | { name: 'mail_show'; address: string }
  | { name: 'mail_add'; address: string }
  | { name: 'mail_delete'; address: string }
  | { name: 'mail_change'; address: string }
  | { name: 'mail_forward'; address: string }
  | { name: 'mail_forward_set'; address: string };

/** The words after `mail`. */
export function parseMailArea(args: readonly Token[]): ParseResult<MailArea | MailRulesArea> {
  const usage: ParseResult<MailArea> = { ok: false, error: { problem: 'usage', command: 'hosting.mail' } };
  const [verbToken, ...rest] = args;
  const verb = verbToken?.text.toLowerCase();
  const one = (
    name: 'mail_show' | 'mail_add' | 'mail_delete' | 'mail_change' | 'mail_forward' | 'mail_forward_set',
    words = rest,
  ): ParseResult<MailArea> =>
    words.length === 1 && words[0]!.text !== ''
      ? { ok: true, command: { name, address: words[0]!.text } }
      : usage;
  if (verb === 'rules' || verb === 'rule' || verb === 'filters' || verb === 'filter')
    return parseMailRules(rest);
  if (verb === 'show') return one('mail_show');
  if (verb === 'add' || verb === 'create') return one('mail_add');
  if (verb === 'delete' || verb === 'remove') return one('mail_delete');
  if (verb === 'change' || verb === 'edit') return one('mail_change');
  if (verb === 'forward' || verb === 'forwarding') {
    if (rest[0]?.text.toLowerCase() === 'set') return one('mail_forward_set', rest.slice(1));
    return one('mail_forward');
  }
  if (args.length > 1) return usage;
  return { ok: true, command: { name: 'mail', domain: verbToken?.text || undefined } };
}
