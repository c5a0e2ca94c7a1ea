import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayDomain, displayUrl, isDeceptiveDomain } from '../../../src/slack/views/domain-display.ts';

describe('displayDomain', () => {
  it('shows a name mixing scripts, or looking like ASCII, with its Punycode form beside it', () => {
    expect(displayDomain('ex\u0430mple.com')).toBe('ex\u0430mple.com (xn--exmple-4nf.com)');
    // All Cyrillic, but every letter looks like an ASCII one.
    expect(displayDomain('\u0430\u0440\u0440\u04cf\u0435.com')).toBe(
      '\u0430\u0440\u0440\u04cf\u0435.com (xn--80ak6aa92e.com)',
    );
    expect(displayDomain('\u03c1aypal.com')).toBe('\u03c1aypal.com (xn--aypal-2ce.com)');
    // Full-width letters become plain ASCII in the provider's form.
    expect(displayDomain('ｅｘａｍｐｌｅ.com')).toBe('ｅｘａｍｐｌｅ.com (example.com)');
    // Latin beside katakana in one label is two scripts.
    expect(displayDomain('ヤマダshop.jp')).toBe('ヤマダshop.jp (xn--shop-uo4cxgpb.jp)');
  });

  it('shows a deceptive name given in Punycode (as the provider may answer it) readable, Punycode beside', () => {
    expect(displayDomain('xn--exmple-4nf.com')).toBe('ex\u0430mple.com (xn--exmple-4nf.com)');
  });

  it('shows as typed: ASCII names, Japanese, Korean, Chinese and Russian names, and what is no domain', () => {
    for (const name of [
      'example.com',
      'EXAMPLE.COM',
      '日本語.jp',
      '日本語ドメイン.jp',
      'サーバー.jp',
      'xn--wgv71a119e.jp',
      '한국어.kr',
      '中文.cn',
      'пример.рф',
      'exämple.com',
      'not a domain',
      '',
    ])
      expect(displayDomain(name), name).toBe(name);
  });

  it('is shown as typed or as typed plus its Punycode form, never anything else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (name) => {
        const shown = displayDomain(name);
        expect(shown === name || shown.endsWith(')')).toBe(true);
        expect(shown !== name).toBe(isDeceptiveDomain(name));
      }),
    );
  });
});

describe('displayUrl', () => {
  it('adds the Punycode form of a deceptive host, and leaves every other URL as it is', () => {
    expect(displayUrl('https://ex\u0430mple.com/blog')).toBe(
      'https://ex\u0430mple.com/blog (xn--exmple-4nf.com)',
    );
    expect(displayUrl('https://example.com/blog')).toBe('https://example.com/blog');
    expect(displayUrl('https://xn--n8jyh.jp/')).toBe('https://xn--n8jyh.jp/');
    expect(displayUrl('not a url')).toBe('not a url');
  });
});
