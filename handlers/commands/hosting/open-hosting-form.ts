/**
 * The /hosting forms, opened from a command; their submissions are listened
 * to with the other modal submissions.
 */
import type { HostingAction } from '../../../src/services/access/index.ts';
import type { HostingForm } from '../../../src/slack/ids.ts';
import { hostingFormView, wpDeleteFormView } from '../../../src/slack/views/hosting/forms.ts';
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
 * Opens a form, after the role, the key and the server have been checked (a
 * form filled in vain is worse than a refusal at once). A WordPress delete
 * form names the site it deletes, read first.
 */
export async function openHostingForm(
  ctx: CommandContext,
  form: HostingForm,
  named: string | undefined,
  id?: string,
): Promise<void> {
  const { deps, ui, client, actor } = ctx;
  const server = await deps.hosting.writes.mayWrite(actor, ACTION_OF[form], named);
  const meta = { server, channelId: actor.channelId };
  if (form === 'wp_delete') {
    const site = await deps.hosting.writes.wordpressSite(actor, server, id ?? '');
    await client.views.open({
      trigger_id: ctx.triggerId,
      view: wpDeleteFormView(ui, { ...meta, id: site.id }, site.listed ? (site.url ?? '?') : undefined),
    });
    return;
  }
  await client.views.open({ trigger_id: ctx.triggerId, view: hostingFormView(ui, form, meta) });
}
