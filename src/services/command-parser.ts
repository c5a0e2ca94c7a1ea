/**
 * The `/vps` grammar as a pure function: text in, a command or a usage problem
 * out. Nothing here calls anything; the handler dispatches what comes back.
 */
import { LOG_METHODS } from '../provider/index.ts';
import type { ChangeField, ListFilter, LogFilter, LogMethod } from './servers/index.ts';

export type { ChangeField, ListFilter, LogFilter } from './servers/index.ts';

const isLogMethod = (v: string): v is LogMethod => (LOG_METHODS as readonly string[]).includes(v);

export type VpsCommand =
  | { name: 'help' }
  | { name: 'list'; filter: ListFilter; page: number }
  | { name: 'show'; server: string }
  | { name: 'change'; field: ChangeField; server: string; value?: string | undefined }
  | { name: 'power'; server: string }
  | { name: 'logs'; filter: LogFilter }
  | { name: 'me' }
  | { name: 'audit'; server?: string | undefined }
  | { name: 'signup' }
  | { name: 'signups' };

export type ParseProblem =
  | { problem: 'unknown_command'; word: string }
  | { problem: 'usage'; command: string }
  | { problem: 'bad_filter'; filter: string; expected: string };

export type ParseResult = { ok: true; command: VpsCommand } | { ok: false; error: ParseProblem };

interface Token {
  text: string;
  start: number;
  end: number;
  quoted: boolean;
}

// Slack clients (macOS, iOS) turn straight quotes into curly ones as people type.
const QUOTES: Record<string, string> = { '"': '"', '\u201c': '\u201d', '\u201d': '\u201d', "'": "'" };

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) break;
    const start = i;
    let value = '';
    let quoted = false;
    while (i < text.length && !/\s/.test(text[i]!)) {
      const ch = text[i]!;
      const close = QUOTES[ch];
      if (close !== undefined) {
        quoted = true;
        i++;
        while (i < text.length && text[i] !== close && !(close === '\u201d' && text[i] === '"')) {
          value += text[i];
          i++;
        }
        i++;
      } else {
        value += ch;
        i++;
      }
    }
    tokens.push({ text: value, start, end: Math.min(i, text.length), quoted });
  }
  return tokens;
}

/** Text after the token at `index`, as typed (spacing kept); a fully quoted rest is unquoted. */
function restAfter(text: string, tokens: Token[], index: number): string | undefined {
  const next = tokens[index + 1];
  if (!next) return undefined;
  const raw = text.slice(next.start).trim();
  if (tokens.length === index + 2 && next.quoted) return next.text;
  return raw;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

function normaliseLogTime(value: string, edge: 'from' | 'to'): string | undefined {
  if (DATE_ONLY.test(value)) return `${value} ${edge === 'from' ? '00:00:00' : '23:59:59'}`;
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  return `${m[1]} ${m[2]}:${m[3]}:${m[4] ?? (edge === 'from' ? '00' : '59')}`;
}

function parseLogFilter(
  tokens: Token[],
): { ok: true; filter: LogFilter } | { ok: false; error: ParseProblem } {
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
        if (!v)
          return { ok: false, error: { problem: 'bad_filter', filter: key, expected: 'YYYY-MM-DD[THH:MM]' } };
        filter[key] = v;
        break;
      }
      case 'status': {
        const v = value.toLowerCase();
        if (v !== 'success' && v !== 'error') {
          return { ok: false, error: { problem: 'bad_filter', filter: key, expected: 'success|error' } };
        }
        filter.status = v;
        break;
      }
      case 'method': {
        const v = value.toUpperCase();
        if (!isLogMethod(v)) {
          return {
            ok: false,
            error: { problem: 'bad_filter', filter: key, expected: 'GET|POST|PUT|DELETE' },
          };
        }
        filter.method = v;
        break;
      }
      case 'code': {
        if (!/^[1-5]\d\d$/.test(value)) {
          return { ok: false, error: { problem: 'bad_filter', filter: key, expected: '100-599' } };
        }
        filter.code = Number(value);
        break;
      }
      default:
        return {
          ok: false,
          error: { problem: 'bad_filter', filter: key, expected: 'from|to|status|method|code' },
        };
    }
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    return { ok: false, error: { problem: 'bad_filter', filter: 'from', expected: 'from <= to' } };
  }
  return { ok: true, filter };
}

const CHANGE_WORDS: Record<string, ChangeField> = { rename: 'name', memo: 'memo', rdns: 'rdns' };

/**
 * The command as the user typed it. With escaping on (manifest `should_escape:
 * true`, so that `#channel` arrives as a channel id), Slack sends a typed
 * domain as `<http://www.example.com|www.example.com>` and `&`, `<`, `>` as
 * entities; a reverse DNS name or a memo must not be stored like that.
 * Mentions (`<#C…|…>`, `<@U…>`, `<!subteam^…>`) stay as Slack escaped them.
 */
export function fromSlackText(text: string): string {
  return text
    .replace(/<((?:https?|mailto|tel):[^|>]*)(?:\|([^>]*))?>/g, (_whole, url: string, label?: string) =>
      label !== undefined && label !== '' ? label : url.replace(/^(mailto|tel):/, ''),
    )
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function parseVpsCommand(typed: string): ParseResult {
  const text = fromSlackText(typed);
  const tokens = tokenize(text);
  const first = tokens[0];
  if (!first) return { ok: true, command: { name: 'help' } };
  const word = first.text.toLowerCase();
  const args = tokens.slice(1);
  const usage = (command: string): ParseResult => ({ ok: false, error: { problem: 'usage', command } });
  switch (word) {
    case 'help':
      return { ok: true, command: { name: 'help' } };
    case 'list':
    case 'ls': {
      const filter: ListFilter = { terms: [] };
      for (const a of args) {
        const m = /^(type|status)=(.+)$/i.exec(a.text);
        if (m) filter[m[1]!.toLowerCase() as 'type' | 'status'] = m[2]!.toLowerCase();
        else if (a.text) filter.terms.push(a.text.toLowerCase());
      }
      return { ok: true, command: { name: 'list', filter, page: 0 } };
    }
    case 'show':
    case 'power':
      if (args.length !== 1 || !args[0]!.text) return usage(word);
      return { ok: true, command: { name: word, server: args[0]!.text } };
    case 'rename':
    case 'memo':
    case 'rdns': {
      const server = args[0];
      if (!server?.text) return usage(word);
      const field = CHANGE_WORDS[word]!;
      if (field === 'memo') {
        return {
          ok: true,
          command: { name: 'change', field, server: server.text, value: restAfter(text, tokens, 1) },
        };
      }
      if (args.length > 2) return usage(word);
      return { ok: true, command: { name: 'change', field, server: server.text, value: args[1]?.text } };
    }
    case 'logs':
    case 'log': {
      const parsed = parseLogFilter(args);
      return parsed.ok ? { ok: true, command: { name: 'logs', filter: parsed.filter } } : parsed;
    }
    case 'me':
      if (args.length > 0) return usage('me');
      return { ok: true, command: { name: 'me' } };
    case 'audit':
      if (args.length > 1) return usage('audit');
      return { ok: true, command: { name: 'audit', server: args[0]?.text } };
    case 'signup':
    case 'signups':
      if (args.length > 0) return usage(word);
      return { ok: true, command: { name: word } };
    default:
      return { ok: false, error: { problem: 'unknown_command', word: first.text.slice(0, 40) } };
  }
}
