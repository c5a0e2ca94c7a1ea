/**
 * Changes made outside the bot through the real app (signed requests, the
 * simulator, the fake Slack, the watcher running): a rename and a memo made
 * with `/vps rename` and `/vps memo` are announced when they are made and
 * never told again as made "outside Slack"; a rename made in the control
 * panel is told in NOTIFY_CHANNEL, once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';

const NOTIFY = 'C0NOTIFY1';

const uuidOf = (h: Harness, name: string) => h.sim.control.servers().find((s) => s.name === name)!.uuid;

describe('changes made outside the bot, through the real app', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('tells a rename made in the control panel, never one made with /vps rename or a memo set with /vps memo', async () => {
    h = await startHarness({
      operators: [OPERATOR],
      watcher: true,
      rateLimit: { limit: 1200, windowSeconds: 60, concurrent: 10 },
      env: { WATCH_INTERVAL_SECONDS: '1', WATCH_FLAP_SECONDS: '0', NOTIFY_CHANNEL: NOTIFY },
    });
    const app = h;
    const web1 = uuidOf(app, 'web-1');
    const web2 = uuidOf(app, 'web-2');
    const detailOf = (uuid: string) =>
      app.sim.control.nextRequest({ path: new RegExp(`^/v1/vps/servers/${uuid}$`), status: 200 });
    // The watcher's baseline: each server's detail read once.
    await detailOf(web2);
    await detailOf(web2);

    const announced = async (command: string, text: string) => {
      const before = app.slack.lastSeq;
      await app.command(command, { user: OPERATOR });
      const post = await app.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > before, 15_000);
      expect(messageText(post)).toContain(text);
    };
    await announced('rename web-2 web-02', `<@${OPERATOR}> renamed server *web-2* to *web-02*`);
    await announced('memo web-02 the front door', 'the front door');
    // Read again and again since: the change is seen, explained by the audit trail, and taken silently.
    for (let i = 0; i < 4; i += 1) await detailOf(web2);

    app.sim.control.renameServer(web1, 'web-outside');
    const told = await app.slack.waitFor(
      (c) =>
        c.method === 'chat.postMessage' &&
        c.args.channel === NOTIFY &&
        messageText(c).includes('*web-1* was renamed to *web-outside* outside Slack'),
      15_000,
    );
    expect(messageText(told)).toContain('(in the control panel or by another API client)');
    for (let i = 0; i < 3; i += 1) await detailOf(web1);

    const outside = app.slack.calls.filter(
      (c) => c.method === 'chat.postMessage' && messageText(c).includes('outside Slack'),
    );
    expect(outside.map((c) => messageText(c).split('\n')[0])).toEqual([
      expect.stringContaining('*web-1* was renamed to *web-outside*'),
    ]);
    expect((await app.bot.store.snapshots.get(web2))?.name).toBe('web-02');
  });
});
