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
import { ProviderKeyError } from '../watch/key-health.ts';
import type { Background } from './background.ts';
import type { Foundation } from './foundation.ts';

export interface SlackSide {
  slack: SlackApp;
  directory: SlackDirectory;
  /** The bot's language, for what the whole channel reads. */
  channelUi: Ui;
}

/**
 * Slack and the provider are asked at once; a refusal by Slack, or of the
 * only account's key, stops start-up in one line (Slack's first: a Slack that
 * cannot be reached is not kept waiting for the provider's answer). With
 * several accounts a refused key stops only its account: the names of those
 * are returned, their watchers do not start, and their key's own alarm tells
 * their channels (src/watch/key-health.ts).
 */
export async function checkStartup(
  f: Foundation,
  background: Pick<Background, 'accounts'>,
): Promise<{ identity: BotIdentity; refused: string[] }> {
  const several = background.accounts.length > 1;
  const refused: string[] = [];
  const keyChecks = Promise.all(
    background.accounts.map(async ({ account, keyHealth }) => {
      try {
        await keyHealth.startupCheck();
      } catch (err) {
        if (!several || !(err instanceof ProviderKeyError)) throw err;
        refused.push(account.name);
        f.logger.error(
          { account: account.name },
          `the provider refused the key of account ${account.name} (${account.label}): its watcher is stopped and its commands fail until a new key is set; the other accounts work`,
        );
      }
    }),
  );
  keyChecks.catch(() => undefined);
  const identity = await fetchBotIdentity(f.config.slack);
  if (f.config.slack.socketMode) await checkAppToken(f.config.slack);
  await keyChecks;
  return { identity, refused };
}

export function buildSlackSide(
  f: Foundation,
  parts: {
    identity: BotIdentity;
    background: Pick<Background, 'accounts'>;
    metrics: BotMetrics;
    slackCalls: SlackCallCounter;
    port: number;
  },
): SlackSide {
  const { config, clock, logger } = f;
  const channelUi = channelUiFor(config.locale);
  const slack = createSlackApp({
    identity: parts.identity,
    ui: channelUi,
    slack: config.slack,
    port: parts.port,
    logger,
    // Each account's key, by name: one refused among several leaves the bot ready (degraded).
    health: () =>
      healthReport(
        f.store,
        parts.background.accounts.map((b) => ({
          name: b.account.name,
          provider: b.account.provider,
          status: b.keyHealth.status(),
        })),
        f.clock.now(),
      ),
    metrics: parts.metrics,
    fetch: parts.slackCalls.fetch(),
  });
  const directory = new SlackDirectory(slack.app.client, config.locale, clock);
  return { slack, directory, channelUi };
}
