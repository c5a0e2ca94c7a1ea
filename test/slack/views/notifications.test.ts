import { describe, expect, it } from 'vitest';
import { watchMessages } from '../../../src/slack/i18n/watch-messages.ts';
import { assertBlocksWithinLimits } from '../../../src/slack/views/limits.ts';
import {
  isFlap,
  type NoticeUnit,
  renderDigest,
  renderUnit,
  unitIsAlarm,
} from '../../../src/slack/views/notifications.ts';
import type { Notice } from '../../../src/watch/notices.ts';

const at = Date.UTC(2026, 2, 2, 3, 0, 0);
const p = (uuid: string, from: string, to: string, dt = 0): Notice =>
  ({ kind: 'power', uuid, name: `web-${uuid}`, from, to, at: at + dt }) as Notice;
const ctx = { locale: 'en' as const, oncallMention: '<!subteam^S0ONCALL>' };

describe('notification views', () => {
  it('a single change names the server, old -> new, when, and the /vps show hint', () => {
    const m = renderUnit({ notices: [p('1', 'stopped', 'running')] }, ctx);
    expect(m.text).toContain('*web-1* is now *running* (was stopped)');
    expect(m.text).toContain('<!date^');
    expect(m.text).not.toContain('S0ONCALL');
    expect(JSON.stringify(m.blocks)).toContain('/vps show web-1');
  });

  it('mentions on-call on error and on a stop without processing, not on a stop after processing', () => {
    expect(renderUnit({ notices: [p('1', 'running', 'error')] }, ctx).text).toContain('S0ONCALL');
    expect(renderUnit({ notices: [p('1', 'running', 'stopped')] }, ctx).text).toContain('S0ONCALL');
    const planned: NoticeUnit = {
      notices: [p('1', 'running', 'processing'), p('1', 'processing', 'stopped', 5_000)],
    };
    expect(unitIsAlarm(planned)).toBe(false);
    expect(renderUnit(planned, ctx).text).toContain('running → processing → stopped');
    expect(renderUnit({ notices: [p('1', 'running', 'error')] }, { locale: 'en' }).text).not.toContain(
      'undefined',
    );
  });

  it('a flap is one calm message', () => {
    const flap: NoticeUnit = { notices: [p('1', 'running', 'error'), p('1', 'error', 'running', 10_000)] };
    expect(isFlap(flap)).toBe(true);
    const m = renderUnit(flap, ctx);
    expect(m.text).toContain('flapped');
    expect(m.text).not.toContain('S0ONCALL');
  });

  it('escapes names that carry mrkdwn control characters', () => {
    const m = renderUnit({ notices: [{ ...p('1', 'running', 'stopped'), name: 'a<b>&c' } as Notice] }, ctx);
    expect(m.text).toContain('a&lt;b&gt;&amp;c');
  });

  it('a digest of 2000 changes summarises every kind and says how many it left out', () => {
    const units: NoticeUnit[] = [];
    for (let i = 0; i < 1990; i += 1) units.push({ notices: [p(String(i), 'running', 'stopped', i)] });
    for (let i = 0; i < 10; i += 1) {
      units.push({ notices: [{ kind: 'server-added', uuid: `n${i}`, name: `new-${i}`, at } as Notice] });
    }
    const m = renderDigest(units, ctx);
    assertBlocksWithinLimits(m.blocks, 'message');
    expect(m.text).toContain('2000 changes');
    expect(m.text).toContain('1990 × running → stopped');
    expect(m.text).toContain('10 × new server');
    expect(m.text).toContain('S0ONCALL');
    const json = JSON.stringify(m.blocks);
    const more = /and (\d+) more/.exec(json);
    expect(more).not.toBeNull();
    const listed = (json.match(/• /g) ?? []).length;
    expect(listed + Number(more![1])).toBe(2000);
  });

  it('renders Japanese too', () => {
    const m = renderUnit({ notices: [p('1', 'running', 'stopped')] }, { ...ctx, locale: 'ja' });
    expect(m.text).toContain('停止');
    const d = renderDigest(
      [{ notices: [p('1', 'running', 'stopped')] }, { notices: [p('2', 'running', 'stopped')] }],
      { ...ctx, locale: 'ja' },
    );
    expect(d.text).toContain('2 件');
  });

  it('has the same watch.* keys in en and ja, with the same placeholders', () => {
    const en = watchMessages.en as Record<string, string>;
    const ja = watchMessages.ja as Record<string, string>;
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
    for (const k of Object.keys(en)) {
      expect(k.startsWith('watch.')).toBe(true);
      const ph = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(ph(ja[k]!), k).toEqual(ph(en[k]!));
    }
  });
});
