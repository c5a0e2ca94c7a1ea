/**
 * The root password: made by the bot when the requester leaves the field
 * empty, sealed in the store while its quote waits, destroyed as soon as the
 * outcome is definite. Whenever it is in memory it is registered with the
 * log scrubber (deps.secrets).
 *
 * Generated passwords follow the provider's rule: 9 to 70 half-width
 * characters, at least two kinds among letters, digits and symbols, no
 * backquote, `<` or `>`. We give all three kinds and leave out characters that are easy to misread or that shells and Slack
 * mangle when pasted (quotes, backslash, `&`, `|`, `;`, `$`, `*`, `~`, `^`).
 */
import { randomInt } from 'node:crypto';
import { policyOf, type SignupDeps } from './signup-deps.ts';

const SECRET_PURPOSE = 'signup.root_password';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!#%+-=?@_.,:';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

const GENERATED_PASSWORD_LENGTH = 24;

function pick(set: string): string {
  return set.charAt(randomInt(set.length));
}

/** About 24 × log2(69) ≈ 146 bits; every class present; uniform choices from node:crypto. */
export function generateRootPassword(length: number = GENERATED_PASSWORD_LENGTH): string {
  if (length < 9 || length > 70) throw new RangeError('root passwords are 9 to 70 characters');
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(ALL));
  // Fisher–Yates, so the guaranteed classes are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    const t = chars[i]!;
    chars[i] = chars[j]!;
    chars[j] = t;
  }
  return chars.join('');
}

const holderOf = (secretId: string): string => `signup-secret:${secretId}`;

/** The scrubber keeps the password while its sealed copy exists (again after a restart, once opened). */
export function holdSealed(deps: SignupDeps, secretId: string, password: string): void {
  deps.secrets.hold(holderOf(secretId), password);
}

/** Seals a quote's password until its expiry plus the grace an `unknown` order may need for a retry. */
export async function sealPassword(
  deps: SignupDeps,
  password: string,
  quoteExpiresAt: Date,
): Promise<string> {
  const secretId = await deps.store.secrets.seal(password, {
    purpose: SECRET_PURPOSE,
    expiresAt: new Date(quoteExpiresAt.getTime() + policyOf(deps).secretGraceMs),
  });
  holdSealed(deps, secretId, password);
  return secretId;
}

/**
 * The outcome is definite: the sealed copy goes, and the scrubber lets the
 * value go unless another holder (a new quote made from the same password
 * after a price change) still keeps it.
 */
export async function destroySecret(deps: SignupDeps, secretId: string | null): Promise<void> {
  if (secretId === null) return;
  deps.secrets.release(holderOf(secretId));
  try {
    await deps.store.secrets.destroy(secretId);
  } catch (err) {
    // Expiry destroys it anyway; the row no longer points at it.
    deps.logger.warn(
      { secretId, err: err instanceof Error ? err.name : typeof err },
      'could not destroy a sealed password',
    );
  }
}

export type RevealOutcome =
  | { kind: 'shown'; password: string; serverName: string | null }
  | { kind: 'not_yours' }
  /** Shown once already (or being shown by another click now): it is not shown again. */
  | { kind: 'shown_before' }
  /** The order was placed, refused or expired: the sealed password is gone. */
  | { kind: 'gone' };

/**
 * A generated root password that could not be shown in the requester's modal
 * nor ephemerally is never left in a direct message: the message carries a
 * button instead, and the password is taken from its seal here, for the
 * requester alone, once: the take is one compare-and-set on the seal, so
 * several clicks at once or Slack's retry of one show it once. The seal stays
 * for the order (its own read is not stopped by the take) until the outcome
 * is definite. The caller says whether it was shown (`passwordShown`) or
 * gives it back (`givePasswordBack`: the window did not open).
 */
export async function revealPassword(
  deps: SignupDeps,
  input: { id: string; userId: string },
): Promise<RevealOutcome> {
  const row = await deps.store.signups.get(input.id);
  if (!row || row.requesterId !== input.userId) return { kind: 'not_yours' };
  if (!row.secretId) return { kind: 'gone' };
  const password = await deps.store.secrets.take(row.secretId, SECRET_PURPOSE);
  if (password !== null) return { kind: 'shown', password, serverName: row.serverName };
  // Not to be taken: shown already, or gone with the order's outcome.
  return (await deps.store.secrets.open(row.secretId)) === null ? { kind: 'gone' } : { kind: 'shown_before' };
}

/** The password taken by `revealPassword` was shown: audited (never the password). */
export async function passwordShown(deps: SignupDeps, input: { id: string; userId: string }): Promise<void> {
  const row = await deps.store.signups.get(input.id);
  await deps.audit.record({
    actor: input.userId,
    channelId: row?.channelId ?? null,
    action: 'signup.password_shown',
    target: input.id,
    outcome: 'ok',
    errorCode: null,
    ...(row?.serverName ? { params: { name: row.serverName } } : {}),
  });
  deps.logger.info({ signupId: input.id, userId: input.userId }, 'root password shown once');
}

/** The password taken by `revealPassword` could not be shown (the window did not open): it may be taken again. */
export async function givePasswordBack(
  deps: SignupDeps,
  input: { id: string; userId: string },
): Promise<void> {
  const row = await deps.store.signups.get(input.id);
  if (row?.secretId && row.requesterId === input.userId)
    await deps.store.secrets.giveBack(row.secretId, SECRET_PURPOSE);
}
