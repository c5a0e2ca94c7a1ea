import { describe, expect, it } from 'vitest';
import { nextJstMidnight, quoteExpiry } from '../../../src/services/signup/catalogue.ts';

describe('quote expiry and Japan time', () => {
  it('ends at 00:00 JST when that comes before the TTL', () => {
    // 14:50 UTC = 23:50 JST.
    const now = new Date('2026-03-10T14:50:00Z');
    expect(nextJstMidnight(now).toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(quoteExpiry(now, 30 * 60_000).toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(quoteExpiry(new Date('2026-03-10T03:00:00Z'), 30 * 60_000).toISOString()).toBe(
      '2026-03-10T03:30:00.000Z',
    );
  });

  it('just after midnight JST the next midnight is a full day away', () => {
    expect(nextJstMidnight(new Date('2026-03-10T15:00:00Z')).toISOString()).toBe('2026-03-11T15:00:00.000Z');
  });
});
