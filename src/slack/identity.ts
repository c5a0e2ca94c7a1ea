/**
 * Who the bot is, asked of Slack once at start-up (auth.test). Bolt would ask
 * too, from its constructor, and leave a failure as an unhandled rejection
 * that kills the process with a stack trace; asking here first turns "Slack
 * unreachable" or "token refused" into one readable line, and hands Bolt the
 * ids so it never asks again.
 */
import { webApi } from '@slack/bolt';
import type { Config } from '../config.ts';

export interface BotIdentity {
  botId: string;
  botUserId: string;
  /** The workspace the token belongs to: requests from any other are refused (team-guard.ts). */
  teamId: string;
}

export class SlackStartupError extends Error {
  readonly code = 'SLACK_STARTUP';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SlackStartupError';
  }
}

/** Slack's own error code (invalid_auth, account_inactive, …) or the network failure, never the token. */
function reasonOf(err: unknown): string {
  const e = err as { code?: unknown; data?: { error?: unknown }; original?: { message?: unknown } };
  if (typeof e?.data?.error === 'string') return e.data.error;
  if (typeof e?.original?.message === 'string') return e.original.message;
  return err instanceof Error ? err.message : String(err);
}

export async function fetchBotIdentity(
  slack: Pick<Config['slack'], 'botToken' | 'apiUrl'>,
  options: { retries?: number } = {},
): Promise<BotIdentity> {
  if (!slack.botToken) throw new SlackStartupError('SLACK_BOT_TOKEN: required to run the bot (xoxb-…)');
  const client = new webApi.WebClient(slack.botToken, {
    ...(slack.apiUrl ? { slackApiUrl: slack.apiUrl } : {}),
    // A few quick tries ride out a blip; a Slack that stays away is reported, not waited on for minutes.
    retryConfig: { retries: options.retries ?? 2, factor: 2, minTimeout: 500, maxTimeout: 2000 },
    logLevel: webApi.LogLevel.ERROR,
  });
  const where = slack.apiUrl ?? 'https://slack.com/api/';
  let result: Awaited<ReturnType<typeof client.auth.test>>;
  try {
    result = await client.auth.test();
  } catch (err) {
    const reason = reasonOf(err);
    const what =
      reason === 'invalid_auth' || reason === 'not_authed' || reason === 'token_revoked'
        ? `SLACK_BOT_TOKEN was refused by Slack (${reason}): copy the Bot User OAuth Token again`
        : `cannot reach the Slack Web API at ${where}: ${reason}`;
    throw new SlackStartupError(what, { cause: err });
  }
  if (!result.bot_id || !result.user_id) {
    throw new SlackStartupError(
      'SLACK_BOT_TOKEN is not a bot token (auth.test named no bot): use the xoxb- token',
    );
  }
  if (!result.team_id) {
    throw new SlackStartupError(
      'SLACK_BOT_TOKEN belongs to no single workspace (auth.test named no team): install the app in one workspace',
    );
  }
  return { botId: result.bot_id, botUserId: result.user_id, teamId: result.team_id };
}
