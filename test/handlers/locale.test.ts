import { afterEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';

describe('language and time zone', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('answers a Japanese user in Japanese, with times in their zone', async () => {
    h = await startHarness({ key: 'read' });
    h.slack.setUser(OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    const list = messageText(await (await h.command('list', { user: OPERATOR })).reply());
    expect(list).toContain('サーバー 12 台');
    const me = messageText(await (await h.command('me', { user: OPERATOR })).reply());
    expect(me).toContain('キーの有効期限');
    expect(me).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} Asia\/Tokyo/);
    const refused = messageText(await (await h.command('rename web-1 web-9', { user: OPERATOR })).reply());
    expect(refused).toContain(catalogs.ja['error.key_read_only']);
    // users.info is cached: one lookup for three commands.
    expect(h.slack.callsOf('users.info').filter((c) => c.args.user === OPERATOR)).toHaveLength(1);
  });

  it('shows provider times in the user’s own zone', async () => {
    h = await startHarness();
    h.slack.setUser('U0NEWYORK', { locale: 'en-US', tz: 'America/New_York' });
    h.slack.setUser('U0TOKYO01', { locale: 'en-US', tz: 'Asia/Tokyo' });
    await (await h.command('list', { user: 'U0NEWYORK' })).reply();
    const ny = messageText(await (await h.command('logs', { user: 'U0NEWYORK' })).reply());
    const tk = messageText(await (await h.command('logs', { user: 'U0TOKYO01' })).reply());
    expect(ny).toContain('Times in America/New_York');
    const stamp = (s: string) => /`([A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2})`/.exec(s)?.[1];
    expect(stamp(ny)).toBeDefined();
    expect(stamp(ny)).not.toBe(stamp(tk));
  });

  it('writes dates in the order of the user’s locale, the zone named', async () => {
    h = await startHarness({ key: 'read' });
    h.slack.setUser('U0LONDON1', { locale: 'en-GB', tz: 'Europe/London' });
    h.slack.setUser('U0NEWYORK', { locale: 'en-US', tz: 'America/New_York' });
    const gb = messageText(await (await h.command('me', { user: 'U0LONDON1' })).reply());
    const us = messageText(await (await h.command('me', { user: 'U0NEWYORK' })).reply());
    expect(gb).toMatch(/Key expires: \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d Europe\/London/);
    expect(us).toMatch(/Key expires: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d America\/New_York/);
  });

  it('falls back to BOT_LOCALE when Slack does not say', async () => {
    h = await startHarness({ locale: 'ja' });
    const r = messageText(await (await h.command('help', { user: 'U0UNKNOWN' })).reply());
    expect(r).toContain('/vps でできること');
  });
});
