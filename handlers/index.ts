/** The listener layer's public surface: what src/main.ts registers, and what it hands every listener. */
export type { HandlerDeps } from './deps.ts';
export { registerHandlers } from './register-handlers.ts';
