/** The provider client: the only code that speaks HTTP to the provider. */
export * from './daily-budget.ts';
export * from './errors.ts';
export { type GatePermit, GateTicket } from './gate-queue.ts';
export * from './hosting-client.ts';
export * from './metrics.ts';
export { classifyNetworkError } from './network-errors.ts';
export * from './priorities.ts';
export * from './provider-client.ts';
export { type ProviderClock, realClock } from './provider-clock.ts';
export * from './queue-bound.ts';
export * from './rate-limit-gate.ts';
export * from './rate-limit-headers.ts';
export type { CallOptions, HttpMethod } from './request-spec.ts';
export * from './retry-policy.ts';
export * from './schemas.ts';
export * from './time.ts';
export { DEFAULT_TIMEOUTS, type Timeouts } from './transport.ts';
export * from './validate.ts';
