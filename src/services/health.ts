/**
 * What /healthz reports: the store answers (else 503), and what the provider
 * client last saw (no provider call is made for a health probe: probes must
 * not spend the key's rate limit).
 */
import type { StorePort } from './ports.ts';

export interface ProviderHealthSource {
  metrics(): {
    totalRequests: number;
    networkErrors: number;
    rateLimited: number;
    rateLimit: { remaining: number | null; seenAt: number | null };
  };
}

export interface HealthReport {
  ok: boolean;
  store: 'ok' | 'down';
  provider: Record<string, unknown>;
}

export async function healthReport(
  store: Pick<StorePort, 'ping'>,
  provider: ProviderHealthSource,
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
