/**
 * The whole product on one machine, with nothing to sign up for: the provider
 * simulator (or a provider you name), the sandbox's Slack, and the real bot
 * started by the composition root in HTTP mode, as production starts it:
 * configuration parsed by loadConfig, requests signed with the signing
 * secret, the Web API over HTTP, the SQLite store in a temporary folder,
 * roles from a policy file and a user group. The bot does not know it is in a
 * sandbox; the only thing it is handed beyond configuration is the clock,
 * which follows the simulator's (so `sim clock +1h` moves the bot's time too).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../clock.ts';
import { type Config, loadConfig } from '../config.ts';
import { createLogger, SecretRegistry } from '../log.ts';
import { type RunningBot, startBot } from '../main.ts';
import { type Simulator, startSimulator } from '../simulator/index.ts';
import { BotDeliveries } from './deliveries.ts';
import { Pending } from './pending.ts';
import {
  ACCOUNTS,
  CHANNELS,
  channelNamed,
  FIRST_USER,
  GROUPS,
  HOME_CHANNEL,
  PEOPLE,
  personNamed,
  policyYaml,
} from './people.ts';

/** Who bound #shop to its account at the sandbox's start. */
const ADMIN = PEOPLE.find((p) => p.role === 'admin')!;

import { SlackStandIn } from './slack-standin.ts';
import { Terminal } from './terminal.ts';

export const SANDBOX_RATE_LIMIT = { limit: 300, windowSeconds: 60, concurrent: 5, daily: 1_000_000 };

export interface SandboxOptions {
  /** Where the terminal prints (each call a block of whole lines). */
  write(lines: readonly string[]): void;
  /** A provider to use instead of the built-in simulator (PROVIDER_API_URL / PROVIDER_API_KEY). */
  provider?: { baseUrl: string; apiKey: string };
  locale?: 'en' | 'ja';
  /** The watcher's shortest cycle (default 3 s). */
  watchIntervalSeconds?: number;
  /** How long nothing must happen before the bot counts as done answering (default 400 ms). */
  quietMs?: number;
  /** How long an interaction waits for the bot's first answer (default 15 s). */
  answerTimeoutMs?: number;
  /** How often the bot's sweep runs (expiries; default 5 s). */
  sweepMs?: number;
  logLevel?: Config['logLevel'];
}

