/**
 * `npm run simulator [-- --port N] [--host H] [--clock real|manual] [--latency MS] [--seed default|empty]
 * [--accounts main,shop]`: runs the provider simulator until SIGINT/SIGTERM and prints its address
 * and each account's keys (one account, `default`, unless `--accounts` names several).
 */
import { startSimulator } from './index.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function fail(msg: string): never {
  process.stderr.write(`${msg}\n`);
  process.exit(2);
}

const portText = arg('port') ?? '8787';
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port expects 0-65535, got ${portText}`);
const clock = arg('clock') ?? 'real';
if (clock !== 'real' && clock !== 'manual') fail(`--clock expects real or manual, got ${clock}`);
const seed = arg('seed') ?? 'default';
if (seed !== 'default' && seed !== 'empty') fail(`--seed expects default or empty, got ${seed}`);
const latencyMs = Number(arg('latency') ?? '0');
if (!(latencyMs >= 0)) fail('--latency expects milliseconds >= 0');

const accountsText = arg('accounts');
const accounts = accountsText === undefined ? undefined : accountsText.split(',').map((a) => a.trim());
if (accounts?.some((a) => !/^[a-z][a-z0-9-]{0,31}$/.test(a)))
  fail(`--accounts expects names such as main,shop (lower-case letters, digits, "-"), got ${accountsText}`);

const host = arg('host') ?? '127.0.0.1';
const sim = await startSimulator({
  host,
  port,
  clock,
  seed,
  latencyMs,
  ...(accounts ? { accounts } : {}),
}).catch((err: unknown) => {
  // A port someone else holds is the usual reason; say so in one line instead of Node's stack trace.
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    fail(
      `port ${port} on ${host} is already in use (another simulator?): pick another with --port, such as npm run simulator -- --port ${port === 65535 ? 8788 : port + 1}`,
    );
  if (code === 'EACCES')
    fail(`not allowed to listen on port ${port} on ${host}: pick a port above 1023 with --port`);
  if (code === 'EADDRNOTAVAIL') fail(`${host} is not an address of this machine: pick another with --host`);
  throw err;
});
const keyLines = (keys: Record<string, string>) =>
  Object.entries(keys).map(([name, key]) => `    ${name.padEnd(13)} ${key}`);
const several = sim.accounts.length > 1;
const lines = [
  `provider simulator listening on ${sim.url}`,
  `  PROVIDER_API_URL=${sim.url}`,
  ...(several
    ? sim.accounts.flatMap((a, i) => [
        `  account ${a.name}${i === 0 ? ' (the first: /__sim/… acts on it)' : ` (/__sim/accounts/${a.name}/…)`}, keys:`,
        ...keyLines({ ...a.keys }),
      ])
    : ['  keys:', ...keyLines({ ...sim.keys })]),
  `  control API: ${sim.url}/__sim/state (see src/simulator/control-http.ts)`,
];
process.stdout.write(`${lines.join('\n')}\n`);

const stop = (signal: string) => {
  process.stdout.write(`received ${signal}, stopping simulator\n`);
  sim.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
