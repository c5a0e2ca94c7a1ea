/**
 * Provider client benchmark.
 *
 * 1. Rate limits: 500 VPS detail reads (of 500 different servers: identical
 *    reads in flight would be one request) through the client against the
 *    simulator (real clock) limited to 100 requests per 10 s window and 5 in
 *    flight. Prints the elapsed time against the least time the limit allows
 *    (the start of the window in which the 500th can be admitted at the full
 *    limit: reads hold the changes' share only until a window's last stretch,
 *    and take it when no change came) and the number of 429 answers (goal 0).
 * 2. CPU: client CPU per request (process.cpuUsage) against a bare
 *    `undici.request` loop doing the same reads (each worker its own server,
 *    so nothing is coalesced), both with no rate-limit pressure. The simulator runs in a child process so only client work is
 *    measured. Goal ratio <= 1.3.
 *
 * Prints one JSON line per figure: {"bench","value","unit","bound","ratio"}.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { ProviderClient } from '../../src/provider/index.ts';
import { startSimulator } from '../../src/simulator/index.ts';

interface ChildInfo {
  url: string;
  key: string;
  uuids: string[];
}

const READS = 500;
const LIMIT = 100;
const WINDOW_S = 10;
const CONCURRENT = 5;
const CPU_READS = 3000;
const CPU_CONCURRENCY = 5;
const CPU_ROUNDS = 3;

function emit(bench: string, value: number, unit: string, bound: number | null, ratio: number | null): void {
  process.stdout.write(
    `${JSON.stringify({
      bench: `provider-client/${bench}`,
      value: Math.round(value * 1000) / 1000,
      unit,
      bound,
      ratio: ratio === null ? null : Math.round(ratio * 1000) / 1000,
    })}\n`,
  );
}

/** Child mode: host an unthrottled simulator and print how to reach it. */
async function runChild(): Promise<void> {
  const sim = await startSimulator({
    clock: 'real',
    rateLimit: { limit: 1_000_000, windowSeconds: 60, concurrent: 1000, daily: 100_000_000 },
  });
  const uuids = sim.control
    .servers()
    .slice(0, CPU_CONCURRENCY)
    .map((s) => s.uuid);
  process.stdout.write(`${JSON.stringify({ url: sim.url, key: sim.keys.full, uuids })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    void sim.close().then(() => process.exit(0));
  });
}

async function startChild(): Promise<{ child: ChildProcess; info: ChildInfo }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--sim-child'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const rl = createInterface({ input: child.stdout! });
  const line = await new Promise<string>((resolve, reject) => {
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`simulator child exited with ${code}`)));
  });
  rl.close();
  return { child, info: JSON.parse(line) as ChildInfo };
}

/** `n` tasks on `concurrency` workers; each task is told its worker's number. */
async function pool(
  n: number,
  concurrency: number,
  task: (worker: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < n) {
        next += 1;
        await task(worker);
      }
    }),
  );
}

function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

async function rateLimitPhase(): Promise<void> {
  const sim = await startSimulator({
    clock: 'real',
    rateLimit: { limit: LIMIT, windowSeconds: WINDOW_S, concurrent: CONCURRENT },
  });
  sim.control.addServers(READS - sim.control.servers().length);
  const uuids = sim.control.servers().map((s) => s.uuid);
  const client = new ProviderClient({ baseUrl: sim.url, apiKey: sim.keys.full, connections: 10 });
  const windowMs = WINDOW_S * 1000;
  // Start just after a window opens, so the figure does not depend on where in a window the run began.
  await new Promise((r) => setTimeout(r, windowMs - (Date.now() % windowMs) + 20));
  const t0 = Date.now();
  // Least time: the 500th read can only be admitted in window ceil(500 / limit), counted from t0's window.
  const perWindow = LIMIT;
  const firstWindowEnd = (Math.floor(t0 / windowMs) + 1) * windowMs;
  const boundMs = firstWindowEnd - t0 + (Math.ceil(READS / perWindow) - 2) * windowMs;
  await Promise.all(uuids.map((u) => client.getServer(u, { priority: 'read' })));
  const elapsed = Date.now() - t0;
  const m = client.metrics();
  const sim429 = sim.control.rateLimited().total;
  await client.close();
  await sim.close();
  emit('rate-limited-500-reads-elapsed', elapsed, 'ms', Math.round(boundMs), elapsed / boundMs);
  emit('rate-limited-500-reads-429s', sim429, 'count', 0, null);
  emit('rate-limited-500-reads-retries', m.retries, 'count', 0, null);
}

async function cpuPhase(): Promise<void> {
  const { child, info } = await startChild();
  const agent = new Agent({ connections: CPU_CONCURRENCY, keepAliveTimeout: 30_000 });
  const headers = { authorization: `Bearer ${info.key}`, accept: 'application/json' };
  const uuidOf = (worker: number) => info.uuids[worker % info.uuids.length] ?? '';
  const bare = async (worker: number) => {
    const uuid = uuidOf(worker);
    const res = await request(`${info.url}/v1/vps/servers/${uuid}`, { headers, dispatcher: agent });
    const body = (await res.body.json()) as { server?: { uuid?: string } };
    if (res.statusCode !== 200 || body.server?.uuid !== uuid)
      throw new Error(`bare read got ${res.statusCode}`);
  };
  const client = new ProviderClient({ baseUrl: info.url, apiKey: info.key, connections: CPU_CONCURRENCY });
  const viaClient = async (worker: number) => {
    const uuid = uuidOf(worker);
    const s = await client.getServer(uuid, { priority: 'read' });
    if (s.uuid !== uuid) throw new Error('client read the wrong server');
  };
  // Warm both paths (JIT, connections, the client's learned limits).
  await pool(500, CPU_CONCURRENCY, bare);
  await pool(500, CPU_CONCURRENCY, viaClient);
  const measure = async (task: (worker: number) => Promise<void>): Promise<number> => {
    (globalThis as { gc?: () => void }).gc?.();
    const c0 = cpuMicros();
    await pool(CPU_READS, CPU_CONCURRENCY, task);
    return (cpuMicros() - c0) / CPU_READS;
  };
  const bareRuns: number[] = [];
  const clientRuns: number[] = [];
  for (let r = 0; r < CPU_ROUNDS; r += 1) {
    bareRuns.push(await measure(bare));
    clientRuns.push(await measure(viaClient));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const bareUs = median(bareRuns);
  const clientUs = median(clientRuns);
  await client.close();
  await agent.close();
  child.stdin?.end();
  await new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  emit('bare-undici-cpu-per-request', bareUs, 'us', null, null);
  emit('cpu-per-request', clientUs, 'us', Math.round(bareUs * 1.3 * 1000) / 1000, clientUs / bareUs);
}

if (process.argv.includes('--sim-child')) {
  await runChild();
} else {
  await rateLimitPhase();
  await cpuPhase();
  process.exit(0);
}
