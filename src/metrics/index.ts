export { BotMetrics } from './bot-metrics.ts';
export { SlackCallCounter } from './slack-fetch.ts';
export type { BackgroundStats, MetricsSources, NotifierFigures, OutboxBacklog } from './sources.ts';
