/**
 * `/hosting [servername] <area> ...`: reads answer the person alone; changes
 * are announced in the channel (or to the actor when the bot is not in it);
 * destructive operations ask for a confirmation first (or post an approval
 * request when the policy wants a second person); forms open a modal.
 */
import {
  DESTRUCTIVE_HOSTING_ACTIONS,
  HOSTING_ACTIONS,
  type HostingAction,
} from '../../../src/services/access/index.ts';
import {
  type DestructiveRequest,
  HOSTING_LIMITS,
  type WriteResult,
} from '../../../src/services/hosting/index.ts';
import type { HostingCommand } from '../../../src/slack/grammar/hosting.ts';
import type { RecordArea } from '../../../src/slack/grammar/hosting-records.ts';
import type { SiteArea } from '../../../src/slack/grammar/hosting-sites.ts';
import type { MailArea } from '../../../src/slack/grammar/mail-accounts.ts';
import type { MailRulesArea } from '../../../src/slack/grammar/mail-rules.ts';
import type { HostingForm } from '../../../src/slack/ids.ts';
import { errorLogView, lastErrorLogPage } from '../../../src/slack/views/hosting/errorlog.ts';
import {
  hostingFormView,
  hostingNoticeView,
  wpDeleteFormView,
} from '../../../src/slack/views/hosting/forms.ts';
import { hostingHelpView } from '../../../src/slack/views/hosting/help.ts';
import { confirmationView } from '../../../src/slack/views/hosting/operations.ts';
import {
  domainsView,
  domainView,
  hostingAuditView,
  infoView,
  serversView,
  sshKeysView,
  sshView,
  subdomainsView,
  usageView,
  wordpressView,
} from '../../../src/slack/views/hosting/reads.ts';
import {
  doneView,
  generatedKeyView,
  type PrivateKeyFate,
  privateKeyButtonMessage,
  privateKeyView,
} from '../../../src/slack/views/hosting/writes.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import { postOperationApproval } from '../../../src/workers/posting/hosting-posts.ts';
import {
  announce,
  type CommandTable,
  failureReply,
  type ListenerContext,
  openForm,
  showSecret,
  tellUser,
} from '../../kit.ts';
import { verificationOffer } from '../../ownership-offer.ts';

/** Words that change something: a retried delivery of one of these is never answered twice. */
export const HOSTING_WRITES: ReadonlySet<HostingCommand['name']> = new Set([
  'domain_add',
  'domain_reset',
  'subdomain_add',
  'wp_delete',
  'db_grant',
  'ssh_on',
  'ssh_off',
  'ssh_key_generate',
  'ssh_key_delete',
]);

async function announceDone(ctx: ListenerContext, r: WriteResult): Promise<void> {
  await announce(
    ctx.client,
    ctx.actor.channelId,
    doneView(ctx.deps.channelUi, ctx.actor.userId, r),
    ctx.reply,
    ctx.log,
  );
}

/**
 * A destructive operation asked for: stored, then either the requester's own
 * confirmation (only they see it) or, when the policy wants a second person,
 * the approval request in the channel. Nothing is sent to the provider here.
 */
export async function askFor(
  ctx: ListenerContext,
  server: string | undefined,
  req: DestructiveRequest,
): Promise<void> {
  const { deps, ui } = ctx;
  const { op, loss, needsApproval } = await deps.hosting.operations.request(ctx.actor, server, req);
  if (!needsApproval) {
    await ctx.reply(confirmationView(ui, op, loss));
    return;
  }
  const posted = await postOperationApproval(deps, ctx.client, op, ctx.log);
  if (!posted) {
    await deps.hosting.operations.withdraw(op.id);
    await ctx.reply(textView(ui.t('hosting.approval.not_posted')));
    return;
  }
  await ctx.reply(textView(ui.t('hosting.approval.sent', { channel: op.channelId })));
}

