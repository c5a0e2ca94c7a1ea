/**
 * `/hosting [server] ftp [domain]`: the FTP accounts, answered to the person
 * alone; `ftp delete <account>`: asked for as every destructive /hosting
 * operation is (askFor, hosting-commands.ts), confirmed before any request.
 */
import type { HostingCommand } from '../../../src/slack/grammar/hosting.ts';
import { ftpView } from '../../../src/slack/views/hosting/ftp.ts';
import type { CommandTable } from '../../kit.ts';
import { askFor } from './hosting-commands.ts';

/** Words that change something: a retried delivery of one of these is never answered twice. */
export const HOSTING_FTP_WRITES: ReadonlySet<HostingCommand['name']> = new Set(['ftp_delete']);

export const hostingFtpCommands: CommandTable<HostingCommand, 'ftp' | 'ftp_delete'> = {
  async ftp({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.ftp.list(actor, c.server, c.domain);
    await reply(ftpView(ui, r.server, r.value));
  },
  async ftp_delete(ctx, c) {
    await askFor(ctx, c.server, { kind: 'hosting.ftp_delete', account: c.account });
  },
};
