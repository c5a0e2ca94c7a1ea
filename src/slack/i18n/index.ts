import { commonCatalog } from './common.ts';
import { hostingCatalog } from './hosting.ts';
import { serversCatalog } from './servers.ts';
import { signupCatalog } from './signup.ts';
import { watchCatalog } from './watch.ts';

export type Locale = 'en' | 'ja';
type Params = Readonly<Record<string, string | number>>;

/**
 * One catalog per language, merged from one `{ en, ja }` catalog per feature
 * (each file's types keep its en and ja key-identical).
 */
const en = {
  ...commonCatalog.en,
  ...serversCatalog.en,
  ...signupCatalog.en,
  ...watchCatalog.en,
  ...hostingCatalog.en,
};

/** Every key of the catalogs. */
export type MessageKey = keyof typeof en;

const ja: Readonly<Record<MessageKey, string>> = {
  ...commonCatalog.ja,
  ...serversCatalog.ja,
  ...signupCatalog.ja,
  ...watchCatalog.ja,
  ...hostingCatalog.ja,
};

export const catalogs: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = { en, ja };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** The sentence for `key` in `locale`, `{name}` placeholders filled from params. */
function t(locale: Locale, key: MessageKey, params: Params = {}): string {
  const template = catalogs[locale][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined ? whole : String(v);
  });
}

/** Slack locales look like `ja-JP`, `en-US`, `en-GB`. */
export function localeFromSlack(slackLocale: string | undefined, fallback: Locale): Locale {
  if (!slackLocale) return fallback;
  const lang = slackLocale.toLowerCase().slice(0, 2);
  return lang === 'ja' ? 'ja' : lang === 'en' ? 'en' : fallback;
}

export type Translator = (key: MessageKey, params?: Params) => string;

export function translator(locale: Locale): Translator {
  return (key, params) => t(locale, key, params);
}
