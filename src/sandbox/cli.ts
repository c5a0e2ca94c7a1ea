/**
 * `npm run sandbox`: the whole product in a terminal, with no Slack workspace
 * and no provider account. See src/sandbox/sandbox.ts for what runs.
 *
 *   npm run sandbox                      a chat prompt (or a script from a pipe)
 *   npm run sandbox -- --keep            keep the temporary folder (store, log) afterwards
 *   npm run sandbox -- --slack           your real Slack app (SLACK_* settings) against the built-in simulator
 *
 * With PROVIDER_API_URL and PROVIDER_API_KEY set, the sandbox's Slack talks to
 * the bot and the bot to that provider instead of the simulator.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Config, configSecrets, loadConfig, loadConfigWith } from '../config.ts';
import { createLogger, SecretRegistry } from '../log.ts';
import { startBot } from '../main.ts';
import { startSimulator } from '../simulator/index.ts';
import { interactive, linesOf, runScript } from './front.ts';
import { SANDBOX_RATE_LIMIT, startSandbox } from './sandbox.ts';
import { runSimCommand, SIM_HELP } from './sim-commands.ts';

const USAGE = [
  'npm run sandbox [-- --keep] [-- --slack]',
  '  (no option)  the bot, a Slack of its own and the provider simulator, with a chat prompt;',
  '               with stdin not a terminal, runs the lines given and exits once they are answered',
  '  --keep       keep the temporary folder (the store, the policy file, the bot log) when leaving',
  '  --slack      run your Slack app (SLACK_BOT_TOKEN and SLACK_APP_TOKEN or SLACK_SIGNING_SECRET)',
  '               against the built-in simulator: a trial in a real workspace that costs nothing',
  'PROVIDER_API_URL and PROVIDER_API_KEY, when set, replace the simulator with that provider.',
];

function out(lines: readonly string[]): void {
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** A start-up failure in the few lines the product's own errors give (their problems, or their message). */
function failure(err: unknown): string[] {
  const problems = (err as { problems?: unknown }).problems;
  if (Array.isArray(problems)) return problems.map(String);
  if (err instanceof Error && typeof (err as { code?: unknown }).code === 'string') return [err.message];
  return [err instanceof Error ? (err.stack ?? err.message) : String(err)];
}

function userConfig(): Config {
  // The settings of the person running the sandbox, read like the bot's own (the provider to use, the language).
  return loadConfig(undefined, 'none');
}

async function sandbox(keep: boolean): Promise<number> {
  const settings = userConfig();
  const provider = settings.provider.apiKey
    ? { baseUrl: settings.provider.baseUrl, apiKey: settings.provider.apiKey }
    : undefined;
  const tty = process.stdin.isTTY === true && process.stdout.isTTY === true;
  const prompt = tty ? interactive(process.stdin, process.stdout) : undefined;
  const write = prompt ? prompt.write : out;
  const sb = await startSandbox({
    write,
    ...(provider ? { provider } : {}),
    locale: settings.locale,
    logLevel: settings.logLevel,
  });
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await sb.close({ keep });
    if (keep) out([`kept ${sb.folder}`]);
  };
  process.once('SIGTERM', () => void close().then(() => process.exit(0)));
  out(sb.banner());
  if (prompt) await prompt.start(sb.terminal);
  else {
    process.once('SIGINT', () => void close().then(() => process.exit(130)));
    await runScript(sb.terminal, linesOf(process.stdin), (l) => out([l]));
  }
  await close();
  return 0;
}

/** --slack: the user's Slack app, the built-in simulator behind it, and `sim` commands at the prompt. */
async function realSlack(keep: boolean): Promise<number> {
  const settings = userConfig();
  if (settings.provider.apiKey) {
    out([
      '--slack runs your Slack app against the built-in simulator: unset PROVIDER_API_KEY',
      '(with a real provider, that is npm start)',
    ]);
    return 2;
  }
  const sim = await startSimulator({ clock: 'real', rateLimit: SANDBOX_RATE_LIMIT });
  const folder = await mkdtemp(join(tmpdir(), 'vps-chatops-sandbox-'));
  const dataDir = join(folder, 'data');
  await mkdir(dataDir);
  let config: Config;
  try {
    config = loadConfigWith({
      PROVIDER_API_URL: sim.url,
      PROVIDER_API_KEY: sim.keys.full,
      DATA_DIR: dataDir,
      // Never the team's own database: the simulator's servers are not theirs.
      DATABASE_URL: '',
    });
  } catch (err) {
    out(failure(err));
    await sim.close();
    await rm(folder, { recursive: true, force: true });
    return 1;
  }
  const logFile = join(folder, 'bot.log');
  const log = createWriteStream(logFile, { flags: 'a', mode: 0o600 });
  const secrets = new SecretRegistry();
  for (const s of configSecrets(config)) secrets.add(s);
  const logger = createLogger({ level: config.logLevel, stream: log, secrets });
  const finish = async () => {
    await sim.close();
    await new Promise<void>((resolve) => log.end(resolve));
    if (!keep) await rm(folder, { recursive: true, force: true });
  };
  let bot: Awaited<ReturnType<typeof startBot>>;
  try {
    bot = await startBot(config, { logger, secrets, clock: { now: () => sim.control.clock.now() } });
  } catch (err) {
    out(failure(err));
    await finish();
    return 1;
  }
  out([
    `vps-chatops against the built-in simulator (${sim.url}): your Slack app, nothing charged`,
    config.slack.socketMode
      ? '  Slack: Socket Mode (SLACK_APP_TOKEN)'
      : `  Slack: HTTP mode on port ${bot.port} (/slack/events must reach it from Slack)`,
    '  roles: OPERATORS / APPROVERS / POLICY_FILE as you set them',
    `  log: ${logFile}`,
    'Use /vps and /hosting in Slack; type sim commands here (sim help), quit to stop.',
  ]);
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY === true,
  });
  // Ctrl-C and SIGTERM end the loop below, so the bot stops and the folder goes.
  rl.on('SIGINT', () => rl.close());
  process.once('SIGTERM', () => rl.close());
  rl.setPrompt('sim › ');
  rl.prompt();
  for await (const line of rl) {
    const words = line.trim().split(/\s+/).filter(Boolean);
    if (words[0] === 'quit' || words[0] === 'exit') break;
    if (words.length === 0) {
      rl.prompt();
      continue;
    }
    if (words[0] !== 'sim' && words[0] !== 'help') out(['here: sim commands (sim help), or quit']);
    else {
      try {
        out(words[0] === 'help' ? SIM_HELP : runSimCommand(sim.control, words.slice(1), sim));
      } catch (err) {
        out([err instanceof Error ? err.message : String(err)]);
      }
    }
    rl.prompt();
  }
  rl.close();
  await bot.stop();
  await finish();
  return 0;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => !['--keep', '--slack', '--help', '-h'].includes(a));
  if (args.includes('--help') || args.includes('-h') || unknown.length > 0) {
    if (unknown.length > 0) out([`unknown option ${unknown.join(' ')}`]);
    out(USAGE);
    process.exit(unknown.length > 0 ? 2 : 0);
  }
  const keep = args.includes('--keep');
  try {
    const code = args.includes('--slack') ? await realSlack(keep) : await sandbox(keep);
    process.exit(code);
  } catch (err) {
    process.stderr.write(`${failure(err).join('\n')}\n`);
    process.exit(1);
  }
}

void main();
