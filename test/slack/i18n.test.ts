import { describe, expect, it } from 'vitest';
import { PROVIDER_ERROR_CODES } from '../../src/services/errors.ts';
import { commonCatalog } from '../../src/slack/i18n/common.ts';
import { digestCatalog } from '../../src/slack/i18n/digest.ts';
import { homeCatalog } from '../../src/slack/i18n/home.ts';
import { hostingCatalog } from '../../src/slack/i18n/hosting.ts';
import { catalogs, localeFromSlack, translator } from '../../src/slack/i18n/index.ts';
import { oncallCatalog } from '../../src/slack/i18n/oncall.ts';
import { renewalsCatalog } from '../../src/slack/i18n/renewals.ts';
import { serversCatalog } from '../../src/slack/i18n/servers.ts';
import { shortcutsCatalog } from '../../src/slack/i18n/shortcuts.ts';
import { signupCatalog } from '../../src/slack/i18n/signup.ts';
import { watchCatalog } from '../../src/slack/i18n/watch.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('i18n catalogs', () => {
  it('en and ja have identical keys', () => {
    expect(Object.keys(catalogs.ja).sort()).toEqual(Object.keys(catalogs.en).sort());
  });

  it('declares every key in one feature catalog only, so merging them hides nothing', () => {
    const features = [
      commonCatalog,
      serversCatalog,
      signupCatalog,
      watchCatalog,
      hostingCatalog,
      renewalsCatalog,
      oncallCatalog,
      shortcutsCatalog,
      digestCatalog,
      homeCatalog,
    ];
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

  it('Japanese is punctuated as Japanese: full-width ？, no space after 。 nor around an amount', () => {
    const jaText = Object.entries(catalogs.ja);
    // A yen amount ({price}, {regular}) is written 13,000円 and joins its particle: 13,000円を.
    const JP = /[\u3040-\u30ff\u4e00-\u9fff]/u;
    for (const [key, text] of jaText) {
      expect(text, key).not.toMatch(/[ぁ-んァ-ン一-龯]\?/u);
      expect(text, key).not.toMatch(/。 \S/u);
      for (const m of text.matchAll(/ \{(price|regular)\}|\{(price|regular)\} /gu)) {
        const before = text[(m.index ?? 0) - 1] ?? '';
        const after = text[(m.index ?? 0) + m[0].length] ?? '';
        expect(JP.test(before) || JP.test(after), `${key}: ${text}`).toBe(false);
      }
    }
  });

  it('uses the operations words a Japanese operator expects', () => {
    const ja = catalogs.ja;
    expect(ja['power.stopped']).toBe('停止中');
    expect(ja['watch.power.changed']).toContain('（変更前: {from}）');
    expect(ja['watch.contract.changed']).toContain('（変更前: {from}）');
    expect(ja['watch.power.flap']).toContain('短時間に切り替わりました');
    expect(ja['watch.kind.flap']).toBe('短時間の切り替わり');
    expect(ja['signup.field.auto_renew']).toBe('自動更新');
    expect([ja['signup.approval.renew_on'], ja['signup.approval.renew_off']]).toEqual(['あり', 'なし']);
    expect(ja['signup.state.failed']).toBe('申し込み失敗');
    expect(ja['signup.approval.campaign']).toBe('キャンペーン価格です（通常価格は{regular}）。');
    for (const [key, text] of Object.entries(ja)) {
      expect(text, key).not.toContain('以前:');
      expect(text, key).not.toContain('揺れ');
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
