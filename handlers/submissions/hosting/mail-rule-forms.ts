/**
 * The submission of the mail sorting rule form: checked by the reference's
 * rules field by field (nothing is sent before they pass), sent at once,
 * announced in the channel, and the form says done (with the new rule's id)
 * or what went wrong (kit.settleForm).
 */
import type { App } from '@slack/bolt';
import { HOSTING_MAIL_RULE_CALLBACK } from '../../../src/slack/ids.ts';
import { decodePayload, hostingFormPayload } from '../../../src/slack/payloads.ts';
import {
  mailRuleFormErrors,
  mailRuleNoticeView,
  readMailRuleForm,
} from '../../../src/slack/views/hosting/mail-rules.ts';
import { doneText, doneView } from '../../../src/slack/views/hosting/writes.ts';
import { failureReply, type HandlerDeps, isRetry, type SubmitArgs, settleForm, uiWithin } from '../../kit.ts';

function submit(deps: HandlerDeps) {
  return async ({ ack, body, view, client }: SubmitArgs): Promise<void> => {
    const userId = body.user.id;
    const log = deps.logger.child({ component: 'hosting-mail-rule-form', user: userId });
    const ui = await uiWithin(deps, userId, 1000);
    const meta = decodePayload(hostingFormPayload, view.private_metadata);
    if (!meta?.id) {
      log.error({}, 'mail rule form private_metadata unreadable');
      await ack({ response_action: 'update', view: mailRuleNoticeView(ui, ui.t('error.internal')) });
      return;
    }
    const form = readMailRuleForm(view.state.values as Parameters<typeof readMailRuleForm>[0], meta.id);
    const errors = mailRuleFormErrors(ui, deps.hosting.mailRules.checkForm(form));
    if (Object.keys(errors).length > 0) {
      await ack({ response_action: 'errors', errors });
      return;
    }
    // Slack re-delivers a submission it thinks went unanswered: one rule per submission.
    if (await isRetry(deps, `hosting-form:${view.id}:${view.hash}`, 'write')) {
      await ack();
      return;
    }
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
