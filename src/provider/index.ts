/** The provider client: the only code that speaks HTTP to the provider. */
export * from './daily-budget.ts';
export * from './errors.ts';
export * from './hosting-client.ts';
export * from './metrics.ts';
export * from './provider-client.ts';
export * from './rate-limit-gate.ts';
export * from './retry-policy.ts';
export * from './schemas.ts';
export * from './time.ts';
export type { CallOptions, HttpMethod, Timeouts } from './transport.ts';
export { classifyNetworkError, DEFAULT_TIMEOUTS, realClock } from './transport.ts';
export * from './validate.ts';
