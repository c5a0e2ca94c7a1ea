export { BotMetrics } from './bot-metrics.ts';
export { SlackCallCounter } from './slack-fetch.ts';
export type { BackgroundStats, MetricsSources, OutboxBacklog } from './sources.ts';
