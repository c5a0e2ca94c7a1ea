/**
 * Failures of the store. Start-up failures (`STORE_UNAVAILABLE`, `STORE_CORRUPT`,
 * `STORE_UNWRITABLE`, `STORE_MIGRATION_FAILED`, `STORE_KEY_INVALID`) carry one
 * readable line and no stack, since `main.ts` prints them as the reason the bot
 * did not start; the driver's error stays reachable as `cause`.
 */
export type StoreErrorCode =
  | 'STORE_UNAVAILABLE'
  | 'STORE_CORRUPT'
  | 'STORE_UNWRITABLE'
  | 'STORE_MIGRATION_FAILED'
  | 'STORE_KEY_INVALID'
  | 'SECRET_UNREADABLE'
  | 'STORE_INVALID_TRANSITION'
  | 'STORE_CLOSED'
  | 'STORE_INVALID_ACCOUNT';

export class StoreError extends Error {
  readonly code: StoreErrorCode;

  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(oneLine(message), options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StoreError';
    this.code = code;
    // One line whichever way it is printed: `String(err)` and `err.stack` alike.
    this.stack = `${this.name} [${code}]: ${this.message}`;
  }
}

export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** The readable part of whatever a driver threw. */
export function reasonOf(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return reasonOf(err.errors[0]);
  if (err instanceof Error) {
    const code = (err as Error & { code?: unknown }).code;
    const msg = oneLine(err.message);
    if (typeof code === 'string' && code.length > 0 && !msg.includes(code))
      return msg ? `${msg} (${code})` : code;
    return msg || err.name;
  }
  return oneLine(String(err));
}
