/**
 * The provider key's health: asked once at start-up (GET /v1/me), then again
 * now and then while the bot runs.
 *
 * - Start-up: a refused key (401) stops the bot with one line saying what to
 *   do (`ProviderKeyError`); a 403 or a provider that cannot be reached lets
 *   it start, and /healthz and /metrics say so until a check succeeds.
 * - While running: the key's `expires_at` is watched. The notify channel is
 *   notified 14, 3 and 1 day(s) before it (notices); once the moment has passed
 *   while the provider still answers the key, it is `expired` (/healthz not
 *   ready), never "expiring" any more, and the `key-expired` alarm opens;
 *   once the key stops working (401 twice, a minute apart: one odd answer
 *   does not wake anyone) the same alarm says it is refused. The alarm is
 *   claimed, re-notified and resolved like any other (src/watch/alarms.ts),
 *   posted to NOTIFY_CHANNEL and the channels watching `key`, and resolved once
 *   a check finds a key that works and has not expired (a new key, or a later
 *   expiry). The expiry is read as everything else reads it
 *   (src/provider/key-expiry.ts). Each warning and each alarm has a dedupe
 *   key naming the key (a fingerprint, never the key), its expiry and what
 *   is said, so a restart or another replica cannot say it twice; only the
 *   watcher's leader writes them. A check is also made at each of those
 *   moments, so a warning is not late by a whole check interval.
 *
 * Every replica checks (its own /healthz must be true); one request per
 * interval is nothing beside the watcher's budget.
 */
export { KEY_WARNING_DAYS } from './key-warnings.ts';

import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { BackgroundLoop, type Clock, sleep, type Timers } from '../clock.ts';
import {
  BACKGROUND,
  type CallOptions,
  type KeyInfo,
  keyExpiryAt,
  ProviderAuthError,
  ProviderError,
  ProviderNetworkError,
  ProviderRateLimitError,
  ProviderServerError,
  readKeyExpiry,
} from '../provider/index.ts';
import { ALARM_ON, type Store, WATCH_KEY } from '../store/index.ts';
import { raiseAlarm, resolveAlarm } from './alarms.ts';
import { KEY_NAME } from './key-use-watch.ts';
import { DAY_MS, dueKeyWarning, KEY_WARNING_DAYS } from './key-warnings.ts';
import { channelsWatching } from './watch-channels.ts';

/**
 * What the last check found. `unchecked`: no answer yet; `ok`: the key works;
 * `expired`: the key still works but its `expires_at` has passed (the
 * provider may refuse it at any moment); `forbidden`: 403 (an IP restriction,
 * a key without the VPS service); `refused`: 401 (wrong, revoked or expired);
 * `unreachable`: no answer, or the provider's own failure (5xx).
 */
export type KeyState = 'unchecked' | 'ok' | 'expired' | 'forbidden' | 'refused' | 'unreachable';

export interface KeyHealthStatus {
  state: KeyState;
  /** When the last check ended (whatever it found). */
  checkedAt: Date | null;
  /** From the last answer of GET /v1/me: null when the key never expires, undefined before any answer. */
  expiresAt: Date | null | undefined;
  /** The provider's error code, or the kind of network failure, of the last failed check. */
  error: string | null;
}

/** Start-up refused: the provider does not accept PROVIDER_API_KEY (401). The message is one line. */
export class ProviderKeyError extends Error {
  readonly code = 'PROVIDER_KEY_REFUSED';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderKeyError';
  }
}

/** A short, stable name for the key, for dedupe keys: a hash, so the key itself is never stored. */
export function keyFingerprint(apiKey: string): string {
  return createHash('sha256').update(`vps-chatops provider key:${apiKey}`).digest('hex').slice(0, 16);
}

