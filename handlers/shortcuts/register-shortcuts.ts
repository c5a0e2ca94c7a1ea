import type { App } from '@slack/bolt';
import type { HandlerDeps } from '../deps.ts';
import { registerFindServerShortcut } from './servers/find-server-shortcut.ts';
import { registerServerFromMessageShortcut } from './servers/server-from-message.ts';
import { registerOrderShortcut } from './signup/order-shortcut.ts';

/** Global and message shortcuts (manifest.yml `features.shortcuts`); one line per listener file. */
export function registerShortcuts(app: App, deps: HandlerDeps): void {
  registerFindServerShortcut(app, deps);
  registerServerFromMessageShortcut(app, deps);
  registerOrderShortcut(app, deps);
}
