/**
 * A server changed outside Slack, as pure functions, in English and
 * Japanese: each change alone (a rename names both names; the others say
 * what it was and is), several at once as one heading and a line each, the
 * /vps show hint under the name it has now, a digest counting them, a muted
 * channel's summary; the provider's text escaped and cut, every message
 * within Slack's limits, with a text fallback, at the longest values the spec
 * allows.
 */
import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/slack/i18n/index.ts';
import type { Ui } from '../../../../src/slack/views/format.ts';
import { assertBlocksWithinLimits } from '../../../../src/slack/views/limits.ts';
import { auditView } from '../../../../src/slack/views/servers/audit.ts';
import { type FactChange, parseNotice, type ServerChangedNotice } from '../../../../src/store/index.ts';
import { renderDigest, renderUnit } from '../../../support/watch-views.ts';

const at = Date.UTC(2026, 2, 2, 3, 0, 0);
const en: Ui = { t: translator('en'), locale: 'en', tz: 'UTC', dateLocale: 'en-US' };
const ja: Ui = { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };

const plan = (name: string, gb: number) => ({ plan: name, vcpu: gb + 1, memoryGb: gb, diskGb: gb * 25 });
const CHANGES: FactChange[] = [
  { field: 'name', from: 'db-1', to: 'db-primary' },
  { field: 'memo', from: 'primary', to: null },
  { field: 'rdns', from: 'x162-43-20-2.static.xvps.ne.jp', to: 'db.example.jp' },
  { field: 'ip', from: '162.43.20.2', to: '203.0.113.7' },
  { field: 'plan', from: plan('VPS 2GB', 2), to: plan('VPS 4GB', 4) },
];

const notice = (changes: FactChange[], name = 'db-primary'): ServerChangedNotice => ({
  kind: 'server-changed',
  uuid: 'uuid-1',
  name,
  changes,
  at,
});

function rendered(ui: Ui, n: ServerChangedNotice) {
  expect(parseNotice(JSON.stringify(n))).toEqual(n);
  const m = renderUnit(ui, { notices: [n] });
  assertBlocksWithinLimits(m.blocks ?? [], 'message');
  expect(m.text).toContain('<!date^');
  expect(m.text).not.toMatch(/\{(name|from|to|at|field|fields|n)\}/);
  return m;
}

