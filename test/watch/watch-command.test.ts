import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseWatchCommand, register } from '../../handlers/commands/watch.ts';
import { createLogger, MemoryLogSink } from '../../src/log.ts';
import { ServiceError } from '../../src/services/errors.ts';
import { createSlackApp, type SlackApp } from '../../src/slack/app.ts';
import { translator } from '../../src/slack/i18n/index.ts';
import { COMMANDS } from '../../src/slack/ids.ts';
import { openStore, type Store } from '../../src/store/index.ts';
import { WatchSubscriptions } from '../../src/watch/subscriptions.ts';
import { messageText } from '../support/app-harness.ts';
import { type FakeSlack, startFakeSlack } from '../support/fake-slack.ts';
import { deliver, slashCommandBody } from '../support/slack-request.ts';

describe('parseWatchCommand', () => {
  it('reads the three words, the target and an escaped channel', () => {
    expect(parseWatchCommand('watch db-1')).toEqual({ name: 'watch', target: 'db-1', channelId: undefined });
    expect(parseWatchCommand('watch all <#C0ALERTS1|alerts>')).toEqual({
      name: 'watch',
      target: 'all',
      channelId: 'C0ALERTS1',
    });
    expect(parseWatchCommand('unwatch web-1 <#C0ALERTS1>')).toEqual({
      name: 'unwatch',
      target: 'web-1',
      channelId: 'C0ALERTS1',
    });
    expect(parseWatchCommand('watches')).toEqual({ name: 'watches', channelId: undefined });
    expect(parseWatchCommand('watch')).toEqual({ name: 'usage' });
    expect(parseWatchCommand('watch db-1 #alerts')).toEqual({ name: 'usage' });
    expect(parseWatchCommand('list')).toBeUndefined();
  });
});

const SECRET = 'signing-secret-for-tests';
let ctx: { fake: FakeSlack; app: SlackApp; store: Store; dir: string; url: string } | undefined;
afterEach(async () => {
  if (!ctx) return;
  await ctx.app.stop();
  await ctx.fake.close();
  await ctx.store.close();
  rmSync(ctx.dir, { recursive: true, force: true });
  ctx = undefined;
});

describe('/vps watch, unwatch, watches through the real Bolt app', () => {
  it('adds, lists and removes watches; other /vps texts pass by; refusals are explained', async () => {
    const fake = await startFakeSlack();
    const dir = mkdtempSync(path.join(tmpdir(), 'watch-cmd-'));
    const logger = createLogger({ level: 'warn', stream: new MemoryLogSink() });
    const store = await openStore({ dataDir: dir, logger, encryptionKey: 'a'.repeat(64) });
    const servers = [
      { uuid: 'uuid-db-1', name: 'db-1' },
      { uuid: 'uuid-web-1', name: 'web-1' },
    ];
    const subscriptions = new WatchSubscriptions({
      watches: store.watches,
      resolveServer: async (ref) => {
        const s = servers.find((x) => x.name === ref || x.uuid === ref);
        if (!s) throw new ServiceError('server_not_found', { ref });
        return s;
      },
      authorize: async (actor, what) => {
        if (what === 'change' && actor.userId === 'U0VIEWER1')
          throw new ServiceError('role_required', { role: 'operator', yours: 'viewer' });
      },
      serverNames: async () => new Map(servers.map((s) => [s.uuid, s.name])),
      notifyChannel: 'C0NOTIFY1',
    });
    const app = createSlackApp({
      slack: {
        botToken: 'xoxb-test',
        appToken: undefined,
        signingSecret: SECRET,
        apiUrl: fake.apiUrl,
        socketMode: false,
      },
      port: 0,
      logger,
      health: async () => ({ ok: true, store: 'ok', provider: {} }) as never,
      metrics: () => '',
    });
    const others: string[] = [];
    // Stands in for the main /vps listener, which must leave watch texts alone.
    app.app.command(COMMANDS.vps, async ({ command, ack, next }) => {
      if (command.text.startsWith('watch') || command.text.startsWith('unwatch')) return next();
      await ack();
      others.push(command.text);
    });
    register(app.app, {
      subscriptions,
      ui: async () => ({ t: translator('en'), locale: 'en', tz: 'UTC' }),
      logger,
    });
    const { port } = await app.start();
    const url = `http://127.0.0.1:${port}/slack/events`;
    ctx = { fake, app, store, dir, url };
    let n = 0;
    const run = async (text: string, user = 'U0OPERATOR') => {
      const id = `r${++n}`;
      const body = slashCommandBody({
        text,
        userId: user,
        channelId: 'C0OPS0001',
        responseUrl: fake.responseUrl(id),
      });
      const ack = await deliver(url, SECRET, body);
      expect(ack.status).toBe(200);
      return messageText(await fake.waitForResponse(id));
    };

    expect(await run('watch db-1')).toContain('now gets power changes of *db-1*');
    expect(await run('watch db-1')).toContain('already watches');
    expect(await run('watch all <#C0ALERTS1|alerts>')).toContain('every server');
    const list = await run('watches');
    expect(list).toContain('*db-1* → <#C0OPS0001>');
    expect(list).toContain('every server → <#C0ALERTS1>');
    expect(list).toContain('<#C0NOTIFY1>');
    expect(await run('unwatch db-1')).toContain('no longer watches *db-1*');
    expect(await run('watch nosuch')).toMatch(/nosuch/);
    expect(await run('watch web-1', 'U0VIEWER1')).toMatch(/:warning:/);
    expect(await run('watch')).toContain('Usage');
    expect((await store.watches.list()).map((w) => [w.target, w.channelId])).toEqual([['all', 'C0ALERTS1']]);

    await deliver(url, SECRET, slashCommandBody({ text: 'list', responseUrl: fake.responseUrl('x') }));
    expect(others).toEqual(['list']);
  });
});
