/**
 * `/vps renewals` and `/vps renewal set|clear` through the real app
 * (startBot) with signed requests, the simulator on a manual clock and the
 * fake Slack behind, in English and Japanese; and the reminder the bot posts
 * for a date set by hand, at its threshold, once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { translator } from '../../src/slack/i18n/index.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';

const DAY = 86_400_000;
/** 2 March 2026, 12:00 in Japan. */
const NOON_JST = new Date('2026-03-02T03:00:00.000Z');

describe('/vps renewals and /vps renewal through the real app', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const start = (locale: 'en' | 'ja' = 'en') =>
    startHarness({
      operators: [OPERATOR],
      locale,
      manualClockAt: NOON_JST,
      watcher: true,
      // The reminders look at the store as often as the watcher's cycle.
      env: { WATCH_INTERVAL_SECONDS: '1' },
    });

  const run = async (h: Harness, text: string, user = OPERATOR, channel = CHANNEL) =>
    messageText(await (await h.command(text, { user, channel })).reply());

  /** The next message posted in the channel after `after` whose text matches. */
  const posted = (h: Harness, after: number, re: RegExp): Promise<RecordedCall> =>
    h.slack.waitFor(
      (c) =>
        c.method === 'chat.postMessage' &&
        c.args.channel === CHANNEL &&
        c.seq > after &&
        re.test(messageText(c)),
      15_000,
    );

  const reminders = (h: Harness, re: RegExp) =>
    h.slack.calls.filter(
      (c) => c.method === 'chat.postMessage' && c.args.channel === CHANNEL && re.test(messageText(c)),
    );

  it('sets a date by hand, reminds at each threshold once, lists it, clears it; refusals said where typed; audited', async () => {
    h = await start();
    expect(await run(h, 'renewals', VIEWER)).toContain('No contract date is known yet.');

    // Refused: a viewer; a date that is no date, no day, or past; the usage; a server that is not there.
    expect(await run(h, 'renewal set db-1 2026-03-22', VIEWER)).toContain('This needs the *operator* role');
    expect(await run(h, 'renewal set db-1 22/03/2026')).toContain(
      'That value is not accepted: Write the date as YYYY-MM-DD, e.g. 2027-03-31.',
    );
    expect(await run(h, 'renewal set db-1 2026-02-30')).toContain('That day is not in the calendar');
    expect(await run(h, 'renewal set db-1 2026-03-01')).toContain(
      'That date has already passed in Japan time',
    );
    expect(await run(h, 'renewal set db-1')).toContain('Usage: `/vps renewal set <server> <YYYY-MM-DD>`');
    expect(await run(h, 'renewal')).toContain('Usage: `/vps renewal set');
    expect(await run(h, 'renewals db-1')).toContain('Usage: `/vps renewals`');
    expect(await run(h, 'renewal set nosuch 2026-03-22')).toMatch(/nosuch/);
    expect(await h.bot.store.contracts.all()).toEqual([]);

    // Set: the answer is shown to the operator in the channel, which proves the bot can post there.
    let seq = h.slack.lastSeq;
    const set = messageText(
      await (await h.command('renewal set db-1 2026-03-22', { user: OPERATOR })).answer(),
    );
    expect(set).toContain('The contract date of *db-1* is now *2026-03-22* (in 20 days), set by hand.');
    expect(set).toContain('Its renewal reminders come here, 30, 7 and 1 days before.');

    // Twenty days ahead: the 30-day threshold is reached, and the bot says so at once.
    const first = await posted(h, seq, /the contract renews on/);
    const reminder = messageText(first);
    expect(reminder).toContain(
      '*db-1*: the contract renews on *2026-03-22* (in 20 days), paid from the prepaid balance.',
    );
    expect(reminder).toContain('This server was not ordered through this bot');
    expect(reminder).toContain(
      'the provider cancels this contract’s auto-renewal and e-mails only the account owner',
    );
    expect(reminder).toContain('the bot cannot check whether it covers the renewal');
    expect(reminder).toContain(`Date set by <@${OPERATOR}>`);
    expect(first.args.text).toContain('the contract renews on');

    const list = await run(h, 'renewals', VIEWER);
    expect(list).toContain('*db-1* — 2026-03-22 (in 20 days) · set by <@U0OPERATOR>');
    expect(list).toContain('next reminder 7 days before');
    expect(list).toContain('Reminders come 30, 7 and 1 days before each date');

    // Thirteen days on, the 7-day reminder; nothing else in between.
    seq = h.slack.lastSeq;
    h.sim.control.clock.advance(13 * DAY);
    expect(messageText(await posted(h, seq, /the contract renews on/))).toContain('(in 7 days)');
    expect(reminders(h, /the contract renews on/)).toHaveLength(2);

    // Clear: no date left, so the reminders stop. A second clear changes nothing.
    const cleared = await run(h, 'renewal clear db-1');
    expect(cleared).toContain('The contract date set by hand on *db-1* (2026-03-22) is removed.');
    expect(cleared).toContain('No date is known for it now, so its reminders stop.');
    expect(await run(h, 'renewal clear db-1')).toContain(
      'No contract date was set by hand on *db-1*: nothing changed.',
    );
    h.sim.control.clock.advance(7 * DAY);
    expect(await run(h, 'renewals', VIEWER)).toContain('No contract date is known yet.');
    expect(reminders(h, /the contract renews on/)).toHaveLength(2);

    const audit = await h.bot.store.audit.latest({ limit: 20 });
    expect(
      audit
        .filter((a) => a.action.startsWith('renewal'))
        .map((a) => [a.action, a.outcome, a.errorCode ?? null])
        .reverse(),
    ).toEqual([
      ['renewal_set', 'refused', 'role_required'],
      ['renewal_set', 'refused', 'invalid_field'],
      ['renewal_set', 'refused', 'invalid_field'],
      ['renewal_set', 'refused', 'invalid_field'],
      ['renewal_set', 'ok', null],
      ['renewal_clear', 'ok', null],
      ['renewal_clear', 'ok', null],
    ]);
    expect(
      h.slack.calls.filter((c) => c.method === 'chat.postMessage' && /set by hand/.test(messageText(c))),
    ).toEqual([]);
    const db1 = h.sim.control.servers().find((s) => s.name === 'db-1')!;
    expect(audit.find((a) => a.action === 'renewal_set' && a.outcome === 'ok')).toMatchObject({
      target: db1.uuid,
      params: { name: 'db-1', date: '2026-03-22', previous: null },
    });
  });

  it('refuses a date more than ten years away, in English and Japanese, and stores nothing', async () => {
    h = await startHarness({ operators: [OPERATOR], manualClockAt: NOON_JST });
    h.slack.setUser(VIEWER, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    const en = translator('en')('field.renewal_date.too_far', { limit: 10 });
    const ja = translator('ja')('field.renewal_date.too_far', { limit: 10 });
    // Today is 2026-03-02 in Japan: ten years on is the last day taken.
    expect(await run(h, 'renewal set db-1 2036-03-03')).toContain(`That value is not accepted: ${en}`);
    expect(await run(h, 'renewal set db-1 2207-03-31')).toContain(en);
    expect(await run(h, 'renewal set db-1 9999-12-31')).toContain(en);
    h.slack.setUser(OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    expect(await run(h, 'renewal set db-1 2099-01-01')).toContain(ja);
    expect(await h.bot.store.contracts.all()).toEqual([]);
    const refused = await h.bot.store.audit.latest({ limit: 4 });
    expect(refused.map((a) => [a.action, a.outcome, a.errorCode])).toEqual(
      Array.from({ length: 4 }, () => ['renewal_set', 'refused', 'invalid_field']),
    );
    // Ten years to the day is taken.
    expect(
      messageText(await (await h.command('renewal set db-1 2036-03-02', { user: OPERATOR })).answer()),
    ).toContain('*db-1* の契約日を *2036年3月2日*');
  });

  it('in Japanese: the answers, the announcement and the reminder', async () => {
    h = await start('ja');
    h.slack.setUser(OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    h.slack.setUser(VIEWER, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    expect(await run(h, 'renewals', VIEWER)).toContain('把握している契約日はまだありません。');
    expect(await run(h, 'renewal set db-1 2026-13-01')).toContain('その日付は存在しません。');
    expect(await run(h, 'renewal set db-1 2026/03/22')).toContain('日付は YYYY-MM-DD の形で書いてください');
    expect(await run(h, 'renewal set db-1', VIEWER)).toContain(
      '使い方: `/vps renewal set <サーバー> <YYYY-MM-DD>`',
    );

    const seq = h.slack.lastSeq;
    const set = messageText(
      await (await h.command('renewal set db-1 2026-03-09', { user: OPERATOR })).answer(),
    );
    expect(set).toContain('*db-1* の契約日を *2026年3月9日*（あと7日）に設定しました。');
    expect(set).toContain('更新のリマインダーは30・7・1日前にこのチャンネルに届きます。');
    const reminder = messageText(await posted(h, seq, /前払い残高から支払われます/));
    expect(reminder).toContain(
      '*db-1* の契約は *2026年3月9日*（あと7日）に更新され、前払い残高から支払われます。',
    );
    expect(reminder).toContain('アカウント所有者にだけメールで知らせます');
    expect(reminder).toContain('APIでは前払い残高を確認できないため');
    const list = await run(h, 'renewals', VIEWER);
    expect(list).toContain('*db-1* — 2026年3月9日（あと7日）· <@U0OPERATOR> さんが設定');
    expect(list).toContain('次のリマインダーは前日');
  });

  it('a channel the bot cannot post in is refused before anything is stored, with what to do', async () => {
    h = await start();
    h.slack.closeChannel('C0NOTIN01');
    const text = await run(h, 'renewal set db-1 2026-03-22', OPERATOR, 'C0NOTIN01');
    expect(text).toContain('I’m not a member of <#C0NOTIN01>');
    expect(text).toContain('Nothing was changed.');
    expect(await h.bot.store.contracts.all()).toEqual([]);
    const [row] = await h.bot.store.audit.latest({ limit: 1 });
    expect(row).toMatchObject({ action: 'renewal_set', outcome: 'refused', errorCode: 'not_in_channel' });
  });
});
