/**
 * /hosting's FTP accounts: the list (of one domain, or of every one), an
 * account added or changed at once (the delete is a destructive operation:
 * record-operations.ts). The main account is not among them: the provider
 * leaves it out (docs/provider-api.md, Hosting endpoints).
 *
 * A password typed or generated is handed to the provider and to nothing else,
 * as a mail account's is (mail-accounts.ts): registered with the log scrubber
 * while it is in use, kept out of the audit's parameters and every result,
 * and a generated one returned to the caller alone, to be shown once.
 */
import {
  type FtpAccount,
  READ,
  HOSTING_LIMITS as REFERENCE,
  type ValidationIssue,
  validateFtpChange,
  validateFtpCreate,
  validateMailAddress,
  WRITE,
} from '../../provider/index.ts';
import type { Actor } from '../access/index.ts';
import { ServiceError } from '../errors.ts';
import type { FieldProblem } from '../field-problem.ts';
import { areaRejection } from './area-rejection.ts';
import type { HostingCalls, WriteResult } from './hosting-calls.ts';
import type { OnServer } from './hosting-reads.ts';
import { generateMailPassword } from './mail-accounts.ts';
import { checkFqdn } from './rules.ts';

export interface FtpListing {
  /** The domain asked for; undefined for every domain. */
  domain: string | undefined;
  accounts: FtpAccount[];
  unreadable: number;
}

export type FtpField = 'ftp_account' | 'password' | 'directory' | 'quota_mb' | 'memo';
export type FtpRule = 'required' | 'too_short' | 'too_long' | 'whole_number' | 'format' | 'control_character';
export type FtpProblem = FieldProblem<FtpField, FtpRule>;

/** The bounds the sentences name: the reference's, and the bot's one text bound. */
export const FTP_LIMITS = {
  passwordMin: REFERENCE.ftpPasswordMin,
  /** A Slack text input holds 3,000 characters: one less lets an over-long paste be refused on its field. */
  textMax: 2999,
} as const;

/** The add form as typed. `quota` NaN: typed, but not a whole number; empty texts are left to the provider's defaults. */
export interface FtpForm {
  account: string;
  /** Empty with `generate`: the bot makes one. */
  password: string;
  generate: boolean;
  directory: string;
  quota: number | undefined;
  memo: string;
}

/** A change as typed: an empty password, directory or quota keeps its value. */
export interface FtpChangeForm {
  password: string;
  directory: string;
  quota: number | undefined;
  memo: string;
}

/** An account added; `generatedPassword` only when the bot made it (to be shown to its requester once). */
export interface FtpCreated extends WriteResult {
  generatedPassword?: string | undefined;
}

/** One account as listed (the list is the only read of an FTP account). */
export type FtpAccountNow = Pick<FtpAccount, 'ftp_account' | 'directory' | 'quota_mb' | 'memo'>;

const FTP_FIELDS: ReadonlySet<string> = new Set<FtpField>([
  'ftp_account',
  'password',
  'directory',
  'quota_mb',
  'memo',
]);

/** The provider client's issues, each on its field (its messages are for the log, never shown). */
export function ftpProblems(issues: readonly ValidationIssue[]): FtpProblem[] {
  const out: FtpProblem[] = [];
  for (const i of issues) {
    if (!FTP_FIELDS.has(i.field)) continue;
    const field = i.field as FtpField;
    if (out.some((p) => p.field === field)) continue;
    if (i.rule === 'required' || i.rule === 'control_character') out.push({ field, rule: i.rule });
    else if (i.rule === 'min_length') out.push({ field, rule: 'too_short', limit: FTP_LIMITS.passwordMin });
    else if (i.rule === 'max_length') out.push({ field, rule: 'too_long', limit: FTP_LIMITS.textMax });
    else if (field === 'quota_mb') out.push({ field, rule: 'whole_number' });
    else out.push({ field, rule: 'format' });
  }
  return out;
}

/** Beyond the reference: every typed text keeps the bot's bound of one Slack input. */
function tooLong(f: { directory: string; memo: string }): FtpProblem[] {
  return (['directory', 'memo'] as const).flatMap((field) =>
    [...f[field]].length > FTP_LIMITS.textMax
      ? [{ field, rule: 'too_long' as const, limit: FTP_LIMITS.textMax }]
      : [],
  );
}

const firstPerField = (problems: FtpProblem[]): FtpProblem[] => {
  const seen = new Set<FtpField>();
  return problems.filter((p) => !seen.has(p.field) && seen.add(p.field));
};

/** An account (`user@domain`) typed on the command line. */
export function checkFtpAccount(account: string): FtpProblem[] {
  if (account.trim() === '') return [{ field: 'ftp_account', rule: 'required' }];
  return ftpProblems(validateMailAddress(account.trim(), 'ftp_account'));
}

const createBody = (f: FtpForm, password: string) => ({
  ftp_account: f.account.trim(),
  password,
  ...(f.directory.trim() === '' ? {} : { directory: f.directory.trim() }),
  ...(f.quota === undefined ? {} : { quota_mb: f.quota }),
  ...(f.memo.trim() === '' ? {} : { memo: f.memo }),
});

/** A new account as POST /ftp takes it, by the reference's rules (a generated password passes them). */
export function checkFtpForm(f: FtpForm): FtpProblem[] {
  const password = f.generate ? 'x'.repeat(FTP_LIMITS.passwordMin) : f.password;
  return firstPerField([...ftpProblems(validateFtpCreate(createBody(f, password))), ...tooLong(f)]);
}

