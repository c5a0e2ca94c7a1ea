/**
 * A domain's ownership, proven for the person (src/services/hosting/domain-verification.ts).
 * A refused `domain add` or `mail add` is answered with the record to set
 * and one button: "add the TXT record and retry" when this server serves the
 * domain's DNS, "retry" when it is set elsewhere. Either button is pressed by
 * someone the policy lets send the original request (the service checks the
 * role again) and answers in place: the wait, then the domain or mailbox made
 * (announced in the channel, as the command's own success is), or the record
 * to check with Retry.
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { domainOf } from '../../../src/services/hosting/index.ts';
import { HOSTING_IDS } from '../../../src/slack/ids.ts';
import { decodePayloadOrThrow, verificationPayload } from '../../../src/slack/payloads.ts';
import { generatedPasswordView } from '../../../src/slack/views/hosting/mail-accounts.ts';
import {
  ownershipDoneView,
  ownershipExpiredView,
  ownershipStillRefusedView,
  ownershipWaitingView,
  verifiedRequestOf,
} from '../../../src/slack/views/hosting/verification.ts';
import { doneText, doneView } from '../../../src/slack/views/hosting/writes.ts';
import { announce, button, type HandlerDeps, type ListenerContext } from '../../kit.ts';

async function press(ctx: ListenerContext & { value: string | undefined }, add: boolean): Promise<void> {
  const { deps, actor, ui, reply } = ctx;
  const v = decodePayloadOrThrow(verificationPayload, ctx.value, 'verification button value');
  const req = verifiedRequestOf(v);
  if (!req) throw new Error('verification button value names no request');
  const verification = deps.hosting.verification;
  let waited = false;
  let outcome: Awaited<ReturnType<typeof verification.retry>>;
  if (add) {
    const offer = await verification.addRecord(actor, v.s, req);
    if (!offer.served) {
      // Its DNS left this server since the offer: the record to set elsewhere, and Retry.
      await reply(ownershipStillRefusedView(ui, offer, req, false));
      return;
    }
    await reply(ownershipWaitingView(ui, offer));
    outcome = await verification.retry(actor, v.s, req);
    waited = true;
  } else {
    outcome = await verification.retry(actor, v.s, req, { rounds: 1 });
  }
  switch (outcome.kind) {
    case 'refused':
      await reply(ownershipStillRefusedView(ui, outcome.offer, req, waited));
      return;
    case 'expired':
      await reply(ownershipExpiredView(ui, req));
      return;
    case 'accepted': {
      const { result } = outcome;
      const password = result.generatedPassword;
      try {
        await announce(
          ctx.client,
          actor.channelId,
          doneView(deps.channelUi, actor.userId, result),
          reply,
          ctx.log,
        );
        const done = ownershipDoneView(ui, domainOf(req), doneText(ui, actor.userId, result));
        // A password the bot made is shown to the person who pressed, in their own message, once.
        await reply(
          password === undefined
            ? done
            : {
                text: done.text,
                blocks: [
                  ...done.blocks,
                  ...generatedPasswordView(ui, { ...result, generatedPassword: password }).blocks,
                ],
              },
        );
      } finally {
        deps.hosting.mail.forgetSecret(password);
      }
    }
  }
}

export function registerHostingVerificationButtons(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(
    HOSTING_IDS.verifyAdd,
    button(deps, 'ownership record add', (ctx) => press(ctx, true), { retry: 'write' }),
  );
  app.action<BlockAction<ButtonAction>>(
    HOSTING_IDS.verifyRetry,
    button(deps, 'ownership retry', (ctx) => press(ctx, false), { retry: 'write' }),
  );
}
