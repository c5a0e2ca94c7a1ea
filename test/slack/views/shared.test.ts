import type { KnownBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/slack/i18n/index.ts';
import { formatProviderTime, parseProviderTime } from '../../../src/slack/views/format.ts';
import { assertBlocksWithinLimits, LIMITS, ViewLimitError } from '../../../src/slack/views/limits.ts';
import { failureView } from '../../../src/slack/views/messages.ts';

const ui = { t: translator('en'), locale: 'en' as const, tz: 'UTC', dateLocale: 'en-US' };
const ja = { t: translator('ja'), locale: 'ja' as const, tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };

describe('limits check', () => {
  it('throws on an oversized payload instead of letting it through', () => {
    const many: KnownBlock[] = Array.from({ length: 51 }, () => ({ type: 'divider' }));
    expect(() => assertBlocksWithinLimits(many, 'message')).toThrow(ViewLimitError);
    expect(() => assertBlocksWithinLimits(many, 'modal')).not.toThrow();
    const long: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text: 'x'.repeat(3001) } }];
    expect(() => assertBlocksWithinLimits(long, 'message')).toThrow(/sectionText/);
    const id: KnownBlock[] = [
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: 'x' }, action_id: 'a'.repeat(256) }],
      },
    ];
    expect(() => assertBlocksWithinLimits(id, 'message')).toThrow(/actionId/);
    const value: KnownBlock[] = [
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            text: { type: 'plain_text', text: 'x' },
            action_id: 'a',
            value: 'v'.repeat(2001),
          },
        ],
      },
    ];
    expect(() => assertBlocksWithinLimits(value, 'message')).toThrow(/buttonValue/);
  });

  it('failure view counts candidates it cannot show', () => {
    const details = Array.from({ length: 500 }, (_, i) => ({ label: `n${i}`, detail: 'd'.repeat(40) }));
    const m = failureView(ui, 'x', details);
    expect(m.blocks.length).toBeLessThanOrEqual(LIMITS.messageBlocks);
    expect(JSON.stringify(m.blocks)).toMatch(/…and \d+ more not shown/);
  });
});

describe('provider times', () => {
  it('parses Japan time and shows it in the user’s zone', () => {
    expect(parseProviderTime('2026-01-02 09:00:00')?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(formatProviderTime(ja, '2026-01-02 09:00:00')).toBe('2026/01/02 09:00:00');
    expect(formatProviderTime(ui, 'garbage')).toBe('garbage');
    expect(formatProviderTime({ ...ui, tz: 'Not/AZone' }, '2026-01-02 09:00:00')).toBe(
      'Jan 2, 2026, 00:00:00',
    );
  });
});
