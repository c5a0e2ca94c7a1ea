/**
 * `/hosting [server] mail rules …`: the list answers the person alone;
 * `mail rules add <domain>` opens the form (its submission is in
 * submissions/hosting/mail-rule-forms.ts); `mail rules delete <rule id>`
 * asks for a confirmation first (or posts an approval request when the
 * policy wants a second person), as every destructive /hosting operation does.
 */
import type { MailRulesArea } from '../../../src/slack/grammar/mail-rules.ts';
import {
  mailRuleFormView,
  mailRuleNoticeView,
  mailRulesView,
} from '../../../src/slack/views/hosting/mail-rules.ts';
import { type CommandTable, failureReply, openForm } from '../../kit.ts';
import { askFor } from './hosting-commands.ts';

/** Words that change something: a retried delivery of one of these is never answered twice. */
export const HOSTING_MAIL_RULE_WRITES: ReadonlySet<MailRulesArea['name']> = new Set(['mail_rules_delete']);

export const hostingMailRuleCommands: CommandTable<MailRulesArea & { server: string | undefined }> = {
  async mail_rules({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.mailRules.list(actor, c.server, c.domain);
    await reply(mailRulesView(ui, r.server, r.value));
  },
  /** The form opens at once (kit.openForm), filled once the role, the server and the domain are checked. */
  async mail_rules_add(ctx, c) {
    const { deps, ui, actor, log } = ctx;
    await openForm(
      ctx,
      mailRuleNoticeView(ui, ui.t('modal.loading')),
      async () => {
        const { server, domain } = await deps.hosting.mailRules.mayAdd(actor, c.server, c.domain);
        return mailRuleFormView(ui, { server, channelId: actor.channelId, id: domain });
      },
      (err) => mailRuleNoticeView(ui, failureReply(log, ui, err, 'opening the mail_rules_add form').text),
    );
  },
  async mail_rules_delete(ctx, c) {
    await askFor(ctx, c.server, { kind: 'hosting.mail_rules_delete', id: c.id });
  },
};
