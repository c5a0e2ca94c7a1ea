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
import { policyOf, type SignupDeps } from './deps.ts';

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

/** Seals a quote's password until its expiry plus the grace an `unknown` order may need for a retry. */
export function sealPassword(deps: SignupDeps, password: string, quoteExpiresAt: Date): Promise<string> {
  return deps.store.secrets.seal(password, {
    purpose: SECRET_PURPOSE,
    expiresAt: new Date(quoteExpiresAt.getTime() + policyOf(deps).secretGraceMs),
  });
}

export async function destroySecret(deps: SignupDeps, secretId: string | null): Promise<void> {
  if (secretId === null) return;
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

/** The outcome is definite: the sealed copy goes, and the scrubber may let the value go. */
export async function forget(deps: SignupDeps, secretId: string | null, password: string): Promise<void> {
  await destroySecret(deps, secretId);
  deps.secrets.delete(password);
}
