/**
 * What every slash command's grammar starts from: Slack's escaped text read
 * back as typed, then cut into tokens that remember where they stood, so the
 * rest of a line (a memo) can be taken with its spacing; and what a grammar
 * answers when the text is not a command.
 */

import type { MessageKey } from '../i18n/index.ts';

type TopicOf<K> = K extends `usage.${infer T}` ? T : never;
/** A command with a usage line in the catalogs (`usage.<topic>`). */
export type UsageTopic = TopicOf<MessageKey>;

/** Why a text is not a command; the Slack side says it in the user's words. */
export type ParseProblem =
  /** `suggestion`: the known word closest to what was typed, when one is close enough. */
  | { problem: 'unknown_command'; word: string; suggestion?: string | undefined }
  | { problem: 'usage'; command: UsageTopic }
  /** `command`: whose filter it is (`logs`, `list`), for the example. */
  | { problem: 'bad_filter'; filter: string; expected: string; command?: 'logs' | 'list' }
  /** A date or time in the filter's shape that names no moment (`2026-02-30`, `2026-13-01`, `24:00`). */
  | { problem: 'bad_date'; filter: string; value: string };

/** Edit distance (insertions, deletions, substitutions, and swaps of neighbours). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * What an unknown word most likely meant: the known word within two edits
 * (one for short words), or one it starts; undefined when nothing is close.
 */
export function suggestWord(typed: string, known: readonly string[]): string | undefined {
  const w = typed.toLowerCase();
  if (w.length === 0 || w.length > 20) return undefined;
  let best: { word: string; d: number } | undefined;
  for (const k of known) {
    const d = distance(w, k);
    if (!best || d < best.d) best = { word: k, d };
  }
  const allowed = w.length <= 3 ? 1 : 2;
  if (best && best.d <= allowed) return best.word;
  return known.find((k) => w.length >= 3 && k.startsWith(w));
}

/** The answer to an unknown first word, with the closest known one. */
export function unknownWord(typed: string, known: readonly string[]): ParseProblem {
  return { problem: 'unknown_command', word: typed.slice(0, 40), suggestion: suggestWord(typed, known) };
}

export type ParseResult<C> = { ok: true; command: C } | { ok: false; error: ParseProblem };

export interface Token {
  text: string;
  start: number;
  end: number;
  quoted: boolean;
}

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
export function restAfter(text: string, tokens: readonly Token[], index: number): string | undefined {
  const next = tokens[index + 1];
  if (!next) return undefined;
  const raw = text.slice(next.start).trim();
  if (tokens.length === index + 2 && next.quoted) return next.text;
  return raw;
}

/** Slack escapes a channel picked from autocomplete as `<#C123ABC|name>` (or `<#C123ABC>`). */
const CHANNEL_REF = /^<#([CG][A-Z0-9]+)(?:\|[^>]*)?>$/;

/** The channel id of an escaped channel reference; null when the token is something else. */
export function channelOf(token: string): string | null {
  const m = CHANNEL_REF.exec(token);
  return m ? m[1]! : null;
}
