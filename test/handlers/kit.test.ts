import { describe, expect, it } from 'vitest';
import { isRetry, uiWithin } from '../../handlers/kit.ts';
import { createLogger } from '../../src/log.ts';
import { translator } from '../../src/slack/i18n/index.ts';

const en = { t: translator('en'), locale: 'en' as const, tz: 'UTC', dateLocale: 'en-US' };
const ja = { t: translator('ja'), locale: 'ja' as const, tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };

describe('uiWithin', () => {
  it('uses the user’s language when it comes in time', async () => {
    expect(await uiWithin({ ui: async () => ja, channelUi: en }, 'U1', 1000)).toBe(ja);
  });

  it('falls back to the default instead of missing the 3-second deadline', async () => {
    const never = new Promise<typeof ja>(() => undefined);
    expect(await uiWithin({ ui: () => never, channelUi: en }, 'U1', 5)).toBe(en);
  });
});

describe('isRetry', () => {
  const logger = createLogger({ level: 'silent' });
  const seen = new Set<string>();
  const store = {
    firstSeen: async (key: string) => {
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    },
  };
  const down = {
    firstSeen: async (): Promise<boolean> => {
      throw new Error('store down');
    },
  };

  it('claims a key once: only the delivery after the first is a retry', async () => {
    expect(await isRetry({ deliveries: store, logger }, 'command:t1', 'read')).toBe(false);
    expect(await isRetry({ deliveries: store, logger }, 'command:t1', 'read')).toBe(true);
  });

  it('answers a read when the store is down, but never makes a change it cannot claim', async () => {
    expect(await isRetry({ deliveries: down, logger }, 'command:t2', 'read')).toBe(false);
    await expect(isRetry({ deliveries: down, logger }, 'command:t3', 'write')).rejects.toThrow('store down');
  });
});
