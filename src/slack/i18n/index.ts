import { type MessageKey as CoreKey, en as coreEn } from './en.ts';
import { ja as coreJa } from './ja.ts';
import { type SignupMessageKey, signupMessages } from './signup-messages.ts';
import { type WatchMessageKey, watchMessages } from './watch-messages.ts';

export type Locale = 'en' | 'ja';
export type Params = Readonly<Record<string, string | number>>;
/** Every key of the catalogs: the core commands' and each feature's. */
export type MessageKey = CoreKey | SignupMessageKey | WatchMessageKey;

/** One catalog per language, assembled from the feature files (each keeps en and ja key-identical). */
const en: Readonly<Record<MessageKey, string>> = { ...coreEn, ...signupMessages.en, ...watchMessages.en };
const ja: Readonly<Record<MessageKey, string>> = { ...coreJa, ...signupMessages.ja, ...watchMessages.ja };

export const catalogs: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = { en, ja };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** The sentence for `key` in `locale`, `{name}` placeholders filled from params. */
export function t(locale: Locale, key: MessageKey, params: Params = {}): string {
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
