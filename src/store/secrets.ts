import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { RepoContext } from './context.ts';
import type { SealingKey } from './encryption-key.ts';
import { StoreError } from './errors.ts';
import { iso, type SecretsTable } from './schema.ts';

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
   * existed) or, with `purpose`, was sealed for another one or is taken
   * (`take`). Without `purpose` it is the sealer's own read (an order opening
   * its root password), which a take does not stop. Throws
   * SECRET_UNREADABLE when it was sealed with another key or the ciphertext
   * was altered: that is a configuration fault, not absence.
   */
  open(secretId: string, purpose?: string): Promise<string | null>;
  /**
   * The plaintext, for one taker: one compare-and-set marks the secret taken,
   * so of any number of concurrent takes (a double click, Slack's retry,
   * another replica) exactly one gets it and the others null, as for a
   * secret that is gone (`open` finds nothing either). The taker ends it with
   * `destroy`, or hands it back with `giveBack` (it could not be shown); one
   * taken and never ended goes at its expiry.
   */
  take(secretId: string, purpose: string): Promise<string | null>;
  /** Undoes a `take`: the secret may be taken (and opened) again. False when it is not taken (gone, expired). */
  giveBack(secretId: string, purpose: string): Promise<boolean>;
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

/**
 * A taken secret's purpose while it is out: no caller asks for it, so `open`
 * and `take` find nothing; the seal stays bound to the purpose it was made for.
 */
const TAKEN = ' (taken)';
const takenAs = (purpose: string) => `${purpose}${TAKEN}`;
const sealedFor = (purpose: string) => (purpose.endsWith(TAKEN) ? purpose.slice(0, -TAKEN.length) : purpose);

export function secretRepo(ctx: RepoContext, key: SealingKey): SecretRepo {
  const { db, clock } = ctx;
  /** The plaintext of a row sealed for `purpose`; throws SECRET_UNREADABLE when it does not open. */
  const unseal = (row: Selectable<SecretsTable>, purpose: string): string => {
    if (row.key_fingerprint !== key.fingerprint) {
      throw new StoreError(
        'SECRET_UNREADABLE',
        'the secret was sealed with a different key (BOT_ENCRYPTION_KEY or the DATA_DIR key file changed)',
      );
    }
    try {
      const buf = Buffer.from(row.ciphertext, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key.key, buf.subarray(0, IV_BYTES));
      decipher.setAAD(aad(row.id, purpose));
      decipher.setAuthTag(buf.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(buf.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch (err) {
      throw new StoreError(
        'SECRET_UNREADABLE',
        'the secret does not decrypt: wrong key or altered ciphertext',
        {
          cause: err,
        },
      );
    }
  };
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
      return unseal(row, sealedFor(row.purpose));
    },

    async take(secretId, purpose) {
      const r = await db
        .updateTable('secrets')
        .set({ purpose: takenAs(purpose) })
        .where('id', '=', secretId)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', iso(clock.now()))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return null;
      const row = await db.selectFrom('secrets').selectAll().where('id', '=', secretId).executeTakeFirst();
      // Destroyed since: gone.
      return row ? unseal(row, purpose) : null;
    },

    async giveBack(secretId, purpose) {
      const r = await db
        .updateTable('secrets')
        .set({ purpose })
        .where('id', '=', secretId)
        .where('purpose', '=', takenAs(purpose))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
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
