/**
 * The submission of the mail sorting rule form: checked by the reference's
 * rules field by field (nothing is sent before they pass), sent at once,
 * announced in the channel, and the form says done (with the new rule's id)
 * or what went wrong (kit.settleForm).
 */
import type { App } from '@slack/bolt';
import { HOSTING_MAIL_RULE_CALLBACK } from '../../../src/slack/ids.ts';
import {
  mailRuleFormErrors,
  mailRuleNoticeView,
  readMailRuleForm,
} from '../../../src/slack/views/hosting/mail-rules.ts';
import { doneText, doneView } from '../../../src/slack/views/hosting/writes.ts';
import { failureReply, type HandlerDeps, type SubmitArgs, settleForm } from '../../kit.ts';
import { openHostingForm } from './form-opening.ts';

function submit(deps: HandlerDeps) {
  return async (args: SubmitArgs): Promise<void> => {
    const { ack, view, client } = args;
    const opened = await openHostingForm(deps, args, {
      component: 'hosting-mail-rule-form',
      name: 'mail rule form',
      notice: mailRuleNoticeView,
      needsId: true,
      read: (meta, ui) => {
        const form = readMailRuleForm(view.state.values as Parameters<typeof readMailRuleForm>[0], meta.id);
        return { value: form, errors: mailRuleFormErrors(ui, deps.hosting.mailRules.checkForm(form)) };
      },
    });
    if (!opened) return;
    const { userId, log, ui, meta, read: form } = opened;
    await ack({ response_action: 'update', view: mailRuleNoticeView(ui, ui.t('hosting.modal.working')) });
    const actor = { userId, channelId: meta.channelId };
    const settled = { viewId: view.id, channelId: meta.channelId, userId };
    try {
      const result = await deps.hosting.mailRules.add(actor, meta.server, form);
      const announcement = doneView(deps.channelUi, userId, result);
      const done = ui.t('hosting.modal.done', { what: doneText(ui, userId, result) });
      await settleForm(client, settled, { announcement, view: mailRuleNoticeView(ui, done) }, log);
    } catch (err) {
      const m = failureReply(log, ui, err, 'hosting mail_rules_add');
      await settleForm(client, settled, { view: mailRuleNoticeView(ui, m.text), message: m }, log);
    }
  };
}

export function registerHostingMailRuleForms(app: App, deps: HandlerDeps): void {
  app.view(HOSTING_MAIL_RULE_CALLBACK, submit(deps));
}
