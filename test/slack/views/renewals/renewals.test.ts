/**
 * The renewals views as pure functions: the reminder (every price case, auto-
 * renewal on, off and unknown, mrkdwn escaped), `/vps renewals` (a long list
 * within Slack's limits, never cut silently) and the change answers, in
 * English and Japanese, each with a text fallback.
 */
import { describe, expect, it } from 'vitest';
import type { RenewalChange, RenewalEntry } from '../../../../src/services/renewals/index.ts';
import { translator } from '../../../../src/slack/i18n/index.ts';
import { contractDay, daysLeftLabel, thresholdList } from '../../../../src/slack/views/contract-words.ts';
import type { Ui } from '../../../../src/slack/views/format.ts';
import { assertBlocksWithinLimits } from '../../../../src/slack/views/limits.ts';
import { renewalChangeView } from '../../../../src/slack/views/renewals/change.ts';
import { renewalListView } from '../../../../src/slack/views/renewals/list.ts';
import { renewalReminderView } from '../../../../src/slack/views/watch/renewal-reminder.ts';
import { parseNotice, type RenewalNotice } from '../../../../src/store/index.ts';
import { renderUnit } from '../../../support/watch-views.ts';

const en: Ui = { t: translator('en'), locale: 'en', tz: 'UTC', dateLocale: 'en-US' };
const ja: Ui = { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };
const blocksText = (m: { blocks?: unknown }) => JSON.stringify(m.blocks);

function notice(over: Partial<RenewalNotice> = {}): RenewalNotice {
  return {
    kind: 'renewal',
    contractId: 'signup:1',
    serverUuid: 'uuid-1',
    name: 'shop-db',
    date: '2026-06-30',
    days: 30,
    left: 30,
    source: 'provider',
    setBy: null,
    autoRenew: true,
    price: {
      kind: 'listed',
      planId: 'vps-2gb',
      planName: 'VPS 2GB',
      months: 3,
      total: 3960,
      regular: 3960,
      campaign: false,
    },
    at: Date.UTC(2026, 4, 31, 15, 0, 1),
    ...over,
  };
}

