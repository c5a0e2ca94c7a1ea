/**
 * What a Bolt app built in a test needs, and nothing it would reach out for:
 * a receiver that neither listens nor verifies, the bot's ids given (no
 * auth.test), and no conversation store. Deliveries are handed to
 * `app.processEvent` directly.
 */
import type { AppOptions } from '@slack/bolt';

const receiver = { init: () => undefined, start: async () => undefined, stop: async () => undefined };

export const OFFLINE_APP: AppOptions = {
  token: 'xoxb-test',
  botId: 'B0BOT',
  botUserId: 'U0BOT',
  receiver,
  convoStore: false,
  tokenVerificationEnabled: false,
};
