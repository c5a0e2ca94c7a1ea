import type { App } from '@slack/bolt';
import { CALLBACKS } from '../../src/slack/ids.ts';
import type { HandlerDeps } from '../deps.ts';
import { changeSubmit } from './change-submit.ts';

export function registerViews(app: App, deps: HandlerDeps): void {
  app.view(CALLBACKS.name, changeSubmit(deps, 'name'));
  app.view(CALLBACKS.memo, changeSubmit(deps, 'memo'));
  app.view(CALLBACKS.rdns, changeSubmit(deps, 'rdns'));
}
