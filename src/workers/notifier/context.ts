/** What every step of a pass shares: the store, Slack, the settings, the pace and the figures. */
import type { Logger } from 'pino';
import type { Ui } from '../../slack/views/format.ts';
import type { NotifierOptions, NotifierSettings, NotifierStats } from './options.ts';
import type { ChannelPace } from './pacing.ts';
import type { SlackPoster } from './slack-poster.ts';

export interface NotifierContext {
  readonly store: NotifierOptions['store'];
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
  readonly pace: ChannelPace;
  /** Channels parked during this pass: nothing more is tried there. */
  readonly parkedNow: Set<string>;
  /** Something was written during the pass (a channel parked): the next pass runs at once. */
  readonly lookAgain: () => void;
}
