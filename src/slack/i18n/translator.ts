/**
 * Messages are ICU MessageFormat, formatted by formatjs's intl-messageformat:
 * plurals by each language's own rules, numbers through Intl. A message's
 * parameters are read from its English text by the compiler (ParamsOf), so a
 * call with a missing, misspelt or mistyped parameter does not compile; the
 * Japanese text of a key must use the same parameters (`catalog`).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { catalogs, type EnglishCatalog, type MessageKey } from './catalogs.ts';
import type { Locale } from './locale.ts';
import type { ParamsOf } from './message-params.ts';

/** What message `K` must be given. */
export type MessageParams<K extends MessageKey> = ParamsOf<EnglishCatalog[K]>;

/**
 * The keys whose message `params` fill completely (it needs nothing else):
 * the type of a map whose sentences are all called alike, e.g.
 * `Record<Field, KeyTaking<{ limit: number }>>`; `PlainKey` needs nothing.
 */
export type KeyTaking<P> = { [K in MessageKey]: P extends MessageParams<K> ? K : never }[MessageKey];
export type PlainKey = KeyTaking<Record<never, never>>;

type AllOf<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/**
 * A key chosen at run time (`cond ? 'a' : 'b'`, `` `power.${state}` ``) is
 * given what every one of its messages needs. A value read from outside (a
 * code, a state) is mapped to its key by a typed map, never guessed into one.
 */
type ParamArgs<K extends MessageKey> =
  Record<string, never> extends AllOf<MessageParams<K>>
    ? [params?: AllOf<MessageParams<K>>]
    : [params: AllOf<MessageParams<K>>];

export type Translator = <K extends MessageKey>(key: K, ...params: ParamArgs<K>) => string;

/** Compiled once per language and key, when first used. */
const compiled: Record<Locale, Map<MessageKey, IntlMessageFormat>> = { en: new Map(), ja: new Map() };

function format(locale: Locale, key: MessageKey, params: Record<string, unknown> | undefined): string {
  let message = compiled[locale].get(key);
  if (!message) {
    // Slack's own markup (`<@U…>`, `<#C…>`, `<url|text>`) is text to ICU, not a tag.
    message = new IntlMessageFormat(catalogs[locale][key], locale, undefined, { ignoreTag: true });
    compiled[locale].set(key, message);
  }
  const out = message.format(params as Record<string, string | number | Date>);
  return typeof out === 'string' ? out : String(out);
}

export function translator(locale: Locale): Translator {
  return ((key: MessageKey, params?: Record<string, unknown>) => format(locale, key, params)) as Translator;
}
