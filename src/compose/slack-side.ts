/**
 * The Slack side: the bot's identity (a refused token stops start-up in one
 * line), the Bolt app with `/healthz` and `/metrics` on its port, and the
 * directory of users, groups and channels that roles and languages are read
 * from.
 */
import type { BotMetrics } from '../metrics/bot-metrics.ts';
import type { SlackCallCounter } from '../metrics/slack-fetch.ts';
import { healthReport } from '../services/health.ts';
import { createSlackApp, type SlackApp } from '../slack/app.ts';
import { type BotIdentity, checkAppToken, fetchBotIdentity } from '../slack/identity.ts';
import { SlackDirectory } from '../slack/slack-directory.ts';
import { channelUiFor, type Ui } from '../slack/views/format.ts';
import type { KeyHealth } from '../watch/key-health.ts';
import type { Foundation } from './foundation.ts';

export interface SlackSide {
  slack: SlackApp;
  directory: SlackDirectory;
  /** The bot's language, for what the whole channel reads. */
  channelUi: Ui;
}

/**
 * Slack and the provider are asked at once; a refusal by either stops start-up
 * in one line (Slack's first: a Slack that cannot be reached is not kept
 * waiting for the provider's answer).
 */
export async function checkStartup(f: Foundation, keyHealth: KeyHealth): Promise<BotIdentity> {
  const keyCheck = keyHealth.startupCheck();
  keyCheck.catch(() => undefined);
  const identity = await fetchBotIdentity(f.config.slack);
  if (f.config.slack.socketMode) await checkAppToken(f.config.slack);
  await keyCheck;
  return identity;
}

export function buildSlackSide(
  f: Foundation,
  parts: {
    identity: BotIdentity;
    keyHealth: KeyHealth;
    metrics: BotMetrics;
    slackCalls: SlackCallCounter;
    port: number;
  },
): SlackSide {
  const { config, store, provider, clock, logger } = f;
  const channelUi = channelUiFor(config.locale);
  const slack = createSlackApp({
    identity: parts.identity,
    ui: channelUi,
    slack: config.slack,
    port: parts.port,
    logger,
    health: () =>
      healthReport(store, [{ name: 'default', provider, status: parts.keyHealth.status() }], clock.now()),
    metrics: parts.metrics,
    fetch: parts.slackCalls.fetch(),
  });
  const directory = new SlackDirectory(slack.app.client, config.locale, clock);
  return { slack, directory, channelUi };
}
