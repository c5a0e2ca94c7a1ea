/**
 * The key's expiry as `GET /v1/me` reports it (docs/provider-api.md, Key
 * information), read one way for everything that speaks of it: the key's
 * health (the notify channel's warnings, /healthz, /metrics) and `/vps me`.
 * `expires_at` is `YYYY-MM-DD HH:MM:SS` and read as Japan time
 * (docs/provider-api.md, Decisions where the spec is silent; time.ts).
 * A key whose moment has passed is expired, whether or not the provider
 * still answers it: nothing calls it "expiring soon" after that.
 */
import { parseProviderTime } from './time.ts';

export type KeyExpiry =
  /** `expires_at` is null: the key never expires. */
  | { state: 'never' }
  /** `expires_at` is not a time this bot reads: shown as given, never guessed at. */
  | { state: 'unreadable'; raw: string }
  /** The moment has passed (the provider may still answer, for now). */
  | { state: 'expired'; at: Date }
  /** Still ahead, `leftMs` from now. */
  | { state: 'expires'; at: Date; leftMs: number };

/** `expiresAt` as GET /v1/me gave it (null: never), at `now`. */
export function readKeyExpiry(expiresAt: string | null, now: Date): KeyExpiry {
  if (expiresAt === null) return { state: 'never' };
  const at = parseProviderTime(expiresAt);
  return at ? keyExpiryAt(at, now) : { state: 'unreadable', raw: expiresAt };
}

/** The same reading of an expiry already parsed. */
export function keyExpiryAt(at: Date, now: Date): Extract<KeyExpiry, { at: Date }> {
  const leftMs = at.getTime() - now.getTime();
  return leftMs <= 0 ? { state: 'expired', at } : { state: 'expires', at, leftMs };
}
