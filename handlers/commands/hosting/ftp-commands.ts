/** `/hosting [server] ftp [domain]`: the FTP accounts, answered to the person alone. */
import type { HostingCommand } from '../../../src/slack/grammar/hosting.ts';
import { ftpView } from '../../../src/slack/views/hosting/ftp.ts';
import type { CommandTable } from '../../kit.ts';

export const hostingFtpCommands: CommandTable<HostingCommand, 'ftp'> = {
  async ftp({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.ftp.list(actor, c.server, c.domain);
    await reply(ftpView(ui, r.server, r.value));
  },
};
