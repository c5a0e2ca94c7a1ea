/**
 * The one `/vps` grammar, as a pure function: Slack's text in, a command or a
 * usage problem out. Every word of every feature (servers, signup, watch) is
 * read here; nothing here calls anything, the `/vps` listener dispatches what
 * comes back. The words' meaning (fields, filters) is the servers service's
 * vocabulary.
 */
import {
  type ChangeField,
  isLogLimit,
  isLogTime,
  type ListFilter,
  LOG_LIMIT,
  LOG_METHODS,
  type LogFilter,
  type LogMethod,
} from '../../services/servers/index.ts';
import {
  channelOf,
  fromSlackText,
  type ParseResult as GrammarResult,
  type ParseProblem,
  restAfter,
  type Token,
  tokenize,
  type UsageTopic,
  unknownWord,
} from './tokens.ts';

export type VpsCommand =
  /** `topic`: `/vps help rename` shows that command with the rules its values must follow. */
  | { name: 'help'; topic?: HelpTopic | undefined }
  | { name: 'list'; filter: ListFilter; page: number }
  | { name: 'show'; server: string }
  | { name: 'change'; field: ChangeField; server: string; value?: string | undefined }
  | { name: 'power'; server: string }
  | { name: 'logs'; filter: LogFilter }
  | { name: 'me' }
  | { name: 'audit'; server?: string | undefined }
  | { name: 'signup' }
  /** `/vps signup status <id>`: a signup's state by its service code (ordered here or in the panel). */
  | { name: 'signup_status'; id: string }
  | { name: 'signups' }
  /** Today's price list: plans, every period's price, the images each plan can take. */
  | { name: 'plans' }
  | { name: 'watch'; target: string; channelId: string | undefined }
  | { name: 'unwatch'; target: string; channelId: string | undefined }
  | { name: 'watches'; channelId: string | undefined }
  | { name: 'mute'; target: string; durationMs: number; channelId: string | undefined }
  | { name: 'unmute'; target: string | undefined; channelId: string | undefined }
  /** The contract dates the bot knows. */
  | { name: 'renewals' }
  /** `/vps renewal set <server> <YYYY-MM-DD>`: the date as typed (the renewals service checks it). */
  | { name: 'renewal_set'; server: string; date: string }
  | { name: 'renewal_clear'; server: string }
  | { name: 'incidents' }
  /** The daily digest of the last 24 hours, to the person who asks. */
  | { name: 'digest' }
  /** The provider accounts this bot serves. */
  | { name: 'accounts' }
  /** `/vps account use <name>`: bind the channel it is typed in to that account. */
  | { name: 'account_use'; account: string };

type ParseResult = GrammarResult<VpsCommand>;

const isLogMethod = (v: string): v is LogMethod => (LOG_METHODS as readonly string[]).includes(v);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

function normaliseLogTime(value: string, edge: 'from' | 'to'): string | undefined {
  if (DATE_ONLY.test(value)) return `${value} ${edge === 'from' ? '00:00:00' : '23:59:59'}`;
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  return `${m[1]} ${m[2]}:${m[3]}:${m[4] ?? (edge === 'from' ? '00' : '59')}`;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: ParseProblem };

const badFilter = (
  filter: string,
  expected: string,
  command: 'logs' | 'list' = 'logs',
): { ok: false; error: ParseProblem } => ({
  ok: false,
  error: { problem: 'bad_filter', filter, expected, command },
});

/** The words of /vps, for a suggestion when one is mistyped. */
export const VPS_WORDS = [
  'help',
  'list',
  'show',
  'power',
  'rename',
  'memo',
  'rdns',
  'logs',
  'me',
  'audit',
  'signup',
  'signups',
  'plans',
  'watch',
  'unwatch',
  'watches',
  'mute',
  'unmute',
  'renewals',
  'renewal',
  'incidents',
  'digest',
  'accounts',
  'account',
] as const;

