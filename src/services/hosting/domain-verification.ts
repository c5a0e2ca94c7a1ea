/**
 * Domain ownership, proven for the person (docs/provider-api.md, Domain
 * ownership). When POST /domain or POST /mail is refused because the provider
 * has not seen the TXT record `_xserver-verify.<domain>` = `xserver-verify=<token>`,
 * the answer offers to finish the job:
 * - the domain's DNS is on this server (GET /dns lists its records): the bot
 *   adds the record through the DNS API, then sends the same request again
 *   every 30 seconds for up to 5 minutes, as background work (it gives way
 *   to people at the provider client's gate), since the provider sees a new
 *   record 30 to 90 seconds after it resolves;
 * - its DNS is elsewhere: the exact record to set, and one more try when the
 *   person says it is set.
 *
 * The mail form's password is needed again for a retry: it is sealed in the
 * store (as a generated private key is) for 15 minutes, never put in a button
 * or a log line, and destroyed once the mailbox is made.
 */
import type { Clock } from '../../clock.ts';
import { BACKGROUND, type HostingClient, toAsciiDomain, WRITE } from '../../provider/index.ts';
import type { Actor } from '../access/index.ts';
import type { HostingCalls, WriteResult } from './hosting-calls.ts';
import {
  checkMailForm,
  generateMailPassword,
  type MailForm,
  mailAddParams,
  mailCreateBody,
} from './mail-accounts.ts';
import { isOwnershipRefusal, ownershipRefusal, RECORD_HOST } from './ownership-refusal.ts';
import { checkFqdn } from './rules.ts';

/** How the retries after the record is added are paced (docs/operators.md, Domain verification). */
export const VERIFICATION_RETRY = {
  everyMs: 30_000,
  forMs: 5 * 60_000,
  /** How long a mail form's password waits sealed for a retry. */
  sealMs: 15 * 60_000,
} as const;

/** The request a refusal was answered to, sent again as it was. */
export type VerifiedRequest =
  | { kind: 'domain_add'; domain: string; ssl: boolean; redirectHttps: boolean }
  /** `sealed`: the id of the form's values (password included) in the secret store. */
  | { kind: 'mail_add'; address: string; sealed: string };

/** The record that proves the domain, and whether the bot can set it itself. */
export interface OwnershipOffer {
  server: string;
  domain: string;
  record: { name: string; type: 'TXT'; value: string };
  /** The domain's DNS is served by this server: the bot adds the record. */
  served: boolean;
}

export type VerifiedOutcome =
  | { kind: 'accepted'; result: WriteResult & { generatedPassword?: string | undefined } }
  | { kind: 'refused'; offer: OwnershipOffer }
  /** The mail form's sealed values are gone (expired, or used): the form must be filled in again. */
  | { kind: 'expired' };

/** One try: refused, with the record read only when it is the answer. */
type Attempt =
  | Exclude<VerifiedOutcome, { kind: 'refused' }>
  | { kind: 'refused'; offer: () => Promise<OwnershipOffer> };

const MAIL_SEAL_PURPOSE = 'hosting.mail_add_retry';

/** The domain a request needs proven. */
export const domainOf = (
  r: { kind: 'domain_add'; domain: string } | { kind: 'mail_add'; address: string },
) =>
  r.kind === 'domain_add' ? r.domain.trim() : r.address.trim().slice(r.address.trim().lastIndexOf('@') + 1);

/**
 * Waits until the one Clock reaches `at`. It may be moved by hand (the
 * sandbox, tests), so it is looked at four times a second rather than
 * trusted to one timer of the whole wait.
 */
async function until(clock: Clock, at: number): Promise<void> {
  while (clock.now().getTime() < at) {
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, Math.min(250, Math.max(1, at - clock.now().getTime())));
      t.unref();
    });
  }
}

export class HostingVerification {
  constructor(private readonly calls: HostingCalls) {}

  /** After a refusal: the record, and whether this server serves the domain's DNS (one read). */
  async offer(actor: Actor, named: string | undefined, domain: string): Promise<OwnershipOffer> {
    const { server, api } = await this.calls.begin(actor, 'hosting.dns', named, { domain });
    return this.offerOn(server, api, domain);
  }

  private async offerOn(server: string, api: HostingClient, domain: string): Promise<OwnershipOffer> {
    const ascii = toAsciiDomain(domain);
    const token = (await api.serverInfo(BACKGROUND))?.domain_validation_token ?? '';
    // A domain this server does not hold is refused by GET /dns: its DNS is elsewhere.
    const listed = await api.listDns({ domain: ascii }, BACKGROUND).catch(() => undefined);
    return {
      server,
      domain,
      record: { name: `${RECORD_HOST}.${ascii}`, type: 'TXT', value: `xserver-verify=${token}` },
      served: (listed?.items.length ?? 0) > 0,
    };
  }

  /** Seals a refused mail form (password included) for a retry; the seal's id goes in the button. */
  async sealMailForm(form: MailForm): Promise<string> {
    const { deps } = this.calls;
    const plaintext = JSON.stringify(form);
    deps.secrets.add(plaintext);
    try {
      const expiresAt = new Date(deps.clock.now().getTime() + VERIFICATION_RETRY.sealMs);
      return await deps.store.secrets.seal(plaintext, { purpose: MAIL_SEAL_PURPOSE, expiresAt });
    } finally {
      deps.secrets.delete(plaintext);
    }
  }

