/**
 * `/metrics` with prom-client: the default process metrics (CPU, memory,
 * event loop lag, GC, handles) and the bot's own, read from the parts that
 * keep them at the moment of the scrape (the provider client's counters and
 * rate-limit headers, the watcher's and notifier's figures, the provider
 * key's state, the outbox's backlog), plus two counted as they happen: Slack
 * Web API errors by method (through the WebClients' `fetch`) and the actions
 * of the audit trail by outcome (approvals and orders among them).
 * Every provider, watcher, notifier and key figure is per provider account,
 * labelled `account` with the account's name (never its key).
 *
 * Names follow Prometheus conventions: base units (`_seconds`), `_total` for
 * counters, `_timestamp_seconds` for points in time, `_ratio` for shares.
 */
import { Counter, collectDefaultMetrics, Registry } from 'prom-client';
import { registerBackgroundFigures } from './background-figures.ts';
import { registerProviderFigures } from './provider-figures.ts';
import { ScrapedMetrics } from './scraped-metrics.ts';
import { SlackCallCounter } from './slack-fetch.ts';
import type { MetricsSources } from './sources.ts';

export class BotMetrics {
  readonly registry = new Registry();
  private readonly slackCalls: SlackCallCounter;
  private readonly actions: Counter<'action' | 'outcome'>;

  constructor(
    private readonly sources: MetricsSources,
    /** Slack's failed calls, counted by the WebClients made before this; default a count of its own. */
    slackCalls?: SlackCallCounter,
  ) {
    const r = this.registry;
    collectDefaultMetrics({ register: r });
    this.slackCalls = slackCalls ?? new SlackCallCounter();
    r.registerMetric(this.slackCalls.errors);
    this.actions = new Counter({
      name: 'vps_actions_total',
      help: 'Actions of the audit trail by outcome (ok, refused, failed): approvals are signup.approve and hosting.approve, orders signup.execute.',
      labelNames: ['action', 'outcome'],
      registers: [r],
    });
    const scraped = new ScrapedMetrics(r);
    registerProviderFigures(scraped, () => this.sources.provider());
    registerBackgroundFigures(scraped, this.sources);
  }

  /** Counts one action of the audit trail (`Audit`'s hook). */
  recordAction(action: string, outcome: string): void {
    this.actions.inc({ action, outcome });
  }

  /** A `fetch` for the WebClients that counts Slack's failed calls by method; it changes nothing of the call. */
  slackFetch(base: typeof fetch = fetch): typeof fetch {
    return this.slackCalls.fetch(base);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