/** The commands whose values have rules, for `/vps help <command>`. */
export const HELP_TOPICS = ['rename', 'memo', 'rdns', 'logs'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

/** What `/vps list type=` and `status=` can be (the provider's values). */
const LIST_TYPES = ['vps', 'business', 'windows', 'gpu'] as const;
const LIST_STATUSES = ['active', 'suspended'] as const;

function parseLogFilter(tokens: readonly Token[]): Parsed<LogFilter> {
  const filter: LogFilter = {};
  for (const t of tokens) {
    const eq = t.text.indexOf('=');
    if (eq <= 0) return { ok: false, error: { problem: 'usage', command: 'logs' } };
    const key = t.text.slice(0, eq).toLowerCase();
    const value = t.text.slice(eq + 1);
    switch (key) {
      case 'from':
      case 'to': {
        const v = normaliseLogTime(value, key);
        if (!v) return badFilter(key, 'YYYY-MM-DD[THH:MM]');
        // The provider refuses a day the calendar does not have: say so here, by name.
        if (!isLogTime(v))
          return { ok: false, error: { problem: 'bad_date', filter: key, value: value.slice(0, 40) } };
        filter[key] = v;
        break;
      }
      case 'status': {
        const v = value.toLowerCase();
        if (v !== 'success' && v !== 'error') return badFilter(key, 'success|error');
        filter.status = v;
        break;
      }
      case 'method': {
        const v = value.toUpperCase();
        if (!isLogMethod(v)) return badFilter(key, 'GET|POST|PUT|DELETE');
        filter.method = v;
        break;
      }
      case 'code': {
        if (!/^[1-5]\d\d$/.test(value)) return badFilter(key, '100-599');
        filter.code = Number(value);
        break;
      }
      case 'limit': {
        // The provider's page size, checked here so a wrong one costs no request.
        const n = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
        if (!isLogLimit(n)) return badFilter(key, `${LOG_LIMIT.min}–${LOG_LIMIT.max}`);
        filter.limit = n;
        break;
      }
      default:
        return badFilter(key, 'from|to|status|method|code|limit');
    }
  }
  if (filter.from && filter.to && filter.from > filter.to) return badFilter('from', 'from <= to');
  return { ok: true, value: filter };
}

function parseListFilter(tokens: readonly Token[]): Parsed<ListFilter> {
  const filter: ListFilter = { terms: [] };
  for (const a of tokens) {
    const m = /^(type|status)=(.*)$/i.exec(a.text);
    if (m) {
      const key = m[1]!.toLowerCase() as 'type' | 'status';
      const value = m[2]!.toLowerCase();
      const allowed: readonly string[] = key === 'type' ? LIST_TYPES : LIST_STATUSES;
      // A value the provider never sends would match nothing: say which ones there are.
      if (!allowed.includes(value)) return badFilter(key, allowed.join(' | '), 'list');
      filter[key] = value;
    } else if (a.text) filter.terms.push(a.text.toLowerCase());
  }
  return { ok: true, value: filter };
}

const CHANGE_WORDS: Record<string, ChangeField> = { rename: 'name', memo: 'memo', rdns: 'rdns' };

const UNIT_MS: Record<string, number> = {
  s: 1_000,
  sec: 1_000,
  m: 60_000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};
const MUTE_MIN_MS = 60_000;
const MUTE_MAX_MS = 7 * 86_400_000;

/** `30m`, `2h`, `1h30m`, `1d`, `90min`: a mute's length in ms, within 1 minute and 7 days; undefined otherwise. */
export function parseDuration(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  if (!/^(\d+(s|sec|m|min|h|d))+$/.test(t)) return undefined;
  let ms = 0;
  for (const m of t.matchAll(/(\d+)(sec|min|s|m|h|d)/g)) ms += Number(m[1]) * UNIT_MS[m[2]!]!;
  return ms >= MUTE_MIN_MS && ms <= MUTE_MAX_MS ? ms : undefined;
}

export function parseVpsCommand(typed: string): ParseResult {
  const text = fromSlackText(typed);
  const tokens = tokenize(text);
  const first = tokens[0];
  if (!first) return { ok: true, command: { name: 'help' } };
  const word = first.text.toLowerCase();
  const args = tokens.slice(1);
  const ok = (command: VpsCommand): ParseResult => ({ ok: true, command });
  const usage = (command: UsageTopic): ParseResult => ({ ok: false, error: { problem: 'usage', command } });
  switch (word) {
    case 'help': {
      const topic = args[0]?.text.toLowerCase();
      if (!topic) return ok({ name: 'help' });
      if (args.length > 1 || !(HELP_TOPICS as readonly string[]).includes(topic)) return usage('help');
      return ok({ name: 'help', topic: topic as HelpTopic });
    }
    case 'list':
    case 'ls': {
      const f = parseListFilter(args);
      return f.ok ? ok({ name: 'list', filter: f.value, page: 0 }) : f;
    }
    case 'show':
    case 'power':
      if (args.length !== 1 || !args[0]!.text) return usage(word);
      return ok({ name: word, server: args[0]!.text });
    case 'rename':
    case 'memo':
    case 'rdns': {
      const server = args[0];
      if (!server?.text) return usage(word);
      const field = CHANGE_WORDS[word]!;
      if (field === 'memo') {
        return ok({ name: 'change', field, server: server.text, value: restAfter(text, tokens, 1) });
      }
      if (args.length > 2) return usage(word);
      return ok({ name: 'change', field, server: server.text, value: args[1]?.text });
    }
    case 'logs':
    case 'log': {
      const parsed = parseLogFilter(args);
      return parsed.ok ? ok({ name: 'logs', filter: parsed.value }) : parsed;
    }
    case 'me':
      if (args.length > 0) return usage('me');
      return ok({ name: 'me' });
    case 'audit':
      if (args.length > 1) return usage('audit');
      return ok({ name: 'audit', server: args[0]?.text });
    case 'signup':
      // `/vps signup` alone opens the order form; `/vps signup status <id>` reads one signup.
      if (args.length === 0) return ok({ name: 'signup' });
      if (args[0]!.text.toLowerCase() !== 'status') return usage('signup');
      if (args.length !== 2 || !args[1]!.text) return usage('signup_status');
      return ok({ name: 'signup_status', id: args[1]!.text });
    case 'signups':
    case 'incidents':
    case 'digest':
    case 'plans':
    case 'prices':
      if (args.length > 0) return usage(word === 'prices' ? 'plans' : word);
      return ok({ name: word === 'prices' ? 'plans' : word });
    case 'watches': {
      // The channel is read from the escaped text: `<#C…|name>` is a mention, not a link.
      if (args.length > 1) return usage(word);
      const channel = args[0] ? channelOf(args[0].text) : undefined;
      if (channel === null) return usage(word);
      return ok({ name: 'watches', channelId: channel });
    }
    case 'watch':
    case 'unwatch': {
      if (args.length < 1 || args.length > 2 || !args[0]!.text) return usage(word);
      const channel = args[1] ? channelOf(args[1].text) : undefined;
      if (channel === null) return usage(word);
      return ok({ name: word, target: args[0]!.text, channelId: channel });
    }
    case 'mute': {
      if (args.length < 2 || args.length > 3 || !args[0]!.text) return usage(word);
      const durationMs = parseDuration(args[1]!.text);
      const channel = args[2] ? channelOf(args[2].text) : undefined;
      if (durationMs === undefined || channel === null) return usage(word);
      return ok({ name: 'mute', target: args[0]!.text, durationMs, channelId: channel });
    }
    case 'unmute': {
      if (args.length > 2) return usage(word);
      // `unmute #channel`: every mute of that channel.
      const lone = args.length === 1 ? channelOf(args[0]!.text) : undefined;
      if (lone) return ok({ name: 'unmute', target: undefined, channelId: lone });
      const channel = args[1] ? channelOf(args[1].text) : undefined;
      if (channel === null) return usage(word);
      return ok({ name: 'unmute', target: args[0]?.text || undefined, channelId: channel });
    }
    case 'renewals':
      if (args.length > 0) return usage('renewals');
      return ok({ name: 'renewals' });
    case 'renewal': {
      const sub = args[0]?.text.toLowerCase();
      if (sub === 'set' && args.length === 3 && args[1]!.text && args[2]!.text)
        return ok({ name: 'renewal_set', server: args[1]!.text, date: args[2]!.text });
      if (sub === 'clear' && args.length === 2 && args[1]!.text)
        return ok({ name: 'renewal_clear', server: args[1]!.text });
      return usage('renewal');
    }
    case 'accounts':
      if (args.length > 0) return usage('accounts');
      return ok({ name: 'accounts' });
    case 'account':
      if (args.length !== 2 || args[0]!.text.toLowerCase() !== 'use' || !args[1]!.text)
        return usage('account');
      return ok({ name: 'account_use', account: args[1]!.text });
    default:
      return { ok: false, error: unknownWord(first.text, VPS_WORDS) };
  }
}
