import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTimeElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { PROVIDER_ERROR_CODES } from '../../src/services/errors.ts';
import { accountsCatalog } from '../../src/slack/i18n/accounts.ts';
import { commonCatalog } from '../../src/slack/i18n/common.ts';
import { digestCatalog } from '../../src/slack/i18n/digest.ts';
import { ftpAccountsCatalog } from '../../src/slack/i18n/ftp-accounts.ts';
import { homeCatalog } from '../../src/slack/i18n/home.ts';
import { hostingCatalog } from '../../src/slack/i18n/hosting.ts';
import { hostingLogsCatalog } from '../../src/slack/i18n/hosting-logs.ts';
import { hostingRecordsCatalog } from '../../src/slack/i18n/hosting-records.ts';
import { hostingSitesCatalog } from '../../src/slack/i18n/hosting-sites.ts';
import { hostingVerificationCatalog } from '../../src/slack/i18n/hosting-verification.ts';
import { hostingWatchCatalog } from '../../src/slack/i18n/hosting-watch.ts';
import { catalogs, localeFromSlack, translator } from '../../src/slack/i18n/index.ts';
import { mailAccountsCatalog } from '../../src/slack/i18n/mail-accounts.ts';
import { mailRulesCatalog } from '../../src/slack/i18n/mail-rules.ts';
import { oncallCatalog } from '../../src/slack/i18n/oncall.ts';
import { renewalsCatalog } from '../../src/slack/i18n/renewals.ts';
import { serversCatalog } from '../../src/slack/i18n/servers.ts';
import { shortcutsCatalog } from '../../src/slack/i18n/shortcuts.ts';
import { signupCatalog } from '../../src/slack/i18n/signup.ts';
import { stepsCatalog } from '../../src/slack/i18n/steps.ts';
import { watchCatalog } from '../../src/slack/i18n/watch.ts';

/** A message as formatjs reads it: Slack's `<@U…>`, `<#C…>` and `<url|text>` are text, not tags. */
const parsed = (text: string): MessageFormatElement[] => parse(text, { ignoreTag: true });

/** The argument names of a message, however deep (in a plural's or a select's options too). */
function argumentNames(elements: readonly MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (
      isArgumentElement(e) ||
      isNumberElement(e) ||
      isDateElement(e) ||
      isTimeElement(e) ||
      isPluralElement(e) ||
      isSelectElement(e)
    )
      into.add(e.value);
    if (isPluralElement(e) || isSelectElement(e))
      for (const option of Object.values(e.options)) argumentNames(option.value, into);
  }
  return into;
}