export interface KeyHealthOptions {
  provider: { me(o?: CallOptions): Promise<KeyInfo> };
  store: Pick<Store, 'outbox' | 'watches' | 'transaction'>;
  clock: Clock;
  timers: Timers;
  logger: Logger;
  /** `keyFingerprint(PROVIDER_API_KEY)`. */
  keyId: string;
  /** Where the provider answers (for the start-up line). */
  baseUrl: string;
  /** Only the leader writes warnings (the watcher lease; always true on SQLite). */
  isLeader: () => boolean;
  /** NOTIFY_CHANNEL: without it the warnings are only logged. */
  notifyChannel?: string | undefined;
  /** How often the key is asked about while all is well (default 30 min). */
  checkEveryMs?: number;
  /** How soon after a failed check it is asked again (default 1 min). */
  retryMs?: number;
  /** How often a due warning is looked at between checks, for a replica that became leader (default 1 min). */
  leaderPollMs?: number;
  /** Longest wait for the start-up answer, in real time (default 20 s). */
  startupTimeoutMs?: number;
  /** Wakes the notifier after a warning was queued. */
  onOutbox?: () => void;
  /** WATCH_FLAP_SECONDS in ms: a relapse within it reopens the alarm's message (default 30 s). */
  flapMs?: number;
}

export class KeyHealth {
  private info: KeyInfo | undefined;
  /** When `info` was answered. */
  private infoAt: Date | undefined;
  private current: KeyHealthStatus = {
    state: 'unchecked',
    checkedAt: null,
    expiresAt: undefined,
    error: null,
  };
  /** Dedupe keys this process has queued (or found queued): asked of the store once each. */
  private readonly said = new Set<string>();
  private readonly logged = new Set<string>();
  /** 401s in a row while running. */
  private refusals = 0;
  /** Whether a working key has been checked against an open alarm to resolve, since the alarm last fired. */
  private resolveLooked = false;
  private readonly loop = new BackgroundLoop((signal) => this.run(signal));
  private readonly log: Logger;

  constructor(private readonly opts: KeyHealthOptions) {
    this.log = opts.logger.child({ component: 'provider-key' });
  }

  /** The key as the provider last described it (GET /v1/me); undefined before any answer. */
  keyInfo(): KeyInfo | undefined {
    return this.info;
  }

  /** The newest answer of GET /v1/me, this check's or a person's read (AccessService), and when it came. */
  latest(): { info: KeyInfo; at: Date } | undefined {
    return this.info && this.infoAt ? { info: this.info, at: this.infoAt } : undefined;
  }

  /**
   * An answer of GET /v1/me read for someone else (a person's command): when
   * newer than the last check's, it is the key's reading from now on, so
   * every place shows the same one. The warnings stay the check's to queue.
   */
  observe(info: KeyInfo, at: Date): void {
    if (this.infoAt && at.getTime() < this.infoAt.getTime()) return;
    const expiry = readKeyExpiry(info.expires_at, at);
    this.info = info;
    this.infoAt = at;
    this.refusals = 0;
    this.current = {
      state: 'ok',
      checkedAt: at,
      expiresAt: expiry.state === 'never' ? null : expiry.state === 'unreadable' ? undefined : expiry.at,
      error: null,
    };
  }

  /** What the last check found, read at this moment: a working key whose expiry has passed since is `expired`. */
  status(): KeyHealthStatus {
    return this.effective(this.opts.clock.now());
  }

  /**
   * The state of the last check at `now`: the answer said `ok`, but a key
   * whose expiry has passed is `expired`, whatever the provider still does.
   */
  private effective(now: Date): KeyHealthStatus {
    const s = this.current;
    if (s.state === 'ok' && s.expiresAt && keyExpiryAt(s.expiresAt, now).state === 'expired')
      return { ...s, state: 'expired' };
    return { ...s };
  }

  /**
   * The start-up question. Throws `ProviderKeyError` on 401; anything else is
   * recorded and reported, and the bot starts.
   */
  async startupCheck(): Promise<KeyHealthStatus> {
    // A provider that does not answer is reported, not waited on for the retry policy's whole course.
    const s = await this.check({ signal: AbortSignal.timeout(this.opts.startupTimeoutMs ?? 20_000) });
    if (s.state === 'refused') {
      throw new ProviderKeyError(
        `PROVIDER_API_KEY was refused by the provider at ${this.opts.baseUrl} (401 ${s.error ?? 'UNAUTHORIZED'}): the key is wrong, revoked or expired; issue a new key in the provider's panel and set PROVIDER_API_KEY`,
      );
    }
    if (s.state === 'expired') {
      this.log.warn(
        { expiresAt: s.expiresAt?.toISOString() ?? null },
        'the provider key has expired, yet the provider still answers it: it may stop working at any moment; /healthz reports it until a new key is set',
      );
    } else if (s.state !== 'ok') {
      this.log.warn(
        { state: s.state, error: s.error },
        'the provider key could not be confirmed at start-up; /healthz reports it until a check succeeds',
      );
    }
    return s;
  }

