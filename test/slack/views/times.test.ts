/** Times as each reader reads them: their zone named, their locale's date order, Slack's token in channels. */
import { describe, expect, it } from 'vitest';
import {
  channelUiFor,
  dateLocaleFor,
  formatClockTime,
  formatQuoteExpiry,
  formatTime,
  isJapanMidnight,
  uiFor,
} from '../../../src/slack/views/format.ts';
import { unlabelledTimes } from '../../support/times.ts';

const at = new Date('2026-03-10T03:30:00Z'); // 12:30 in Tokyo, 03:30 in London, 23:30 the day before in New York.

describe('a person’s own times', () => {
  it('en-US is month-first, with the zone named', () => {
    expect(formatTime(uiFor('en', 'Asia/Tokyo', 'en-US'), at)).toBe('Mar 10, 2026, 12:30 Asia/Tokyo');
    expect(formatTime(uiFor('en', 'America/New_York', 'en-US'), at)).toBe(
      'Mar 9, 2026, 23:30 America/New_York',
    );
  });

  it('en-GB is day-first, with the zone named', () => {
    expect(formatTime(uiFor('en', 'Europe/London', 'en-GB'), at)).toBe('10 Mar 2026, 03:30 Europe/London');
  });

  it('ja is year-first, with the zone named', () => {
    expect(formatTime(uiFor('ja', 'Asia/Tokyo', 'ja-JP'), at)).toBe('2026/03/10 12:30 Asia/Tokyo');
  });

  it('readers in turn keep their own zone, locale and precision (formatters are kept, never shared wrongly)', () => {
    const readers = [
      [uiFor('en', 'Asia/Tokyo', 'en-US'), 'Mar 10, 2026, 12:30 Asia/Tokyo', 'Mar 10, 2026, 12:30:00'],
      [uiFor('en', 'Europe/London', 'en-GB'), '10 Mar 2026, 03:30 Europe/London', '10 Mar 2026, 03:30:00'],
      [uiFor('ja', 'Asia/Tokyo', 'ja-JP'), '2026/03/10 12:30 Asia/Tokyo', '2026/03/10 12:30:00'],
      [uiFor('en', 'Not/AZone', 'en-US'), 'Mar 10, 2026, 03:30 UTC', 'Mar 10, 2026, 03:30:00'],
    ] as const;
    for (let round = 0; round < 3; round += 1) {
      for (const [ui, minutes, seconds] of readers) {
        expect(formatTime(ui, at)).toBe(minutes);
        expect(formatClockTime(ui, at)).toBe(seconds);
      }
    }
  });

  it('an unknown zone falls back to UTC and says so', () => {
    expect(formatTime(uiFor('en', 'Not/AZone', 'en-US'), at)).toBe('Mar 10, 2026, 03:30 UTC');
  });

  it('the date locale comes from Slack’s locale when it is of the text’s language, else the default', () => {
    expect(dateLocaleFor('en', 'en-GB')).toBe('en-GB');
    expect(dateLocaleFor('en', 'en-US')).toBe('en-US');
    expect(dateLocaleFor('ja', 'ja-JP')).toBe('ja-JP');
    expect(dateLocaleFor('en', 'fr-FR')).toBe('en-US');
    expect(dateLocaleFor('en', undefined)).toBe('en-US');
    expect(dateLocaleFor('ja', undefined)).toBe('ja-JP');
    expect(dateLocaleFor('en', 'not a locale!')).toBe('en-US');
    expect(uiFor('en', 'UTC').dateLocale).toBe('en-US');
  });
});

describe('a channel’s times', () => {
  it('are Slack date tokens whose fallback names UTC', () => {
    const text = formatTime(channelUiFor('en'), at);
    expect(text).toBe(`<!date^${at.getTime() / 1000}^{date_short_pretty} {time}|2026-03-10 03:30 UTC>`);
    expect(unlabelledTimes(text)).toEqual([]);
    expect(unlabelledTimes('at 03:30 today')).toEqual(['03:30']);
  });
});

describe('the quote’s expiry', () => {
  const midnight = new Date('2026-03-10T15:00:00Z'); // 00:00 on the 11th in Japan

  it('knows 00:00 in Japan', () => {
    expect(isJapanMidnight(midnight)).toBe(true);
    expect(isJapanMidnight(at)).toBe(false);
    expect(isJapanMidnight(new Date('2026-03-11T00:00:00Z'))).toBe(false);
  });

  it('at 00:00 in Japan says the reader’s time and why, in both languages', () => {
    expect(formatQuoteExpiry(uiFor('en', 'America/New_York', 'en-US'), midnight)).toBe(
      'Mar 10, 2026, 11:00 America/New_York (00:00 Japan time, when the day’s pro-rata price changes)',
    );
    expect(formatQuoteExpiry(uiFor('ja', 'Asia/Tokyo', 'ja-JP'), midnight)).toBe(
      '2026/03/11 00:00 Asia/Tokyo（日割り料金が切り替わる日本時間の0:00）',
    );
  });

  it('by its time to live, says the time alone', () => {
    expect(formatQuoteExpiry(uiFor('en', 'Asia/Tokyo', 'en-US'), at)).toBe('Mar 10, 2026, 12:30 Asia/Tokyo');
  });
});
