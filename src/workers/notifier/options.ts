/** How the notifier is set up, the figures it keeps, and its settings with their defaults. */
import type { Logger } from 'pino';
import type { Clock, Timers } from '../../clock.ts';
import type { Locale } from '../../slack/i18n/index.ts';
import type { Store } from '../../store/index.ts';
import type { SlackPoster } from './slack-poster.ts';

export interface NotifierOptions {
  store: Pick<Store, 'outbox' | 'incidents' | 'channels' | 'watches' | 'dailyDigests' | 'transaction'>;
  slack: SlackPoster;
  logger: Logger;
  /** Default: the real clock and timers. */
  clock?: Clock;
  timers?: Timers;
  /** The channels' language, and ONCALL_MENTION already in Slack's mention syntax. */
  render: { locale: Locale; oncallMention?: string | undefined };
  /** Posts only while this says so (the watcher lease). Default: always. */
  isLeader?: () => boolean;
  /**
   * Work that runs on the notifier's rhythm, before each pass while this
   * replica leads (the reminders of alarms nobody took); what it queues goes
   * out in that pass.
   */
  beforePass?: () => Promise<unknown>;
  /** The watcher's flap window: plain power notices (rows written before incidents) fold within it. Default 30 s. */
  flapWindowMs?: number;
  /** Default 1100 ms. */
  minIntervalMs?: number;
  /** Things to open at once in one channel from which a digest is posted. Default 3. */
  digestThreshold?: number;
  /** How often the outbox is read when nothing wakes the notifier. Default 1 s. */
  pollMs?: number;
  /** Longest backoff after repeated failures. Default 10 min. */
  maxBackoffMs?: number;
  /** Sent rows (and settled incidents) are deleted once this old. Default 14 days. */
  keepSentMs?: number;
  /** How often a channel the bot cannot post in is tried again. Default 5 min. */
  reprobeMs?: number;
  /** Rows of a parked channel older than this are summarised in one message when it opens. Default 30 min. */
  summariseAfterMs?: number;
  /** A channel parked again within this of the last time its watches' creators were told is not told again. Default 1 day. */
  tellAgainAfterMs?: number;
}

export interface NotifierStats {
  posted: number;
  /** chat.update calls that Slack accepted. */
  updated: number;
  digests: number;
  rowsSent: number;
  failures: number;
  rateLimited: number;
  /** Times a channel was parked, and opened again. */
  parked: number;
  reopened: number;
}

/** The options' figures with their defaults filled in. */
export type NotifierSettings = Required<
  Pick<
    NotifierOptions,
    | 'flapWindowMs'
    | 'minIntervalMs'
    | 'digestThreshold'
    | 'pollMs'
    | 'maxBackoffMs'
    | 'keepSentMs'
    | 'reprobeMs'
    | 'summariseAfterMs'
    | 'tellAgainAfterMs'
  >
>;

export function settingsOf(opts: NotifierOptions): NotifierSettings {
  return {
    flapWindowMs: opts.flapWindowMs ?? 30_000,
    // Slack allows about one message a second per channel, with short bursts.
    minIntervalMs: opts.minIntervalMs ?? 1_100,
    digestThreshold: opts.digestThreshold ?? 3,
    pollMs: opts.pollMs ?? 1_000,
    maxBackoffMs: opts.maxBackoffMs ?? 600_000,
    keepSentMs: opts.keepSentMs ?? 14 * 86_400_000,
    reprobeMs: opts.reprobeMs ?? 300_000,
    summariseAfterMs: opts.summariseAfterMs ?? 1_800_000,
    tellAgainAfterMs: opts.tellAgainAfterMs ?? 86_400_000,
  };
}

export function zeroStats(): NotifierStats {
  return {
    posted: 0,
    updated: 0,
    digests: 0,
    rowsSent: 0,
    failures: 0,
    rateLimited: 0,
    parked: 0,
    reopened: 0,
  };
}
