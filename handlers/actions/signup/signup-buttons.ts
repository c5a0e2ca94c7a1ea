/**
 * Signup's buttons and its one select. Before the order form is sent: the
 * price list's "Order this plan" and pager, the App Home's "Order a VPS" and
 * "Price list", the form's plan choice. After it: the approval message's
 * Approve and Reject, and the direct message's "Show the root password".
 */
import type { App, BlockAction, ButtonAction, StaticSelectAction } from '@slack/bolt';
import { decisionRefusal } from '../../../src/slack/decision-text.ts';
import { HOME_IDS, SIGNUP_IDS, signupBlockId } from '../../../src/slack/ids.ts';
import {
  decodePayload,
  decodePayloadOrThrow,
  planOrderPayload,
  plansPagePayload,
  signupButtonPayload,
  signupModalPayload,
} from '../../../src/slack/payloads.ts';
import { slackFailure } from '../../../src/slack/slack-failure.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import { signupModalView, signupNoticeView } from '../../../src/slack/views/signup/modal.ts';
import { priceListView } from '../../../src/slack/views/signup/price-list.ts';
import { signupPasswordMessage, signupRefusals } from '../../../src/slack/views/signup/requester.ts';
import { approvalView, refreshApproval, reportOutcome } from '../../../src/workers/posting/signup-posts.ts';
import { button, type HandlerDeps, showInWindow } from '../../kit.ts';
import { openSignupForm } from '../../open-signup-form.ts';

/** Why "Show the root password" shows nothing. */
const PASSWORD_REFUSED = {
  gone: 'signup.password.gone',
  not_yours: 'signup.password.not_yours',
  shown_before: 'signup.password.shown_before',
} as const;

/** The row with the clicked message's place, in case it was not recorded (posted by a replica that died). */
function withMessage<T extends { messageTs: string | null; threadTs: string | null }>(
  row: T,
  body: BlockAction,
): T {
  const ts = body.message?.ts;
  if (row.messageTs || !ts) return row;
  return { ...row, messageTs: ts, threadTs: ts };
}

