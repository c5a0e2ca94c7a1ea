/**
 * /hosting's mail accounts: the list (of one domain, or every one), one
 * account with its quota and usage, an account created at once, and the
 * account's delete (a destructive operation: confirmed first, on the decision
 * machine as every /hosting delete is; its request and loss are here).
 *
 * A password typed or generated is handed to the provider and to nothing else:
 * it is registered with the log scrubber while it is in use, kept out of the
 * audit's parameters and of every result, and a generated one is returned to
 * the caller alone, to be shown to the person once.
 */
import { randomInt } from 'node:crypto';
import {
  type HostingClient,
  type MailAccount,
  ORDER,
  READ,
  HOSTING_LIMITS as REFERENCE,
  type ValidationIssue,
  validateForwarding,
  validateMailAddress,
  validateMailChange,
  validateMailCreate,
  WRITE,
  type WriteAnswer,
} from '../../provider/index.ts';
import type { Actor } from '../access/index.ts';
import { ServiceError } from '../errors.ts';
import type { FieldProblem } from '../field-problem.ts';
import type { HostingCalls, WriteResult } from './hosting-calls.ts';
import type { OnServer } from './hosting-reads.ts';
import { ownershipRefusal } from './ownership-refusal.ts';
import { checkFqdn } from './rules.ts';

export type MailField = 'mail_address' | 'password' | 'quota_mb' | 'memo' | 'forwarding_addresses';
export type MailRule = 'required' | 'too_short' | 'too_long' | 'range' | 'format' | 'control_character';
export type MailProblem = FieldProblem<MailField, MailRule>;

/** The bounds the sentences name: the reference's, and the bot's one text bound. */
export const MAIL_LIMITS = {
  passwordMin: REFERENCE.mailPasswordMin,
  quotaMin: REFERENCE.mailQuotaMin,
  quotaMax: REFERENCE.mailQuotaMax,
  /** A Slack text input holds 3,000 characters: one less lets an over-long paste be refused on its field. */
  textMax: 2999,
} as const;

/** One account as read: a field the answer left out or broke is undefined (shown as unknown, never guessed). */
export interface MailAccountNow {
  mail_address: string;
  quota_mb: number | undefined;
  used_mb: number | undefined;
  memo: string;
}

function accountNow(address: string, read: Awaited<ReturnType<HostingClient['getMail']>>): MailAccountNow {
  return {
    mail_address: typeof read.mail_address === 'string' ? read.mail_address : address,
    quota_mb: typeof read.quota_mb === 'number' ? read.quota_mb : undefined,
    used_mb: typeof read.used_mb === 'number' ? read.used_mb : undefined,
    memo: typeof read.memo === 'string' ? read.memo : '',
  };
}

export interface MailListing {
  domain: string | undefined;
  accounts: MailAccount[];
  unreadable: number;
}

/** The add form as typed. `quota` NaN: typed, but not a whole number. */
export interface MailForm {
  address: string;
  /** Empty with `generate`: the bot makes one. */
  password: string;
  generate: boolean;
  quota: number | undefined;
  memo: string;
}

/** A created account; `password` only when the bot generated it (to be shown to its requester once). */
export interface MailCreated extends WriteResult {
  generatedPassword?: string | undefined;
}

const LIMIT_OF: Record<MailField, number | undefined> = {
  mail_address: undefined,
  password: MAIL_LIMITS.passwordMin,
  quota_mb: MAIL_LIMITS.quotaMax,
  memo: MAIL_LIMITS.textMax,
  forwarding_addresses: undefined,
};

const MAIL_FIELDS: ReadonlySet<string> = new Set<MailField>([
  'mail_address',
  'password',
  'quota_mb',
  'memo',
  'forwarding_addresses',
]);

/** The provider client's issues, each on its field (its messages are for the log, never shown). */
export function mailProblems(issues: readonly ValidationIssue[]): MailProblem[] {
  const first = new Map<MailField, MailProblem>();
  for (const i of issues) {
    if (!MAIL_FIELDS.has(i.field)) continue;
    const field = i.field as MailField;
    const rule: MailRule =
      i.rule === 'required' || i.rule === 'control_character' || i.rule === 'range'
        ? i.rule
        : i.rule === 'min_length'
          ? 'too_short'
          : i.rule === 'max_length'
            ? 'too_long'
            : 'format';
    const limit =
      rule === 'range' || rule === 'too_short' || rule === 'too_long' ? LIMIT_OF[field] : undefined;
    if (!first.has(field)) first.set(field, { field, rule, ...(limit === undefined ? {} : { limit }) });
  }
  return [...first.values()];
}

