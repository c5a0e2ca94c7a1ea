/**
 * The submissions of the mail account forms. The form that creates one is checked by the
 * reference's rules field by field (nothing is sent before they pass), sent
 * at once, announced in the channel without the password. A password the bot
 * generated is shown to the person alone, once: in their form, or failing
 * that an ephemeral message, never a direct message (kit.showSecret). A
 * change (quota, memo, a new password) and forwarding are checked the same
 * way, sent at once and announced.
 */
import type { App } from '@slack/bolt';
import { HOSTING_MAIL_CALLBACKS } from '../../../src/slack/ids.ts';
import {
  generatedPasswordView,
  mailFormErrors,
  mailNoticeView,
  passwordNotShownView,
  readForwardForm,
  readMailChangeForm,
  readMailForm,
} from '../../../src/slack/views/hosting/mail-accounts.ts';
import { accountForm, type HandlerDeps, type SubmitArgs, tellUser } from '../../kit.ts';
import { verificationOffer } from '../../ownership-offer.ts';
import { openHostingForm, settleDone, settleFailed, settleWithSecret } from './form-opening.ts';

function submit(deps: HandlerDeps) {
  return async (args: SubmitArgs): Promise<void> => {
    const { ack, view, client } = args;
    const opened = await openHostingForm(deps, args, {
      component: 'hosting-mail-form',
      name: 'mail form',
      notice: (ui, text) => mailNoticeView(ui, text),
      needsId: true,
      read: (meta, ui) => {
        const form = readMailForm(view.state.values as Parameters<typeof readMailForm>[0], meta.id);
        return { value: form, errors: mailFormErrors(ui, form, deps.hosting.mail.checkForm(form)) };
      },
    });
    if (!opened) return;
    const { userId, log, ui, meta, read: form, end } = opened;
    await ack({ response_action: 'update', view: mailNoticeView(ui, ui.t('hosting.modal.working')) });
    const actor = { userId, channelId: meta.channelId };
    let result: Awaited<ReturnType<typeof deps.hosting.mail.add>>;
    try {
      result = await deps.hosting.mail.add(actor, meta.server, form);
    } catch (err) {
      // Ownership not proven: the record to set, and the bot's offer to set it; the form is sealed for the retry.
      const offer = await verificationOffer(deps, actor, ui, meta.server, err, async () => ({
        kind: 'mail_add',
        address: form.address.trim(),
        sealed: await deps.hosting.verification.sealMailForm(form),
      }));
      if (offer) {
        // A form holds no button that answers in place: the offer goes to the person, the form says it too.
        await client.views
          .update({ view_id: view.id, view: mailNoticeView(ui, offer.text) })
          .catch(() => undefined);
        await tellUser(client, { channelId: meta.channelId, userId }, offer, log);
        return;
      }
      await settleFailed(end, err, 'hosting mail_add');
      return;
    }
    await settleWithSecret(end, result, {
      shown: (r) => generatedPasswordView(ui, r),
      notShown: (r) => passwordNotShownView(ui, r),
      forget: (password) => deps.hosting.mail.forgetSecret(password),
    });
  };
}

/** A change or forwarding: checked on its fields, sent at once, announced, the form saying done or why not. */
function submitChange(deps: HandlerDeps, form: 'mail_change' | 'mail_forward') {
  return async (args: SubmitArgs): Promise<void> => {
    const { ack, view } = args;
    const opened = await openHostingForm(deps, args, {
      component: 'hosting-mail-form',
      form,
      name: 'mail form',
      notice: (ui, text) => mailNoticeView(ui, text, form),
      needsId: true,
      read: (_meta, ui) => {
        const values = view.state.values as Parameters<typeof readMailChangeForm>[0];
        const change = form === 'mail_change' ? readMailChangeForm(values) : undefined;
        const forward = form === 'mail_forward' ? readForwardForm(values) : undefined;
        const problems = change
          ? deps.hosting.mail.checkChange(change)
          : forward
            ? deps.hosting.mail.checkForwarding(forward)
            : [];
        return { value: { change, forward }, errors: mailFormErrors(ui, { password: '' }, problems) };
      },
    });
    if (!opened) return;
    const { userId, ui, meta, end } = opened;
    const { change, forward } = opened.read;
    await ack({ response_action: 'update', view: mailNoticeView(ui, ui.t('hosting.modal.working'), form) });
    const actor = { userId, channelId: meta.channelId };
    try {
      const result = change
        ? await deps.hosting.mail.change(actor, meta.server, meta.id, change)
        : await deps.hosting.mail.setForwarding(
            actor,
            meta.server,
            meta.id,
            forward ?? { addresses: [], keepInMailbox: true },
          );
      await settleDone(end, result);
    } catch (err) {
      await settleFailed(end, err, `hosting ${form}`);
    }
  };
}

export function registerHostingMailForms(app: App, deps: HandlerDeps): void {
  app.view(HOSTING_MAIL_CALLBACKS.mail_add, accountForm(deps, submit));
  app.view(
    HOSTING_MAIL_CALLBACKS.mail_change,
    accountForm(deps, (d) => submitChange(d, 'mail_change')),
  );
  app.view(
    HOSTING_MAIL_CALLBACKS.mail_forward,
    accountForm(deps, (d) => submitChange(d, 'mail_forward')),
  );
}
