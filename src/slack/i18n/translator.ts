import { catalogs, type MessageKey } from './catalogs.ts';
import type { Locale } from './locale.ts';

type Params = Readonly<Record<string, string | number>>;

/** The sentence for `key` in `locale`, `{name}` placeholders filled from params. */
function t(locale: Locale, key: MessageKey, params: Params = {}): string {
  const template = catalogs[locale][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined ? whole : String(v);
  });
}

export type Translator = (key: MessageKey, params?: Params) => string;

export function translator(locale: Locale): Translator {
  return (key, params) => t(locale, key, params);
}
