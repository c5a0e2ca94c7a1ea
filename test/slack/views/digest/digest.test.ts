/**
 * The digest's views as pure functions, in English and Japanese: the top
 * message (counts, the worst first; a quiet day; late), its details (a day
 * with three hundred incidents still fits: each part lists a few and counts
 * the rest, pages within Slack's limits, never cut silently), every message
 * with a text fallback, and names escaped for mrkdwn.
 */
import { describe, expect, it } from 'vitest';
import { parseDigestReport } from '../../../../src/services/digest/index.ts';
import { translator } from '../../../../src/slack/i18n/index.ts';
import { digestDetails, SHOWN_PER_PART } from '../../../../src/slack/views/digest/details.ts';
import {
  digestForPerson,
  renderDailyDigest,
  threadPages,
} from '../../../../src/slack/views/digest/render.ts';
import { digestTop, japanHour } from '../../../../src/slack/views/digest/top.ts';
import { channelUiFor, type Message, type Ui } from '../../../../src/slack/views/format.ts';
import { assertBlocksWithinLimits } from '../../../../src/slack/views/limits.ts';
import { busyReport, quietReport, TO } from './report-fixture.ts';

const en: Ui = { t: translator('en'), locale: 'en', tz: 'Asia/Tokyo', dateLocale: 'en-US' };
const ja: Ui = { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };
const blocksText = (m: Message) => JSON.stringify(m.blocks);
/** The mrkdwn of a message's sections, as read (the text fallback stops at its length). */
const body = (m: Message) =>
  m.blocks.map((b) => (b.type === 'section' && b.text ? b.text.text : '')).join('\n');

function wellFormed(m: Message): void {
  assertBlocksWithinLimits(m.blocks, 'message');
  expect(m.text.length).toBeGreaterThan(10);
  expect(m.text.length).toBeLessThanOrEqual(40_000);
  // No catalog placeholder left unfilled.
  expect(`${m.text}${blocksText(m)}`).not.toMatch(/\{(?!date_short_pretty\}|time\})[a-z_]+\}/);
}

describe('the digest’s top message', () => {
  it('a quiet day: says so, with the day, its hour in Japan time, the budget and where the details are', () => {
    const m = digestTop(en, quietReport(), 'channel');
    wellFormed(m);
    expect(m.text).toContain('*Daily digest for 2026-03-10*: the 24 hours to 09:00 Japan time');
    expect(m.text).toContain('A quiet day');
    expect(m.text).toContain('Provider requests: 1,234 the day before, 56 today so far');
    expect(m.text).toContain('Details in the thread.');
    expect(m.text).not.toContain('Posted late');
    const j = digestTop(ja, quietReport(), 'channel');
    wellFormed(j);
    expect(j.text).toContain('*2026年3月10日のデイリーダイジェスト*（日本時間09:00までの24時間）');
    expect(j.text).toContain('平穏な1日でした');
    expect(j.text).toContain('詳細はスレッドをご覧ください。');
  });

  it('a busy day: the counts, the worst first, names escaped, only what is not zero', () => {
    const m = digestTop(en, busyReport(), 'channel');
    wellFormed(m);
    const lines = body(m).split('\n');
    const order = [
      'Open incidents: 20',
      'Key alarms: 100',
      'Servers not running: 120',
      'Incidents opened: 300',
      'Servers changed outside the bot: 60',
      'Hosting changes made outside the bot: 70',
      'Approvals refused: 40',
      'Orders of unknown outcome: 2',
      'Orders placed: 60',
      'Hosting changes made through the bot: 90',
      'Contracts renewing within 30 days: 45',
      'Provider requests: 9,876 the day before, 432 today so far, of 10,000 a day',
    ];
    const at = order.map((o) => lines.findIndex((l) => l.includes(o)));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(body(m)).toContain('¥237,600 in all (tax included)');
    expect(body(m)).toContain('and 117 more');
    expect(body(m)).not.toContain('A quiet day');
    // The fallback says as much as fits, and marks what it left out.
    expect(m.text).toContain('Open incidents: 20');
    expect(m.text.endsWith('…')).toBe(true);
    // A name is shown, never read as a mention.
    expect(blocksText(m)).not.toContain('<!channel>');
    expect(blocksText(m)).toContain('&lt;!channel&gt;');
    const j = digestTop(ja, busyReport(), 'channel');
    wellFormed(j);
    expect(body(j)).toContain('*対応中のインシデント 20件*');
    expect(body(j)).toContain('*注文 60件*、合計237,600円（税込）');
    expect(body(j)).toContain('ほか117台');
  });

  it('says it is late when posted well after its hour; to one person, the details follow below', () => {
    const late = digestTop(en, quietReport({ at: TO + 2 * 3_600_000 }), 'channel');
    expect(late.text).toContain('Posted late: the bot was not running at 09:00 Japan time.');
    const mine = digestTop(en, quietReport({ day: null }), 'person');
    expect(mine.text).toContain('*Digest of the last 24 hours*, to');
    expect(mine.text).toContain('Details below.');
    expect(japanHour(Date.parse('2026-03-10T14:30:00Z'))).toBe('23:30');
  });
});

