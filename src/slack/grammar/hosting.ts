/**
 * The one `/hosting` grammar, as a pure function:
 * `/hosting [servername] <area> ...`. The server name is the server's initial
 * domain, so it has a dot and no area word has one: a first word with a dot
 * names the server. Values are read back as typed (Slack escapes a typed
 * domain as a link); their rules are checked by the hosting service.
 */

import { parseRecordArea, RECORD_WORDS, type RecordArea } from './hosting-records.ts';
import {
  parseDatabaseVerb,
  parseDomainVerb,
  parseWordpressVerb,
  resetTypeOf,
  type SiteArea,
} from './hosting-sites.ts';
import { MAIL_WORDS, type MailArea, parseMailArea } from './mail-accounts.ts';
import type { MailRulesArea } from './mail-rules.ts';
import {
  channelOf,
  fromSlackText,
  type ParseResult,
  type Token,
  tokenize,
  type UsageTopic,
  unknownWord,
} from './tokens.ts';

/** The words of /hosting, for a suggestion when one is mistyped. */
export const HOSTING_WORDS = [
  'help',
  'servers',
  'info',
  'usage',
  'domains',
  'domain',
  'subdomains',
  'subdomain',
  'wp',
  'db',
  'ssh',
  'errorlog',
  'accesslog',
  'ftp',
  ...RECORD_WORDS,
  ...MAIL_WORDS,
  'audit',
  'watch',
  'unwatch',
] as const;

type Area =
  | { name: 'help' }
  | { name: 'servers' }
  | { name: 'info' }
  | { name: 'usage' }
  | { name: 'domains' }
  | { name: 'domain'; domain: string }
  | { name: 'domain_add'; domain: string; ssl: boolean; redirectHttps: boolean }
  | { name: 'domain_reset'; domain: string; type: 'all' | 'web' | 'other' | undefined }
  | { name: 'subdomains' }
  | { name: 'subdomain_add'; subdomain: string; ssl: boolean }
  | { name: 'wp'; domain: string | undefined }
  | { name: 'wp_install' }
  | { name: 'wp_delete'; id: string }
  | { name: 'db_create' }
  | { name: 'db_user_create' }
  | { name: 'db_grant'; dbUser: string; dbName: string }
  | { name: 'ssh' }
  | { name: 'ssh_on' }
  | { name: 'ssh_off' }
  | { name: 'ssh_keys' }
  | { name: 'ssh_key_add' }
  | { name: 'ssh_key_generate'; label: string | undefined }
  | { name: 'ssh_key_delete'; id: string }
  | { name: 'errorlog'; domain: string; lines: number | undefined; keyword: string | undefined }
  | { name: 'accesslog'; domain: string; lines: number | undefined; keyword: string | undefined }
  | { name: 'ftp'; domain: string | undefined }
  | { name: 'ftp_add'; account: string }
  | { name: 'ftp_change'; account: string }
  | { name: 'ftp_delete'; account: string }
  | { name: 'audit' }
  | { name: 'watch'; channelId: string | undefined }
  | { name: 'unwatch'; channelId: string | undefined }
  | RecordArea
  | MailArea
  | MailRulesArea
  | SiteArea;

/** A `/hosting` command: what to do, and on which server when the user named one. */
export type HostingCommand = Area & { server: string | undefined };

/** The verbs of `ftp`, and the words people also type for them. */
const FTP_VERBS = new Map<string, 'ftp_add' | 'ftp_change' | 'ftp_delete'>([
  ['add', 'ftp_add'],
  ['create', 'ftp_add'],
  ['change', 'ftp_change'],
  ['edit', 'ftp_change'],
  ['delete', 'ftp_delete'],
  ['remove', 'ftp_delete'],
]);

/** Flags of `domain add` and `subdomain add`, as typed (`redirect_https` is accepted too). */
const FLAG_WORDS: Record<string, 'ssl' | 'redirectHttps'> = {
  ssl: 'ssl',
  'redirect-https': 'redirectHttps',
  redirect_https: 'redirectHttps',
};

function flagsOf(tokens: readonly Token[], allowed: readonly ('ssl' | 'redirectHttps')[]) {
  const set = new Set<'ssl' | 'redirectHttps'>();
  for (const t of tokens) {
    const f = FLAG_WORDS[t.text.toLowerCase()];
    if (!f || !allowed.includes(f) || set.has(f)) return undefined;
    set.add(f);
  }
  return set;
}

