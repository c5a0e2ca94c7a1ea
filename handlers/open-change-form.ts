/**
 * The rename / memo / reverse DNS form's opening. `/vps rename <server>` (no
 * value) and a card button both open it, so it sits at the top of handlers/,
 * where commands and actions may both import it; its submission is a modal
 * submission's listener.
 */
import type { webApi } from '@slack/bolt';
import type { Actor } from '../src/services/access/index.ts';
import type { ChangeField } from '../src/services/servers/index.ts';
import type { Ui } from '../src/slack/views/format.ts';
import {
  changeModalView,
  loadingModalView,
  noticeModalView,
} from '../src/slack/views/servers/change-modal.ts';
import type { HandlerDeps } from './deps.ts';
import { failureReply, openForm } from './kit.ts';

/**
 * Opens the form for one field at once (kit.openForm), then fills it with the
 * server's current value, or says why there is none.
 */
export async function openChangeForm(
  deps: HandlerDeps,
  client: webApi.WebClient,
  triggerId: string,
  actor: Actor,
  field: ChangeField,
  ref: string,
  ui: Ui,
): Promise<void> {
  const log = deps.logger.child({ component: 'change-form', field });
  await openForm(
    client,
    triggerId,
    loadingModalView(ui, field),
    async () => {
      const { server, value } = await deps.servers.current(actor, field, ref);
      return changeModalView(ui, field, server, value, {
        uuid: server.uuid,
        ref,
        channelId: actor.channelId,
      });
    },
    (err) => {
      const m = failureReply(log, ui, err, 'opening the change form');
      return noticeModalView(ui, field, m.text, m.blocks.slice(1));
    },
    log,
  );
}
