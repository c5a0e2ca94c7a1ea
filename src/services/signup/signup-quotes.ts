/**
 * Asking for a price: whether this person may order here, the quote itself
 * (the dry run at the catalogue's price, the password sealed, a new row with
 * a fresh Idempotency-Key waiting for an approval), the catalogue the order
 * form shows, and where the approval message lives.
 */
import { randomUUID } from 'node:crypto';
import type { OsImage, Plan } from '../../provider/index.ts';
import type { SignupRow } from '../../store/index.ts';
import { changeOutcome, type ServiceError } from '../errors.ts';
import { type Catalogue, type CatalogueOptions, describeRow, loadCatalogue } from './catalogue.ts';
import type { SignupDeps } from './deps.ts';
import { quoteFailureCode } from './failure.ts';
import type { SignupRequest } from './form.ts';
import { generateRootPassword } from './password.ts';
import { createQuote, orderFieldsOf } from './quote.ts';

export interface QuoteInput {
  request: SignupRequest;
  requesterId: string;
  channelId: string;
  /**
   * The channel was chosen in a form opened in no channel (the Order a VPS
   * shortcut, the App Home), not the one the requester typed in: it must be
   * one they may use (`mayRequestIn`).
   */
  chosen?: boolean;
  locale: string | null;
}

export interface QuoteResult {
  row: SignupRow;
  plan: Plan;
  image: OsImage;
  /** Set only when the bot generated the password: show it to the requester alone, once. */
  generatedPassword: string | null;
}

export class SignupQuotes {
  constructor(private readonly deps: SignupDeps) {}

  /**
   * Whether a user may ask for a quote here; for not opening the form in vain.
   * Without a channel (the form opened from a global shortcut, which asks where
   * the approval request goes) only the role is checked now; the channel
   * chosen is checked when the form is sent, and again by `quote`.
   */
  async mayRequest(userId: string, channelId: string | undefined): Promise<ServiceError | null> {
    const actor = { userId, channelId: channelId ?? userId };
    return (await this.deps.access.decide(actor, 'signup', { placeless: channelId === undefined })).refusal;
  }

  /**
   * Whether a user may send the approval request of a form opened in no
   * channel to the channel they chose there: one the policy lists, and one
   * they may read in Slack (public, or they are a member), as any channel an
   * action is about (`AccessService.decide`). A forged submission naming a
   * private channel they are not in is refused.
   */
  async mayRequestIn(userId: string, chosen: string): Promise<ServiceError | null> {
    return (await this.decideChosen(userId, chosen)).refusal;
  }

  private decideChosen(userId: string, chosen: string) {
    return this.deps.access.decide({ userId, channelId: userId }, 'signup', {
      placeless: true,
      channel: chosen,
    });
  }

  async quote(input: QuoteInput): Promise<QuoteResult> {
    const { deps } = this;
    const { request, requesterId, channelId } = input;
    const { refusal } =
      input.chosen === true
        ? await this.decideChosen(requesterId, channelId)
        : await deps.access.decide({ userId: requesterId, channelId }, 'signup');
    if (refusal) {
      await deps.audit.record({
        actor: requesterId,
        channelId,
        action: 'signup.quote',
        target: null,
        outcome: 'refused',
        errorCode: refusal.code,
      });
      throw refusal;
    }
    const password = request.rootPassword ?? generateRootPassword();
    // Checked and allowed: from here no log line may carry it. Sealing holds it for as long as
    // the quote waits; a refused quote lets it go at once.
    const typing = `signup-quote:${randomUUID()}`;
    deps.secrets.hold(typing, password);
    try {
      const quoted = await createQuote(
        deps,
        { ...orderFieldsOf(request), requesterId, channelId, locale: input.locale },
        password,
      );
      return { ...quoted, generatedPassword: request.rootPassword === null ? password : null };
    } catch (err) {
      await deps.audit.record({
        actor: requesterId,
        channelId,
        action: 'signup.quote',
        target: null,
        outcome: changeOutcome(err),
        errorCode: quoteFailureCode(err),
        params: { planId: request.planId, period: request.period },
      });
      throw err;
    } finally {
      deps.secrets.release(typing);
    }
  }

  /** Remembers where the approval message is, so later steps update it in place. */
  async attachMessage(id: string, where: { messageTs: string; threadTs?: string }): Promise<void> {
    await this.deps.store.signups.setMessage(id, {
      messageTs: where.messageTs,
      threadTs: where.threadTs ?? where.messageTs,
    });
  }

  /** Plans and images for the order form (cached briefly, never across 00:00 JST), read `for` a person. */
  catalogue(opts: CatalogueOptions = {}): Promise<Catalogue> {
    return loadCatalogue(this.deps, opts);
  }

  /** Plan and image of a row for display, from the cached catalogue; undefined when not at hand. */
  describe(row: SignupRow): Promise<{ plan: Plan | undefined; image: OsImage | undefined }> {
    return describeRow(this.deps, row);
  }
}
