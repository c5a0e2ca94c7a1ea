/**
 * The bot serves the one workspace its token belongs to (auth.test's team_id
 * at start-up), and in an Enterprise Grid the one organisation (auth.test's
 * enterprise_id). A request that names another one — a Slack Connect user in a
 * shared channel, an app configuration pointing two workspaces at one bot, a
 * workspace of another organisation — is refused here, before any listener
 * runs, so no listener has to remember it: every command, action, shortcut,
 * view submission, options request and event. Every team id the payload carries
 * (the workspace's, the user's, the one a modal was installed from) must be
 * ours, and a payload that carries none is refused too; every enterprise id it
 * carries must be ours, and outside a grid it may carry none. The person is
 * answered in one sentence where the surface allows it, nothing of ours is named,
 * and the refusal is logged.
 */
import type { AnyMiddlewareArgs, Middleware, RespondFn } from '@slack/bolt';
import type { ModalView } from '@slack/types';
import type { Logger } from '../log.ts';
import type { BotIdentity } from './identity.ts';
import { NOTICE_CALLBACK } from './ids.ts';
import type { Ui } from './views/format.ts';
import { assertBlocksWithinLimits } from './views/limits.ts';

type Loose = Record<string, unknown> | undefined;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const obj = (v: unknown): Loose =>
  v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;

/** An event's installations (Bolt takes the first one's workspace and organisation for the delivery's). */
const authorizationsOf = (b: Loose): Loose[] =>
  Array.isArray(b?.authorizations) ? (b.authorizations as unknown[]).map(obj) : [];

/** Every workspace id a payload carries about where it comes from and who sent it. */
export function teamIdsOf(body: unknown): string[] {
  const b = obj(body);
  const event = obj(b?.event);
  const ids = [
    str(b?.team_id),
    str(obj(b?.team)?.id),
    str(obj(b?.user)?.team_id),
    str(b?.user_team),
    str(event?.user_team),
    str(obj(b?.view)?.app_installed_team_id),
    // An event: its installations, and the view it carries (an App Home's).
    ...authorizationsOf(b).map((a) => str(a?.team_id)),
    str(obj(event?.view)?.team_id),
    str(obj(event?.view)?.app_installed_team_id),
  ];
  return [...new Set(ids.filter((x): x is string => x !== undefined))];
}

/** Every Enterprise Grid organisation id a payload carries (none outside a grid). */
export function enterpriseIdsOf(body: unknown): string[] {
  const b = obj(body);
  const ids = [
    str(b?.enterprise_id),
    str(obj(b?.enterprise)?.id),
    str(obj(b?.team)?.enterprise_id),
    ...authorizationsOf(b).map((a) => str(a?.enterprise_id)),
  ];
  return [...new Set(ids.filter((x): x is string => x !== undefined))];
}

/** A modal that only says why the submission was not taken. */
function refusedModal(ui: Ui, text: string): ModalView {
  const blocks = [{ type: 'section' as const, text: { type: 'mrkdwn' as const, text } }];
  assertBlocksWithinLimits(blocks, 'modal');
  return {
    type: 'modal',
    callback_id: NOTICE_CALLBACK,
    title: { type: 'plain_text', text: ui.t('refused.title') },
    close: { type: 'plain_text', text: ui.t('modal.close') },
    blocks,
  };
}

export function teamGuard(opts: {
  /** The workspace of the bot token, and its organisation in a grid (auth.test). */
  identity: Pick<BotIdentity, 'teamId' | 'enterpriseId'>;
  /** The bot's language: the user's own cannot be read from another workspace. */
  ui: Ui;
  logger: Logger;
}): Middleware<AnyMiddlewareArgs> {
  const log = opts.logger.child({ component: 'team-guard' });
  return async (args) => {
    const { teamId, enterpriseId } = opts.identity;
    const teams = teamIdsOf(args.body);
    const enterprises = enterpriseIdsOf(args.body);
    if (
      teams.length > 0 &&
      teams.every((t) => t === teamId) &&
      enterprises.every((e) => e === enterpriseId)
    ) {
      await args.next();
      return;
    }
    const body = obj(args.body);
    const kind = str(body?.command) ? 'command' : (str(body?.type) ?? 'unknown');
    const event = obj(body?.event);
    log.warn(
      {
        teams,
        enterprises,
        kind,
        user: str(body?.user_id) ?? str(obj(body?.user)?.id) ?? str(event?.user),
      },
      'request from another workspace refused',
    );
    const text = opts.ui.t('refused.other_workspace');
    const ack = 'ack' in args ? (args.ack as (response?: unknown) => Promise<void>) : undefined;
    if (!ack) return; // an event: acknowledged by the receiver, and nobody to tell
    if (kind === 'command') {
      await ack({ response_type: 'ephemeral', text });
      return;
    }
    if (kind === 'view_submission') {
      await ack({ response_action: 'update', view: refusedModal(opts.ui, text) });
      return;
    }
    if (kind === 'block_suggestion') {
      await ack({ options: [] });
      return;
    }
    if (kind === 'shortcut') {
      // A global shortcut has no response_url: its trigger opens a modal that says it.
      await ack();
      const trigger = str(body?.trigger_id);
      if (!trigger) return;
      await args.client.views
        .open({ trigger_id: trigger, view: refusedModal(opts.ui, text) })
        .catch((err: unknown) =>
          log.info({ err: { message: (err as Error).message } }, 'refusal not delivered'),
        );
      return;
    }
    await ack();
    const respond = 'respond' in args ? (args.respond as RespondFn | undefined) : undefined;
    if (!respond) return;
    await respond({ response_type: 'ephemeral', replace_original: false, text }).catch((err: unknown) =>
      log.info({ err: { message: (err as Error).message } }, 'refusal not delivered'),
    );
  };
}
