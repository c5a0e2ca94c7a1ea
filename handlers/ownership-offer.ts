/**
 * The answer to a `domain add` or `mail add` the provider refused because the
 * domain's ownership is not proven: the refusal, the record, and the button
 * that proves it (actions/hosting/verification-buttons.ts answers it). Shared
 * by the command and the mail form, so it sits here.
 */
import type { Actor } from '../src/services/access/index.ts';
import { domainOf, isOwnershipRefusal, type VerifiedRequest } from '../src/services/hosting/index.ts';
import { failureMessage } from '../src/slack/error-text.ts';
import type { Message, Ui } from '../src/slack/views/format.ts';
import { ownershipOfferView } from '../src/slack/views/hosting/verification.ts';
import type { HandlerDeps } from './kit.ts';

/**
 * The answer to a refusal of ownership: the record and its button, or
 * undefined for any other failure (answered as usual). `request` is built
 * only when it is one (a mailbox seals its form then).
 */
export async function verificationOffer(
  deps: HandlerDeps,
  actor: Actor,
  ui: Ui,
  server: string | undefined,
  err: unknown,
  request: () => Promise<VerifiedRequest>,
): Promise<Message | undefined> {
  if (!isOwnershipRefusal(err)) return undefined;
  try {
    const req = await request();
    const offer = await deps.hosting.verification.offer(actor, server, domainOf(req));
    return ownershipOfferView(ui, offer, req, failureMessage(ui, err).text);
  } catch (caught) {
    // The refusal itself, with its record, says enough when the offer cannot be made.
    deps.logger.warn({ err: caught }, 'ownership offer not made');
    return undefined;
  }
}