/** `lines` as typed: a whole number of digits (its range is the service's rule). */
const WHOLE = /^\d{1,9}$/;
/** A bare word written as a number (`200`, `-5`, `2.5`, `1e3`) is meant as `lines`; any other word is the keyword. */
const NUMBER_LIKE = /^[-+]?\d+(?:[.,]\d+)?(?:e\d+)?$/i;

/**
 * `lines` as typed, bare or as `lines=N`. Anything but a whole number is
 * handed on as NaN, so the service's rule names the field and its range
 * instead of the grammar answering with the usage line.
 */
function linesOf(typed: string): number {
  const v = typed.replace(/^lines=/i, '');
  return WHOLE.test(v) ? Number(v) : Number.NaN;
}

/**
 * `errorlog <domain> [lines] [keyword]` (and `accesslog`), in either order: `lines=N` and
 * `keyword=TEXT` named, or bare, where a number is the lines and a word the
 * keyword (the first number only: `errorlog example.jp 100 404` looks for
 * 404). A keyword with spaces is quoted. Undefined when a value is given twice.
 */
function errorLogArgs(
  tokens: readonly Token[],
): { lines: number | undefined; keyword: string | undefined } | undefined {
  let lines: number | undefined;
  let keyword: string | undefined;
  for (const t of tokens) {
    const named = /^(lines|keyword)=/i.exec(t.text)?.[1]?.toLowerCase();
    const isLines =
      named === 'lines' || (named === undefined && lines === undefined && NUMBER_LIKE.test(t.text));
    if (isLines) {
      if (lines !== undefined) return undefined;
      lines = linesOf(t.text);
    } else {
      if (keyword !== undefined) return undefined;
      keyword = named === 'keyword' ? t.text.slice('keyword='.length) : t.text;
    }
  }
  return { lines, keyword };
}

