/**
 * What the notifier's files share: the two chat calls it makes of Slack, its
 * settings and figures, the rows a pass works on, and what a pass hands each
 * of its steps. A file of its own because every step (plan.ts, send.ts,
 * parked-channels.ts, pacing.ts) needs these, and notifier.ts needs every
 * step: kept in notifier.ts they would make an import circle.
 */
import type { Logger } from 'pino';
import type { Message, Ui } from '../../slack/views/format.ts';
import type { IncidentPost, Notice, OutboxItem, Store } from '../../store/index.ts';

interface PostBase {
  channel: string;
  text: string;
  blocks?: Message['blocks'];
  unfurl_links?: boolean;
  unfurl_media?: boolean;
}

/** A message, a thread reply, or a thread reply also shown in the channel ("Also send to channel"). */
export type PostMessageArgs = PostBase &
  ({ thread_ts?: string; reply_broadcast?: false } | { thread_ts: string; reply_broadcast: true });

export interface UpdateMessageArgs {
  channel: string;
  ts: string;
  text: string;
  blocks?: Message['blocks'];
}

export type SlackAnswer = { ok?: boolean; ts?: string; error?: string };

/**
 * What the notifier needs of @slack/web-api's WebClient (`client.chat`). The
 * WebClient behind it must not retry by itself (`retryConfig: { retries: 0 }`,
 * `rejectRateLimitedCalls: true`): the outbox is the retry.
 */
export interface SlackPoster {
  postMessage(args: PostMessageArgs): Promise<SlackAnswer>;
  update(args: UpdateMessageArgs): Promise<SlackAnswer>;
}

/** How the notifier paces, folds, retries and keeps its rows; the defaults are in notifier.ts. */
export interface NotifierSettings {
  /** The watcher's flap window: plain power notices (rows written before incidents) fold within it. Default 30 s. */
  flapWindowMs: number;
  /** One call per channel and lane in this long. Default 1100 ms. */
  minIntervalMs: number;
  /** Things to open at once in one channel from which a digest is posted. Default 3. */
  digestThreshold: number;
  /** How often the outbox is read when nothing wakes the notifier. Default 1 s. */
  pollMs: number;
  /** Longest backoff after repeated failures. Default 10 min. */
  maxBackoffMs: number;
  /** Sent rows (and settled incidents) are deleted once this old. Default 14 days. */
  keepSentMs: number;
  /** How often a channel the bot cannot post in is tried again. Default 5 min. */
  reprobeMs: number;
  /** Rows of a parked channel older than this are summarised in one message when it opens. Default 30 min. */
  summariseAfterMs: number;
  /** The watches' creators hear of their channel being parked at most once within this. Default 1 day. */
  tellAgainAfterMs: number;
}

/** What the notifier did since it started, for /metrics. */
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
  /** Rows set aside, never posted: unreadable, or impossible to draw (each logged; the others go on). */
  setAside: number;
}

/** A due row with its notice read. */
export interface Parsed {
  row: OutboxItem;
  notice: Notice;
  ready: boolean;
}

/** A row the notifier can act on now, and what it is after looking at its incident's post. */
export interface Candidate extends Parsed {
  /** `open` rows whose message was posted meanwhile act as `update`s. */
  act: 'notice' | 'thread-notice' | 'open' | 'update' | 'reply' | 'held';
  post: IncidentPost | undefined;
  /** A daily digest's page, drawn from the stored digest (its thread's ts on the row for a reply). */
  drawn?: { message: Message; day: string; page: number };
}

/** What every step of a pass shares: the store, Slack, the settings and the figures. */
export interface NotifierContext {
  readonly store: Pick<
    Store,
    'outbox' | 'incidents' | 'channels' | 'watches' | 'dailyDigests' | 'transaction'
  >;
  readonly slack: SlackPoster;
  readonly log: Logger;
  readonly settings: NotifierSettings;
  /** The channels' language (notifications carry Slack date tokens, which every reader sees in their own zone). */
  readonly ui: Ui;
  /** ONCALL_MENTION in Slack's mention syntax, or ''. */
  readonly oncall: string;
  /** Posts only while this says so (the watcher lease). */
  readonly isLeader: () => boolean;
  readonly counters: NotifierStats;
  /** Channels parked during this pass: nothing more is tried there. */
  readonly parkedNow: Set<string>;
  /** Something was written during the pass (a channel parked): the next pass runs at once. */
  readonly lookAgain: () => void;
}