describe('the renewal reminder', () => {
  it('says the date, the price of the day, the spec’s warning and that the balance cannot be checked; a notice the outbox reads back', () => {
    const n = notice();
    expect(parseNotice(JSON.parse(JSON.stringify(n)))).toEqual(n);
    const m = renewalReminderView(en, n);
    assertBlocksWithinLimits(m.blocks!, 'message');
    expect(m.text).toContain(
      '*shop-db*: the contract renews on *2026-06-30* (in 30 days), paid from the prepaid balance.',
    );
    expect(m.text).toContain('cancels this contract’s auto-renewal and e-mails only the account owner');
    expect(m.text).toContain('the bot cannot check whether it covers the renewal');
    expect(blocksText(m)).toContain('*Renewal price:* ¥3,960 (tax included) for *VPS 2GB*, 3 months');
    expect(blocksText(m)).toContain('this month’s pro-rata part included');
    expect(blocksText(m)).toContain(
      'Date from the provider’s signup status. Ordered here with auto-renewal on.',
    );
    // The notifier renders it whole, alone.
    expect(renderUnit(en, { notices: [n] })).toEqual(m);
  });

  it('every price case, in both languages', () => {
    const cases: [RenewalNotice['price'], string, string][] = [
      [
        {
          kind: 'listed',
          planId: 'vps-2gb',
          planName: 'VPS 2GB',
          months: 12,
          total: 20000,
          regular: 26000,
          campaign: true,
        },
        '¥20,000 (tax included) for *VPS 2GB*, 12 months, in today’s price list, with a campaign for new orders; ¥26,000 without it',
        '20,000円（税込。新規申し込み向けのキャンペーン適用後で、通常は26,000円）',
      ],
      [
        { kind: 'period_not_offered', planId: 'vps-1gb', planName: 'VPS 1GB', months: 36 },
        '*VPS 1GB* is still offered, but not for 36 months',
        '*VPS 1GB* は現在も提供されていますが、36か月の契約期間は本日の料金表にありません',
      ],
      [
        { kind: 'plan_not_offered', planId: 'business-2gb', months: 1 },
        'The plan `business-2gb` is no longer in today’s price list',
        'プラン `business-2gb` は本日の料金表にありません',
      ],
      [
        { kind: 'unknown_plan' },
        'This server was not ordered through this bot',
        'このボットから申し込んだものではないため',
      ],
      [
        { kind: 'unreadable', reason: 'forbidden' },
        'only to a key that may sign up new servers',
        '新規申し込みを許可されたAPIキーにしか料金表を見せません',
      ],
      [
        { kind: 'unreadable', reason: 'unavailable' },
        'the provider did not answer for the price list just now',
        'プロバイダーから料金表の応答がありませんでした',
      ],
    ];
    for (const [price, enText, jaText] of cases) {
      const e = renewalReminderView(en, notice({ price }));
      const j = renewalReminderView(ja, notice({ price }));
      assertBlocksWithinLimits(e.blocks!, 'message');
      assertBlocksWithinLimits(j.blocks!, 'message');
      expect(blocksText(e), price.kind).toContain(enText);
      expect(blocksText(j), price.kind).toContain(jaText);
    }
  });

  it('auto-renewal off: the contract ends unless turned on since; unknown: the API does not show it; set by hand names who', () => {
    const off = renewalReminderView(en, notice({ autoRenew: false, left: 7, days: 7 }));
    expect(off.text).toContain('the contract expires on *2026-06-30* (in 7 days)');
    expect(off.text).toContain('unless someone has turned it on in the provider’s panel since');
    const panel = renewalReminderView(
      ja,
      notice({
        autoRenew: null,
        source: 'person',
        setBy: 'U0OPS',
        left: 1,
        days: 1,
        price: { kind: 'unknown_plan' },
      }),
    );
    expect(panel.text).toContain(
      '*shop-db* の契約は *2026年6月30日*（明日）に更新され、前払い残高から支払われます。',
    );
    expect(blocksText(panel)).toContain('日付は <@U0OPS> さんが `/vps renewal set` で設定したものです。');
    expect(blocksText(panel)).toContain('自動更新の設定はAPIでは確認できません');
  });

  it('a server name is shown as text, never as a mention', () => {
    const m = renewalReminderView(en, notice({ name: '<!channel> & co' }));
    expect(m.text).toContain('*&lt;!channel&gt; &amp; co*');
    expect(m.text).not.toContain('<!channel>');
  });
});

function entry(i: number, over: Partial<RenewalEntry> = {}): RenewalEntry {
  return {
    id: `server:u${i}`,
    serverUuid: `u${i}`,
    name: `server-${i}`,
    date: '2026-06-30',
    left: 30,
    source: 'person',
    setBy: 'U0OPS',
    setAt: new Date(Date.UTC(2026, 2, 2)),
    providerDate: null,
    orderedHere: false,
    autoRenew: null,
    planId: null,
    period: null,
    nextReminder: 7,
    ...over,
  };
}

