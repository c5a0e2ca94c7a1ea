/**
 * What the provider key's state makes due (key-health.ts says when it is
 * looked at): the warning of the nearest of 14, 3 and 1 day before the
 * expiry (a notice), or the `key-expired` alarm once the expiry has passed
 * or the key is refused (401 twice). Each is named by a dedupe key built from
 * the key's fingerprint (never the key), its expiry and what is said.
 */
import type { AlarmDetail, Notice } from '../store/index.ts';

export const DAY_MS = 86_400_000;

/** Days before expiry at which the notify channel is warned, most distant first. */
export const KEY_WARNING_DAYS = [14, 3, 1] as const;

/** What is due: a warning (a notice) or the alarm (expired, or refused). */
export type Due =
  | { what: string; dedupeKey: string; logLine: string; notice: Notice }
  | { what: string; dedupeKey: string; logLine: string; alarm: AlarmDetail<'key-expired'>; at: number };

export function dueKeyWarning(
  /** The key's state at `now` (key-health.ts, KeyHealthStatus). */
  s: { state: string; expiresAt: Date | null | undefined },
  now: Date,
  keyId: string,
  refusals: number,
): Due | undefined {
  const base = `provider-key:${keyId}`;
  const at = now.getTime();
  if (s.state === 'refused') {
    if (refusals < 2) return undefined;
    const expiresAt = s.expiresAt ? s.expiresAt.getTime() : null;
    return {
      dedupeKey: `${base}:refused`,
      what: 'refused',
      alarm: { expiresAt, refused: true },
      at,
      logLine: 'the provider refuses the key (401): set a new PROVIDER_API_KEY',
    };
  }
  if (s.state === 'expired' && s.expiresAt) {
    return {
      dedupeKey: `${base}:${s.expiresAt.toISOString()}:expired`,
      what: 'expired',
      alarm: { expiresAt: s.expiresAt.getTime() },
      at: s.expiresAt.getTime(),
      logLine:
        'the provider key has expired, yet the provider still answers it: set a new PROVIDER_API_KEY before it is refused',
    };
  }
  if (s.state !== 'ok' || !s.expiresAt) return undefined;
  // `ok` at this moment: the expiry is still ahead (effective() made a passed one `expired`).
  const left = s.expiresAt.getTime() - at;
  // The nearest warning whose moment has passed; an earlier one that was missed is not sent late.
  const days = [...KEY_WARNING_DAYS].reverse().find((d) => left <= d * DAY_MS);
  if (days === undefined) return undefined;
  return {
    dedupeKey: `${base}:${s.expiresAt.toISOString()}:${days}d`,
    what: `${days}d`,
    notice: { kind: 'key-expiring', expiresAt: s.expiresAt.getTime(), days, at },
    logLine: 'the provider key expires soon',
  };
}
