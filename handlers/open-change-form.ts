/**
 * The rename / memo / reverse DNS form's opening. `/vps rename <server>` (no
 * value) and a card button both open it, so it sits at the top of handlers/,
 * where commands and actions may both import it; its submission is in
 * handlers/submissions/servers/change-form.ts.
 */
import type { ChangeField } from '../src/services/servers/index.ts';
import {
  changeModalView,
  loadingModalView,
  noticeModalView,
} from '../src/slack/views/servers/change-modal.ts';
import { failureReply, type ListenerContext, openForm } from './kit.ts';

/**
 * Opens the form for one field at once (kit.openForm), then fills it with the
 * server's current value, or says why there is none.
 */
export async function openChangeForm(ctx: ListenerContext, field: ChangeField, ref: string): Promise<void> {
  const { deps, actor, ui } = ctx;
  const log = ctx.log.child({ component: 'change-form', field });
  await openForm(
    { ...ctx, log },
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
  );
}
