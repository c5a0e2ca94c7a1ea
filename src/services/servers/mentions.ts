/**
 * Which of the account's servers a text names: a server's name, IP address or
 * uuid standing whole in it, in any case (as `/vps show` finds one). Matched
 * exactly against the list as read, never by a part of a name: `web-1` does
 * not name `web-10`, and `web-1.example.com` names neither. The text is read
 * up to a bound, so a huge message costs a bounded amount of work.
 */

/** An entry of the list as far as it can be named. */
export interface Nameable {
  uuid: string | null;
  name?: string | undefined;
  ip_address?: string | null | undefined;
}

/** Characters of a text read for names: far above a Slack message's 40,000, so a real one is read whole. */
export const MENTION_SCAN_CHARS = 60_000;

export interface Mentions<T> {
  /** The entries named, in the order the text first names them, each once. */
  found: T[];
  /** The text was longer than MENTION_SCAN_CHARS: what followed was not read. */
  truncated: boolean;
}

/**
 * What a name, IP address or uuid within the spec's rules is made of (names:
 * `a-z`, digits, `-`, `_`; IPv4: digits and dots; uuids: hex and `-`). A run of
 * these in a text is one word, looked up whole; a key made of other characters
 * (a name the provider holds outside the rules) is looked for as it is, between
 * characters no such word has.
 */
const WORD = /[a-z0-9_.-]+/g;
const PLAIN_KEY = /^[a-z0-9_.-]+$/;
const WORD_CHAR = /[a-z0-9_-]/;
/** Punctuation that may close or open a sentence around a name: `web-1.`, `(db-1)`, `…web-1-` are tried without it. */
const EDGES = /^[._-]+|[._-]+$/g;

function keysOf(e: Nameable): string[] {
  return [e.name, e.ip_address ?? undefined, e.uuid ?? undefined]
    .filter((k): k is string => typeof k === 'string' && k.trim() !== '')
    .map((k) => k.toLowerCase());
}

/** The first place `key` stands whole in `text` (lower-cased), or -1. */
function firstWhole(text: string, key: string): number {
  for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + 1)) {
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + key.length] ?? '';
    if (!WORD_CHAR.test(before) && !WORD_CHAR.test(after)) return at;
  }
  return -1;
}

/** The entries of `entries` that `text` names, each once, in the order it first names them. */
export function mentionedIn<T extends Nameable>(entries: readonly T[], text: string): Mentions<T> {
  const truncated = text.length > MENTION_SCAN_CHARS;
  const read = (truncated ? text.slice(0, MENTION_SCAN_CHARS) : text).toLowerCase();
  const plain = new Map<string, T[]>();
  const other: [string, T][] = [];
  for (const e of entries) {
    for (const k of keysOf(e)) {
      if (PLAIN_KEY.test(k)) plain.set(k, [...(plain.get(k) ?? []), e]);
      else other.push([k, e]);
    }
  }
  const first = new Map<T, number>();
  const seen = (e: T, at: number) => {
    const was = first.get(e);
    if (was === undefined || at < was) first.set(e, at);
  };
  if (plain.size > 0) {
    for (const m of read.matchAll(WORD)) {
      const word = m[0];
      const trimmed = word.replace(EDGES, '');
      for (const e of plain.get(word) ?? plain.get(trimmed) ?? []) seen(e, m.index);
    }
  }
  for (const [k, e] of other) {
    const at = firstWhole(read, k);
    if (at !== -1) seen(e, at);
  }
  const found = [...first.entries()].sort((a, b) => a[1] - b[1]).map(([e]) => e);
  return { found, truncated };
}
