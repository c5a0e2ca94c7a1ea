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
import { accountForm, type HandlerDeps, type SubmitArgs } from '../../kit.ts';
import { openHostingForm, settleDone, settleFailed } from './form-opening.ts';

function submit(deps: HandlerDeps) {
  return async (args: SubmitArgs): Promise<void> => {
    const { ack, view } = args;
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
    const { userId, ui, meta, end, read: form } = opened;
    await ack({ response_action: 'update', view: mailRuleNoticeView(ui, ui.t('hosting.modal.working')) });
    const actor = { userId, channelId: meta.channelId };
    try {
      await settleDone(end, await deps.hosting.mailRules.add(actor, meta.server, form));
    } catch (err) {
      await settleFailed(end, err, 'hosting mail_rules_add');
    }
  };
}

export function registerHostingMailRuleForms(app: App, deps: HandlerDeps): void {
  app.view(HOSTING_MAIL_RULE_CALLBACK, accountForm(deps, submit));
}
