/**
 * `/hosting [server] mail …`: the list and one account answer the person
 * alone; `mail add` opens the form (its submission is in
 * submissions/hosting/mail-forms.ts); `mail delete` asks for a confirmation
 * first (or posts an approval request when the policy wants a second
 * person), as every destructive /hosting operation does.
 */
import { checkMailAddress } from '../../../src/services/hosting/index.ts';
import type { MailArea } from '../../../src/slack/grammar/mail-accounts.ts';
import {
  mailAddFormView,
  mailChangeFormView,
  mailForwardFormView,
  mailForwardView,
  mailListView,
  mailNoticeView,
  mailShowView,
} from '../../../src/slack/views/hosting/mail-accounts.ts';
import { type CommandTable, failureReply, openForm } from '../../kit.ts';
import { askFor } from './hosting-commands.ts';

/** Words that change something: a retried delivery of one of these is never answered twice. */
export const HOSTING_MAIL_WRITES: ReadonlySet<MailArea['name']> = new Set(['mail_delete']);

export const hostingMailCommands: CommandTable<MailArea & { server: string | undefined }> = {
  async mail({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.mail.list(actor, c.server, c.domain);
    await reply(mailListView(ui, r.server, r.value));
  },
  async mail_show({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.mail.show(actor, c.server, c.address);
    await reply(mailShowView(ui, r.server, r.value));
  },
  /** The form opens at once (kit.openForm), filled once the role, the server and the address are checked. */
  async mail_add(ctx, c) {
    const { deps, ui, actor, log } = ctx;
    await openForm(
      ctx,
      mailNoticeView(ui, ui.t('modal.loading')),
      async () => {
        const server = await deps.hosting.mail.mayAdd(actor, c.server, c.address);
        if (checkMailAddress(c.address).length > 0)
          return mailNoticeView(ui, ui.t('hosting.mail.problem.address'));
        return mailAddFormView(ui, { server, channelId: actor.channelId, id: c.address.trim() });
      },
      (err) => mailNoticeView(ui, failureReply(log, ui, err, 'opening the mail_add form').text),
    );
  },
  async mail_change(ctx, c) {
    const { deps, ui, actor, log } = ctx;
    await openForm(
      ctx,
      mailNoticeView(ui, ui.t('modal.loading'), 'mail_change'),
      async () => {
        const r = await deps.hosting.mail.account(actor, c.server, c.address);
        return mailChangeFormView(
          ui,
          { server: r.server, channelId: actor.channelId, id: c.address.trim() },
          r.value,
        );
      },
      (err) =>
        mailNoticeView(ui, failureReply(log, ui, err, 'opening the mail_change form').text, 'mail_change'),
    );
  },
  async mail_forward({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.mail.forwarding(actor, c.server, c.address);
    await reply(mailForwardView(ui, r.server, r.value));
  },
  async mail_forward_set(ctx, c) {
    const { deps, ui, actor, log } = ctx;
    await openForm(
      ctx,
      mailNoticeView(ui, ui.t('modal.loading'), 'mail_forward'),
      async () => {
        const r = await deps.hosting.mail.forwarding(actor, c.server, c.address, true);
        return mailForwardFormView(
          ui,
          { server: r.server, channelId: actor.channelId, id: c.address.trim() },
          r.value,
        );
      },
      (err) =>
        mailNoticeView(ui, failureReply(log, ui, err, 'opening the mail_forward form').text, 'mail_forward'),
    );
  },
  async mail_delete(ctx, c) {
    await askFor(ctx, c.server, { kind: 'hosting.mail_delete', address: c.address });
  },
};
