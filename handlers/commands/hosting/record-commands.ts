/**
 * `/hosting [server] dns|cron|php …`: the lists answer the person alone; a
 * record added, a job turned on or off, a PHP version switched are announced
 * in the channel; a record's change and a cron job's change or addition open
 * a form; a record's change or delete and a job's delete ask for a
 * confirmation first (or post an approval request when the policy wants a
 * second person), as every destructive /hosting operation does.
 */
import type { WriteResult } from '../../../src/services/hosting/index.ts';
import type { RecordArea } from '../../../src/slack/grammar/hosting-records.ts';
import type { HostingRecordForm } from '../../../src/slack/ids.ts';
import {
  cronFormView,
  dnsChangeFormView,
  recordNoticeView,
} from '../../../src/slack/views/hosting/record-forms.ts';
import { cronView, dnsView, phpView, sslView } from '../../../src/slack/views/hosting/records.ts';
import { doneView } from '../../../src/slack/views/hosting/writes.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import { announce, type CommandTable, failureReply, type ListenerContext, openForm } from '../../kit.ts';
import { askFor } from './hosting-commands.ts';

/** Words that change something: a retried delivery of one of these is never answered twice. */
export const HOSTING_RECORD_WRITES: ReadonlySet<RecordArea['name']> = new Set([
  'dns_add',
  'dns_delete',
  'cron_enable',
  'cron_delete',
  'php_set',
  'ssl_add',
  'ssl_delete',
]);

/** Opens a record form at once (kit.openForm), filled once the role, the server and the record are checked. */
async function openRecordForm(
  ctx: ListenerContext,
  form: HostingRecordForm,
  named: string | undefined,
  id: string,
): Promise<void> {
  const { deps, ui, actor, log } = ctx;
  await openForm(
    ctx,
    recordNoticeView(ui, form, ui.t('modal.loading')),
    async () => {
      if (form === 'dns_change') {
        const r = await deps.hosting.dns.record(actor, named, id);
        return dnsChangeFormView(ui, { server: r.server, channelId: actor.channelId, id }, r.value);
      }
      if (form === 'cron_change') {
        const r = await deps.hosting.cron.job(actor, named, id);
        return cronFormView(
          ui,
          form,
          { server: r.server, channelId: actor.channelId, id: r.value.id },
          r.value,
        );
      }
      const server = await deps.hosting.writes.mayWrite(actor, 'hosting.cron_add', named);
      return cronFormView(ui, form, { server, channelId: actor.channelId });
    },
    (err) => recordNoticeView(ui, form, failureReply(log, ui, err, `opening the ${form} form`).text),
  );
}

async function announceDone(ctx: ListenerContext, r: WriteResult): Promise<void> {
  const m = doneView(ctx.deps.channelUi, ctx.actor.userId, r);
  await announce(ctx.client, ctx.actor.channelId, m, ctx.reply, ctx.log);
}

export const hostingRecordCommands: CommandTable<RecordArea & { server: string | undefined }> = {
  async dns({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.dns.list(actor, c.server, c.domain);
    await reply(dnsView(ui, r.server, r.value));
  },
  async dns_add(ctx, c) {
    const r = await ctx.deps.hosting.dns.add(ctx.actor, c.server, {
      domain: c.domain,
      host: c.host,
      type: c.type,
      content: c.content,
      ttl: c.ttl,
      priority: c.priority,
    });
    await announce(
      ctx.client,
      ctx.actor.channelId,
      doneView(ctx.deps.channelUi, ctx.actor.userId, r),
      ctx.reply,
      ctx.log,
    );
  },
  async dns_change(ctx, c) {
    await openRecordForm(ctx, 'dns_change', c.server, c.id);
  },
  async dns_delete(ctx, c) {
    await askFor(ctx, c.server, { kind: 'hosting.dns_delete', id: c.id });
  },
  async cron({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.cron.list(actor, c.server);
    await reply(cronView(ui, r.server, r.value));
  },
  async cron_add(ctx, c) {
    await openRecordForm(ctx, 'cron_add', c.server, '');
  },
  async cron_change(ctx, c) {
    await openRecordForm(ctx, 'cron_change', c.server, c.id);
  },
  async cron_enable(ctx, c) {
    const { deps, actor } = ctx;
    const r = await deps.hosting.cron.change(actor, c.server, c.id, { enabled: c.enabled });
    const said = deps.channelUi.t(c.enabled ? 'hosting.done.cron_on' : 'hosting.done.cron_off', {
      user: actor.userId,
      id: c.id.trim(),
      server: r.server,
      created: r.created ?? '?',
    });
    await announce(ctx.client, actor.channelId, textView(said), ctx.reply, ctx.log);
  },
  async cron_delete(ctx, c) {
    await askFor(ctx, c.server, { kind: 'hosting.cron_delete', id: c.id });
  },
  async php({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.php.list(actor, c.server, c.domain);
    await reply(phpView(ui, r.server, r.value));
  },
  async php_set(ctx, c) {
    const r = await ctx.deps.hosting.php.set(ctx.actor, c.server, c.domain, c.version);
    await announce(
      ctx.client,
      ctx.actor.channelId,
      doneView(ctx.deps.channelUi, ctx.actor.userId, r),
      ctx.reply,
      ctx.log,
    );
  },
  async ssl({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.ssl.list(actor, c.server, c.domain);
    await reply(sslView(ui, r.server, r.value));
  },
  async ssl_add(ctx, c) {
    const r = await ctx.deps.hosting.ssl.add(ctx.actor, c.server, c.domain);
    await announceDone(ctx, r);
  },
  async ssl_delete(ctx, c) {
    await askFor(ctx, c.server, { kind: 'hosting.ssl_delete', commonName: c.domain });
  },
};