  /** Asks GET /v1/me once, records what it found, and queues the warnings that are due. */
  async check(o: Pick<CallOptions, 'signal'> = {}): Promise<KeyHealthStatus> {
    let info: KeyInfo | undefined;
    let failure: unknown;
    try {
      info = await this.opts.provider.me({ ...BACKGROUND, ...o });
    } catch (err) {
      failure = err;
    }
    const now = this.opts.clock.now();
    const before = this.current;
    if (info) {
      const expiry = readKeyExpiry(info.expires_at, now);
      const expiresAt =
        expiry.state === 'never' ? null : expiry.state === 'unreadable' ? undefined : expiry.at;
      if (expiry.state === 'unreadable' && !this.logged.has('unreadable')) {
        this.logged.add('unreadable');
        this.log.warn(
          { expiresAt: info.expires_at },
          'the provider key’s expires_at is not a time this bot reads',
        );
      }
      this.refusals = 0;
      this.info = info;
      this.infoAt = now;
      this.current = { state: 'ok', checkedAt: now, expiresAt, error: null };
      if (before.state !== 'ok' && before.state !== 'unchecked') {
        this.log.info({ was: before.state }, 'the provider key works again');
      }
    } else {
      const { state, error } = classify(failure, before.state);
      // Other failures (a 429, a timeout) between two 401s neither confirm nor clear a refusal.
      if (failure instanceof ProviderAuthError && failure.status === 401) this.refusals += 1;
      this.current = { state, checkedAt: now, expiresAt: before.expiresAt, error };
      if (state !== before.state) {
        this.log.warn({ state, error, was: before.state }, 'provider key check failed');
      }
    }
    await this.warn(now).catch((err: unknown) => {
      // The next check tries again: the dedupe key makes a late second try harmless.
      this.log.error({ err }, 'could not queue the provider key warning');
    });
    return this.status();
  }

  start(): void {
    this.loop.start();
  }

