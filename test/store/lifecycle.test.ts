import { execFile } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, SQLITE_FILE_NAME, StoreError } from '../../src/store/index.ts';
import { LATEST_MIGRATION } from '../../src/store/migrations.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { connectAt, type Kind, newPlace, type Place, quietLogger, TEST_KEY, tempDir } from './harness.ts';

async function failure(p: Promise<unknown>): Promise<StoreError> {
  const err = await p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StoreError);
  const e = err as StoreError;
  // One readable line however it is printed.
  expect(e.message).not.toMatch(/\n/);
  expect(String(e.stack)).not.toMatch(/\n/);
  expect(e.message.length).toBeLessThan(400);
  return e;
}

async function closedPort(): Promise<number> {
  return await new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = addr && typeof addr === 'object' ? addr.port : 1;
      srv.close(() => resolve(port));
    });
  });
}

describe('openStore start-up failures', () => {
  it('names a corrupt SQLite file', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, SQLITE_FILE_NAME), Buffer.alloc(8192, 'garbage!'));
    const e = await failure(openStore({ dataDir: dir, logger: quietLogger().logger }));
    expect(e.code).toBe('STORE_CORRUPT');
    expect(e.message).toContain(SQLITE_FILE_NAME);
  });

  it('names a DATA_DIR it cannot write', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'a-file'), 'not a folder');
    const e = await failure(
      openStore({ dataDir: path.join(dir, 'a-file', 'data'), logger: quietLogger().logger }),
    );
    expect(e.code).toBe('STORE_UNWRITABLE');
    expect(e.message).toContain('a-file');
    if (userInfo().uid !== 0) {
      // Permissions only bind a non-root user.
      const ro = path.join(dir, 'read-only');
      mkdirSync(ro, { mode: 0o500 });
      const e2 = await failure(openStore({ dataDir: ro, logger: quietLogger().logger }));
      expect(e2.code).toBe('STORE_UNWRITABLE');
    }
  });

  it('names an unreachable PostgreSQL without its password', async () => {
    const port = await closedPort();
    const url = `postgres://bot:Very-Secret-pw1@127.0.0.1:${port}/chatops`;
    const e = await failure(
      openStore({ dataDir: tempDir(), databaseUrl: url, logger: quietLogger().logger }),
    );
    expect(e.code).toBe('STORE_UNAVAILABLE');
    expect(e.message).toContain(`127.0.0.1:${port}`);
    expect(e.message).not.toContain('Very-Secret-pw1');
    expect(e.message).toContain('***');
  });

  it('names a refused login without the password', async () => {
    const db = await createTestDatabase('badlogin');
    try {
      const url = new URL(db.url);
      url.password = 'Wrong-Secret-pw2';
      const e = await failure(
        openStore({ dataDir: tempDir(), databaseUrl: url.toString(), logger: quietLogger().logger }),
      );
      expect(e.code).toBe('STORE_UNAVAILABLE');
      expect(e.message).not.toContain('Wrong-Secret-pw2');
      expect(e.message).toMatch(/password authentication failed/);
    } finally {
      await db.drop();
    }
  });

  it('refuses a malformed encryption key', async () => {
    const e = await failure(
      openStore({ dataDir: tempDir(), encryptionKey: 'too-short', logger: quietLogger().logger }),
    );
    expect(e.code).toBe('STORE_KEY_INVALID');
    expect(e.message).not.toContain('too-short');
  });

  it('refuses an address that is not postgres://', async () => {
    const e = await failure(
      openStore({ dataDir: tempDir(), databaseUrl: 'mysql://u:p@h/db', logger: quietLogger().logger }),
    );
    expect(e.code).toBe('STORE_UNAVAILABLE');
  });
});

describe.each<[Kind]>([['sqlite'], ['postgres']])('migrations on %s', (kind) => {
  let place: Place | undefined;
  afterEach(async () => {
    await place?.dispose();
    place = undefined;
  });

  it('migrates a database left at an older version up, keeping its rows', async () => {
    place = await newPlace(kind);
    const conn = await connectAt(place, '0001_signups_secrets_watches_snapshots');
    const t = '2026-01-01T00:00:00.000Z';
    await conn.db
      .insertInto('watches')
      .values({ target: 'uuid-old', channel_id: 'C0OLD', created_by: 'U0', created_at: t })
      .execute();
    const before = await conn.db.introspection.getTables();
    expect(before.map((x) => x.name)).not.toContain('outbox');
    await conn.db.destroy();

    const { logger: l2, sink } = quietLogger();
    const store = await place.open({ logger: l2 });
    expect(sink.text).toContain(LATEST_MIGRATION);
    expect(sink.text).not.toContain('"migration":"0001_');
    expect(await store.watches.list()).toMatchObject([{ target: 'uuid-old', channelId: 'C0OLD' }]);
    expect((await store.outbox.enqueue({ dedupeKey: 'x', channelId: 'C0', payload: 1 })).created).toBe(true);
    await store.close();

    // A third start finds nothing to do.
    const { logger: l3, sink: s3 } = quietLogger();
    const again = await place.open({ logger: l3 });
    expect(s3.text).not.toContain('"msg":"migrated"');
    expect(await again.watches.list()).toHaveLength(1);
  });
});