/**
 * `watch` and `unwatch` are the watch feature's (handlers/commands/watch/);
 * DNS records, cron jobs and PHP versions are in record-commands.ts; the
 * access log in log-commands.ts, FTP accounts in ftp-commands.ts and mail
 * sorting rules in mail-rule-commands.ts.
 * access log in log-commands.ts, FTP accounts in ftp-commands.ts, and the
 * changes and deletes of domains, sites and databases in site-commands.ts.
 */
export const hostingCommands: CommandTable<
  HostingCommand,
  Exclude<
    HostingCommand['name'],
    | 'watch'
    | 'unwatch'
    | 'accesslog'
    | 'ftp'
    | 'ftp_add'
    | 'ftp_change'
    | 'ftp_delete'
    | RecordArea['name']
    | MailArea['name']
    | MailRulesArea['name']
    | SiteArea['name']
  >
> = {
  async help({ deps, actor, ui, reply }) {
    const caps = await deps.access.capabilities(actor, HOSTING_ACTIONS);
    const second = DESTRUCTIVE_HOSTING_ACTIONS.filter((a) => deps.access.needsSecondPerson(a));
    await reply(hostingHelpView(ui, caps, second));
  },
  async servers({ deps, actor, ui, reply }) {
    await reply(serversView(ui, await deps.hosting.reads.servers(actor)));
  },
  async info({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.reads.info(actor, c.server);
    await reply(infoView(ui, r.server, r.value));
  },
  async usage({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.reads.usage(actor, c.server);
    await reply(usageView(ui, r.server, r.value));
  },
  async domains({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.reads.domains(actor, c.server);
    await reply(domainsView(ui, r.server, r.value));
  },
  async domain({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.reads.domain(actor, c.server, c.domain);
    await reply(domainView(ui, r.server, c.domain, r.value));
  },
  async domain_add(ctx, c) {
    const input = { domain: c.domain, ssl: c.ssl, redirectHttps: c.redirectHttps };
    let r: WriteResult;
    try {
      r = await ctx.deps.hosting.writes.addDomain(ctx.actor, c.server, input);
    } catch (err) {
      // Ownership not proven: the record to set, and the bot's offer to set it (verification-buttons.ts).
      const offer = await verificationOffer(ctx.deps, ctx.actor, ctx.ui, c.server, err, async () => ({
        kind: 'domain_add',
        ...input,
      }));
      if (!offer) throw err;
      await ctx.reply(offer);
      return;
    }
    await announceDone(ctx, r);
  },
  async domain_reset(ctx, c) {
    await askFor(ctx, c.server, {
      kind: 'hosting.domain_reset',
      domain: c.domain,
      ...(c.type === undefined ? {} : { type: c.type }),
    });
  },
  async subdomains({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.reads.subdomains(actor, c.server);
    await reply(subdomainsView(ui, r.server, r.value));
  },
  async subdomain_add(ctx, c) {
    const r = await ctx.deps.hosting.writes.addSubdomain(ctx.actor, c.server, {
      subdomain: c.subdomain,
      ssl: c.ssl,
    });
    await announceDone(ctx, r);
  },
  async wp({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.reads.wordpress(actor, c.server, c.domain);
    await reply(wordpressView(ui, r.server, c.domain, r.value));
  },
  async wp_install(ctx, c) {
    await openHostingForm(ctx, 'wp_install', c.server);
  },
  async wp_delete(ctx, c) {
    await openHostingForm(ctx, 'wp_delete', c.server, c.id);
  },
  async db_create(ctx, c) {
    await openHostingForm(ctx, 'db_create', c.server);
  },
  async db_user_create(ctx, c) {
    await openHostingForm(ctx, 'db_user_create', c.server);
  },
  async db_grant(ctx, c) {
    await announceDone(
      ctx,
      await ctx.deps.hosting.writes.grantDatabase(ctx.actor, c.server, c.dbUser, c.dbName),
    );
  },
  async ssh({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.reads.ssh(actor, c.server);
    await reply(sshView(ui, r.server, r.value));
  },
  async ssh_on(ctx, c) {
    await announceDone(ctx, await ctx.deps.hosting.writes.sshOn(ctx.actor, c.server));
  },
  async ssh_off(ctx, c) {
    await askFor(ctx, c.server, { kind: 'hosting.ssh_off' });
  },
  async ssh_keys({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.reads.sshKeys(actor, c.server);
    await reply(sshKeysView(ui, r.server, r.value));
  },
  async ssh_key_add(ctx, c) {
    await openHostingForm(ctx, 'ssh_key_add', c.server);
  },
  /**
   * The private key goes to the requester alone, once, by the first way that
   * works (kit.showSecret: their answer, an ephemeral message, else a direct
   * message whose button opens it, sealed meanwhile); the channel hears that a
   * pair was made and, when the key could not be shown, what to do about it.
   */
  async ssh_key_generate(ctx, c) {
    const { deps, ui, actor, client, log } = ctx;
    const r = await deps.hosting.writes.generateSshKey(actor, c.server, c.label);
    let fate: PrivateKeyFate = 'shown';
    let sealed: string | undefined;
    try {
      const shown = privateKeyView(ui, r);
      const key = r.privateKey;
      const withoutKey = async () => {
        // No key came back: the message says so, and there is nothing to seal.
        if (key === undefined) return shown;
        const kept = await deps.hosting.privateKeys.keep(actor, { ...r, privateKey: key });
        sealed = kept.id;
        return privateKeyButtonMessage(ui, r, kept);
      };
      const way = await showSecret(client, () => ctx.reply(shown), actor, shown, withoutKey, log);
      if (way === 'direct' && sealed) fate = 'waiting';
      if (way === 'nobody') {
        fate = 'lost';
        if (sealed) await deps.hosting.privateKeys.discard(sealed);
      }
    } finally {
      deps.hosting.writes.forgetSecret(r.privateKey);
    }
    await announce(
      client,
      actor.channelId,
      generatedKeyView(deps.channelUi, actor.userId, r, fate),
      (m) => tellUser(client, actor, m, log),
      log,
    );
  },
  async ssh_key_delete(ctx, c) {
    await askFor(ctx, c.server, { kind: 'hosting.ssh_key_delete', id: c.id });
  },
  async errorlog({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.reads.errorLog(actor, c.server, c.domain, c.lines, c.keyword);
    const asked = c.lines ?? HOSTING_LIMITS.linesDefault;
    await reply(errorLogView(ui, r.server, r.value, asked, lastErrorLogPage(r.value.lines.length)));
  },
  async audit({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.reads.audit(actor, c.server);
    await reply(hostingAuditView(ui, r.server, r.value));
  },
};

/** What each form asks the access policy for, before it opens. */
const ACTION_OF: Record<HostingForm, HostingAction> = {
  wp_install: 'hosting.wp_install',
  wp_delete: 'hosting.wp_delete',
  db_create: 'hosting.db_create',
  db_user_create: 'hosting.db_user_create',
  ssh_key_add: 'hosting.ssh_key_add',
};

/**
 * Opens a /hosting form (its submission: handlers/submissions/hosting/) at
 * once (kit.openForm: the checks may need the provider, and
 * a trigger id lives 3 s), then fills it once the role, the key and the
 * server have been checked, or says there what refused it (a form filled in
 * vain is worse than a refusal at once). A WordPress delete form names the
 * site it deletes, read first.
 */
async function openHostingForm(
  ctx: ListenerContext,
  form: HostingForm,
  named: string | undefined,
  id?: string,
): Promise<void> {
  const { deps, ui, actor, log } = ctx;
  await openForm(
    ctx,
    hostingNoticeView(ui, form, ui.t('modal.loading')),
    async () => {
      const server = await deps.hosting.writes.mayWrite(actor, ACTION_OF[form], named);
      const meta = { server, channelId: actor.channelId };
      if (form !== 'wp_delete') return hostingFormView(ui, form, meta);
      const site = await deps.hosting.writes.wordpressSite(actor, server, id ?? '');
      return wpDeleteFormView(ui, { ...meta, id: site.id }, site.listed ? (site.url ?? '?') : undefined);
    },
    (err) => hostingNoticeView(ui, form, failureReply(log, ui, err, `opening the ${form} form`).text),
  );
}
