/**
 * The submissions of the memo forms (domain, subdomain, WordPress site,
 * database) and the database user's form. Each is checked field by field
 * before anything is sent, sent at once and announced in the channel. A
 * database user's new password is never announced, logged or audited; one the
 * bot generated is shown to the person alone, once: in their form, or failing
 * that an ephemeral message, never a direct message (kit.showSecret).
 */
import type { App } from '@slack/bolt';
import type { MemoTarget } from '../../../src/services/hosting/index.ts';
import { HOSTING_SITE_CALLBACKS, type HostingSiteForm } from '../../../src/slack/ids.ts';
import {
  dbPasswordNotShownView,
  generatedDbPasswordView,
  readDbUserForm,
  readMemoForm,
  siteFormErrors,
  siteNoticeView,
} from '../../../src/slack/views/hosting/sites.ts';
import { accountForm, type HandlerDeps, type SubmitArgs } from '../../kit.ts';
import { openHostingForm, settleFailed, settleWithSecret } from './form-opening.ts';

const TARGET_OF: Record<Exclude<HostingSiteForm, 'db_user_change'>, MemoTarget> = {
  domain_change: 'domain',
  subdomain_change: 'subdomain',
  wp_change: 'wp',
  db_change: 'db',
};

function submit(deps: HandlerDeps, form: HostingSiteForm) {
  return async (args: SubmitArgs): Promise<void> => {
    const { ack, view } = args;
    const opened = await openHostingForm(deps, args, {
      component: 'hosting-site-form',
      form,
      name: 'site form',
      notice: (ui, text) => siteNoticeView(ui, form, text),
      needsId: true,
      read: (_meta, ui) => {
        const values = view.state.values as Parameters<typeof readDbUserForm>[0];
        const user = form === 'db_user_change' ? readDbUserForm(values) : undefined;
        const memo = user ? user.memo : readMemoForm(values);
        const target = form === 'db_user_change' ? 'db_user' : TARGET_OF[form];
        const problems = user
          ? deps.hosting.sites.checkUserChange(user)
          : deps.hosting.sites.checkMemo(target, memo);
        return { value: { user, memo }, errors: siteFormErrors(ui, user ?? {}, problems) };
      },
    });
    if (!opened) return;
    const { userId, ui, meta, end } = opened;
    const { user, memo } = opened.read;
    await ack({ response_action: 'update', view: siteNoticeView(ui, form, ui.t('hosting.modal.working')) });
    const actor = { userId, channelId: meta.channelId };
    let result: Awaited<ReturnType<typeof deps.hosting.sites.changeUser>>;
    try {
      result =
        form === 'db_user_change'
          ? await deps.hosting.sites.changeUser(
              actor,
              meta.server,
              meta.id,
              user ?? { password: '', generate: false, memo },
            )
          : await deps.hosting.sites.changeMemo(actor, meta.server, TARGET_OF[form], meta.id, memo);
    } catch (err) {
      await settleFailed(end, err, `hosting ${form}`);
      return;
    }
    await settleWithSecret(end, result, {
      shown: (r) => generatedDbPasswordView(ui, r),
      notShown: (r) => dbPasswordNotShownView(ui, r),
      forget: (password) => deps.hosting.sites.forgetSecret(password),
    });
  };
}

export function registerHostingSiteForms(app: App, deps: HandlerDeps): void {
  for (const form of Object.keys(HOSTING_SITE_CALLBACKS) as HostingSiteForm[])
    app.view(
      HOSTING_SITE_CALLBACKS[form],
      accountForm(deps, (d) => submit(d, form)),
    );
}
