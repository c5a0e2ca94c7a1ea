/** The words every person reads, in English and Japanese: one catalog per feature, merged. */
export { catalogs, type MessageKey } from './catalogs.ts';
export { type Locale, localeFromSlack } from './locale.ts';
export {
  type KeyTaking,
  type MessageParams,
  type PlainKey,
  type Translator,
  translator,
} from './translator.ts';
