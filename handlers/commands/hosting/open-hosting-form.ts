/**
 * The /hosting forms, opened from a command; their submissions are listened
 * to with the other modal submissions.
 */
import type { HostingAction } from '../../../src/services/access/index.ts';
import type { HostingForm } from '../../../src/slack/ids.ts';
import {
  hostingFormView,
  hostingNoticeView,
  wpDeleteFormView,
} from '../../../src/slack/views/hosting/forms.ts';
import { failureReply, openForm } from '../../kit.ts';
import type { CommandContext } from '../command.ts';

/** What each form asks the access policy for, before it opens. */
const ACTION_OF: Record<HostingForm, HostingAction> = {
  wp_install: 'hosting.wp_install',
  wp_delete: 'hosting.wp_delete',
  db_create: 'hosting.db_create',
  db_user_create: 'hosting.db_user_create',
  ssh_key_add: 'hosting.ssh_key_add',
};

/**
 * Opens a form at once (kit.openForm: the checks may need the provider, and
 * a trigger id lives 3 s), then fills it once the role, the key and the
 * server have been checked, or says there what refused it (a form filled in
 * vain is worse than a refusal at once). A WordPress delete form names the
 * site it deletes, read first.
 */
export async function openHostingForm(
  ctx: CommandContext,
  form: HostingForm,
  named: string | undefined,
  id?: string,
): Promise<void> {
  const { deps, ui, client, actor, log } = ctx;
  await openForm(
    client,
    ctx.triggerId,
    hostingNoticeView(ui, form, ui.t('modal.loading')),
    async () => {
      const server = await deps.hosting.writes.mayWrite(actor, ACTION_OF[form], named);
      const meta = { server, channelId: actor.channelId };
      if (form !== 'wp_delete') return hostingFormView(ui, form, meta);
      const site = await deps.hosting.writes.wordpressSite(actor, server, id ?? '');
      return wpDeleteFormView(ui, { ...meta, id: site.id }, site.listed ? (site.url ?? '?') : undefined);
    },
    (err) => hostingNoticeView(ui, form, failureReply(log, ui, err, `opening the ${form} form`).text),
    log,
  );
}
