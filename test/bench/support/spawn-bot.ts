/**
 * Starts the bot as a child process (the real `src/main.ts`, or the memory
 * probe beside this file) and tells when it is listening: it logs pino's
 * `vps-chatops started` line with the port on stdout (LOG_LEVEL info or
 * lower).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const MAIN = 'src/main.ts';
export const MEMORY_PROBE = 'test/bench/support/memory-probe.mjs';

export interface BotChild {
  child: ChildProcess;
  /** The HTTP port, once the bot logged that it started. */
  ready: Promise<number>;
  /** Exit code or signal. */
  exited: Promise<string>;
  /** What it wrote on stderr (a crash's last words). */
  stderr(): string;
}

export function spawnBot(
  entry: string,
  env: Record<string, string>,
  opts: { nodeArgs?: string[]; ipc?: boolean; tsx?: boolean } = {},
): BotChild {
  const loader = opts.tsx === false ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...loader, entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: opts.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-4000);
  });
  const exited = new Promise<string>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? String(code))),
  );
  const ready = new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (d: Buffer) => {
      buffered += d.toString();
      for (;;) {
        const nl = buffered.indexOf('\n');
        if (nl < 0) break;
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (!line.includes('vps-chatops started')) continue;
        try {
          resolve(Number((JSON.parse(line) as { port: number }).port));
        } catch {
          // not a JSON log line
        }
      }
    });
    void exited.then((how) => reject(new Error(`the bot exited (${how}) before it started: ${err}`)));
    const timer = setTimeout(() => reject(new Error(`the bot did not start within 60 s: ${err}`)), 60_000);
    timer.unref();
  });
  ready.catch(() => undefined);
  return { child, ready, exited, stderr: () => err };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Stops a child politely (SIGTERM), then for good after `ms`. */
export async function stopBot(b: BotChild, ms = 10_000): Promise<void> {
  if (b.child.exitCode !== null || b.child.signalCode !== null) return;
  b.child.kill('SIGTERM');
  const timer = setTimeout(() => b.child.kill('SIGKILL'), ms);
  await b.exited;
  clearTimeout(timer);
}
