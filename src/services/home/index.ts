/**
 * The App Home's use case: a person's Home as data (home-service.ts), over
 * every provider account (accounts-home.ts). How a change reaches the Homes
 * that show it is src/services/home-changes.ts. Knows nothing of Slack.
 * Code outside this folder imports only from here.
 */
export { type AccountHomeService, AccountsHome } from './accounts-home.ts';
export { fleetGlance } from './fleet.ts';
export { type HomeDeps, HomeService, KEY_USE_ALARM } from './home-service.ts';
export type * from './home-types.ts';
