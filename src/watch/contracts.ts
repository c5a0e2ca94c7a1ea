/**
 * The contract date of every server the bot ordered. The signup status
 * answer carries the contract's `expiry_date` (null while `setup_pending`;
 * docs/provider-api.md, Signup status), and it is the only place the API
 * shows one: each read the watcher makes of an order's status records it.
 * An order the provider answered `active` at once was never followed, so its
 * status is read once for the date alone; one whose answer gave no date is
 * asked again a day later, and so is one whose date has passed (whether the
 * status shows the next date once the contract renews is not published: it
 * is asked, a day at a time, and a new date is kept).
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import {
  BACKGROUND,
  japanDay,
  ProviderError,
  parseProviderDate,
  providerDate,
  type SignupStatus,
} from '../provider/index.ts';
import type { Store } from '../store/index.ts';
import { type TrackedSignup, trackedSignups } from './signups.ts';
import type { WatcherProvider } from './watcher-options.ts';

/** How long after a read that gave no date an active order is asked again. */
export const UNDATED_RETRY_MS = 86_400_000;
/** Active orders dated per reload at most: a backlog is worked through a batch at a time. */
const UNDATED_BATCH = 20;

/**
 * The orders the watcher reads the signup status of: those on their way to
 * `active`, then those still undated or whose date has passed (Japan time).
 */
export async function followedSignups(
  store: Pick<Store, 'signups' | 'contracts'>,
  now: Date,
): Promise<TrackedSignup[]> {
  const [tracked, undated] = await Promise.all([
    trackedSignups(store),
    store.contracts.undatedOrders(
      new Date(now.getTime() - UNDATED_RETRY_MS),
      UNDATED_BATCH,
      providerDate(japanDay(now.getTime())),
    ),
  ]);
  return [...tracked, ...undated.filter((r): r is TrackedSignup => r.providerServiceId !== null)];
}

/** Whether this read is only for the contract's date (the order is settled). */
export function isDateRead(signup: TrackedSignup): boolean {
  return signup.state !== 'submitted';
}

/**
 * Records the date a signup status gave for an order (null `status`: the
 * read failed for good, asked again a day later). A value that is not a
 * date is kept as none.
 */
export async function recordContractDate(
  store: Pick<Store, 'contracts'>,
  signup: TrackedSignup,
  status: Pick<SignupStatus, 'uuid' | 'name' | 'expiry_date'> | null,
  now: Date,
): Promise<{ date: string | null; unreadable: boolean }> {
  const raw = status?.expiry_date ?? null;
  const date = raw !== null && parseProviderDate(raw) !== undefined ? raw.trim() : null;
  await store.contracts.recordRead(
    {
      signupId: signup.id,
      serverUuid: status?.uuid || signup.uuid,
      serverName: status?.name || signup.serverName,
      planId: signup.planId,
      period: signup.period,
      autoRenew: signup.autoRenew,
      channelId: signup.channelId,
    },
    date,
    now,
  );
  return { date, unreadable: raw !== null && date === null };
}

/** What reading and recording a contract's date takes. */
export interface ContractDateDeps {
  provider: Pick<WatcherProvider, 'signupStatus'>;
  store: Pick<Store, 'contracts'>;
  logger: Pick<Logger, 'warn'>;
  clock: Clock;
}

/**
 * Records the date in a signup status the watcher read; storing it can
 * fail without holding the order's own follow-up (it is read again later).
 */
export async function noteContractDate(
  deps: ContractDateDeps,
  signup: TrackedSignup,
  status: Pick<SignupStatus, 'uuid' | 'name' | 'expiry_date'> | null,
): Promise<void> {
  try {
    const r = await recordContractDate(deps.store, signup, status, deps.clock.now());
    if (r.unreadable)
      deps.logger.warn(
        { signup: signup.id, expiryDate: status?.expiry_date },
        'the signup status’s expiry_date is not a date; the contract’s date stays unknown',
      );
  } catch (err) {
    deps.logger.warn({ err, signup: signup.id }, 'could not record the contract’s date; read again later');
  }
}

/**
 * Reads a settled order's signup status for its date alone. A refusal that
 * will not pass by itself (403, 404) is recorded as a read that gave none,
 * so it is asked again a day later, not every round; the failure is thrown
 * on for the watcher to count.
 */
export async function readContractDate(deps: ContractDateDeps, signup: TrackedSignup): Promise<void> {
  let status: SignupStatus;
  try {
    status = await deps.provider.signupStatus(signup.providerServiceId, BACKGROUND);
  } catch (err) {
    if (err instanceof ProviderError && err.status >= 400 && err.status < 500 && err.status !== 429)
      await noteContractDate(deps, signup, null);
    throw err;
  }
  await noteContractDate(deps, signup, status);
}