describe('the digest’s details', () => {
  for (const ui of [en, ja, channelUiFor('en'), channelUiFor('ja')]) {
    it(`${ui.locale}${ui.channel ? ' in a channel' : ''}: 300 incidents still fit, each part listed in part and counted`, () => {
      const report = busyReport();
      const pages = digestDetails(ui, report);
      // Few enough for a reply to one person (Slack takes five answers through a response_url).
      expect(pages.length).toBeGreaterThanOrEqual(2);
      expect(pages.length).toBeLessThanOrEqual(4);
      for (const p of pages) wellFormed(p);
      const all = pages.map(blocksText).join('\n');
      const more =
        ui.locale === 'en' ? (n: number) => `…and ${n} more, counted above.` : (n: number) => `ほか${n}件`;
      for (const total of [300, 100, 120, 62, 80, 90, 70, 60, 45])
        expect(all).toContain(more(total - SHOWN_PER_PART));
      expect(all).not.toContain('<!channel>');
      if (ui.locale === 'en') {
        expect(all).toContain('*Incidents*: 300 opened, 280 resolved, 20 still open');
        expect(all).toMatch(
          /The longest: \*&lt;!channel&gt; \u200b\*\u200bweb\u200b\*\u200b-0-x+\* \(the key used by someone else\), 1 d, still open/,
        );
        expect(all).toContain('the key used by someone else');
        // A kind this version has no words for is shown by its name.
        expect(all).toContain('`some-future-kind`');
        expect(all).toContain('taken by <@U0ONCALL>');
        expect(all).toContain('SSH key removed outside Slack');
        expect(all).toContain('*Servers changed outside the bot* (60)');
        expect(all).toMatch(
          /· \*&lt;!channel&gt; \u200b\*\u200bweb\u200b\*\u200b-0-x+\* · Name, Memo, Reverse hostname, IP address, Plan/,
        );
        expect(all).toContain('Requests today so far: 432 of 10,000 (running low)');
        expect(all).toContain('auto-renewal off when ordered');
        expect(pages[0]!.text).toContain('Details, part 1 of');
      } else {
        expect(all).toContain('*インシデント*: 発生 300件、解消 280件、対応中 20件');
        expect(all).toContain('（第三者によるキーの利用、1日、継続中）');
        expect(all).toContain('第三者によるキーの利用');
        // Servers are counted in 台.
        expect(all).toContain('*ボット以外で変更されたサーバー*（60台');
        expect(all).toContain('本日ここまで: 432件 / 上限 10,000件（残りわずか）');
      }
    });
  }

  it('a quiet day: one message, the incidents none and the budget, no page label', () => {
    const pages = digestDetails(en, quietReport());
    expect(pages).toHaveLength(1);
    wellFormed(pages[0]!);
    expect(pages[0]!.text).toContain('None.');
    expect(pages[0]!.text).toContain('No daily limit is configured (PROVIDER_DAILY_LIMIT)');
    expect(pages[0]!.text).toContain('No rate-limit window seen yet');
    expect(pages[0]!.text).not.toContain('part 1');
  });

  it('the notifier’s pages: 0 the top, then the thread’s; none past the last; a stored report reads back', () => {
    const ui = channelUiFor('en');
    const report = parseDigestReport(JSON.parse(JSON.stringify(busyReport())))!;
    expect(report).toBeDefined();
    const n = threadPages(ui, report);
    expect(renderDailyDigest(ui, report, 0)!.text).toContain('Daily digest for 2026-03-10');
    expect(renderDailyDigest(ui, report, n)!.text).toContain(`part ${n} of ${n}`);
    expect(renderDailyDigest(ui, report, n + 1)).toBeUndefined();
    expect(digestForPerson(en, report)).toHaveLength(n + 1);
    expect(parseDigestReport({ day: '2026-03-10' })).toBeUndefined();
  });
});

describe('a digest names a plan as the channel does', () => {
  it('by its label when the bot had read the price list, its id only when it had not', () => {
    const report = busyReport();
    const named = {
      ...report,
      orders: {
        ...report.orders,
        list: {
          ...report.orders.list,
          items: report.orders.list.items.map((o) => ({ ...o, planName: 'VPS 2GB' })),
        },
      },
      refusals: {
        ...report.refusals,
        list: {
          ...report.refusals.list,
          items: report.refusals.list.items.map((r) =>
            r.what === 'signup' ? { ...r, planName: 'VPS 2GB' } : r,
          ),
        },
      },
    };
    const all = digestDetails(en, named)
      .map((p) => JSON.stringify(p.blocks))
      .join('\n');
    expect(all).toContain('(VPS 2GB, 3 months)');
    expect(all).toContain('(VPS 2GB, ¥3,960)');
    expect(all).not.toContain('vps-2gb');
    // A destructive operation by its command, never its id (`hosting.domain_reset`).
    expect(all).toContain('`domain reset` on `sv1234.xsrv.jp`');
    expect(all).not.toContain('domain_reset');
  });
});
