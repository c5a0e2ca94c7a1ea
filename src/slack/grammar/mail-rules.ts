/**
 * The `/hosting` words of mail sorting rules, after `mail rules` (the mail
 * grammar, mail-accounts.ts, hands them here): `mail rules [domain]` lists
 * them, `mail rules add <domain>` opens a form, `mail rules delete <rule id>`
 * asks for a confirmation. A rule belongs to a domain: an address typed
 * instead stands for its domain (the service reads it). Pure.
 */
import type { ParseResult, Token } from './tokens.ts';

export type MailRulesArea =
  | { name: 'mail_rules'; domain: string | undefined }
  | { name: 'mail_rules_add'; domain: string }
  | { name: 'mail_rules_delete'; id: string };

export function parseMailRules(args: readonly Token[]): ParseResult<MailRulesArea> {
  const usage: ParseResult<MailRulesArea> = {
    ok: false,
    error: { problem: 'usage', command: 'hosting.mail_rules' },
  };
  const [first, ...rest] = args;
  const verb = first?.text.toLowerCase();
  const one = (): string | undefined =>
    rest.length === 1 && rest[0]!.text !== '' ? rest[0]!.text : undefined;
  if (verb === 'add' || verb === 'create') {
    const domain = one();
    return domain === undefined ? usage : { ok: true, command: { name: 'mail_rules_add', domain } };
  }
  if (verb === 'delete' || verb === 'remove') {
    const id = one();
    return id === undefined ? usage : { ok: true, command: { name: 'mail_rules_delete', id } };
  }
  // A domain or an address has a dot: a word without one is a verb mistyped, not a domain.
  if (args.length > 1 || (first !== undefined && !first.text.includes('.'))) return usage;
  return { ok: true, command: { name: 'mail_rules', domain: first?.text || undefined } };
}
