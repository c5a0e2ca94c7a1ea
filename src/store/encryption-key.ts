import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../log.ts';
import { StoreError } from './errors.ts';

export const KEY_FILE_NAME = 'encryption.key';

export interface SealingKey {
  readonly key: Buffer;
  /** A short, non-reversible name of the key, stored beside each ciphertext to tell a wrong key from damage. */
  readonly fingerprint: string;
}

export function parseKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) {
    const b = Buffer.from(t, 'base64');
    if (b.length === 32) return b;
  }
  return null;
}

function fingerprint(key: Buffer): string {
  return createHash('sha256').update('vps-chatops sealing key').update(key).digest('hex').slice(0, 16);
}

/**
 * The sealing key: `BOT_ENCRYPTION_KEY` when given, else a key file made once
 * in DATA_DIR with mode 0600. With PostgreSQL and several replicas each one has
 * its own DATA_DIR, so they must share BOT_ENCRYPTION_KEY to open each other's
 * secrets; that case is warned about.
 */
export async function loadSealingKey(opts: {
  dataDir: string;
  encryptionKey?: string | undefined;
  kind: 'sqlite' | 'postgres';
  logger: Logger;
}): Promise<SealingKey> {
  if (opts.encryptionKey !== undefined && opts.encryptionKey !== '') {
    const key = parseKey(opts.encryptionKey);
    if (!key)
      throw new StoreError(
        'STORE_KEY_INVALID',
        'BOT_ENCRYPTION_KEY: expected 32 bytes as 64 hex digits or base64',
      );
    return { key, fingerprint: fingerprint(key) };
  }
  const file = path.join(opts.dataDir, KEY_FILE_NAME);
  try {
    await fs.mkdir(opts.dataDir, { recursive: true });
  } catch (err) {
    throw new StoreError(
      'STORE_UNWRITABLE',
      `cannot create DATA_DIR ${opts.dataDir}: ${describeFsError(err)}`,
      {
        cause: err,
      },
    );
  }
  const fresh = randomBytes(32);
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    // Written whole under a private name, then linked into place: link() fails when the
    // file exists, so two processes starting at once agree on one key and never read half of it.
    await fs.writeFile(temp, `${fresh.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    await fs.link(temp, file);
    if (opts.kind === 'postgres') {
      opts.logger.warn(
        { file },
        'created a sealing key file in DATA_DIR; with PostgreSQL and several replicas set BOT_ENCRYPTION_KEY instead',
      );
    } else {
      opts.logger.info({ file }, 'created the sealing key file');
    }
    return { key: fresh, fingerprint: fingerprint(fresh) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new StoreError('STORE_UNWRITABLE', `cannot write the key file ${file}: ${describeFsError(err)}`, {
        cause: err,
      });
    }
  } finally {
    await fs.rm(temp, { force: true });
  }
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    throw new StoreError('STORE_KEY_INVALID', `cannot read the key file ${file}: ${describeFsError(err)}`, {
      cause: err,
    });
  }
  const key = parseKey(text);
  if (!key) {
    throw new StoreError('STORE_KEY_INVALID', `the key file ${file} does not hold 32 bytes as hex or base64`);
  }
  return { key, fingerprint: fingerprint(key) };
}

export function describeFsError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  switch (e?.code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOSPC':
      return 'no space left on device';
    case 'ENOENT':
      return 'no such file or folder';
    default:
      return e?.code ?? (err instanceof Error ? err.message : String(err));
  }
}
