import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import type { RepoContext } from './context.ts';
import type { SealingKey } from './encryption-key.ts';
import { StoreError } from './errors.ts';
import { iso } from './schema.ts';

export interface SealOptions {
  /** What the secret is for, e.g. `signup.root_password`; bound into the ciphertext. */
  purpose: string;
  expiresAt: Date;
}

export interface SecretRepo {
  /** Encrypts with AES-256-GCM and stores only the ciphertext; returns the secret's id. */
  seal(plaintext: string, opts: SealOptions): Promise<string>;
  /**
   * The plaintext, or null when the secret is gone (destroyed, expired, never
   * existed) or, with `purpose`, was sealed for another one. Throws
   * SECRET_UNREADABLE when it was sealed with another key or the ciphertext
   * was altered: that is a configuration fault, not absence.
   */
  open(secretId: string, purpose?: string): Promise<string | null>;
  /** Idempotent; a signup pointing at it has its `secretId` cleared. */
  destroy(secretId: string): Promise<void>;
  /** Deletes every secret whose `expiresAt` is at or before `now`; returns how many. */
  destroyExpired(now?: Date): Promise<number>;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

// The id and purpose are authenticated with the ciphertext, so a ciphertext
// copied onto another row or purpose does not open.
const aad = (id: string, purpose: string) => Buffer.from(`vps-chatops secret\n${id}\n${purpose}`, 'utf8');

export function secretRepo(ctx: RepoContext, key: SealingKey): SecretRepo {
  const { db, clock } = ctx;
  return {
    async seal(plaintext, { purpose, expiresAt }) {
      const id = randomUUID();
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key.key, iv);
      cipher.setAAD(aad(id, purpose));
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64');
      await db
        .insertInto('secrets')
        .values({
          id,
          purpose,
          ciphertext: sealed,
          key_fingerprint: key.fingerprint,
          created_at: iso(clock.now()),
          expires_at: iso(expiresAt),
        })
        .execute();
      return id;
    },

    async open(secretId, purpose) {
      const row = await db.selectFrom('secrets').selectAll().where('id', '=', secretId).executeTakeFirst();
      if (!row) return null;
      if (purpose !== undefined && row.purpose !== purpose) return null;
      if (row.expires_at <= iso(clock.now())) return null;
      if (row.key_fingerprint !== key.fingerprint) {
        throw new StoreError(
          'SECRET_UNREADABLE',
          'the secret was sealed with a different key (BOT_ENCRYPTION_KEY or the DATA_DIR key file changed)',
        );
      }
      try {
        const buf = Buffer.from(row.ciphertext, 'base64');
        const decipher = createDecipheriv('aes-256-gcm', key.key, buf.subarray(0, IV_BYTES));
        decipher.setAAD(aad(row.id, row.purpose));
        decipher.setAuthTag(buf.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(buf.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch (err) {
        throw new StoreError(
          'SECRET_UNREADABLE',
          'the secret does not decrypt: wrong key or altered ciphertext',
          {
            cause: err,
          },
        );
      }
    },

    async destroy(secretId) {
      await db.deleteFrom('secrets').where('id', '=', secretId).execute();
    },

    async destroyExpired(at) {
      const r = await db
        .deleteFrom('secrets')
        .where('expires_at', '<=', iso(at ?? clock.now()))
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
