/**
 * `/hosting [server] ftp [domain]`: the FTP accounts, answered to the person
 * alone; `ftp add <account>` and `ftp change <account>` open a form (its
 * submission is in submissions/hosting/ftp-forms.ts); `ftp delete <account>`:
 * asked for as every destructive /hosting operation is (askFor,
 * hosting-commands.ts), confirmed before any request.
 */
import { checkFtpAccount } from '../../../src/services/hosting/index.ts';
import type { HostingCommand } from '../../../src/slack/grammar/hosting.ts';
import {
  ftpAddFormView,
  ftpChangeFormView,
  ftpNoticeView,
  ftpView,
} from '../../../src/slack/views/hosting/ftp.ts';
import { type CommandTable, failureReply, openForm } from '../../kit.ts';
import { askFor } from './hosting-commands.ts';

/** Words that change something: a retried delivery of one of these is never answered twice. */
export const HOSTING_FTP_WRITES: ReadonlySet<HostingCommand['name']> = new Set(['ftp_delete']);

export const hostingFtpCommands: CommandTable<
  HostingCommand,
  'ftp' | 'ftp_add' | 'ftp_change' | 'ftp_delete'
> = {
  async ftp({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.ftp.list(actor, c.server, c.domain);
    await reply(ftpView(ui, r.server, r.value));
  },
  /** The form opens at once (kit.openForm), filled once the role, the server and the account are checked. */
  async ftp_add(ctx, c) {
    const { deps, ui, actor, log } = ctx;
    await openForm(
      ctx,
      ftpNoticeView(ui, ui.t('modal.loading')),
      async () => {
        const server = await deps.hosting.ftp.mayAdd(actor, c.server, c.account);
        if (checkFtpAccount(c.account).length > 0)
          return ftpNoticeView(ui, ui.t('hosting.ftp.problem.account'));
        return ftpAddFormView(ui, { server, channelId: actor.channelId, id: c.account.trim() });
      },
      (err) => ftpNoticeView(ui, failureReply(log, ui, err, 'opening the ftp_add form').text),
    );
  },
  async ftp_change(ctx, c) {
    const { deps, ui, actor, log } = ctx;
    await openForm(
      ctx,
      ftpNoticeView(ui, ui.t('modal.loading'), 'ftp_change'),
      async () => {
        const r = await deps.hosting.ftp.account(actor, c.server, c.account);
        return ftpChangeFormView(
          ui,
          { server: r.server, channelId: actor.channelId, id: c.account.trim() },
          r.value,
        );
      },
      (err) =>
        ftpNoticeView(ui, failureReply(log, ui, err, 'opening the ftp_change form').text, 'ftp_change'),
    );
  },
  async ftp_delete(ctx, c) {
    await askFor(ctx, c.server, { kind: 'hosting.ftp_delete', account: c.account });
  },
};