export interface Sandbox {
  terminal: Terminal;
  standIn: SlackStandIn;
  /** The built-in simulator, when it is the provider. */
  sim: Simulator | undefined;
  bot: RunningBot;
  providerUrl: string;
  /** The temporary folder: the bot's store, its policy file, its log. */
  folder: string;
  logFile: string;
  /** The lines that say what runs where, for the start of a session. */
  banner(): string[];
  close(options?: { keep?: boolean }): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions): Promise<Sandbox> {
  const folder = await mkdtemp(join(tmpdir(), 'vps-chatops-sandbox-'));
  const dataDir = join(folder, 'data');
  await mkdir(dataDir);
  const policyFile = join(folder, 'policy.yml');
  // The built-in simulator serves two accounts; a real provider is the one account of its key.
  await writeFile(policyFile, policyYaml({ accounts: !opts.provider }));
  const logFile = join(folder, 'bot.log');
  const log = createWriteStream(logFile, { flags: 'a', mode: 0o600 });

  // A roomier rate limit than the simulator's default (limits differ by plan, as the spec says), so
  // the watcher sees a change within seconds; `sim rate-limit 60 60 5` brings the tight one back.
  const sim = opts.provider
    ? undefined
    : await startSimulator({
        clock: 'real',
        rateLimit: SANDBOX_RATE_LIMIT,
        accounts: ACCOUNTS.map((a) => a.name),
      });
  const standIn = await new SlackStandIn({ people: PEOPLE, groups: GROUPS, channels: CHANNELS }).start();
  const providerUrl = opts.provider?.baseUrl ?? sim!.url;
  const apiKey = opts.provider?.apiKey ?? sim!.keys.full;
  const signingSecret = randomBytes(24).toString('hex');
  const botToken = `xoxb-sandbox-${randomBytes(12).toString('hex')}`;
  const config = loadConfig({
    SLACK_BOT_TOKEN: botToken,
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_API_URL: standIn.apiUrl,
    PROVIDER_API_URL: providerUrl,
    PROVIDER_API_KEY: apiKey,
    // Each account's key in its own variable, as the policy file names them.
    ...(sim ? Object.fromEntries(ACCOUNTS.map((a) => [a.keyEnv, sim.account(a.name).keys.full])) : {}),
    DATA_DIR: dataDir,
    POLICY_FILE: policyFile,
    NOTIFY_CHANNEL: HOME_CHANNEL.id,
    // The daily digest comes to the same channel, at the default hour (09:00 Japan time).
    DIGEST_CHANNEL: HOME_CHANNEL.id,
    ONCALL_MENTION: `<!subteam^${GROUPS[0]!.id}>`,
    WATCH_INTERVAL_SECONDS: String(opts.watchIntervalSeconds ?? 3),
    BOT_LOCALE: opts.locale ?? 'en',
    LOG_LEVEL: opts.logLevel ?? 'info',
  });
  const secrets = new SecretRegistry();
  for (const s of [botToken, signingSecret, apiKey, ...(sim?.accounts.map((a) => a.keys.full) ?? [])])
    secrets.add(s);
  const logger = createLogger({ level: config.logLevel, stream: log, secrets });
  const clock: Clock | undefined = sim ? { now: () => sim.control.clock.now() } : undefined;

  let bot: RunningBot;
  try {
    bot = await startBot(config, {
      logger,
      secrets,
      port: 0,
      sweepMs: opts.sweepMs ?? 5_000,
      ...(clock ? { clock } : {}),
    });
  } catch (err) {
    await standIn.close();
    await sim?.close();
    log.end();
    await rm(folder, { recursive: true, force: true });
    throw err;
  }

  // A change is what differs from what the watcher saw before: the session starts once it has
  // seen every server, so a `sim power …` typed at once is a change it reports.
  if (sim)
    for (const a of sim.accounts) await firstLook(bot.store.forAccount(a.name), a.control.servers().length);
  else await firstLook(bot.store, undefined);

  const pending = new Pending({
    quietMs: opts.quietMs ?? 400,
    answerTimeoutMs: opts.answerTimeoutMs ?? 15_000,
    ...(sim ? { busy: () => sim.control.inFlight() > 0 } : {}),
  });
  standIn.onRequest(() => pending.activity());
  const terminal = new Terminal({
    standIn,
    bot: new BotDeliveries(`http://127.0.0.1:${bot.port}/slack/events`, signingSecret),
    pending,
    sim: sim?.control,
    ...(sim ? { simAccounts: sim } : {}),
    noSimReason: `sim commands drive the built-in simulator; this sandbox uses the provider at ${providerUrl}`,
    watcherCaughtUp: () => hostingBaselines(bot),
    write: opts.write,
    now: () => clock?.now() ?? new Date(),
    firstUser: personNamed(FIRST_USER)!,
    firstChannel: HOME_CHANNEL,
  });

  return {
    terminal,
    standIn,
    sim,
    bot,
    providerUrl,
    folder,
    logFile,
    banner: () => [
      'vps-chatops sandbox: the real bot, a Slack of its own, and ' +
        (sim ? 'the provider simulator' : `the provider at ${providerUrl}`),
      ...(sim
        ? [
            `  provider: built-in simulator at ${sim.url} (nothing is charged), two accounts:`,
            ...ACCOUNTS.map(
              (a) =>
                `    ${a.name} (${a.label}): ${a.channels.map((c) => `#${c}`).join(', ')}; 'sim @${a.name} …' changes its world`,
            ),
          ]
        : [
            `  provider: ${providerUrl} (from PROVIDER_API_URL / PROVIDER_API_KEY): a real provider;`,
            '    an order approved here is a real order, and sim commands are off',
          ]),
      `  bot: http://127.0.0.1:${bot.port}/slack/events (HTTP mode, signed requests), store ${dataDir}`,
      `  log: ${logFile}`,
      `  people: ${PEOPLE.map((p) => `${p.name} (${p.role})`).join(', ')}; channels: ${CHANNELS.map((c) => `#${c.name}`).join(', ')}`,
      `You are ${FIRST_USER} in #${HOME_CHANNEL.name}. Try /vps list, /vps show web-1, /vps signup, /hosting xs123456.xsrv.jp info; help lists the rest.`,
    ],
    async close(o = {}) {
      pending.close();
      terminal.close();
      await bot.stop();
      await standIn.close();
      await sim?.close();
      await new Promise<void>((resolve) => log.end(resolve));
      if (!o.keep) await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Resolves once the watcher has stored a power state for every server of an account (or after 15 s, whatever it saw). */
async function firstLook(store: RunningBot['store'], servers: number | undefined): Promise<void> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const seen = (await store.snapshots.all()).filter((s) => s.powerStatus !== null).length;
    if (servers === undefined ? seen > 0 : seen >= servers) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A hosting server's watch target as the store keeps it (`hosting:<server>`),
 * and the parts the watcher reads of one (domains, SSH, keys, and the DNS,
 * cron, mail, FTP and SSL lists). The sandbox
 * reaches no layer but through the running bot, so both are written here
 * again: with another prefix the README's hosting example would go unposted,
 * and test/docs/readme-walkthrough.test.ts would fail.
 */
const HOSTING_TARGET = /^hosting:(.+)$/;
const HOSTING_PARTS = 8;

/**
 * Resolves once every hosting server a channel watches has each of its parts
 * read by the watcher (or after 15 s, whatever it saw): `/hosting … watch`
 * typed just before a `sim panel …` change must not make that change the
 * watcher's first reading, which is posted to nobody.
 */
async function hostingBaselines(bot: RunningBot): Promise<void> {
  for (const account of bot.accounts)
    await accountBaselines(bot.store.forAccount(account), Date.now() + 15_000);
}

async function accountBaselines(store: RunningBot['store'], until: number): Promise<void> {
  while (Date.now() < until) {
    const watched = new Set(
      (await store.watches.list()).flatMap((w) => HOSTING_TARGET.exec(w.target)?.[1] ?? []),
    );
    if (watched.size === 0) return;
    const read = await store.hostingSnapshots.all();
    const parts = (server: string) =>
      new Set(read.filter((r) => r.server === server).map((r) => r.part)).size;
    if ([...watched].every((server) => parts(server) >= HOSTING_PARTS)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
