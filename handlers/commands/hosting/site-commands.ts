/**
 * `/hosting [server] domain|subdomain|wp|db …` beyond adding: the databases,
 * their users and a user's grants answer the person alone; a memo's change
 * and a database user's change open a form (its submission is in
 * submissions/hosting/site-forms.ts); a domain's, subdomain's, database's or
 * database user's delete and a grant's revoke ask for a confirmation first
 * (or post an approval request when the policy wants a second person), as
 * every destructive /hosting operation does (askFor, hosting-commands.ts).
 */
import type { MemoTarget } from '../../../src/services/hosting/index.ts';
import type { SiteArea } from '../../../src/slack/grammar/hosting-sites.ts';
import {
  databasesView,
  dbUserFormView,
  dbUsersView,
  grantsView,
  MEMO_FORM,
  memoFormView,
  siteNoticeView,
} from '../../../src/slack/views/hosting/sites.ts';
import { type CommandTable, failureReply, type ListenerContext, openForm } from '../../kit.ts';
import { askFor } from './hosting-commands.ts';

/** Words that change something: a retried delivery of one of these is never answered twice. */
export const HOSTING_SITE_WRITES: ReadonlySet<SiteArea['name']> = new Set([
  'domain_delete',
  'subdomain_delete',
  'db_delete',
  'db_user_delete',
  'db_revoke',
]);

/** A memo's form, opened at once (kit.openForm) and filled with the memo as it is once the checks pass. */
async function openMemoForm(
  ctx: ListenerContext,
  target: MemoTarget,
  named: string | undefined,
  name: string,
): Promise<void> {
  const { deps, ui, actor, log } = ctx;
  const form = MEMO_FORM[target];
  await openForm(
    ctx,
    siteNoticeView(ui, form, ui.t('modal.loading')),
    async () => {
      const r = await deps.hosting.sites.memoOf(actor, named, target, name);
      return memoFormView(
        ui,
        target,
        { server: r.server, channelId: actor.channelId, id: r.value.name },
        r.value,
      );
    },
    (err) => siteNoticeView(ui, form, failureReply(log, ui, err, `opening the ${form} form`).text),
  );
}

export const hostingSiteCommands: CommandTable<SiteArea & { server: string | undefined }> = {
  async domain_change(ctx, c) {
    await openMemoForm(ctx, 'domain', c.server, c.domain);
  },
  async domain_delete(ctx, c) {
    await askFor(ctx, c.server, {
      kind: 'hosting.domain_delete',
      domain: c.domain,
      deleteFiles: c.deleteFiles,
    });
  },
  async subdomain_change(ctx, c) {
    await openMemoForm(ctx, 'subdomain', c.server, c.subdomain);
  },
  async subdomain_delete(ctx, c) {
    await askFor(ctx, c.server, {
      kind: 'hosting.subdomain_delete',
      subdomain: c.subdomain,
      deleteFiles: c.deleteFiles,
    });
  },
  async wp_change(ctx, c) {
    await openMemoForm(ctx, 'wp', c.server, c.id);
  },
  async db({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.sites.databases(actor, c.server);
    await reply(databasesView(ui, r.server, r.value));
  },
  async db_users({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.sites.users(actor, c.server);
    await reply(dbUsersView(ui, r.server, r.value));
  },
  async db_grants({ deps, actor, ui, reply }, c) {
    const r = await deps.hosting.sites.grants(actor, c.server, c.dbUser);
    await reply(grantsView(ui, r.server, r.value));
  },
  async db_change(ctx, c) {
    await openMemoForm(ctx, 'db', c.server, c.dbName);
  },
  async db_delete(ctx, c) {
    await askFor(ctx, c.server, { kind: 'hosting.db_delete', dbName: c.dbName });
  },
  async db_user_change(ctx, c) {
    const { deps, ui, actor, log } = ctx;
    await openForm(
      ctx,
      siteNoticeView(ui, 'db_user_change', ui.t('modal.loading')),
      async () => {
        const r = await deps.hosting.sites.user(actor, c.server, c.dbUser);
        return dbUserFormView(
          ui,
          { server: r.server, channelId: actor.channelId, id: r.value.db_user },
          r.value,
        );
      },
      (err) =>
        siteNoticeView(
          ui,
          'db_user_change',
          failureReply(log, ui, err, 'opening the db_user_change form').text,
        ),
    );
  },
  async db_user_delete(ctx, c) {
    await askFor(ctx, c.server, { kind: 'hosting.db_user_delete', dbUser: c.dbUser });
  },
  async db_revoke(ctx, c) {
    await askFor(ctx, c.server, { kind: 'hosting.db_revoke', dbUser: c.dbUser, dbName: c.dbName });
  },
};