function parseArea(words: readonly Token[]): ParseResult<Area> {
  const ok = (command: Area): ParseResult<Area> => ({ ok: true, command });
  const usage = (command: UsageTopic): ParseResult<Area> => ({
    ok: false,
    error: { problem: 'usage', command },
  });
  const [first, second, ...rest] = words;
  if (!first) return ok({ name: 'help' });
  const w = first.text.toLowerCase();
  const w2 = second?.text.toLowerCase();
  const args = words.slice(1);
  // The commands that take no argument, each with its usage line.
  const none = (
    c: Extract<Area, { name: 'help' | 'servers' | 'info' | 'usage' | 'domains' | 'subdomains' | 'audit' }>,
  ) => (args.length === 0 ? ok(c) : usage(`hosting.${c.name}`));
  switch (w) {
    case 'help':
      return none({ name: 'help' });
    case 'servers':
      return none({ name: 'servers' });
    case 'info':
      return none({ name: 'info' });
    case 'usage':
      return none({ name: 'usage' });
    case 'domains':
      return none({ name: 'domains' });
    case 'subdomains':
      return none({ name: 'subdomains' });
    case 'audit':
      return none({ name: 'audit' });
    case 'domain': {
      if (w2 === 'add') {
        const [domain, ...flags] = rest;
        const set = domain?.text ? flagsOf(flags, ['ssl', 'redirectHttps']) : undefined;
        if (!domain || !set) return usage('hosting.domain_add');
        return ok({
          name: 'domain_add',
          domain: domain.text,
          ssl: set.has('ssl'),
          redirectHttps: set.has('redirectHttps'),
        });
      }
      if (w2 === 'reset') {
        const type = resetTypeOf(rest[1]);
        if (rest.length < 1 || rest.length > 2 || !rest[0]!.text || type === null)
          return usage('hosting.domain_reset');
        return ok({ name: 'domain_reset', domain: rest[0]!.text, type });
      }
      const site = parseDomainVerb('domain', w2, rest);
      if (site) return site;
      if (args.length !== 1 || !second?.text) return usage('hosting.domain');
      return ok({ name: 'domain', domain: second.text });
    }
    case 'subdomain': {
      const site = parseDomainVerb('subdomain', w2, rest);
      if (site) return site;
      if (w2 !== 'add') return usage('hosting.subdomain_add');
      const [fqdn, ...flags] = rest;
      const set = fqdn?.text ? flagsOf(flags, ['ssl']) : undefined;
      if (!fqdn || !set) return usage('hosting.subdomain_add');
      return ok({ name: 'subdomain_add', subdomain: fqdn.text, ssl: set.has('ssl') });
    }
    case 'wp':
    case 'wordpress': {
      if (w2 === 'install')
        return rest.length === 0 ? ok({ name: 'wp_install' }) : usage('hosting.wp_install');
      if (w2 === 'delete') {
        if (rest.length !== 1 || !rest[0]!.text) return usage('hosting.wp_delete');
        return ok({ name: 'wp_delete', id: rest[0]!.text });
      }
      const site = parseWordpressVerb(w2, rest);
      if (site) return site;
      if (args.length > 1) return usage('hosting.wp');
      return ok({ name: 'wp', domain: second?.text || undefined });
    }
    case 'db': {
      const site = parseDatabaseVerb(args);
      if (site) return site;
      if (w2 === 'create') return rest.length === 0 ? ok({ name: 'db_create' }) : usage('hosting.db_create');
      if (w2 === 'user' && rest[0]?.text.toLowerCase() === 'create' && rest.length === 1)
        return ok({ name: 'db_user_create' });
      if (w2 === 'grant') {
        if (rest.length !== 2 || !rest[0]!.text || !rest[1]!.text) return usage('hosting.db_grant');
        return ok({ name: 'db_grant', dbUser: rest[0]!.text, dbName: rest[1]!.text });
      }
      return usage('hosting.db');
    }
    case 'ssh': {
      if (w2 === undefined) return ok({ name: 'ssh' });
      if (w2 === 'on' || w2 === 'off')
        return rest.length === 0 ? ok({ name: w2 === 'on' ? 'ssh_on' : 'ssh_off' }) : usage('hosting.ssh');
      if (w2 === 'keys') return rest.length === 0 ? ok({ name: 'ssh_keys' }) : usage('hosting.ssh');
      if (w2 === 'key') {
        const [verb, ...more] = rest;
        const v = verb?.text.toLowerCase();
        if (v === 'add')
          return more.length === 0 ? ok({ name: 'ssh_key_add' }) : usage('hosting.ssh_key_add');
        if (v === 'generate') {
          // The label is the rest of the line, as typed; empty means none.
          const label = more
            .map((t) => t.text)
            .join(' ')
            .trim();
          return ok({ name: 'ssh_key_generate', label: label === '' ? undefined : label });
        }
        if (v === 'delete') {
          if (more.length !== 1 || !more[0]!.text) return usage('hosting.ssh_key_delete');
          return ok({ name: 'ssh_key_delete', id: more[0]!.text });
        }
      }
      return usage('hosting.ssh');
    }
    case 'errorlog':
    case 'error-log': {
      const [domain, ...more] = args;
      const read = domain?.text ? errorLogArgs(more) : undefined;
      if (!domain || !read) return usage('hosting.errorlog');
      return ok({ name: 'errorlog', domain: domain.text, ...read });
    }
    case 'accesslog':
    case 'access-log': {
      const [domain, ...more] = args;
      const read = domain?.text ? errorLogArgs(more) : undefined;
      if (!domain || !read) return usage('hosting.accesslog');
      return ok({ name: 'accesslog', domain: domain.text, ...read });
    }
    case 'ftp': {
      // `ftp [domain]`, `ftp add|change|delete <account>`: a domain has a dot, so a verb is not taken for one.
      const [domain, ...more] = args;
      const verb = FTP_VERBS.get(domain?.text.toLowerCase() ?? '');
      if (verb) {
        if (more.length !== 1 || !more[0]!.text) return usage('hosting.ftp');
        return ok({ name: verb, account: more[0]!.text });
      }
      if (more.length > 0 || (domain !== undefined && !domain.text.includes('.')))
        return usage('hosting.ftp');
      return ok({ name: 'ftp', domain: domain?.text });
    }
    case 'dns':
    case 'cron':
    case 'php':
    case 'ssl':
      return parseRecordArea(w, args);
    case 'mail':
      return parseMailArea(args);
    case 'watch':
    case 'unwatch': {
      // `watch [#channel]`: the channel is read from the escaped text (`<#C…|name>` is a mention).
      const channel = args[0] ? channelOf(args[0].text) : undefined;
      if (args.length > 1 || channel === null) return usage(`hosting.${w}`);
      return ok({ name: w, channelId: channel });
    }
    default:
      return { ok: false, error: unknownWord(first.text, HOSTING_WORDS) };
  }
}

export function parseHostingCommand(typed: string): ParseResult<HostingCommand> {
  const tokens = tokenize(fromSlackText(typed));
  // An area word never has a dot; the server's initial domain always has one.
  const named = tokens[0]?.text.includes('.') ? tokens[0].text : undefined;
  const parsed = parseArea(named === undefined ? tokens : tokens.slice(1));
  return parsed.ok ? { ok: true, command: { ...parsed.command, server: named } } : parsed;
}