/** A mail address typed on the command line or in a form. */
export function checkMailAddress(address: string): MailProblem[] {
  if (address.trim() === '') return [{ field: 'mail_address', rule: 'required' }];
  return mailProblems(validateMailAddress(address.trim(), 'mail_address'));
}

/** A new account as POST /mail takes it, by the reference's rules (a generated password passes them). */
export function checkMailForm(f: MailForm): MailProblem[] {
  const memoTooLong =
    [...f.memo].length > MAIL_LIMITS.textMax
      ? [{ field: 'memo' as const, rule: 'too_long' as const, limit: MAIL_LIMITS.textMax }]
      : [];
  const issues = validateMailCreate({
    mail_address: f.address.trim(),
    password: f.generate ? 'x'.repeat(MAIL_LIMITS.passwordMin) : f.password,
    ...(f.quota === undefined ? {} : { quota_mb: f.quota }),
    ...(f.memo.trim() === '' ? {} : { memo: f.memo }),
  });
  const problems = [...mailProblems(issues), ...memoTooLong];
  const seen = new Set<MailField>();
  return problems.filter((p) => !seen.has(p.field) && seen.add(p.field));
}

/**
 * A change as typed: a field left out keeps its value (an empty password,
 * an empty quota). The reference states the password's and quota's bounds
 * for creation only: a change is checked for their types alone, and the
 * provider's answer says the rest.
 */
export interface MailChangeForm {
  password: string;
  quota: number | undefined;
  memo: string;
}

const changeBody = (f: MailChangeForm) => ({
  ...(f.password === '' ? {} : { password: f.password }),
  ...(f.quota === undefined ? {} : { quota_mb: f.quota }),
  memo: f.memo,
});

export function checkMailChange(f: MailChangeForm): MailProblem[] {
  const memoTooLong =
    [...f.memo].length > MAIL_LIMITS.textMax
      ? [{ field: 'memo' as const, rule: 'too_long' as const, limit: MAIL_LIMITS.textMax }]
      : [];
  return [...mailProblems(validateMailChange(changeBody(f))), ...memoTooLong];
}

/** Forwarding as typed: the addresses (an empty list clears it) and whether a copy stays in the mailbox. */
export interface ForwardingForm {
  addresses: string[];
  keepInMailbox: boolean;
}

export const checkForwarding = (f: ForwardingForm): MailProblem[] =>
  mailProblems(
    validateForwarding({
      forwarding_addresses: f.addresses.map((a) => a.trim()),
      keep_in_mailbox: f.keepInMailbox,
    }),
  );

/** Forwarding as read: a field the answer left out or broke is undefined. */
export interface ForwardingNow {
  mail_address: string;
  addresses: string[] | undefined;
  keepInMailbox: boolean | undefined;
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALL = LOWER + UPPER + DIGITS;

/**
 * A mail password: 20 letters and digits (about 117 bits), no symbols, since
 * the reference names none a mail password may hold and a mail client must
 * take it as typed. Every class present; uniform choices from node:crypto.
 */
/**
 * A new account's audited parameters: the address, quota and memo, and
 * whether the bot generated the password, never the password itself.
 */
export function mailAddParams(f: MailForm) {
  return {
    mail_address: f.address.trim(),
    ...(f.quota === undefined ? {} : { quota_mb: f.quota }),
    ...(f.memo.trim() === '' ? {} : { memo: f.memo }),
    generated: f.generate,
  };
}

/** POST /mail's body for a new account (the password in it alone). */
export function mailCreateBody(f: MailForm, password: string) {
  return {
    mail_address: f.address.trim(),
    password,
    ...(f.quota === undefined ? {} : { quota_mb: f.quota }),
    ...(f.memo.trim() === '' ? {} : { memo: f.memo }),
  };
}

export function generateMailPassword(length = 20): string {
  const pick = (s: string) => s.charAt(randomInt(s.length));
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS)];
  while (chars.length < length) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    const t = chars[i]!;
    chars[i] = chars[j]!;
    chars[j] = t;
  }
  return chars.join('');
}

