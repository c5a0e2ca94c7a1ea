export type Locale = 'en' | 'ja';

/** Slack locales look like `ja-JP`, `en-US`, `en-GB`. */
export function localeFromSlack(slackLocale: string | undefined, fallback: Locale): Locale {
  if (!slackLocale) return fallback;
  const lang = slackLocale.toLowerCase().slice(0, 2);
  return lang === 'ja' ? 'ja' : lang === 'en' ? 'en' : fallback;
}
