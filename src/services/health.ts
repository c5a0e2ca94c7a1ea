/**
 * What /healthz reports: the store answers (else 503), and what the provider
 * client last saw (no provider call is made for a health probe: probes must
 * not spend the key's rate limit).
 */
import type { ProviderClient } from '../provider/index.ts';
import type { Store } from '../store/index.ts';

export interface HealthReport {
  ok: boolean;
  store: 'ok' | 'down';
  provider: Record<string, unknown>;
}

export async function healthReport(
  store: Pick<Store, 'ping'>,
  provider: Pick<ProviderClient, 'metrics'>,
): Promise<HealthReport> {
  const storeOk = await store.ping().then(
    () => true,
    () => false,
  );
  const m = provider.metrics();
  return {
    ok: storeOk,
    store: storeOk ? 'ok' : 'down',
    provider: {
      requests: m.totalRequests,
      networkErrors: m.networkErrors,
      rateLimited: m.rateLimited,
      rateLimitRemaining: m.rateLimit.remaining,
      lastAnswerAt: m.rateLimit.seenAt === null ? null : new Date(m.rateLimit.seenAt).toISOString(),
    },
  };
}
