/**
 * Someone opened the app's Home tab (`app_home_opened`, tab `home`): they are
 * remembered (so later changes republish their Home, from whichever replica
 * made them) and their Home is published by the publisher (src/workers/home-publisher.ts),
 * within Slack's pace of once a second per person. The Messages tab is not a
 * Home: nothing is drawn for it. Slack has had its answer before this runs.
 */
import type { App } from '@slack/bolt';
import type { HandlerDeps } from '../../kit.ts';

export function registerHomeOpened(app: App, deps: HandlerDeps): void {
  app.event('app_home_opened', async ({ event }) => {
    if (event.tab !== 'home') return;
    try {
      await deps.homeChanges.opened(event.user);
    } catch (err) {
      deps.logger.error({ err, user: event.user }, 'Home opening not recorded');
    }
  });
}
