import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Store } from '../../src/store/index.ts';
import type { Place } from './harness.ts';

/**
 * Everything the database keeps, as text, to search for a plaintext: on SQLite
 * the bytes of the database file and its WAL (read after closing the store,
 * which checkpoints); on PostgreSQL every row of every table.
 */
export async function readAtRest(place: Place, store: Store): Promise<string> {
  await store.close();
  if (place.kind === 'sqlite') {
    const parts = readdirSync(place.dataDir)
      .filter((f) => f.startsWith('vps-chatops.sqlite'))
      .map((f) => readFileSync(path.join(place.dataDir, f)).toString('latin1'));
    return parts.join('\n');
  }
  const client = new pg.Client({ connectionString: place.databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    );
    const out: string[] = [];
    for (const { tablename } of tables.rows) {
      const rows = await client.query(`select * from ${client.escapeIdentifier(tablename)}`);
      out.push(JSON.stringify(rows.rows));
    }
    return out.join('\n');
  } finally {
    await client.end();
  }
}