describe('several processes on one PostgreSQL', () => {
  let place: Place | undefined;
  afterEach(async () => {
    await place?.dispose();
    place = undefined;
  });

  it('survives two openStore calls at once on an empty database', async () => {
    place = await newPlace('postgres');
    const stores = await Promise.all([place.open(), place.open(), place.open()]);
    const [a, b] = stores;
    if (!a || !b) throw new Error('no stores');
    await a.watches.add({ target: 'uuid-1', channelId: 'C0A', createdBy: 'U1' });
    expect(await b.watches.list()).toHaveLength(1);
  });

  it('answers ping while the database is there and says so, in one line, when it is gone', async () => {
    const db = await createTestDatabase('ping');
    const store = await openStore({
      dataDir: tempDir(),
      databaseUrl: db.url,
      encryptionKey: TEST_KEY,
      logger: quietLogger().logger,
    });
    try {
      await store.ping();
      await db.drop();
      const e = await failure(store.ping());
      expect(e.code).toBe('STORE_UNAVAILABLE');
      expect(e.message).not.toContain('test-only-password');
    } finally {
      await store.close().catch(() => undefined);
    }
  });

  it('agrees on one key file when two stores start at once without a key', async () => {
    place = await newPlace('postgres');
    const [a, b] = await Promise.all([
      place.open({ encryptionKey: undefined }),
      place.open({ encryptionKey: undefined }),
    ]);
    if (!a || !b) throw new Error('no stores');
    const id = await a.secrets.seal('shared-secret-1', {
      purpose: 'p',
      expiresAt: new Date(Date.now() + 1e9),
    });
    expect(await b.secrets.open(id)).toBe('shared-secret-1');
  });

  it('gives a second store the first one\u2019s writes and has it lose CAS races it should lose', async () => {
    place = await newPlace('postgres');
    const a = await place.open();
    const b = await place.open({ encryptionKey: TEST_KEY });
    const s = await a.signups.create({
      planId: 'vps-1gb',
      period: 1,
      imageId: 'ubuntu',
      quotedPrice: 1000,
      requesterId: 'U0REQ',
      channelId: 'C0A',
      expiresAt: new Date(place.clock.now().getTime() + 60_000),
    });
    expect(await b.signups.get(s.id)).toEqual(s);
    expect((await a.signups.transition(s.id, ['quoted'], 'approved', { approverId: 'U0A' })).won).toBe(true);
    const lost = await b.signups.transition(s.id, ['quoted'], 'approved', { approverId: 'U0B' });
    expect(lost).toMatchObject({ won: false, row: { state: 'approved', approverId: 'U0A' } });
    expect((await b.signups.transition(s.id, ['approved'], 'executing')).won).toBe(true);
    expect((await a.signups.transition(s.id, ['approved'], 'executing')).won).toBe(false);
  });
});

describe('SQLite file', () => {
  it('is created in a missing DATA_DIR, readable by its owner only', async () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const store = await openStore({ dataDir: dir, encryptionKey: TEST_KEY, logger: quietLogger().logger });
    await store.close();
    expect(statSync(path.join(dir, SQLITE_FILE_NAME)).mode & 0o777).toBe(0o600);
  });
});

describe('several processes on one SQLite file', () => {
  it('migrates a fresh file once when several stores open it at the same moment', async () => {
    const dir = tempDir();
    const open = () =>
      openStore({ dataDir: dir, encryptionKey: 'ab'.repeat(32), logger: quietLogger().logger });
    const stores = await Promise.all([open(), open(), open(), open()]);
    try {
      const [a, b] = stores;
      if (!a || !b) throw new Error('no stores');
      await a.watches.add({ target: 'uuid-1', channelId: 'C0A', createdBy: 'U1' });
      expect(await b.watches.list()).toHaveLength(1);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it('start and write transactions at once without a busy error', async () => {
    const dir = tempDir();
    const writer = fileURLToPath(new URL('./fixtures/sqlite-writer.ts', import.meta.url));
    const run = (tag: string) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', writer, dir, tag, '40']);
    await Promise.all([run('a'), run('b'), run('c')]);
    const store = await openStore({
      dataDir: dir,
      encryptionKey: 'ab'.repeat(32),
      logger: quietLogger().logger,
    });
    try {
      expect(await store.outbox.due(new Date(Date.now() + 60_000), 500)).toHaveLength(120);
      expect(await store.snapshots.all()).toHaveLength(9);
    } finally {
      await store.close();
    }
  }, 60_000);
});