/** The provider's 404 for an account, said as the account not being there (with where to look). */
const notFound =
  (address: string) =>
  (err: unknown): never => {
    if (
      err instanceof ServiceError &&
      err.problem.code === 'hosting_rejected' &&
      err.problem.params.code === 'NOT_FOUND'
    )
      throw new ServiceError('hosting_not_found', { what: 'mail', id: address.trim() });
    throw err;
  };

/** A value refused before anything is sent, in the one shape every /hosting refusal has. */
const refuse = (p: MailProblem | undefined): void => {
  if (!p) return;
  throw new ServiceError('invalid_field', { field: p.field, rule: p.rule, limit: p.limit ?? 0 });
};

export class HostingMail {
  constructor(private readonly calls: HostingCalls) {}

  async list(
    actor: Actor,
    named: string | undefined,
    domain: string | undefined,
  ): Promise<OnServer<MailListing>> {
    const action = 'hosting.mail';
    const { server, api } = await this.calls.begin(actor, action, named, domain ? { domain } : {});
    if (domain !== undefined)
      await this.calls.refuseInvalid(actor, action, server, checkFqdn(domain), { domain });
    const q = domain === undefined ? {} : { domain: domain.trim() };
    const l = await this.calls.read(() => api.listMail(q, READ), { actor, action, server, params: q });
    const accounts = [...l.items].sort((a, b) => a.mail_address.localeCompare(b.mail_address));
    return { server, value: { domain: q.domain, accounts, unreadable: l.malformed.length } };
  }

  /** GET /mail/{address}: the quota and what is used of it. */
  async show(actor: Actor, named: string | undefined, address: string): Promise<OnServer<MailAccountNow>> {
    const action = 'hosting.mail';
    const { server, api } = await this.calls.begin(actor, action, named, { address });
    refuse(checkMailAddress(address)[0]);
    const read = await this.calls
      .read(() => api.getMail(address.trim(), READ), { actor, action, server, params: { address } })
      .catch(notFound(address));
    return { server, value: accountNow(address.trim(), read) };
  }

  checkForm(f: MailForm): MailProblem[] {
    return checkMailForm(f);
  }

  /** Who may add an account on which server, before the form is shown. */
  async mayAdd(actor: Actor, named: string | undefined, address: string): Promise<string> {
    const { server } = await this.calls.begin(actor, 'hosting.mail_add', named, { address, form: true });
    return server;
  }

  /**
   * POST /mail, at once (creating takes nothing away). The password goes in
   * the request body alone: the audit's parameters name the address, quota
   * and memo, and whether the bot generated the password.
   */
  async add(actor: Actor, named: string | undefined, f: MailForm): Promise<MailCreated> {
    const action = 'hosting.mail_add';
    const address = f.address.trim();
    const params = mailAddParams(f);
    const { server, api } = await this.calls.begin(actor, action, named, params);
    refuse(checkMailForm(f)[0]);
    const password = f.generate ? generateMailPassword() : f.password;
    this.calls.deps.secrets.add(password);
    try {
      const answer = await this.calls.write(
        actor,
        action,
        server,
        params,
        () => api.createMail(mailCreateBody(f, password), WRITE),
        // Ownership not proven is answered with the record to set (and the offer to set it).
        (err) =>
          ownershipRefusal(api, address.slice(address.lastIndexOf('@') + 1), err, { conflictOnly: true }),
      );
      return {
        server,
        action,
        subject: address,
        created: answer.mail_address,
        ...(f.generate ? { generatedPassword: password } : {}),
      };
    } finally {
      // A generated password stays scrubbed until it has been shown (forgetSecret).
      if (!f.generate) this.calls.deps.secrets.delete(password);
    }
  }

  /** The account a change form starts from (one that is not there is the provider's 404, explained). */
  async account(actor: Actor, named: string | undefined, address: string): Promise<OnServer<MailAccountNow>> {
    const action = 'hosting.mail_change';
    const { server, api } = await this.calls.begin(actor, action, named, { address, form: true });
    refuse(checkMailAddress(address)[0]);
    const read = await this.calls
      .read(() => api.getMail(address.trim(), WRITE), { actor, action, server, params: { address } })
      .catch(notFound(address));
    return { server, value: accountNow(address.trim(), read) };
  }

  checkChange(f: MailChangeForm): MailProblem[] {
    return checkMailChange(f);
  }

