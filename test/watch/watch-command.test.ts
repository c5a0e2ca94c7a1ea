import { afterEach, describe, expect, it } from 'vitest';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../support/app-harness.ts';

describe('/vps watch, unwatch, watches through the real app (startBot)', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('adds, lists and removes watches; refuses viewers; other /vps words still answer', async () => {
    h = await startHarness({ operators: [OPERATOR], env: { NOTIFY_CHANNEL: 'C0NOTIFY1' } });
    const run = async (text: string, user = OPERATOR) =>
      messageText(await (await h!.command(text, { user })).answer());

    expect(await run('watch db-1')).toContain('now gets power changes of *db-1*');
    expect(await run('watch db-1')).toContain('already watches');
    expect(await run('watch all <#C0ALERTS1|alerts>')).toContain('every server');
    // A channel's own watches; another (public) channel's when it is named.
    const list = await run('watches');
    expect(list).toContain('*db-1* → <#C0OPS0001>');
    expect(list).not.toContain('<#C0ALERTS1>');
    expect(list).toContain('<#C0NOTIFY1>');
    expect(await run('watches <#C0ALERTS1|alerts>')).toContain('every server → <#C0ALERTS1>');
    expect(await run('unwatch db-1')).toContain('no longer watches *db-1*');
    expect(await run('watch nosuch')).toMatch(/nosuch/);
    expect(await run('watch web-1', VIEWER)).toContain('This needs the *operator* role');
    expect(await run('watch')).toContain('Usage');
    expect((await h.bot.store.watches.list()).map((w) => [w.target, w.channelId])).toEqual([
      ['all', 'C0ALERTS1'],
    ]);
    // Every change and every refused attempt is in the audit log.
    const audit = await h.bot.store.audit.latest({ limit: 20 });
    expect(audit.map((a) => [a.action, a.outcome, a.errorCode ?? null]).reverse()).toEqual([
      ['watch', 'ok', null],
      ['watch', 'ok', null],
      ['watch', 'ok', null],
      ['unwatch', 'ok', null],
      ['watch', 'refused', 'role_required'],
    ]);
    expect(audit.find((a) => a.action === 'unwatch')?.params).toMatchObject({ name: 'db-1', changed: true });
    // One /vps listener: the other words are still answered, once.
    const listed = await h.command('list', { user: VIEWER });
    await listed.reply();
    expect(h.slack.calls.filter((c) => c.responseId === listed.responseId)).toHaveLength(1);
  });

  it('watches the provider key’s use: `/vps watch key` and `unwatch key`, operators only, audited, listed', async () => {
    h = await startHarness({ operators: [OPERATOR] });
    const run = async (text: string, user = OPERATOR) =>
      messageText(await (await h!.command(text, { user })).answer());

    expect(await run('watch key')).toContain(
      'This channel <#C0OPS0001> now hears who else uses the provider API key: a request the bot did not make',
    );
    expect(await run('watch KEY')).toContain('<#C0OPS0001> already watches the provider API key');
    expect(await run('watches')).toContain('the provider API key → <#C0OPS0001>');
    expect(await run('unwatch key', VIEWER)).toContain('This needs the *operator* role');
    expect((await h.bot.store.watches.list()).map((w) => w.target)).toEqual(['key']);
    expect(await run('unwatch key')).toContain('<#C0OPS0001> no longer watches the provider API key');
    expect(await h.bot.store.watches.list()).toEqual([]);
    const audit = await h.bot.store.audit.latest({ limit: 10 });
    expect(audit.map((a) => [a.action, a.target, a.outcome]).reverse()).toEqual([
      ['watch', 'key', 'ok'],
      ['watch', 'key', 'ok'],
      ['unwatch', 'key', 'refused'],
      ['unwatch', 'key', 'ok'],
    ]);
    // Nothing of it was asked of the provider: `key` is a word, as `all` is, never a server's name.
    expect(h.sim.control.requests({ path: '/v1/vps/servers' })).toHaveLength(0);
  });

  it("posts a watched server's power change to the channel once", async () => {
    // Every server is read, watched or not: a limit that lets a round of the seed's servers take ~1 s.
    h = await startHarness({
      operators: [OPERATOR],
      watcher: true,
      rateLimit: { limit: 1200, windowSeconds: 60, concurrent: 10 },
      env: { WATCH_INTERVAL_SECONDS: '1', WATCH_FLAP_SECONDS: '0' },
    });
    const db1 = h.sim.control.servers().find((s) => s.name === 'db-1');
    if (!db1) throw new Error('seed has no db-1');
    const detail = new RegExp(`^/v1/vps/servers/${db1.uuid}$`);
    // The first read of a server only records it; wait for it before changing anything.
    const firstRead = h.sim.control.nextRequest({ path: detail, status: 200 });
    expect(await messageText(await (await h.command('watch db-1', { user: OPERATOR })).answer())).toContain(
      'db-1',
    );
    await firstRead;
    const from = db1.power;
    const to = from === 'stopped' ? 'running' : 'stopped';
    h.sim.control.setPower(db1.uuid, to);
    const posted = await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && c.args.channel === CHANNEL && messageText(c).includes('db-1'),
      15_000,
    );
    expect(messageText(posted)).toContain(to);
    // Later rounds read the server again without posting the same change twice.
    await h.sim.control.nextRequest({ path: detail, status: 200 });
    await h.sim.control.nextRequest({ path: detail, status: 200 });
    expect(
      h.slack.calls.filter((c) => c.method === 'chat.postMessage' && messageText(c).includes('db-1')),
    ).toHaveLength(1);
    // Operators see the background parts on /metrics.
    const metrics = await (await fetch(`http://127.0.0.1:${h.bot.port}/metrics`)).text();
    expect(metrics).toMatch(/^vps_watcher_leader\{account="default"\} 1$/m);
    expect(metrics).toMatch(/^vps_watcher_transitions_total\{account="default"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^vps_notifier_messages_total\{account="default"\} 1$/m);
    // The change was seen within one round of reads: its detection delay is counted.
    expect(metrics).toMatch(/^vps_watcher_detection_delay_seconds_count\{account="default"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^vps_watcher_read_lag_seconds\{account="default"\} \d/m);
    // Each log line names its component once (pino writes a child's bindings after its parent's).
    const lines = h.logs.lines.filter((l) => l.includes('"component"'));
    expect(lines.some((l) => l.includes('"component":"watcher"'))).toBe(true);
    expect(lines.some((l) => l.includes('"component":"provider-client"'))).toBe(true);
    for (const line of lines) expect(line.match(/"component":/g), line).toHaveLength(1);
  });
});
