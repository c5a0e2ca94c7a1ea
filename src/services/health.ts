/**
 * What /healthz reports: the store answers (else 503), what the provider
 * client last saw, and whether the provider key worked at its last check and
 * has not expired (`ready`, `providerKey`). An expired key the provider still
 * answers is `expired` and not ready: the bot works for now, but the key can
 * be refused at any moment, and whoever watches `ready` must hear of it; the
 * HTTP status stays 200 (alive), so nothing restarts a bot that still works.
 * No provider call is made for a health probe:
 * probes must not spend the key's rate limit; the key is checked at start-up
 * and now and then by the bot itself (src/watch/key-health.ts).
 */
import type { ProviderClient } from '../provider/index.ts';
import type { Store } from '../store/index.ts';

/** The provider key as its last check found it (the fields of src/watch/key-health.ts's status). */
export interface ProviderKeyStatus {
  state: 'unchecked' | 'ok' | 'expired' | 'forbidden' | 'refused' | 'unreachable';
  checkedAt: Date | null;
  expiresAt: Date | null | undefined;
  error: string | null;
}

export interface ProviderKeyReport {
  state: ProviderKeyStatus['state'];
  checkedAt: string | null;
  /** null: the key never expires (or its expiry is not known yet). */
  expiresAt: string | null;
  /** Whole days until the expiry (0 in its last day, and once expired); null without one. */
  daysLeft: number | null;
  /** The provider's code, or the network failure, of the last failed check. */
  error: string | null;
}

export interface HealthReport {
  /** The store answers: the process is alive and can keep its promises (HTTP 200, else 503). */
  ok: boolean;
  store: 'ok' | 'down';
  /** `ok`, and the provider key worked at its last check and has not expired: the bot can rely on it. */
  ready: boolean;
  provider: Record<string, unknown>;
  providerKey?: ProviderKeyReport;
}

export function providerKeyReport(s: ProviderKeyStatus, now: Date): ProviderKeyReport {
  const expires = s.expiresAt ?? null;
  return {
    state: s.state,
    checkedAt: s.checkedAt ? s.checkedAt.toISOString() : null,
    expiresAt: expires ? expires.toISOString() : null,
    // Whole days, counted as `/vps me` counts them (to the nearest hour first).
    daysLeft: expires
      ? Math.max(0, Math.floor(Math.round((expires.getTime() - now.getTime()) / 3_600_000) / 24))
      : null,
    error: s.error,
  };
}

export async function healthReport(
  store: Store,
  provider: ProviderClient,
  key?: { status: ProviderKeyStatus; now: Date },
): Promise<HealthReport> {
  const storeOk = await store.ping().then(
    () => true,
    () => false,
  );
  const m = provider.metrics();
  return {
    ok: storeOk,
    store: storeOk ? 'ok' : 'down',
    ready: storeOk && (key === undefined || key.status.state === 'ok'),
    provider: {
      requests: m.totalRequests,
      networkErrors: m.networkErrors,
      rateLimited: m.rateLimited,
      rateLimitRemaining: m.rateLimit.remaining,
      lastAnswerAt: m.rateLimit.seenAt === null ? null : new Date(m.rateLimit.seenAt).toISOString(),
    },
    ...(key ? { providerKey: providerKeyReport(key.status, key.now) } : {}),
  };
}
