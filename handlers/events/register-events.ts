import type { App } from '@slack/bolt';
import type { HandlerDeps } from '../deps.ts';
import { registerHomeOpened } from './home/home-opened.ts';

/**
 * The Events API events the app subscribes to (manifest.yml
 * `settings.event_subscriptions`, served by src/slack/delivery-shape.ts);
 * one line per listener file.
 */
export function registerEvents(app: App, deps: HandlerDeps): void {
  registerHomeOpened(app, deps);
}
