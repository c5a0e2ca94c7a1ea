/**
 * `/hosting [server] accesslog <domain> [lines] [keyword]`: the access log,
 * answered to the person alone and paged as the error log is (its pager and
 * file button, handlers/actions/hosting/error-log-buttons.ts).
 */
import { HOSTING_LIMITS } from '../../../src/services/hosting/index.ts';
import type { HostingCommand } from '../../../src/slack/grammar/hosting.ts';
import { errorLogView, lastErrorLogPage } from '../../../src/slack/views/hosting/errorlog.ts';
import type { CommandTable } from '../../kit.ts';

export const hostingLogCommands: CommandTable<HostingCommand, 'accesslog'> = {
  async accesslog({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.accessLog.read(actor, c.server, c.domain, c.lines, c.keyword);
    const asked = c.lines ?? HOSTING_LIMITS.linesDefault;
    await reply(errorLogView(ui, r.server, r.value, asked, lastErrorLogPage(r.value.lines.length)));
  },
};
