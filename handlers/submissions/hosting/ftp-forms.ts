/**
 * The submissions of the FTP account forms. Checked by the reference's rules
 * field by field (nothing is sent before they pass), sent at once, announced
 * in the channel without the password. A password the bot generated is shown
 * to the person alone, once: in their form, or failing that an ephemeral
 * message, never a direct message (kit.showSecret), as a mail account's is
 * (mail-forms.ts).
 */
import type { App } from '@slack/bolt';
import { HOSTING_FTP_CALLBACKS, type HostingFtpForm } from '../../../src/slack/ids.ts';
import {
  ftpFormErrors,
  ftpNoticeView,
  ftpPasswordNotShownView,
  ftpPasswordView,
  readFtpChangeForm,
  readFtpForm,
} from '../../../src/slack/views/hosting/ftp.ts';
import { accountForm, type HandlerDeps, type SubmitArgs } from '../../kit.ts';
import { openHostingForm, settleFailed, settleWithSecret } from './form-opening.ts';

function submit(deps: HandlerDeps, form: HostingFtpForm) {
  return async (args: SubmitArgs): Promise<void> => {
    const { ack, view } = args;
    const opened = await openHostingForm(deps, args, {
      component: 'hosting-ftp-form',
      form,
      name: 'ftp form',
      notice: (ui, text) => ftpNoticeView(ui, text, form),
      needsId: true,
      read: (meta, ui) => {
        const values = view.state.values as Parameters<typeof readFtpForm>[0];
        const add = form === 'ftp_add' ? readFtpForm(values, meta.id) : undefined;
        const change = form === 'ftp_change' ? readFtpChangeForm(values) : undefined;
        const problems = add
          ? deps.hosting.ftp.checkForm(add)
          : change
            ? deps.hosting.ftp.checkChange(change)
            : [];
        return { value: { add, change }, errors: ftpFormErrors(ui, add ?? { password: '' }, problems) };
      },
    });
    if (!opened) return;
    const { userId, ui, meta, end } = opened;
    const { add, change } = opened.read;
    await ack({ response_action: 'update', view: ftpNoticeView(ui, ui.t('hosting.modal.working'), form) });
    const actor = { userId, channelId: meta.channelId };
    let result: Awaited<ReturnType<typeof deps.hosting.ftp.add>>;
    try {
      result = add
        ? await deps.hosting.ftp.add(actor, meta.server, add)
        : await deps.hosting.ftp.change(
            actor,
            meta.server,
            meta.id,
            change ?? { password: '', directory: '', quota: undefined, memo: '' },
          );
    } catch (err) {
      await settleFailed(end, err, `hosting ${form}`);
      return;
    }
    await settleWithSecret(end, result, {
      shown: (r) => ftpPasswordView(ui, r),
      notShown: (r) => ftpPasswordNotShownView(ui, r),
      forget: (password) => deps.hosting.ftp.forgetSecret(password),
    });
  };
}

export function registerHostingFtpForms(app: App, deps: HandlerDeps): void {
  app.view(
    HOSTING_FTP_CALLBACKS.ftp_add,
    accountForm(deps, (d) => submit(d, 'ftp_add')),
  );
  app.view(
    HOSTING_FTP_CALLBACKS.ftp_change,
    accountForm(deps, (d) => submit(d, 'ftp_change')),
  );
}