  /**
   * The button "add the TXT record and retry": who may send the request again
   * (its own role), the record added through the DNS API unless it is there
   * already. Answers the offer as it is now (`served` false: nothing added).
   */
  async addRecord(actor: Actor, named: string, req: VerifiedRequest): Promise<OwnershipOffer> {
    const action = `hosting.${req.kind}` as const;
    const domain = domainOf(req);
    const { server, api } = await this.calls.begin(actor, action, named, { domain });
    await this.calls.refuseInvalid(actor, action, server, checkFqdn(domain), { domain });
    const offer = await this.offerOn(server, api, domain);
    if (!offer.served) return offer;
    const ascii = toAsciiDomain(domain);
    const listed = await api.listDns({ domain: ascii }, BACKGROUND);
    const there = listed.items.some(
      (r) =>
        r.type === 'TXT' &&
        r.host === RECORD_HOST &&
        r.content.replace(/^"(.*)"$/, '$1') === offer.record.value,
    );
    if (!there) {
      const input = { domain: ascii, host: RECORD_HOST, type: 'TXT' as const, content: offer.record.value };
      await this.calls.write(actor, 'hosting.dns_add', server, input, () => api.addDns(input, WRITE));
    }
    return offer;
  }

  /**
   * Sends the request again until the provider takes it, every 30 seconds for
   * up to 5 minutes (`rounds` 1: once). Any refusal but the ownership one ends it.
   */
  async retry(
    actor: Actor,
    named: string,
    req: VerifiedRequest,
    { rounds }: { rounds?: number } = {},
  ): Promise<VerifiedOutcome> {
    const { clock } = this.calls.deps;
    const start = clock.now().getTime();
    const most = rounds ?? Math.floor(VERIFICATION_RETRY.forMs / VERIFICATION_RETRY.everyMs) + 1;
    for (let round = 0; ; round++) {
      const outcome = await this.attempt(actor, named, req);
      if (outcome.kind !== 'refused') return outcome;
      // The record as it is now is read once, for the answer, not at every round.
      if (round + 1 >= most) return { kind: 'refused', offer: await outcome.offer() };
      await until(clock, start + (round + 1) * VERIFICATION_RETRY.everyMs);
    }
  }

  /** One try of the refused request, as background work; audited as the command is. */
  private async attempt(actor: Actor, named: string, req: VerifiedRequest): Promise<Attempt> {
    const domain = domainOf(req);
    if (req.kind === 'domain_add') {
      const action = 'hosting.domain_add';
      const params = { domain, ssl: req.ssl, redirectHttps: req.redirectHttps, verified: true };
      const { server, api } = await this.calls.begin(actor, action, named, params);
      try {
        await this.calls.write(
          actor,
          action,
          server,
          params,
          () => api.addDomain({ domain, ssl: req.ssl, redirect_https: req.redirectHttps }, BACKGROUND),
          (err) => ownershipRefusal(api, domain, err, { priority: BACKGROUND }),
        );
      } catch (err) {
        if (isOwnershipRefusal(err))
          return { kind: 'refused', offer: () => this.offerOn(server, api, domain) };
        throw err;
      }
      return { kind: 'accepted', result: { server, action, subject: domain } };
    }
    return this.attemptMail(actor, named, req, domain);
  }

  private async attemptMail(
    actor: Actor,
    named: string,
    req: Extract<VerifiedRequest, { kind: 'mail_add' }>,
    domain: string,
  ): Promise<Attempt> {
    const { deps } = this.calls;
    const action = 'hosting.mail_add';
    const { server, api } = await this.calls.begin(actor, action, named, { mail_address: req.address });
    const sealed = await deps.store.secrets.open(req.sealed, MAIL_SEAL_PURPOSE);
    if (sealed === null) return { kind: 'expired' };
    deps.secrets.add(sealed);
    const form = JSON.parse(sealed) as MailForm;
    deps.secrets.delete(sealed);
    const address = form.address.trim();
    const problem = checkMailForm(form)[0];
    if (problem || address !== req.address.trim()) return { kind: 'expired' };
    const params = { ...mailAddParams(form), verified: true };
    const password = form.generate ? generateMailPassword() : form.password;
    deps.secrets.add(password);
    try {
      await this.calls.write(
        actor,
        action,
        server,
        params,
        () => api.createMail(mailCreateBody(form, password), BACKGROUND),
        (err) => ownershipRefusal(api, domain, err, { conflictOnly: true, priority: BACKGROUND }),
      );
    } catch (err) {
      // Not made: a password the bot made for it is never shown, and is forgotten now.
      deps.secrets.delete(password);
      if (isOwnershipRefusal(err)) return { kind: 'refused', offer: () => this.offerOn(server, api, domain) };
      throw err;
    }
    await deps.store.secrets.destroy(req.sealed);
    if (!form.generate) deps.secrets.delete(password);
    return {
      kind: 'accepted',
      result: {
        server,
        action,
        subject: address,
        ...(form.generate ? { generatedPassword: password } : {}),
      },
    };
  }
}
