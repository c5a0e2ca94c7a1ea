/**
 * A domain's ownership, proven for the person: the refusal with the exact
 * record and its one button (add the record and retry, when this server
 * serves the domain's DNS; retry, when it is set elsewhere), the wait while
 * the provider does not see it yet, and the outcome.
 */
import type { KnownBlock } from '@slack/types';
import {
  domainOf,
  type OwnershipOffer,
  VERIFICATION_RETRY,
  type VerifiedRequest,
} from '../../../services/hosting/index.ts';
import { HOSTING_IDS } from '../../ids.ts';
import { encodePayload, verificationPayload } from '../../payloads.ts';
import { displayDomain } from '../domain-display.ts';
import { type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { fits } from '../limits.ts';

/** The button's value: the request as it was, the password never (a mailbox names its sealed form). */
export function verificationValue(server: string, req: VerifiedRequest): string {
  return encodePayload(
    verificationPayload,
    req.kind === 'domain_add'
      ? { s: server, k: req.kind, d: req.domain, ssl: req.ssl, r: req.redirectHttps }
      : { s: server, k: req.kind, d: req.address, m: req.sealed },
  );
}

/** The button's value read back as the request it sends again, or undefined when it is not one. */
export function verifiedRequestOf(v: {
  k: 'domain_add' | 'mail_add';
  d: string;
  ssl?: boolean | undefined;
  r?: boolean | undefined;
  m?: string | undefined;
}): VerifiedRequest | undefined {
  if (v.k === 'domain_add') return { kind: v.k, domain: v.d, ssl: v.ssl ?? true, redirectHttps: v.r ?? true };
  return v.m === undefined ? undefined : { kind: v.k, address: v.d, sealed: v.m };
}

const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });

function recordText(ui: Ui, offer: OwnershipOffer): string {
  return ui.t('hosting.verify.record', {
    name: mrkdwnText(offer.record.name, SHOWN.domain),
    value: mrkdwnText(offer.record.value, SHOWN.text),
  });
}

function withButton(
  ui: Ui,
  text: string,
  blocks: KnownBlock[],
  server: string,
  req: VerifiedRequest,
  add: boolean,
) {
  const value = verificationValue(server, req);
  const actions: KnownBlock[] = fits('buttonValue', value)
    ? [
        {
          type: 'actions',
          elements: [
            {
              type: 'button',
              style: 'primary',
              action_id: add ? HOSTING_IDS.verifyAdd : HOSTING_IDS.verifyRetry,
              text: {
                type: 'plain_text',
                text: ui.t(add ? 'hosting.verify.button.add' : 'hosting.verify.button.retry'),
              },
              value,
            },
          ],
        },
      ]
    : [];
  return { text, blocks: [...blocks, ...actions] };
}

/**
 * The refusal (`refused`: the provider's refusal as it is worded elsewhere, its
 * own message kept), then what the bot can do about it: add the record, when
 * this server serves the domain's DNS, or the exact record to set elsewhere.
 */
export function ownershipOfferView(
  ui: Ui,
  offer: OwnershipOffer,
  req: VerifiedRequest,
  refused: string,
): Message {
  const domain = mrkdwnText(displayDomain(offer.domain), SHOWN.domain);
  const how = offer.served
    ? ui.t('hosting.verify.served', { domain })
    : ui.t('hosting.verify.elsewhere', { domain });
  return withButton(
    ui,
    `${refused}\n${how}`,
    [section(refused), section(how), section(recordText(ui, offer))],
    offer.server,
    req,
    offer.served,
  );
}

/** The record is set (or was there): the provider is asked again until it sees it. */
export function ownershipWaitingView(ui: Ui, offer: OwnershipOffer): Message {
  const text = ui.t('hosting.verify.waiting', {
    name: mrkdwnText(offer.record.name, SHOWN.domain),
    every: VERIFICATION_RETRY.everyMs / 1000,
    minutes: VERIFICATION_RETRY.forMs / 60_000,
  });
  return { text, blocks: [section(text)] };
}

/**
 * Still refused: after the bounded retries (`waited`), or at once when the
 * record is set elsewhere. The exact record to check, and Retry.
 */
export function ownershipStillRefusedView(
  ui: Ui,
  offer: OwnershipOffer,
  req: VerifiedRequest,
  waited: boolean,
): Message {
  const domain = mrkdwnText(displayDomain(offer.domain), SHOWN.domain);
  const text = waited
    ? ui.t('hosting.verify.still_refused', { domain, minutes: VERIFICATION_RETRY.forMs / 60_000 })
    : ui.t('hosting.verify.not_yet', { domain });
  return withButton(ui, text, [section(text), section(recordText(ui, offer))], offer.server, req, false);
}

/** A mailbox whose sealed form is gone: it is asked again. */
export function ownershipExpiredView(ui: Ui, req: VerifiedRequest): Message {
  const text = ui.t('hosting.verify.expired', {
    address: mrkdwnText(req.kind === 'mail_add' ? req.address : domainOf(req), SHOWN.domain),
    minutes: VERIFICATION_RETRY.sealMs / 60_000,
  });
  return { text, blocks: [section(text)] };
}

/** Done: the domain or mailbox made, after the record was seen. */
export function ownershipDoneView(ui: Ui, domain: string, done: string): Message {
  const text = ui.t('hosting.verify.done', { domain: mrkdwnText(displayDomain(domain), SHOWN.domain), done });
  return { text, blocks: [section(text)] };
}
