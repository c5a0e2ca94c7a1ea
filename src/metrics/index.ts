export { BotMetrics } from './bot-metrics.ts';
export type { BackgroundStats, MetricsSources, NotifierFigures, OutboxBacklog } from './sources.ts';