describe('/vps renewals', () => {
  it('lists each date with its days left, its source and the next reminder; the provider’s date beside one set by hand', () => {
    const m = renewalListView(en, {
      entries: [
        entry(1, { name: 'db-1', left: 0, date: '2026-03-02', nextReminder: null }),
        entry(2, {
          name: 'shop-db',
          source: 'provider',
          setBy: null,
          setAt: null,
          orderedHere: true,
          nextReminder: 1,
          left: 7,
        }),
        entry(3, { name: 'web-9', providerDate: '2026-05-31', date: '2026-06-30' }),
        entry(4, { name: 'old', left: -3, date: '2026-02-27', nextReminder: null }),
        entry(5, { name: 'pending', date: null, left: null, source: null, nextReminder: null }),
      ],
      reminderDays: [30, 7, 1],
    });
    assertBlocksWithinLimits(m.blocks!, 'message');
    const text = blocksText(m);
    expect(text).toContain('*db-1* — 2026-03-02 (today) · set by <@U0OPS> Mar 2, 2026, 00:00 UTC');
    expect(text).toContain(
      '*shop-db* — 2026-06-30 (in 7 days) · from the provider’s signup status · next reminder the day before',
    );
    expect(text).toContain('*web-9* — 2026-06-30 (in 30 days) · set by <@U0OPS>');
    expect(text).toContain('(the provider’s date: 2026-05-31) · next reminder 7 days before');
    expect(text).toContain('*old* — 2026-02-27 (passed 3 days ago)');
    expect(text).toContain('*pending* — no date yet');
    expect(text).toContain('Reminders come 30, 7 and 1 days before each date');
    expect(m.text).toContain('Contract dates');
    expect(m.text).toContain('*db-1*');
  });

  it('a long list stays within Slack’s limits and says how many it left out', () => {
    const entries = Array.from({ length: 600 }, (_, i) => entry(i, { name: `${'x'.repeat(90)}-${i}` }));
    const m = renewalListView(ja, { entries, reminderDays: [] });
    assertBlocksWithinLimits(m.blocks!, 'message');
    expect(blocksText(m)).toMatch(/…ほか\d+件はここに載せていません。/);
    expect(blocksText(m)).toContain('更新のリマインダーは無効になっています');
    expect(m.text.length).toBeLessThanOrEqual(1_100);
  });

  it('empty: how the bot learns dates, and how to set one', () => {
    const m = renewalListView(en, { entries: [], reminderDays: [30, 7, 1] });
    expect(m.text).toContain('No contract date is known yet.');
    expect(blocksText(m)).toContain('/vps renewal set <server> <YYYY-MM-DD>');
  });
});

describe('the answers to /vps renewal set and clear', () => {
  const change = (over: Partial<RenewalChange> = {}): RenewalChange => ({
    kind: 'set',
    serverUuid: 'u1',
    name: 'shop-db',
    date: '2026-06-30',
    left: 30,
    previous: null,
    changed: true,
    providerDate: null,
    orderedHere: false,
    channelId: 'C0HERE',
    reminderDays: [30, 7, 1],
    ...over,
  });

  it('set: over the provider’s date of an order, reminders where the order came from', () => {
    const m = renewalChangeView(
      en,
      change({ previous: '2026-05-31', providerDate: '2026-05-31', orderedHere: true, channelId: 'C0ORDER' }),
      'C0HERE',
    );
    expect(m.text).toContain(
      'The contract date of *shop-db* is now *2026-06-30* (in 30 days), set by hand; it was 2026-05-31.',
    );
    expect(m.text).toContain(
      'It counts instead of the provider’s date (2026-05-31) until `/vps renewal clear shop-db`',
    );
    expect(m.text).toContain(
      'Its renewal reminders go to <#C0ORDER>, where it was ordered, 30, 7 and 1 days before.',
    );
  });

  it('clear: the provider’s date back, or none; nothing to clear', () => {
    const back = renewalChangeView(
      ja,
      change({ kind: 'clear', previous: '2026-06-30', date: '2026-05-31', left: 90 }),
      'C0HERE',
    );
    expect(back.text).toContain('*shop-db* に手動で設定した契約日（2026年6月30日）を削除しました。');
    expect(back.text).toContain('プロバイダーの日付 *2026年5月31日*（あと90日）に戻りました。');
    const nothing = renewalChangeView(en, change({ kind: 'clear', changed: false }), 'C0HERE');
    expect(nothing.text).toBe('No contract date was set by hand on *shop-db*: nothing changed.');
  });
});

describe('contract words', () => {
  it('writes a day, the days left and the thresholds as each language does', () => {
    expect(contractDay(en, '2026-06-30')).toBe('2026-06-30');
    expect(contractDay(ja, '2026-06-03')).toBe('2026年6月3日');
    expect([0, 1, 12, -1, -4].map((d) => daysLeftLabel(en, d))).toEqual([
      'today',
      'tomorrow',
      'in 12 days',
      'passed yesterday',
      'passed 4 days ago',
    ]);
    expect(daysLeftLabel(ja, 12)).toBe('あと12日');
    expect(thresholdList(en, [30, 7, 1])).toBe('30, 7 and 1');
    expect(thresholdList(en, [7])).toBe('7');
    expect(thresholdList(ja, [30, 7, 1])).toBe('30・7・1');
  });
});
