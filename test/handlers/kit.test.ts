import { describe, expect, it } from 'vitest';
import { uiWithin } from '../../handlers/kit.ts';
import { translator } from '../../src/slack/i18n/index.ts';

const en = { t: translator('en'), locale: 'en' as const, tz: 'UTC' };
const ja = { t: translator('ja'), locale: 'ja' as const, tz: 'Asia/Tokyo' };

describe('uiWithin', () => {
  it('uses the user’s language when it comes in time', async () => {
    expect(await uiWithin({ ui: async () => ja, channelUi: en }, 'U1', 1000)).toBe(ja);
  });

  it('falls back to the default instead of missing the 3-second deadline', async () => {
    const never = new Promise<typeof ja>(() => undefined);
    expect(await uiWithin({ ui: () => never, channelUi: en }, 'U1', 5)).toBe(en);
  });
});