describe('a server changed outside Slack', () => {
  it('words each change alone in en and ja; a rename names both names', () => {
    expect(rendered(en, notice([CHANGES[0]!])).text).toMatch(
      /^:pencil2: \*db-1\* was renamed to \*db-primary\* outside Slack \(in the control panel or by another API client\) <!date\^\d+\^[^>]+>$/,
    );
    expect(rendered(ja, notice([CHANGES[0]!])).text).toMatch(
      /^:pencil2: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、\*db-1\* のサーバー名が \*db-primary\* に変更されました <!date/,
    );
    const lines = (ui: Ui, c: FactChange) => rendered(ui, notice([c], 'db-1')).text.split('\n');
    expect(lines(en, CHANGES[1]!)).toEqual([
      expect.stringMatching(/^:memo: The memo of \*db-1\* was changed outside Slack /),
      'Memo: primary → (none)',
    ]);
    expect(lines(ja, CHANGES[1]!)).toEqual([
      expect.stringMatching(
        /^:memo: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、\*db-1\* のメモが変更されました/,
      ),
      'メモ：primary → （なし）',
    ]);
    expect(lines(en, CHANGES[2]!)[1]).toBe(
      'Reverse hostname: x162-43-20-2.static.xvps.ne.jp → db.example.jp',
    );
    expect(lines(en, CHANGES[3]!)).toEqual([
      expect.stringMatching(
        /^:globe_with_meridians: The IP address of \*db-1\* changed outside Slack \(in the control panel or at the provider\)/,
      ),
      'IP address: 162.43.20.2 → 203.0.113.7',
    ]);
    expect(lines(ja, CHANGES[3]!)[0]).toMatch(
      /^:globe_with_meridians: Slack 以外（コントロールパネルまたは事業者側）で、\*db-1\* のIPアドレスが変わりました/,
    );
    expect(lines(en, CHANGES[4]!)[1]).toBe(
      'Plan: VPS 2GB (3 vCPU, 2 GB memory, 50 GB disk) → VPS 4GB (5 vCPU, 4 GB memory, 100 GB disk)',
    );
    expect(lines(ja, CHANGES[4]!)[1]).toBe(
      'プラン：VPS 2GB (3 vCPU, メモリ 2 GB, ディスク 50 GB) → VPS 4GB (5 vCPU, メモリ 4 GB, ディスク 100 GB)',
    );
    // The hint names the server as it is called now.
    expect(JSON.stringify(rendered(en, notice([CHANGES[0]!])).blocks)).toContain('/vps show db-primary');
  });

  it('lists several changes under one heading, named as the channel knew the server', () => {
    const en5 = rendered(en, notice(CHANGES)).text.split('\n');
    expect(en5[0]).toMatch(
      /^:pencil2: \*db-1\* was changed outside Slack \(in the control panel, by another API client or at the provider\) <!date[^>]+>:$/,
    );
    expect(en5.slice(1)).toEqual([
      '• Name: db-1 → db-primary',
      '• Memo: primary → (none)',
      '• Reverse hostname: x162-43-20-2.static.xvps.ne.jp → db.example.jp',
      '• IP address: 162.43.20.2 → 203.0.113.7',
      '• Plan: VPS 2GB (3 vCPU, 2 GB memory, 50 GB disk) → VPS 4GB (5 vCPU, 4 GB memory, 100 GB disk)',
    ]);
    const ja5 = rendered(ja, notice(CHANGES)).text.split('\n');
    expect(ja5[0]).toMatch(/\*db-1\* の設定が変更されました <!date[^>]+>$/);
    expect(ja5[1]).toBe('• サーバー名：db-1 → db-primary');
  });

  it('escapes what the provider said and cuts it visibly, within limits at the longest values', () => {
    const odd = rendered(
      en,
      notice([{ field: 'memo', from: '<!channel> *x*', to: 'line one\nline two & <b>' }]),
    ).text;
    expect(odd).not.toContain('<!channel>');
    expect(odd).toContain(
      'Memo: &lt;!channel&gt; \u200b*\u200bx\u200b*\u200b → line one line two &amp; &lt;b&gt;',
    );
    const long: FactChange[] = [
      { field: 'name', from: 'a'.repeat(50), to: 'b'.repeat(50) },
      { field: 'memo', from: 'm'.repeat(500), to: 'n'.repeat(500) },
      { field: 'rdns', from: 'r'.repeat(253), to: 's'.repeat(253) },
      { field: 'ip', from: '255.255.255.255', to: '255.255.255.254' },
      { field: 'plan', from: plan('p'.repeat(200), 2), to: plan('q'.repeat(200), 4) },
    ];
    for (const ui of [en, ja]) {
      const m = rendered(ui, notice(long, 'b'.repeat(50)));
      expect(m.text).toContain('…');
      expect(m.text).not.toContain('m'.repeat(301));
    }
  });

  it('counts them in a digest and in a muted channel’s summary', () => {
    const units = [
      { notices: [notice([CHANGES[0]!])] },
      { notices: [notice([CHANGES[3]!, CHANGES[4]!], 'web-1')] },
      { notices: [notice([CHANGES[3]!], 'web-2')] },
    ];
    const digest = renderDigest(en, units);
    assertBlocksWithinLimits(digest.blocks ?? [], 'message');
    expect(digest.text).toContain('3 changes on the servers');
    expect(digest.text).toContain('1 × changed outside Slack: Name');
    expect(digest.text).toContain('1 × changed outside Slack: IP address, Plan');
    expect(digest.text).toContain('1 × changed outside Slack: IP address\n');
    const jaDigest = renderDigest(ja, units);
    expect(jaDigest.text).toContain('Slack 以外での変更（IPアドレス、プラン）');
    const muted = renderDigest(en, [units[0]!], '', { muted: true });
    expect(muted.text).toContain('1 × changed outside Slack: Name');
  });

  it('names the audit row of a change made outside in /vps audit, in en and ja', () => {
    const row = {
      actor: 'outside',
      channelId: null,
      action: 'outside_change',
      target: 'uuid-1',
      params: { name: 'db-primary', fields: ['name', 'memo'] },
      outcome: 'ok' as const,
      errorCode: null,
      at: new Date(at),
    };
    expect(auditView(en, [row]).text).toContain('changed outside Slack');
    expect(auditView(en, [row]).text).toContain('db-primary');
    expect(auditView(ja, [row]).text).toContain('Slack 以外での変更');
  });
});
