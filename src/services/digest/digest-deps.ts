/** What the daily digest's read model is built from: the store, what the provider client holds, the renewals. */
import type { Clock } from '../../clock.ts';
import type { DailyBudgetState, RateLimitSnapshot } from '../../provider/index.ts';
import type { Store } from '../../store/index.ts';
import type { AccessService } from '../access/index.ts';
import type { RenewalsService } from '../renewals/index.ts';

export interface DigestDeps {
  store: Store;
  /** The provider client's day and last rate-limit window, as it holds them (never a request). */
  provider: { readonly daily: DailyBudgetState; readonly rateLimit: RateLimitSnapshot };
  renewals: RenewalsService;
  /** Who may read the digest, and which channels' orders, refusals and changes it may show (sections.ts). */
  access: AccessService;
  clock: Clock;
  /** Plan names by id, as the price list last read names them; absent: orders are named by plan id. */
  planNames?: () => ReadonlyMap<string, string>;
  /** Contracts renewing within this many days are listed (the farthest renewal reminder). */
  renewalWithinDays: number;
}