  /**
   * With several accounts a key refused at start stops only its account: the
   * start-up check counts as confirmed (a lone account's bot would have
   * stopped on it), so the key's alarm is raised in its channels at once.
   */
  async refusedAtStart(): Promise<void> {
    this.refusals = Math.max(this.refusals, 2);
    await this.warn(this.opts.clock.now());
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * Checks when `nextCheckInMs` says; in between, wakes every `leaderPollMs`
   * to queue a due warning without asking the provider, so a replica that
   * has just become leader says what the last one could not.
   */
  private async run(signal: AbortSignal): Promise<void> {
    const nowMs = () => this.opts.clock.now().getTime();
    let checkAt = nowMs() + this.nextCheckInMs();
    while (!signal.aborted) {
      const wait = Math.min(checkAt - nowMs(), this.opts.leaderPollMs ?? 60_000);
      await sleep(this.opts.timers, Math.max(0, wait), signal);
      if (signal.aborted) break;
      if (nowMs() >= checkAt) {
        await this.check().catch((err: unknown) => this.log.error({ err }, 'provider key check failed'));
        checkAt = nowMs() + this.nextCheckInMs();
      } else {
        await this.warn(this.opts.clock.now()).catch((err: unknown) =>
          this.log.error({ err }, 'could not queue the provider key warning'),
        );
      }
    }
  }

  /**
   * Until the next check: the interval, a minute after a failure, and never
   * past the next warning's moment or the expiry itself.
   */
  nextCheckInMs(): number {
    const every = this.opts.checkEveryMs ?? 30 * 60_000;
    const s = this.effective(this.opts.clock.now());
    // A first 401 is asked again soon, to confirm it before anyone is alerted.
    if (s.state === 'refused') return this.refusals === 1 ? (this.opts.retryMs ?? 60_000) : every;
    // An expired key that still works is asked about at the usual pace: a new expiry or a 401 will tell.
    let wait =
      s.state === 'ok' || s.state === 'expired' ? every : Math.min(every, this.opts.retryMs ?? 60_000);
    if (s.expiresAt) {
      const now = this.opts.clock.now().getTime();
      const moments = [
        ...KEY_WARNING_DAYS.map((d) => s.expiresAt!.getTime() - d * DAY_MS),
        s.expiresAt.getTime(),
      ];
      // A second after the moment, so the check lands on its far side.
      for (const m of moments) if (m + 1_000 > now) wait = Math.min(wait, m + 1_000 - now);
    }
    return Math.max(1_000, wait);
  }

  /** Queues the warning that is due now, raises the alarm, or resolves it (leader only; each once). */
  private async warn(now: Date): Promise<void> {
    const s = this.effective(now);
    if (s.state === 'ok') await this.resolveIfOpen(now);
    const due = dueKeyWarning(s, now, this.opts.keyId, this.refusals);
    if (!due) return;
    if (!this.logged.has(due.dedupeKey)) {
      this.logged.add(due.dedupeKey);
      this.log.warn({ warning: due.what, expiresAt: s.expiresAt?.toISOString() ?? null }, due.logLine);
    }
    const channel = this.opts.notifyChannel;
    if (this.said.has(due.dedupeKey) || !this.opts.isLeader()) return;
    if ('alarm' in due) {
      const channels = channelsWatching(channel, await this.opts.store.watches.list(), [WATCH_KEY]);
      const input = { kind: 'key-expired' as const, subject: WATCH_KEY, name: KEY_NAME, detail: due.alarm };
      const r = await this.opts.store.transaction((tx) =>
        raiseAlarm(
          tx,
          {
            ...input,
            key: due.dedupeKey,
            at: due.at,
            channels: channels.map((channelId) => ({ channelId })),
          },
          this.alarmContext(now),
        ),
      );
      this.said.add(due.dedupeKey);
      this.resolveLooked = false;
      if (r.enqueued > 0) this.opts.onOutbox?.();
      return;
    }
    if (!channel) return;
    const r = await this.opts.store.outbox.enqueue({
      dedupeKey: due.dedupeKey,
      channelId: channel,
      payload: due.notice,
      nextAttemptAt: now,
    });
    this.said.add(due.dedupeKey);
    if (r.created) this.opts.onOutbox?.();
  }

  private alarmContext(now: Date) {
    return { now, flapMs: this.opts.flapMs ?? 30_000 };
  }

  /** The key works and has not expired: an open `key-expired` alarm (of this key or an earlier one) ends. */
  private async resolveIfOpen(now: Date): Promise<void> {
    if (this.resolveLooked || !this.opts.isLeader()) return;
    const enqueued = await this.opts.store.transaction(async (tx) => {
      const open = await tx.incidents.latestFor('key-expired', WATCH_KEY);
      if (open?.state !== ALARM_ON) return 0;
      // Named by the spell it ends, so a relapse of the same key ends again.
      const key = `provider-key:${this.opts.keyId}:valid:${open.alarmSince?.getTime() ?? 0}`;
      const at = now.getTime();
      const r = await resolveAlarm(
        tx,
        { kind: 'key-expired', subject: WATCH_KEY, key, at },
        this.alarmContext(now),
      );
      return r.enqueued;
    });
    this.resolveLooked = true;
    if (enqueued > 0) this.opts.onOutbox?.();
  }
}

/** A failed check: 401 refused, 403 forbidden, no answer or 5xx unreachable; 429 and the rest change nothing. */
function classify(err: unknown, was: KeyState): { state: KeyState; error: string } {
  if (err instanceof ProviderAuthError) {
    return { state: err.status === 401 ? 'refused' : 'forbidden', error: err.code };
  }
  if (err instanceof ProviderNetworkError) return { state: 'unreachable', error: `network_${err.kind}` };
  if (err instanceof ProviderServerError) return { state: 'unreachable', error: err.code };
  if (err instanceof ProviderRateLimitError) return { state: was, error: err.code };
  if (err instanceof ProviderError) return { state: was, error: err.code };
  // An aborted or unreadable answer: we could not tell.
  return { state: was === 'unchecked' ? 'unreachable' : was, error: (err as Error)?.name ?? 'error' };
}