  /** PUT /mail/{address}: the quota and memo as typed, the password only when one was typed (never audited). */
  async change(
    actor: Actor,
    named: string | undefined,
    address: string,
    f: MailChangeForm,
  ): Promise<WriteResult> {
    const action = 'hosting.mail_change';
    const params = {
      mail_address: address.trim(),
      ...(f.quota === undefined ? {} : { quota_mb: f.quota }),
      memo: f.memo,
      // Named so the audit keeps it (a key naming a password is stripped there, whatever its value).
      new_login: f.password !== '',
    };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    refuse([...checkMailAddress(address), ...checkMailChange(f)][0]);
    if (f.password !== '') this.calls.deps.secrets.add(f.password);
    try {
      await this.calls.write(actor, action, server, params, () =>
        api.updateMail(address.trim(), changeBody(f), WRITE),
      );
      return { server, action, subject: address.trim() };
    } finally {
      if (f.password !== '') this.calls.deps.secrets.delete(f.password);
    }
  }

  /** GET /mail/{address}/forwarding */
  async forwarding(
    actor: Actor,
    named: string | undefined,
    address: string,
    forForm = false,
  ): Promise<OnServer<ForwardingNow>> {
    const action = forForm ? 'hosting.mail_forward' : 'hosting.mail';
    const { server, api } = await this.calls.begin(actor, action, named, {
      address,
      ...(forForm ? { form: true } : {}),
    });
    refuse(checkMailAddress(address)[0]);
    const read = await this.calls
      .read(() => api.getForwarding(address.trim(), forForm ? WRITE : READ), {
        actor,
        action,
        server,
        params: { address },
      })
      .catch(notFound(address));
    return {
      server,
      value: {
        mail_address: address.trim(),
        addresses: Array.isArray(read.forwarding_addresses)
          ? read.forwarding_addresses.filter((a): a is string => typeof a === 'string')
          : undefined,
        keepInMailbox: typeof read.keep_in_mailbox === 'boolean' ? read.keep_in_mailbox : undefined,
      },
    };
  }

  checkForwarding(f: ForwardingForm): MailProblem[] {
    return checkForwarding(f);
  }

  /** PUT /mail/{address}/forwarding: the list replaced whole (empty: forwarding stops). */
  async setForwarding(
    actor: Actor,
    named: string | undefined,
    address: string,
    f: ForwardingForm,
  ): Promise<WriteResult> {
    const action = 'hosting.mail_forward';
    const addresses = f.addresses.map((a) => a.trim()).filter((a) => a !== '');
    const params = {
      mail_address: address.trim(),
      forwarding_addresses: addresses,
      keep_in_mailbox: f.keepInMailbox,
    };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    refuse([...checkMailAddress(address), ...checkForwarding({ ...f, addresses })][0]);
    await this.calls.write(actor, action, server, params, () =>
      api.setForwarding(
        address.trim(),
        { forwarding_addresses: addresses, keep_in_mailbox: f.keepInMailbox },
        WRITE,
      ),
    );
    return { server, action, subject: address.trim() };
  }

  /** Once a generated password has been shown (or could not be), the scrubber lets it go. */
  forgetSecret(password: string | undefined): void {
    if (password !== undefined) this.calls.deps.secrets.delete(password);
  }
}

// The delete, on the decision machine (hosting-operations.ts).

export type MailRequest = { kind: 'hosting.mail_delete'; address: string };
export type MailLoss = { kind: 'hosting.mail_delete'; account: MailAccountNow };

export const isMailRequest = (r: { kind: string }): r is MailRequest => r.kind === 'hosting.mail_delete';
export const isMailLoss = (l: { kind: string }): l is MailLoss => l.kind === 'hosting.mail_delete';

/** The account as it is now (with its usage: the mail that goes with it); one not there is refused first. */
export async function mailLossOf(api: HostingClient, req: MailRequest): Promise<MailLoss> {
  refuse(checkMailAddress(req.address)[0]);
  const address = req.address.trim();
  const listed = (await api.listMail({}, WRITE)).items.some(
    (m) => m.mail_address.toLowerCase() === address.toLowerCase(),
  );
  if (!listed) throw new ServiceError('hosting_not_found', { what: 'mail', id: address });
  return { kind: req.kind, account: accountNow(address, await api.getMail(address, WRITE)) };
}

export const sendMail = (api: HostingClient, req: MailRequest): Promise<WriteAnswer> =>
  api.deleteMail(req.address.trim(), ORDER);

export const mailSubject = (loss: MailLoss): string => loss.account.mail_address;