/** Every plural of a message, however deep. */
function plurals(elements: readonly MessageFormatElement[]): { value: string; options: string[] }[] {
  return elements.flatMap((e) => [
    ...(isPluralElement(e) ? [{ value: e.value, options: Object.keys(e.options) }] : []),
    ...(isPluralElement(e) || isSelectElement(e)
      ? Object.values(e.options).flatMap((o) => plurals(o.value))
      : []),
  ]);
}

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
      hostingRecordsCatalog,
      hostingLogsCatalog,
      mailAccountsCatalog,
      ftpAccountsCatalog,
      mailRulesCatalog,
      hostingSitesCatalog,
      hostingVerificationCatalog,
      hostingWatchCatalog,
      renewalsCatalog,
      oncallCatalog,
      shortcutsCatalog,
      digestCatalog,
      homeCatalog,
      stepsCatalog,
      accountsCatalog,
    ];
    const keys = features.flatMap((c) => Object.keys(c.en));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(Object.keys(catalogs.en).length);
  });

  it('every sentence of both languages is ICU MessageFormat that formatjs’s own parser reads', () => {
    for (const locale of ['en', 'ja'] as const) {
      for (const [key, text] of Object.entries(catalogs[locale])) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        expect(() => parsed(text), `${locale} ${key}: ${text}`).not.toThrow();
      }
    }
  });

  it('every sentence uses the same arguments in both languages', () => {
    const names = (text: string) => [...argumentNames(parsed(text))].sort();
    for (const [key, en] of Object.entries(catalogs.en)) {
      const ja = catalogs.ja[key as keyof typeof catalogs.en];
      expect(names(ja), key).toEqual(names(en));
    }
    // The reading is not vacuous: a plural's own argument and those inside its options count.
    expect(names(catalogs.en['error.server_ambiguous'])).toEqual(['count', 'ref']);
    expect(names('{n, plural, one {# of {name}} other {# of {name}s}}')).toEqual(['n', 'name']);
  });

  it('gives every English plural a form for one and for more, and every Japanese one its other form', () => {
    let seen = 0;
    for (const locale of ['en', 'ja'] as const) {
      for (const [key, text] of Object.entries(catalogs[locale])) {
        for (const p of plurals(parsed(text))) {
          seen += 1;
          expect(p.options, `${locale} ${key}`).toContain('other');
          if (locale === 'en')
            expect(
              p.options.some((o) => o === 'one' || o === '=1'),
              `${key}`,
            ).toBe(true);
        }
      }
    }
    expect(seen).toBeGreaterThan(40);
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

  it('fills placeholders, and a message called without one does not compile', () => {
    expect(translator('en')('list.header', { count: 3 })).toBe('3 servers');
    expect(translator('ja')('list.header', { count: 3 })).toBe('サーバー 3 台');
    const en = translator('en');
    // A parameter left out, misspelt or of the wrong type is the compiler's error, never shown as `{count}`.
    // @ts-expect-error: `count` is missing
    expect(() => en('list.header')).toThrow();
    // @ts-expect-error: the message takes `count`, not `n`
    expect(() => en('list.header', { n: 3 })).toThrow();
    // @ts-expect-error: a plural counts a number, not text
    en('list.header', { count: 'three' });
    // @ts-expect-error: the channels are its parameter ("Use them in {channels}." was shown as written)
    expect(() => en('error.channel_not_allowed')).toThrow();
  });

  it('says one and many in English, and counts in Japanese with the counter a writer would use', () => {
    const en = translator('en');
    const ja = translator('ja');
    expect(en('list.header_filtered', { count: 1, filter: 'type=gpu' })).toBe('1 server matching “type=gpu”');
    expect(en('list.header_filtered', { count: 2, filter: 'web' })).toBe('2 servers matching “web”');
    expect(ja('list.header_filtered', { count: 1, filter: 'web' })).toBe('「web」に一致するサーバー 1 台');
    expect(en('signup.approval.months', { months: 1 })).toBe('1 month');
    expect(en('signup.approval.months', { months: 12 })).toBe('12 months');
    expect(ja('signup.approval.months', { months: 1 })).toBe('1か月');
    expect(en('time.left.days', { days: 1 })).toBe('1 day');
    expect(en('time.left.hours', { hours: 2 })).toBe('2 hours');
    expect(en('logs.count', { count: 1 })).toBe('1 entry on this page');
    expect(ja('logs.count', { count: 1_250 })).toBe('このページに 1,250 件');
    expect(en('oncall.key-auth.what', { count: 1 })).toBe('1 refused request with the API key');
    expect(en('watch.digest.title_alarms', { count: 1, when: '(today 19:44)' })).toBe(
      '1 alarm or change (today 19:44)',
    );
    expect(en('renewal.list.next', { days: 1 })).toBe(' · next reminder the day before');
    expect(ja('renewal.list.next', { days: 1 })).toBe(' · 次のリマインダーは前日');
    expect(ja('renewal.list.next', { days: 7 })).toBe(' · 次のリマインダーは7日前');
    const ssh = (t: typeof en, keys: number) => t('hosting.loss.hosting.ssh_off', { server: 'sv', keys });
    expect(ssh(en, 0)).toContain('No key is registered.');
    expect(ssh(en, 1)).toContain('The 1 registered key is kept.');
    expect(ssh(ja, 3)).toContain('登録済みの鍵（3件）は残ります。');
    // Servers are counted in 台 wherever the digest counts them.
    expect(ja('digest.top.server_outside', { count: 2 })).toContain('2台');
  });

  it('writes numbers with their digits grouped, through Intl', () => {
    expect(translator('en')('me.daily_ok', { used: 8766, limit: 10000, at: 'x' })).toContain(
      '8,766 of 10,000',
    );
    expect(translator('ja')('digest.budget.today', { count: 12345 })).toBe('本日ここまで: 12,345件');
    expect(translator('en')('duration.d', { n: 1200 })).toBe('1,200 d');
  });

  it('maps Slack locales', () => {
    expect(localeFromSlack('ja-JP', 'en')).toBe('ja');
    expect(localeFromSlack('en-GB', 'ja')).toBe('en');
    expect(localeFromSlack('fr-FR', 'ja')).toBe('ja');
    expect(localeFromSlack(undefined, 'en')).toBe('en');
  });
});
