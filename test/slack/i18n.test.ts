import { describe, expect, it } from 'vitest';
import { PROVIDER_ERROR_CODES } from '../../src/services/errors.ts';
import { catalogs, localeFromSlack, t } from '../../src/slack/i18n/index.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('i18n catalogs', () => {
  it('en and ja have identical keys', () => {
    expect(Object.keys(catalogs.ja).sort()).toEqual(Object.keys(catalogs.en).sort());
  });

  it('every sentence is non-empty and uses the same placeholders in both languages', () => {
    for (const [key, en] of Object.entries(catalogs.en)) {
      const ja = catalogs.ja[key as keyof typeof catalogs.en];
      expect(en.trim(), key).not.toBe('');
      expect(ja.trim(), key).not.toBe('');
      expect(placeholders(ja), key).toEqual(placeholders(en));
    }
  });

  it('has a sentence for every provider error code of the spec, in both languages', () => {
    for (const code of PROVIDER_ERROR_CODES) {
      expect(catalogs.en).toHaveProperty(`provider.${code}`);
      expect(catalogs.ja).toHaveProperty(`provider.${code}`);
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('en', 'list.header', { count: 3 })).toBe('3 servers');
    expect(t('ja', 'list.header', { count: 3 })).toBe('サーバー 3 台');
    expect(t('en', 'list.header')).toBe('{count} servers');
  });

  it('maps Slack locales', () => {
    expect(localeFromSlack('ja-JP', 'en')).toBe('ja');
    expect(localeFromSlack('en-GB', 'ja')).toBe('en');
    expect(localeFromSlack('fr-FR', 'ja')).toBe('ja');
    expect(localeFromSlack(undefined, 'en')).toBe('en');
  });
});