const changeBody = (f: FtpChangeForm) => ({
  ...(f.password === '' ? {} : { password: f.password }),
  ...(f.directory.trim() === '' ? {} : { directory: f.directory.trim() }),
  ...(f.quota === undefined ? {} : { quota_mb: f.quota }),
  memo: f.memo,
});

/**
 * A change by the reference's rules: it states the password's bound for
 * creation only, so a new password is checked for its characters alone and
 * the provider's answer says the rest.
 */
export function checkFtpChange(f: FtpChangeForm): FtpProblem[] {
  return firstPerField([...ftpProblems(validateFtpChange(changeBody(f))), ...tooLong(f)]);
}

/** A value refused before anything is sent, in the one shape every /hosting refusal has. */
const refuse = (p: FtpProblem | undefined): void => {
  if (!p) return;
  throw new ServiceError('invalid_field', { field: p.field, rule: p.rule, limit: p.limit ?? 0 });
};

const domainOf = (account: string): string => account.slice(account.lastIndexOf('@') + 1);

export class HostingFtp {
  constructor(private readonly calls: HostingCalls) {}

  async list(
    actor: Actor,
    named: string | undefined,
    domain: string | undefined,
  ): Promise<OnServer<FtpListing>> {
    const action = 'hosting.ftp';
    const params = domain === undefined ? {} : { domain };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    if (domain !== undefined)
      await this.calls.refuseInvalid(actor, action, server, checkFqdn(domain), params);
    const query = domain === undefined ? {} : { domain: domain.trim() };
    const l = await this.calls.read(() => api.listFtp(query, READ), { actor, action, server, params });
    return {
      server,
      value: { domain: domain?.trim(), accounts: l.items, unreadable: l.malformed.length },
    };
  }

  checkForm(f: FtpForm): FtpProblem[] {
    return checkFtpForm(f);
  }

  checkChange(f: FtpChangeForm): FtpProblem[] {
    return checkFtpChange(f);
  }

  /** Who may add an account on which server, before the form is shown. */
  async mayAdd(actor: Actor, named: string | undefined, account: string): Promise<string> {
    const { server } = await this.calls.begin(actor, 'hosting.ftp_add', named, { account, form: true });
    return server;
  }

  /**
   * POST /ftp, at once (adding takes nothing away). The password goes in the
   * request body alone: the audit's parameters name the account, directory,
   * quota and memo, and whether the bot generated the password.
   */
  async add(actor: Actor, named: string | undefined, f: FtpForm): Promise<FtpCreated> {
    const action = 'hosting.ftp_add';
    const { password: _never, ...shown } = createBody(f, '');
    const params = { ...shown, generated: f.generate };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    refuse(checkFtpForm(f)[0]);
    const password = f.generate ? generateMailPassword() : f.password;
    this.calls.deps.secrets.add(password);
    try {
      const answer = await this.calls.write(
        actor,
        action,
        server,
        params,
        () => api.createFtp(createBody(f, password), WRITE),
        areaRejection('ftp'),
      );
      return {
        server,
        action,
        subject: f.account.trim(),
        created: answer.ftp_account,
        ...(f.generate ? { generatedPassword: password } : {}),
      };
    } finally {
      // A generated password stays scrubbed until it has been shown (forgetSecret).
      if (!f.generate) this.calls.deps.secrets.delete(password);
    }
  }

  /** The account a change form starts from, as the list shows it; one not listed is refused. */
  async account(actor: Actor, named: string | undefined, account: string): Promise<OnServer<FtpAccountNow>> {
    const action = 'hosting.ftp_change';
    const { server, api } = await this.calls.begin(actor, action, named, { account, form: true });
    refuse(checkFtpAccount(account)[0]);
    const name = account.trim().toLowerCase();
    const listed = await this.calls.read(() => api.listFtp({ domain: domainOf(name) }, WRITE), {
      actor,
      action,
      server,
      params: { account },
    });
    const found = listed.items.find((a) => a.ftp_account.toLowerCase() === name);
    if (!found) throw new ServiceError('hosting_not_found', { what: 'ftp', id: account.trim() });
    const { ftp_account, directory, quota_mb, memo } = found;
    return { server, value: { ftp_account, directory, quota_mb, memo } };
  }

  /** PUT /ftp/{ftp_account}: what was typed; a new password only when one was typed (never audited). */
  async change(
    actor: Actor,
    named: string | undefined,
    account: string,
    f: FtpChangeForm,
  ): Promise<WriteResult> {
    const action = 'hosting.ftp_change';
    const { password: _never, ...shown } = changeBody(f);
    // `new_login` is named so the audit keeps it (a key naming a password is stripped there, whatever its value).
    const params = { ftp_account: account.trim(), ...shown, new_login: f.password !== '' };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    refuse([...checkFtpAccount(account), ...checkFtpChange(f)][0]);
    if (f.password !== '') this.calls.deps.secrets.add(f.password);
    try {
      await this.calls.write(
        actor,
        action,
        server,
        params,
        () => api.updateFtp(account.trim(), changeBody(f), WRITE),
        areaRejection('ftp'),
      );
      return { server, action, subject: account.trim() };
    } finally {
      if (f.password !== '') this.calls.deps.secrets.delete(f.password);
    }
  }

  /** Once a generated password has been shown (or could not be), the scrubber lets it go. */
  forgetSecret(password: string | undefined): void {
    if (password !== undefined) this.calls.deps.secrets.delete(password);
  }
}
