/**
 * A catalog sentence filled as the bot fills it (ICU MessageFormat through
 * intl-messageformat: plurals, grouped numbers), for tests that build the
 * sentence they expect from the catalog's own text.
 */
import { IntlMessageFormat } from 'intl-messageformat';

export function fill(text: string, params: Record<string, string | number> = {}, locale = 'en'): string {
  const out = new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).format(params);
  return typeof out === 'string' ? out : String(out);
}
