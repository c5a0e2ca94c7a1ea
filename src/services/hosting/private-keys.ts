/**
 * A generated SSH private key that could not be shown to its requester at
 * once (their answer and an ephemeral message both failed). The provider
 * gives it only once, so it is kept sealed in the store (AES-256-GCM, like a
 * signup's root password) for a short while, for its requester alone, and
 * shown once in a window they open from a direct message that holds no key;
 * it is destroyed once shown, or when it expires. Showing it takes it from
 * the store with one compare-and-set: several clicks at once, or Slack's retry
 * of one click, show it once; a window Slack would not open gives it back. It
 * never reaches a log line or the audit trail: the scrubber holds it whenever
 * it is in memory.
 */
import type { Actor } from '../access/index.ts';
import type { HostingCalls } from './hosting-calls.ts';

/** The sealed key belongs to one person: their id is bound into the seal's purpose (and its ciphertext). */
const purposeOf = (userId: string): string => `hosting.ssh_private_key:${userId}`;

/** How long a sealed private key waits to be shown, unless the deps say otherwise. */
const DEFAULT_TTL_MS = 15 * 60_000;

/** A generated key pair's private half, as it is shown. */
export interface PrivateKey {
  server: string;
  /** The key's id at the provider, when it said. */
  created?: string | undefined;
  privateKey: string;
}

export type PrivateKeyReveal =
  | ({ kind: 'shown' } & PrivateKey)
  /** Shown already, expired, or not this person's: the same answer for each. */
  | { kind: 'gone' };

export class HostingPrivateKeys {
  constructor(private readonly calls: HostingCalls) {}

  /** Seals the key for its requester; the seal's id and when it expires. */
  async keep(actor: Actor, key: PrivateKey): Promise<{ id: string; expiresAt: Date }> {
    const { deps } = this.calls;
    const expiresAt = new Date(deps.clock.now().getTime() + (deps.privateKeyTtlMs ?? DEFAULT_TTL_MS));
    const plaintext = JSON.stringify({
      server: key.server,
      created: key.created,
      privateKey: key.privateKey,
    });
    deps.secrets.add(plaintext);
    try {
      const id = await deps.store.secrets.seal(plaintext, { purpose: purposeOf(actor.userId), expiresAt });
      return { id, expiresAt };
    } finally {
      deps.secrets.delete(plaintext);
    }
  }

  /**
   * The sealed key, taken for its requester alone: whoever else asks, or
   * asks while it is out, finds it gone. Registered with the scrubber until
   * `HostingWrites.forgetSecret`. The caller then says it was `shown`, or
   * gives it back (`giveBack`) when it could not be.
   */
  async take(actor: Actor, id: string): Promise<PrivateKeyReveal> {
    const { deps } = this.calls;
    const plaintext = await deps.store.secrets.take(id, purposeOf(actor.userId));
    if (plaintext === null) return { kind: 'gone' };
    const key = JSON.parse(plaintext) as PrivateKey;
    deps.secrets.add(key.privateKey);
    return { kind: 'shown', ...key };
  }

  /** It was shown: destroyed, and audited (never the key itself). */
  async shown(actor: Actor, id: string, key: PrivateKey): Promise<void> {
    const { deps } = this.calls;
    await deps.store.secrets.destroy(id);
    await deps.audit.byActor(actor, 'hosting.ssh_private_key_shown', key.server, 'ok', {
      ...(key.created ? { key_id: key.created } : {}),
    });
  }

  /** It could not be shown (Slack would not open the window): it waits again, until it expires. */
  async giveBack(actor: Actor, id: string): Promise<void> {
    await this.calls.deps.store.secrets.giveBack(id, purposeOf(actor.userId));
  }

  /** Destroys the sealed key (it can no longer reach anyone). */
  async discard(id: string): Promise<void> {
    await this.calls.deps.store.secrets.destroy(id);
  }
}
