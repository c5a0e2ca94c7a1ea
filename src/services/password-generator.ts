/**
 * Root passwords the bot makes when the requester leaves the field empty. The
 * provider's rule: 9 to 70 half-width characters, at least two kinds among
 * letters, digits and symbols, no backquote, `<` or `>`. We give all three kinds
 * and leave out characters that are easy to misread or that shells and Slack
 * mangle when pasted (quotes, backslash, `&`, `|`, `;`, `$`, `*`, `~`, `^`).
 */
import { randomInt } from 'node:crypto';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!#%+-=?@_.,:';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

export const GENERATED_PASSWORD_LENGTH = 24;

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