export function registerSignupButtons(app: App, deps: HandlerDeps): void {
  // Each plan's button carries `:<plan_id>`, and the pager's `:prev` / `:next`: ids unique in the message.
  // The person's role is checked as for `/vps signup`; the price list stays where it is.
  app.action<BlockAction<ButtonAction>>(
    new RegExp(`^${SIGNUP_IDS.orderPlan}:`),
    button(
      deps,
      'opening the order form',
      async (ctx) => {
        const { plan } = decodePayloadOrThrow(planOrderPayload, ctx.value, 'plan order value');
        await openSignupForm(ctx, { planId: plan });
      },
      { inPlace: false },
    ),
  );
  app.action<BlockAction<ButtonAction>>(
    new RegExp(`^${SIGNUP_IDS.plansPage}:`),
    button(deps, 'price list page', async ({ deps, actor, ui, value, reply }) => {
      const { p } = decodePayloadOrThrow(plansPagePayload, value, 'price list pager value');
      await reply(priceListView(ui, await deps.signup.reads.plans(actor), p, deps.clock.now()));
    }),
  );

  // The App Home's own buttons (its approvals, claims and cards are the channel's, served above and
  // elsewhere). "Order a VPS" opens the form as the shortcut does, outside any channel: the form asks
  // where the approval request goes; a refusal shows in a window (a Home click has no response_url).
  app.action<BlockAction<ButtonAction>>(
    HOME_IDS.orderVps,
    button(deps, 'opening the order form', (ctx) => openSignupForm(ctx, { placeless: true }), {
      inPlace: false,
    }),
  );
  app.action<BlockAction<ButtonAction>>(
    HOME_IDS.priceList,
    button(deps, 'price list', async ({ deps, actor, ui, reply }) => {
      await reply(priceListView(ui, await deps.signup.reads.plans(actor), 0, deps.clock.now()));
    }),
  );

  // The order form's plan choice: periods (with prices) and images follow it.
  app.action<BlockAction<StaticSelectAction>>(
    { action_id: 'plan_id', block_id: signupBlockId('plan_id') },
    async ({ ack, body, action, client }) => {
      await ack();
      const view = body.view;
      const meta = decodePayload(signupModalPayload, view?.private_metadata);
      if (!view || !meta) return;
      const ui = await deps.ui(body.user.id);
      try {
        const catalogue = await deps.signup.quotes.catalogue({ for: { userId: body.user.id } });
        await client.views.update({
          view_id: view.id,
          // The hash makes Slack refuse the update if the view changed meanwhile (a newer choice wins).
          hash: view.hash,
          view: signupModalView(ui, catalogue, {
            channelId: meta.channelId,
            planId: action.selected_option.value,
          }),
        });
      } catch (err) {
        deps.logger.info({ err: slackFailure(err) }, 'signup form not updated for the chosen plan');
      }
    },
  );

  // Approve and Reject, on the approval message (or in an approver's App Home). The service
  // decides (live role, self-approval, expiry, one conditional UPDATE), so a retry needs no
  // check here: a click that did not win is answered why, alone. The winner's click redraws
  // the message in place (who approved, what happens now), runs the order, posts the outcome
  // in the thread and redraws the message again; a price change posts a new approval request.
  // A click without a channel matches no request's channel and is refused by the service; from
  // the App Home it counts in the request's channel when the clicker may read it.
  app.action<BlockAction<ButtonAction>>(
    SIGNUP_IDS.approve,
    button(
      deps,
      'signup approve',
      async ({ deps, actor, ui, log, client, value, args, reply }) => {
        const v = decodePayload(signupButtonPayload, value);
        if (!v) return reply(textView(ui.t('signup.click.not_found')));
        const fromHome = actor.fromHome === true;
        const result = await deps.signup.approvals.approve({
          id: v.id,
          approverId: actor.userId,
          shownPrice: v.price,
          channelId: args.body.channel?.id ?? '',
          fromHome,
        });
        if (result.kind !== 'approved') {
          const refusal = decisionRefusal(ui, result, signupRefusals('approve'));
          if (refusal) await reply(refusal);
          if (result.kind === 'expired')
            await refreshApproval(deps, client, withMessage(result.row, args.body), log);
          return;
        }
        const approved = withMessage(result.row, args.body);
        await refreshApproval(deps, client, approved, log);
        // From the App Home, the clicker sees the request as decided where they clicked, too.
        if (fromHome) await reply(await approvalView(deps, ui, approved));
        const outcome = await deps.signup.orders.execute(approved.id);
        await reportOutcome(deps, client, outcome, log, approved);
      },
      { retry: false, inPlace: false },
    ),
  );
  app.action<BlockAction<ButtonAction>>(
    SIGNUP_IDS.reject,
    button(
      deps,
      'signup reject',
      async ({ deps, actor, ui, log, client, value, args, reply }) => {
        const v = decodePayload(signupButtonPayload, value);
        if (!v) return reply(textView(ui.t('signup.click.not_found')));
        const fromHome = actor.fromHome === true;
        const r = await deps.signup.approvals.reject({
          id: v.id,
          userId: actor.userId,
          channelId: args.body.channel?.id ?? '',
          fromHome,
        });
        if (r.kind !== 'rejected') {
          const refusal = decisionRefusal(ui, r, signupRefusals('reject'));
          if (refusal) await reply(refusal);
          return;
        }
        await refreshApproval(deps, client, withMessage(r.row, args.body), log);
        if (fromHome) await reply(await approvalView(deps, ui, r.row));
      },
      { retry: false, inPlace: false },
    ),
  );

  // "Show the root password", in the direct message sent when the order form was closed before it
  // could show the password, which therefore holds none: the password is taken from its seal for
  // the requester alone and shown once in a private window (a modal), while the order still needs
  // it; several clicks at once or Slack's retry of one show it once, and a window Slack would not
  // open gives it back, to press again.
  app.action<BlockAction<ButtonAction>>(
    SIGNUP_IDS.showPassword,
    button(
      deps,
      'signup password',
      async (ctx) => {
        const { deps, actor, ui, value, reply } = ctx;
        const payload = decodePayload(signupButtonPayload, value);
        const r = payload
          ? await deps.signup.orders.revealPassword({ id: payload.id, userId: actor.userId })
          : ({ kind: 'not_yours' } as const);
        if (r.kind !== 'shown' || !payload) {
          await reply(textView(ui.t(PASSWORD_REFUSED[r.kind === 'shown' ? 'not_yours' : r.kind])));
          return;
        }
        const who = { id: payload.id, userId: actor.userId };
        const shown = signupPasswordMessage(ui, r.serverName, r.password);
        const opened = await showInWindow(
          ctx,
          signupNoticeView(ui, shown.text),
          textView(ui.t('signup.password.window_failed')),
          () => deps.signup.orders.givePasswordBack(who),
        );
        if (opened) await deps.signup.orders.passwordShown(who);
      },
      { retry: false, inPlace: false },
    ),
  );
}
