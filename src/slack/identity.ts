/**
 * Who the bot is, asked of Slack once at start-up (auth.test). Bolt would ask
 * too, from its constructor, and leave a failure as an unhandled rejection
 * that kills the process with a stack trace; asking here first turns "Slack
 * unreachable" or "token refused" into one readable line, and hands Bolt the
 * ids so it never asks again.
 */
import { webApi } from '@slack/bolt';
import type { Config } from '../config.ts';
import { reasonOf } from './slack-failure.ts';

export interface BotIdentity {
  botId: string;
  botUserId: string;
  /** The workspace the token belongs to: requests from any other are refused (team-guard.ts). */
  teamId: string;
  /** Its Enterprise Grid organisation, when it is in one: requests from any other are refused too. */
  enterpriseId?: string | undefined;
}

export class SlackStartupError extends Error {
  readonly code = 'SLACK_STARTUP';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SlackStartupError';
  }
}

/**
 * In Socket Mode, that Slack accepts the app-level token (apps.connections.open,
 * the call the Socket Mode client makes first): a refused SLACK_APP_TOKEN ends
 * start-up with one line, like a refused bot token.
 */
export async function checkAppToken(
  slack: Pick<Config['slack'], 'appToken' | 'apiUrl'>,
  options: { retries?: number } = {},
): Promise<void> {
  if (!slack.appToken) return;
  const client = new webApi.WebClient(undefined, {
    ...(slack.apiUrl ? { slackApiUrl: slack.apiUrl } : {}),
    retryConfig: { retries: options.retries ?? 2, factor: 2, minTimeout: 500, maxTimeout: 2000 },
    logLevel: webApi.LogLevel.ERROR,
  });
  const where = slack.apiUrl ?? 'https://slack.com/api/';
  try {
    await client.apps.connections.open({ token: slack.appToken });
  } catch (err) {
    const reason = reasonOf(err);
    throw new SlackStartupError(
      reason === 'invalid_auth' || reason === 'not_authed' || reason === 'token_revoked'
        ? `SLACK_APP_TOKEN was refused by Slack (${reason}): create an app-level token with the connections:write scope (Basic Information, App-Level Tokens) and set it again`
        : reason === 'not_allowed_token_type'
          ? 'SLACK_APP_TOKEN is not an app-level token (not_allowed_token_type): use the xapp- token from Basic Information, App-Level Tokens'
          : `cannot reach the Slack Web API at ${where}: ${reason}`,
      { cause: err },
    );
  }
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
  return {
    botId: result.bot_id,
    botUserId: result.user_id,
    teamId: result.team_id,
    // Outside a grid auth.test names no enterprise (or an empty one).
    ...(result.enterprise_id ? { enterpriseId: result.enterprise_id } : {}),
  };
}
