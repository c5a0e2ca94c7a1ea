/**
 * The /hosting forms' submissions (the /hosting command opens the forms):
 * checked by the rules field by field (nothing is sent before they pass),
 * then the change runs, the channel gets the announcement, and the form says
 * done or what went wrong (kit.settleForm: answered whether or not the form is
 * still open). A typed password is never echoed: the
 * form's notices and the announcement name what was made, not how it is
 * protected. The WordPress delete form leads to the confirmation (or the
 * approval request), not to the deletion.
 */
import type { App } from '@slack/bolt';
import type { WriteResult } from '../../../src/services/hosting/index.ts';
import { fieldErrors } from '../../../src/slack/error-text.ts';
import {
  HOSTING_CALLBACKS,
  HOSTING_FORMS,
  type HostingForm,
  hostingBlockId,
} from '../../../src/slack/ids.ts';
import {
  hostingNoticeView,
  readHostingForm,
  readWpDeleteForm,
} from '../../../src/slack/views/hosting/forms.ts';
import { confirmationView } from '../../../src/slack/views/hosting/operations.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import { postOperationApproval } from '../../../src/workers/posting/hosting-posts.ts';
import { accountForm, failureReply, type HandlerDeps, type SubmitArgs, tellUser } from '../../kit.ts';
import { openHostingForm, settleDone, settleFailed } from './form-opening.ts';

function submit(deps: HandlerDeps, form: HostingForm) {
  return async (args: SubmitArgs): Promise<void> => {
    const { ack, view, client } = args;
    const values = view.state.values as Parameters<typeof readHostingForm>[1];
    const opened = await openHostingForm(deps, args, {
      component: 'hosting-form',
      form,
      name: 'hosting form',
      notice: (ui, text) => hostingNoticeView(ui, form, text),
      needsId: false,
      read: (_meta, ui) => {
        const text = form === 'wp_delete' ? undefined : readHostingForm(form, values);
        const problems = text && form !== 'wp_delete' ? deps.hosting.writes.checkForm(form, text) : [];
        return { value: text, errors: fieldErrors(ui, problems, hostingBlockId) };
      },
    });
    if (!opened) return;
    const { userId, log, ui, meta, read: text, end } = opened;
    const actor = { userId, channelId: meta.channelId };
    const where = { channelId: meta.channelId, userId };
    if (form === 'wp_delete') {
      // The next step is the confirmation (or the approval request): close the form, it has done its part.
      await ack({ response_action: 'clear' });
      try {
        const req = { kind: 'hosting.wp_delete' as const, id: meta.id ?? '', ...readWpDeleteForm(values) };
        const { op, loss, needsApproval } = await deps.hosting.operations.request(actor, meta.server, req);
        if (!needsApproval) {
          await tellUser(client, where, confirmationView(ui, op, loss), log);
        } else if (await postOperationApproval(deps, client, op, log)) {
          await tellUser(
            client,
            where,
            textView(ui.t('hosting.approval.sent', { channel: op.channelId })),
            log,
          );
        } else {
          await deps.hosting.operations.withdraw(op.id);
          await tellUser(client, where, textView(ui.t('hosting.approval.not_posted')), log);
        }
      } catch (err) {
        await tellUser(client, where, failureReply(log, ui, err, 'hosting wp delete'), log);
      }
      return;
    }
    await ack({
      response_action: 'update',
      view: hostingNoticeView(ui, form, ui.t('hosting.modal.working')),
    });
    let result: WriteResult;
    try {
      result = await run(deps, form, actor, meta.server, text ?? {});
    } catch (err) {
      await settleFailed(end, err, `hosting ${form}`);
      return;
    }
    await settleDone(end, result);
  };
}

function run(
  deps: HandlerDeps,
  form: Exclude<HostingForm, 'wp_delete'>,
  actor: { userId: string; channelId: string },
  server: string,
  v: Record<string, string>,
): Promise<WriteResult> {
  const s = (k: string) => v[k] ?? '';
  switch (form) {
    case 'wp_install':
      return deps.hosting.writes.installWordpress(actor, server, {
        url: s('url'),
        title: s('title'),
        admin_username: s('admin_username'),
        admin_password: s('admin_password'),
        admin_email: s('admin_email'),
      });
    case 'db_create':
      return deps.hosting.writes.createDatabase(actor, server, {
        name_suffix: s('name_suffix'),
        character_set: s('character_set'),
      });
    case 'db_user_create':
      return deps.hosting.writes.createDatabaseUser(actor, server, {
        name_suffix: s('name_suffix'),
        password: s('password'),
      });
    case 'ssh_key_add':
      return deps.hosting.writes.addSshKey(actor, server, { public_key: s('public_key'), label: s('label') });
  }
}

export function registerHostingForms(app: App, deps: HandlerDeps): void {
  for (const form of HOSTING_FORMS)
    app.view(
      HOSTING_CALLBACKS[form],
      accountForm(deps, (d) => submit(d, form)),
    );
}
