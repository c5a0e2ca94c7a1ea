import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/slack/i18n/index.ts';
import { watchCatalog } from '../../../../src/slack/i18n/watch.ts';
import type { Ui } from '../../../../src/slack/views/format.ts';
import { assertBlocksWithinLimits } from '../../../../src/slack/views/limits.ts';
import { isFlap } from '../../../../src/slack/views/watch/notice-unit.ts';
import type { Notice } from '../../../../src/store/index.ts';
import {
  type PlainUnit as NoticeUnit,
  renderDigest,
  renderUnit,
  unit,
  unitIsAlarm,
} from '../../../support/watch-views.ts';

const at = Date.UTC(2026, 2, 2, 3, 0, 0);
const p = (uuid: string, from: string, to: string, dt = 0): Notice =>
  ({ kind: 'power', uuid, name: `web-${uuid}`, from, to, at: at + dt }) as Notice;
const oncall = '<!subteam^S0ONCALL>';
const en: Ui = { t: translator('en'), locale: 'en', tz: 'UTC', dateLocale: 'en-US' };
const ja: Ui = { t: translator('ja'), locale: 'ja', tz: 'UTC', dateLocale: 'ja-JP' };

describe('notification views', () => {
  it('tells a watch’s creator the bot cannot post in the channel, with what to do, in en and ja', () => {
    const parked: Notice = {
      kind: 'channel-parked',
      channelId: 'C0ALERTS1',
      error: 'is_archived',
      summariseAfterMs: 30 * 60_000,
      at,
    };
    const e = renderUnit(en, { notices: [parked] });
    expect(e.text).toContain('I can’t post in <#C0ALERTS1>: it is archived.');
    expect(e.text).toContain('`/invite @vps-bot`');
    expect(e.text).toContain('older than 30 min in one message');
    const j = renderUnit(ja, { notices: [parked] });
    expect(j.text).toContain('<#C0ALERTS1> に投稿できません（アーカイブされています）。');
    expect(j.text).toContain('30分より前のもの');
  });

  it('sums up a backlog in one line: changes, alarms, servers (escaped, ten named), others', () => {
    const servers = ['<!channel>', ...Array.from({ length: 11 }, (_, i) => `web-${i}`)];
    const backlog: Notice = {
      kind: 'backlog',
      since: at,
      changes: 14,
      alarms: 3,
      servers,
      others: 2,
      at: at + 3_600_000,
    };
    const e = renderUnit(en, { notices: [backlog] });
    expect(e.text).toMatch(/^:inbox_tray: I couldn’t post here from <!date\^\d+\^[^>]+> until now\./);
    expect(e.text).toContain('14 power changes on *&lt;!channel&gt;*, *web-0*');
    expect(e.text).toContain('and 2 more; 3 of them alarms');
    expect(e.text).toContain('2 other notifications');
    expect(e.text).not.toContain('<!channel>');
    expect(e.blocks).toHaveLength(1);
    const j = renderUnit(ja, { notices: [{ ...backlog, alarms: 0, others: 0 }] });
    expect(j.text).toContain('その間に投稿できなかった通知: *&lt;!channel&gt;*');
    expect(j.text).toContain('ほか 2 台 の電源状態の変化 14 件。');
    expect(j.text).not.toContain('要対応');
  });

  it('a single change names the server, old -> new, when, and the /vps show hint', () => {
    const m = renderUnit(en, { notices: [p('1', 'stopped', 'running')] }, oncall);
    expect(m.text).toContain('*web-1* is now *running* (was stopped)');
    expect(m.text).toContain('<!date^');
    expect(m.text).not.toContain('S0ONCALL');
    expect(JSON.stringify(m.blocks)).toContain('/vps show web-1');
  });

  it('mentions on-call on error and on a stop without processing, not on a stop after processing', () => {
    expect(renderUnit(en, { notices: [p('1', 'running', 'error')] }, oncall).text).toContain('S0ONCALL');
    expect(renderUnit(en, { notices: [p('1', 'running', 'stopped')] }, oncall).text).toContain('S0ONCALL');
    const planned: NoticeUnit = {
      notices: [p('1', 'running', 'processing'), p('1', 'processing', 'stopped', 5_000)],
    };
    expect(unitIsAlarm(planned)).toBe(false);
    expect(renderUnit(en, planned, oncall).text).toContain('running → processing → stopped');
    expect(renderUnit(en, { notices: [p('1', 'running', 'error')] }).text).not.toContain('undefined');
  });

  it('a flap is one calm message', () => {
    const flap: NoticeUnit = { notices: [p('1', 'running', 'error'), p('1', 'error', 'running', 10_000)] };
    expect(isFlap(unit(flap))).toBe(true);
    const m = renderUnit(en, flap, oncall);
    expect(m.text).toContain('flapped');
    expect(m.text).not.toContain('S0ONCALL');
  });

  it('escapes names that carry mrkdwn control characters', () => {
    const m = renderUnit(
      en,
      { notices: [{ ...p('1', 'running', 'stopped'), name: 'a<b>&c' } as Notice] },
      oncall,
    );
    expect(m.text).toContain('a&lt;b&gt;&amp;c');
  });

  it('a digest of 2000 changes summarises every kind and says how many it left out', () => {
    const units: NoticeUnit[] = [];
    for (let i = 0; i < 1990; i += 1) units.push({ notices: [p(String(i), 'running', 'stopped', i)] });
    for (let i = 0; i < 10; i += 1) {
      units.push({ notices: [{ kind: 'server-added', uuid: `n${i}`, name: `new-${i}`, at } as Notice] });
    }
    const m = renderDigest(en, units, oncall);
    assertBlocksWithinLimits(m.blocks, 'message');
    expect(m.text).toContain('2,000 changes');
    expect(m.text).toContain('1,990 × running → stopped');
    expect(m.text).toContain('10 × new server');
    expect(m.text).toContain('S0ONCALL');
    const json = JSON.stringify(m.blocks);
    const more = /and ([\d,]+) more/.exec(json);
    expect(more).not.toBeNull();
    const listed = (json.match(/• /g) ?? []).length;
    expect(listed + Number(more![1]!.replace(/,/g, ''))).toBe(2000);
  });

  it('renders Japanese too', () => {
    const m = renderUnit(ja, { notices: [p('1', 'running', 'stopped')] }, oncall);
    expect(m.text).toContain('停止');
    const d = renderDigest(
      ja,
      [{ notices: [p('1', 'running', 'stopped')] }, { notices: [p('2', 'running', 'stopped')] }],
      oncall,
    );
    expect(d.text).toContain('2 件');
  });

  it('the provider key: days left and what to do, on-call on the last day and when it stops working', () => {
    const day = 86_400_000;
    const expiring = (days: number, leftMs: number): NoticeUnit => ({
      notices: [{ kind: 'key-expiring', expiresAt: at + leftMs, days, at }],
    });
    const fourteen = renderUnit(en, expiring(14, 14 * day - 1_000), oncall);
    expect(fourteen.text).toMatch(
      /^:hourglass_flowing_sand: The provider API key expires in 14 days \(<!date\^/,
    );
    expect(fourteen.text).toContain('set it as PROVIDER_API_KEY and restart the bot');
    expect(fourteen.text).not.toContain('S0ONCALL');
    expect(renderUnit(en, expiring(3, 3 * day), oncall).text).toContain(
      ':warning: The provider API key expires in 3 days',
    );
    const last = renderUnit(en, expiring(1, 23 * 3_600_000), oncall);
    expect(last.text).toContain(`${oncall} The provider API key expires within a day.`);
    expect(last.text).toContain('expires in 23 hours');
    // A warning sent late (the bot was down) says the time actually left.
    expect(renderUnit(en, expiring(14, 10 * day), oncall).text).toContain('expires in 10 days');
    const jaLast = renderUnit(ja, expiring(1, day), oncall);
    expect(jaLast.text).toContain('プロバイダーのAPIキーの有効期限まで、あと1日です');
    expect(jaLast.text).toContain('有効期限が残り1日を切りました');
    expect(renderUnit(ja, expiring(3, 3 * day), oncall).text).toContain('あと3日です');

    const refused = renderUnit(en, { notices: [{ kind: 'key-refused', expiresAt: null, at }] }, oncall);
    expect(refused.text).toContain(`${oncall} The bot has lost its access to the provider.`);
    expect(refused.text).toContain('The provider has refused the API key since <!date^');
    expect(JSON.stringify(refused.blocks)).not.toContain('/vps show');
    const expired = renderUnit(ja, { notices: [{ kind: 'key-refused', expiresAt: at - 1_000, at }] }, oncall);
    expect(expired.text).toContain('プロバイダーのAPIキーは <!date^');
    expect(expired.text).toContain('に有効期限が切れ、拒否されるようになりました');
    expect(expired.text).toContain('ボットがプロバイダーにアクセスできなくなりました');
  });

  it('an expired key the provider still answers: an alarm, never "expires in", in en and ja', () => {
    const unit: NoticeUnit = { notices: [{ kind: 'key-expired', expiresAt: at - 3_600_000, at }] };
    const e = renderUnit(en, unit, oncall);
    expect(e.text).toContain(':rotating_light: The provider API key expired <!date^');
    expect(e.text).toContain('still accepts it for now, but may refuse it at any moment');
    expect(e.text).toContain(`${oncall} The provider API key has expired.`);
    expect(e.text).not.toMatch(/expires in|less than an hour|within a day/);
    const j = renderUnit(ja, unit, oncall);
    expect(j.text).toContain('に有効期限が切れました。プロバイダーはまだ受け付けていますが');
    expect(j.text).toContain(`${oncall} プロバイダーのAPIキーの有効期限が切れています。`);
  });

  it('a power change to a state the spec does not list is told as said, calmly', () => {
    const unit: NoticeUnit = { notices: [p('1', 'running', 'suspended')] };
    expect(unitIsAlarm(unit)).toBe(false);
    const e = renderUnit(en, unit, oncall);
    expect(e.text).toContain('*web-1* is now *“suspended” (a state the provider’s spec does not list)*');
    expect(e.text).not.toContain(oncall);
    const back = renderUnit(ja, { notices: [p('1', 'suspended', 'running')] }, oncall);
    expect(back.text).toContain('「suspended」（プロバイダーの仕様にない状態）');
  });

  it('has the same watch.* keys in en and ja, with the same placeholders', () => {
    const enText = watchCatalog.en as Record<string, string>;
    const jaText = watchCatalog.ja as Record<string, string>;
    expect(Object.keys(jaText).sort()).toEqual(Object.keys(enText).sort());
    for (const k of Object.keys(enText)) {
      expect(k.startsWith('watch.')).toBe(true);
      const ph = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(ph(jaText[k]!), k).toEqual(ph(enText[k]!));
    }
  });
});
