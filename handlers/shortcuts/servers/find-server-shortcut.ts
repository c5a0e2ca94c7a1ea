/**
 * The Server card shortcut: a small modal asks for a server by name, IP
 * address or uuid (its submission reads it: handlers/submissions/servers/
 * find-server-form.ts). Someone who may not read servers hears so in the
 * modal instead.
 */
import type { App, GlobalShortcut } from '@slack/bolt';
import { failureMessage } from '../../../src/slack/error-text.ts';
import { SHORTCUTS } from '../../../src/slack/ids.ts';
import { findServerNoticeView, findServerView } from '../../../src/slack/views/servers/find-server.ts';
import { globalShortcut, type HandlerDeps } from '../../kit.ts';

export function registerFindServerShortcut(app: App, deps: HandlerDeps): void {
  app.shortcut<GlobalShortcut>(
    { callback_id: SHORTCUTS.findServer, type: 'shortcut' },
    globalShortcut(deps, async ({ deps, actor, ui, open }) => {
      const { refusal } = await deps.access.decide(actor, 'show');
      await open(
        refusal ? findServerNoticeView(ui, failureMessage(ui, refusal), refusal) : findServerView(ui),
      );
    }),
  );
}
