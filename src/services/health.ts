/**
 * What /healthz reports: the store answers (else 503), and for each provider
 * account (`accounts`) what its client last saw and whether its key worked at
 * its last check and has not expired. The bot is `ready` when the store
 * answers and at least one account's key works; an account whose key does not
 * work while another's does is reported in `accounts` and makes the bot
 * `degraded`, not unready, since that account's people are the only ones it
 * stops. With a single account, `provider` and `providerKey` are also given at
 * the top, as before there were several. An expired key the provider still
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

/** What one account's provider client last saw (no provider call is made for it). */
export interface ProviderSeen {
  requests: number;
  networkErrors: number;
  rateLimited: number;
  rateLimitRemaining: number | null;
  lastAnswerAt: string | null;
}

/** One provider account as /healthz is asked about it. */
export interface HealthAccount {
  /** The account's name (`default`, `main`, `shop-a`), never its key. */
  name: string;
  provider: Pick<ProviderClient, 'metrics'>;
  /** Its key's last check; absent when this process does not check it (then it does not count against `ready`). */
  status?: ProviderKeyStatus | undefined;
}

/** One provider account as /healthz reports it. */
export interface AccountHealth {
  name: string;
  /** The account's key worked at its last check and has not expired (true when it is not checked here). */
  ready: boolean;
  /** The key's state at its last check; absent when it is not checked here. */
  key?: ProviderKeyStatus['state'];
  checkedAt?: string | null;
  expiresAt?: string | null;
  daysLeft?: number | null;
  error?: string | null;
  provider: ProviderSeen;
}

export interface HealthReport {
  /** The store answers: the process is alive and can keep its promises (HTTP 200, else 503). */
  ok: boolean;
  store: 'ok' | 'down';
  /**
   * `ok`, and at least one account's key worked at its last check and has not
   * expired: the bot can rely on it. With one account, that account's key.
   */
  ready: boolean;
  /** `ready`, but some account's key does not work: that account's people cannot be served. */
  degraded: boolean;
  /** The single account's client figures (only when there is exactly one account, as before). */
  provider?: ProviderSeen;
  /** The single account's key (only when there is exactly one account and it is checked here). */
  providerKey?: ProviderKeyReport;
  accounts: AccountHealth[];
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

function providerSeen(provider: Pick<ProviderClient, 'metrics'>): ProviderSeen {
  const m = provider.metrics();
  return {
    requests: m.totalRequests,
    networkErrors: m.networkErrors,
    rateLimited: m.rateLimited,
    rateLimitRemaining: m.rateLimit.remaining,
    lastAnswerAt: m.rateLimit.seenAt === null ? null : new Date(m.rateLimit.seenAt).toISOString(),
  };
}

function accountHealth(a: HealthAccount, now: Date): AccountHealth {
  const provider = providerSeen(a.provider);
  if (!a.status) return { name: a.name, ready: true, provider };
  const { state, ...key } = providerKeyReport(a.status, now);
  return { name: a.name, ready: state === 'ok', key: state, ...key, provider };
}

/**
 * The report for `accounts` (every provider account, each once). With one
 * account it is what it was before there were several, plus `accounts` and
 * `degraded: false`.
 */
export async function healthReport(
  store: Pick<Store, 'ping'>,
  accounts: readonly HealthAccount[],
  now: Date,
): Promise<HealthReport> {
  const storeOk = await store.ping().then(
    () => true,
    () => false,
  );
  const each = accounts.map((a) => accountHealth(a, now));
  const ready = storeOk && each.some((a) => a.ready);
  const [only, ...others] = accounts;
  const [onlyHealth] = each;
  const single =
    only && onlyHealth && others.length === 0
      ? {
          provider: onlyHealth.provider,
          ...(only.status ? { providerKey: providerKeyReport(only.status, now) } : {}),
        }
      : {};
  return {
    ok: storeOk,
    store: storeOk ? 'ok' : 'down',
    ready,
    degraded: ready && each.some((a) => !a.ready),
    ...single,
    accounts: each,
  };
}
