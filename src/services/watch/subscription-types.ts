/** What the watch subscriptions use cases (subscriptions.ts) answer: plain data for the Slack side. */

/**
 * Whether the bot can post in a channel, as the Slack side found out: `ok`,
 * one of Slack's refusals, or `unverified` (the check itself could not be made).
 */
export type ChannelReach = 'ok' | 'unverified' | 'not_in_channel' | 'channel_not_found' | 'is_archived';

export interface SubscriptionChange {
  /** A server uuid, `all`, or a hosting server's target (`hostingWatchTarget`). */
  target: string;
  /** The server's name (a hosting server's too), or 'all'. */
  label: string;
  /** A hosting server's watch (`/hosting watch`), not a server's power. */
  hosting: boolean;
  channelId: string;
  changed: boolean;
}

export interface MuteEntry {
  target: string;
  /** The server's name, or 'all'. */
  label: string;
  channelId: string;
  until: Date;
  createdBy: string;
}

/** One channel's watches and mutes: the channel the reader is in, or one they may see. */
export interface SubscriptionList {
  rows: { target: string; label: string; hosting: boolean; channelId: string; createdBy: string }[];
  /** Mutes in force. */
  mutes: MuteEntry[];
  /** NOTIFY_CHANNEL, only when the reader may see it. */
  notifyChannel: string | undefined;
}

export interface MuteChange {
  kind: 'mute' | 'unmute';
  target: string;
  label: string;
  channelId: string;
  /** `mute`: until when; `unmute`: null. */
  until: Date | null;
  /** `unmute`: whether anything was muted. */
  changed: boolean;
  /** `unmute <server>` while every server stays muted: until when. */
  allMutedUntil: Date | null;
}
