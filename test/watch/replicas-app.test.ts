/**
 * Two whole app instances (startBot) on one PostgreSQL: one runs in a child
 * process and leads the watcher; it is killed with SIGKILL, and the other
 * takes over. Every power change reaches the channel exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createLogger, MemoryLogSink } from '../../src/log.ts';
import { type RunningBot, startBot } from '../../src/main.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { messageText } from '../support/app-harness.ts';
import { type FakeSlack, startFakeSlack } from '../support/fake-slack.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';

const root = new URL('../../', import.meta.url).pathname;
const NOTIFY = 'C0NOTIFY01';

describe('two app instances on one PostgreSQL, the leader killed', () => {
  let sim: Simulator | undefined;
  let slack: FakeSlack | undefined;
  let db: TestDatabase | undefined;
  let child: ChildProcess | undefined;
  let follower: RunningBot | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await follower?.stop();
    await slack?.close();
    await sim?.close();
    await db?.drop();
  });

  it('posts each change once: before the kill by the leader, after it by the replica that took over', async () => {
    // At the default 60 a minute, half for the watcher, each of the 12 servers is read every ~24 s.
    sim = await startSimulator({ rateLimit: { limit: 600, windowSeconds: 10, concurrent: 10 } });
    slack = await startFakeSlack();
    db = await createTestDatabase('replicas_app');
    const env: Record<string, string> = {
      SLACK_BOT_TOKEN: `xoxb-test-${randomBytes(6).toString('hex')}`,
      SLACK_SIGNING_SECRET: randomBytes(16).toString('hex'),
      SLACK_API_URL: slack.apiUrl,
      PROVIDER_API_URL: sim.url,
      PROVIDER_API_KEY: sim.keys.full,
      DATABASE_URL: db.url,
      BOT_ENCRYPTION_KEY: 'c'.repeat(64),
      NOTIFY_CHANNEL: NOTIFY,
      WATCH_INTERVAL_SECONDS: '1',
      WATCH_FLAP_SECONDS: '0',
    };
    const [x, y] = sim.control.servers().filter((s) => s.power === 'running');
    if (!x || !y) throw new Error('the seed needs two running servers');
    const postsAbout = (name: string) =>
      slack!.calls.filter(
        (c) =>
          c.method === 'chat.postMessage' &&
          c.args.channel === NOTIFY &&
          messageText(c).includes(`*${name}*`),
      );

    // The leader: a process of its own, alone at first, so it takes the lease.
    const firstRead = sim.control.nextRequest({
      path: new RegExp(`^/v1/vps/servers/${x.uuid}$`),
      status: 200,
    });
    child = spawn(process.execPath, ['--import', 'tsx', 'test/watch/fixtures/bot-process.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: await mkdtemp(join(tmpdir(), 'rep-a-')),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    expect(line.toString()).toMatch(/^ready \d+/);
    await firstRead;

    // The second instance joins on the same database and follows.
    const dataDir = await mkdtemp(join(tmpdir(), 'rep-b-'));
    follower = await startBot(loadConfig({ ...env, DATA_DIR: dataDir }), {
      logger: createLogger({ level: 'warn', stream: new MemoryLogSink() }),
      port: 0,
      sweepMs: 0,
    });

    sim.control.setPower(x.uuid, 'stopped');
    await slack.waitFor(
      (c) => c.method === 'chat.postMessage' && messageText(c).includes(`*${x.name}*`),
      15_000,
    );

    // Kill only once the leader has marked the post sent. A kill between Slack's
    // answer and that mark repeats the message after take-over: delivery is
    // at-least-once on purpose, since a missed alarm is worse than a repeated one.
    const farFuture = new Date(Date.now() + 3_600_000);
    while ((await follower.store.outbox.due(farFuture, 10)).length > 0) await sim.control.nextRequest();
    child.kill('SIGKILL');
    await once(child, 'exit');
    sim.control.setPower(y.uuid, 'stopped');
    // The lease lapses (1.5 intervals) and the follower takes over within two cycles.
    await slack.waitFor(
      (c) => c.method === 'chat.postMessage' && messageText(c).includes(`*${y.name}*`),
      15_000,
    );
    // A few more rounds by the new leader: nothing is posted again.
    const yDetail = new RegExp(`^/v1/vps/servers/${y.uuid}$`);
    await sim.control.nextRequest({ path: yDetail, status: 200 });
    await sim.control.nextRequest({ path: yDetail, status: 200 });
    expect(postsAbout(x.name)).toHaveLength(1);
    expect(postsAbout(y.name)).toHaveLength(1);
  });
});
