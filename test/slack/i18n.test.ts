import { describe, expect, it } from 'vitest';
import { PROVIDER_ERROR_CODES } from '../../src/services/errors.ts';
import { commonCatalog } from '../../src/slack/i18n/common.ts';
import { hostingCatalog } from '../../src/slack/i18n/hosting.ts';
import { catalogs, localeFromSlack, translator } from '../../src/slack/i18n/index.ts';
import { serversCatalog } from '../../src/slack/i18n/servers.ts';
import { signupCatalog } from '../../src/slack/i18n/signup.ts';
import { watchCatalog } from '../../src/slack/i18n/watch.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('i18n catalogs', () => {
  it('en and ja have identical keys', () => {
    expect(Object.keys(catalogs.ja).sort()).toEqual(Object.keys(catalogs.en).sort());
  });

  it('declares every key in one feature catalog only, so merging them hides nothing', () => {
    const features = [commonCatalog, serversCatalog, signupCatalog, watchCatalog, hostingCatalog];
    const keys = features.flatMap((c) => Object.keys(c.en));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(Object.keys(catalogs.en).length);
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
    expect(translator('en')('list.header', { count: 3 })).toBe('3 servers');
    expect(translator('ja')('list.header', { count: 3 })).toBe('サーバー 3 台');
    expect(translator('en')('list.header')).toBe('{count} servers');
  });

  it('maps Slack locales', () => {
    expect(localeFromSlack('ja-JP', 'en')).toBe('ja');
    expect(localeFromSlack('en-GB', 'ja')).toBe('en');
    expect(localeFromSlack('fr-FR', 'ja')).toBe('ja');
    expect(localeFromSlack(undefined, 'en')).toBe('en');
  });
});
