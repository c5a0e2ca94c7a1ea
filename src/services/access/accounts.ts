/**
 * The provider accounts the bot serves (docs/operators.md, Several provider
 * accounts): each one's key, read at start from the variable or the file the
 * policy names, and which account a channel works on. A channel bound in the
 * policy file keeps that account; one bound from Slack (`/vps account use`)
 * keeps the one stored; any other works on the default account when there is
 * one, and is refused with the bindings there are when there is not.
 */
import { readFileSync } from 'node:fs';
import { type Config, ConfigError } from '../../config.ts';
import type { SecretRegistry } from '../../log.ts';
import type { Audit } from '../audit.ts';
import { ServiceError } from '../errors.ts';
import type { AccessService, Actor } from './access-service.ts';
import type { KeyScope } from './key-scope.ts';
import { DEFAULT_ACCOUNT, type Policy } from './policy.ts';

/** An account as the bot runs it. `apiKey` is a secret: registered with the log's scrubber when read. */
export interface AccountSpec {
  name: string;
  /** What people read for it ("Production"); the name itself for the one account of PROVIDER_API_KEY. */
  label: string;
  apiKey: string;
  notifyChannel?: string | undefined;
  digestChannel?: string | undefined;
}

/**
 * The state of an account's key as its health check last found it: the same
 * states as the key's health (src/watch/key-health.ts, `KeyState`), which
 * the Slack side may not import.
 */
export type AccountKeyHealth = 'unchecked' | 'ok' | 'expired' | 'forbidden' | 'refused' | 'unreachable';

/** What `/vps accounts` shows of an account's key and day, read without asking the provider. */
export interface AccountFigures {
  keyHealth: AccountKeyHealth;
  /** Null: the key never expires; undefined: not known yet. */
  expiresAt?: Date | null | undefined;
  /** What the key covers, from its last reading; undefined before any. */
  scope?: KeyScope | undefined;
  requestsToday: number;
  /** The configured requests per day; undefined when none is. */
  dailyLimit?: number | undefined;
}

/** The shortest a provider key is (config.ts' rule for PROVIDER_API_KEY). */
const KEY_MIN = 8;

/**
 * The accounts, with their keys read. A policy without `accounts:` gives one
 * account, `default`, from PROVIDER_API_KEY, NOTIFY_CHANNEL and
 * DIGEST_CHANNEL, as the bot has always run. A policy with accounts reads
 * each key from its `key_env` variable or its `key_file` (trimmed);
 * PROVIDER_API_KEY is then used only by an account whose key_env names it,
 * and NOTIFY_CHANNEL / DIGEST_CHANNEL are the default account's unless it
 * names its own. Every problem is one line naming the account and where its
 * key should be, never the key; every key read is registered with `secrets`.
 */
export function resolveAccounts(
  config: Pick<Config, 'provider' | 'notifyChannel' | 'digest' | 'variable'>,
  policy: Policy | undefined,
  secrets: Pick<SecretRegistry, 'add'>,
): AccountSpec[] {
  const declared = Object.entries(policy?.accounts ?? {});
  if (declared.length === 0) {
    const apiKey = config.provider.apiKey;
    if (!apiKey) throw new ConfigError(['PROVIDER_API_KEY: required to reach the provider API']);
    secrets.add(apiKey);
    return [
      {
        name: DEFAULT_ACCOUNT,
        label: DEFAULT_ACCOUNT,
        apiKey,
        notifyChannel: config.notifyChannel,
        digestChannel: config.digest.channel,
      },
    ];
  }
  const problems: string[] = [];
  const specs: AccountSpec[] = [];
  const holder = new Map<string, string>();
  for (const [name, account] of declared) {
    const where =
      account.key_env !== undefined
        ? `the environment variable ${account.key_env} (its key_env)`
        : `the file ${account.key_file} (its key_file)`;
    let apiKey: string | undefined;
    if (account.key_env !== undefined) {
      apiKey = config.variable(account.key_env);
      if (apiKey === undefined) problems.push(`account ${name}: ${where} is not set`);
    } else if (account.key_file !== undefined) {
      try {
        apiKey = readFileSync(account.key_file, 'utf8').trim();
        if (apiKey === '') {
          problems.push(`account ${name}: ${where} is empty`);
          apiKey = undefined;
        }
      } catch (err) {
        problems.push(
          `account ${name}: cannot read ${where} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
        );
      }
    }
    if (apiKey === undefined) continue;
    // Registered before any check, so that no later line can carry it.
    secrets.add(apiKey);
    if (apiKey.length < KEY_MIN || /\s/.test(apiKey)) {
      problems.push(
        `account ${name}: what ${where} holds is not a provider API key, which is at least ${KEY_MIN} characters with no spaces`,
      );
      continue;
    }
    const other = holder.get(apiKey);
    if (other !== undefined) {
      // Two accounts on one key would be one account shown as two, with two daily budgets.
      problems.push(
        `account ${name}: its key is the same as account ${other}'s; each account has its own key`,
      );
      continue;
    }
    holder.set(apiKey, name);
    const isDefault = policy?.default_account === name;
    specs.push({
      name,
      label: account.label,
      apiKey,
      notifyChannel: account.notify_channel ?? (isDefault ? config.notifyChannel : undefined),
      digestChannel: account.digest_channel ?? (isDefault ? config.digest.channel : undefined),
    });
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return specs;
}

/**
 * The policy as one account's people and channels see it, for the
 * AccessService of that account: the account's `roles` replace the
 * top-level role of everyone they name (a user or a group, as written), and
 * the channel list is that account's channels (none listed in the file:
 * every channel, as before).
 */
export function policyFor(policy: Policy, account: string): Policy {
  const own = policy.accounts?.[account]?.roles;
  const channels =
    policy.channels === undefined
      ? undefined
      : policy.channels.filter((id) => policy.bindings?.[id] === account);
  if (!own) return { ...policy, channels };
  const named = new Set(Object.values(own).flat());
  const roles: Policy['roles'] = {};
  for (const role of ['viewer', 'operator', 'approver', 'admin'] as const) {
    const kept = (policy.roles[role] ?? []).filter((p) => !named.has(p));
    const merged = [...kept, ...(own[role] ?? [])];
    if (merged.length > 0) roles[role] = merged;
  }
  return { ...policy, roles, channels };
}

/**
 * OPERATORS and APPROVERS for one account's AccessService: without the
 * people that account's roles name, whose role there is the account's.
 */
export function grantsFor(
  policy: Policy | undefined,
  account: string,
  grants: { operators: readonly string[]; approvers: readonly string[] },
): { operators: readonly string[]; approvers: readonly string[] } {
  const own = policy?.accounts?.[account]?.roles;
  if (!own) return grants;
  const named = new Set(Object.values(own).flat());
  return {
    operators: grants.operators.filter((p) => !named.has(p)),
    approvers: grants.approvers.filter((p) => !named.has(p)),
  };
}

/** A channel bound to an account from Slack, as the store keeps it. */
export interface StoredBinding {
  channelId: string;
  account: string;
  /** The admin who bound it. */
  boundBy: string;
  boundAt: Date;
}

/** The channels bound from Slack (`store.accountBindings`): one account per channel. */
export interface AccountBindings {
  /** The account a channel was bound to, or undefined. */
  of(channelId: string): Promise<string | undefined>;
  all(): Promise<readonly StoredBinding[]>;
  /** Binds the channel, replacing the account it had. */
  bind(channelId: string, account: string, by: string): Promise<void>;
  unbind(channelId: string): Promise<void>;
}

/** A channel and the account it works on, as people read it (the account's label). */
export interface BoundChannel {
  channelId: string;
  account: string;
  label: string;
  /** `policy`: the file binds it; `slack`: an admin did, with `/vps account use`. */
  source: 'policy' | 'slack';
}

/** An account's line of `/vps accounts`. */
export interface AccountOverview {
  name: string;
  label: string;
  /** Unbound channels work on it. */
  isDefault: boolean;
  channels: BoundChannel[];
}

export interface AccountDirectoryDeps {
  accounts: readonly AccountSpec[];
  policy: Policy | undefined;
  bindings: AccountBindings;
  /** Who may do what on an account (its AccessService, from `policyFor`). */
  access: (account: string) => Pick<AccessService, 'authorize' | 'decide'>;
  audit: Pick<Audit, 'byActor'>;
}

/** What `/vps account use` did: the account the channel works on now, and the one it had (if bound). */
export interface BindOutcome {
  account: { name: string; label: string };
  previous: { name: string; label: string } | undefined;
}

export class AccountDirectory {
  private readonly byName: ReadonlyMap<string, AccountSpec>;

  constructor(private readonly deps: AccountDirectoryDeps) {
    this.byName = new Map(deps.accounts.map((a) => [a.name, a]));
  }

  /** Every account, in the policy's order. */
  list(): readonly AccountSpec[] {
    return this.deps.accounts;
  }

  /** The account an unbound channel works on: the one named or the only one; undefined when there are several and none is named. */
  defaultAccount(): string | undefined {
    const named = this.deps.policy?.default_account;
    if (named !== undefined && this.byName.has(named)) return named;
    return this.deps.accounts.length === 1 ? this.deps.accounts[0]!.name : undefined;
  }

  private policyBinding(channelId: string): string | undefined {
    const account = this.deps.policy?.bindings?.[channelId];
    return account !== undefined && this.byName.has(account) ? account : undefined;
  }

  /**
   * The account a channel works on: the policy file's binding, else the one
   * bound from Slack, else the default account. A channel bound from Slack
   * to an account the policy no longer declares is refused like an unbound
   * one (never quietly moved to another account's servers).
   */
  async accountOf(channelId: string): Promise<string> {
    const inPolicy = this.policyBinding(channelId);
    if (inPolicy !== undefined) return inPolicy;
    const stored = await this.deps.bindings.of(channelId);
    if (stored !== undefined) {
      if (this.byName.has(stored)) return stored;
    } else {
      const fallback = this.defaultAccount();
      if (fallback !== undefined) return fallback;
    }
    throw new ServiceError('account_unbound', {
      bindings: (await this.bound()).map((b) => ({ channel: b.channelId, label: b.label })),
      names: this.deps.accounts.map((a) => a.name),
    });
  }

  /** Every channel bound to an account, the policy's first (a stored binding it overrides is left out). */
  async bound(): Promise<BoundChannel[]> {
    const out: BoundChannel[] = [];
    const seen = new Set<string>();
    for (const [channelId, account] of Object.entries(this.deps.policy?.bindings ?? {})) {
      const spec = this.byName.get(account);
      if (!spec) continue;
      seen.add(channelId);
      out.push({ channelId, account, label: spec.label, source: 'policy' });
    }
    for (const b of await this.deps.bindings.all()) {
      const spec = this.byName.get(b.account);
      if (!spec || seen.has(b.channelId)) continue;
      seen.add(b.channelId);
      out.push({ channelId: b.channelId, account: b.account, label: spec.label, source: 'slack' });
    }
    return out;
  }

  /**
   * `/vps accounts`: the accounts this person may read (a viewer of it,
   * wherever they ask from), each with its channels.
   */
  async overview(actor: Actor): Promise<AccountOverview[]> {
    const bound = await this.bound();
    const fallback = this.defaultAccount();
    const out: AccountOverview[] = [];
    for (const a of this.deps.accounts) {
      const d = await this.deps.access(a.name).decide(actor, 'accounts', { placeless: true });
      if (d.refusal) continue;
      out.push({
        name: a.name,
        label: a.label,
        isDefault: a.name === fallback,
        channels: bound.filter((b) => b.account === a.name),
      });
    }
    if (out.length === 0) {
      // Nobody's account to read: the refusal of the first says why (a role).
      const first = this.deps.accounts[0];
      if (first) await this.deps.access(first.name).authorize(actor, 'accounts', { placeless: true });
    }
    return out;
  }

  /**
   * `/vps account use <name>` in the channel to bind: refused for an
   * account the policy does not declare and for a channel the policy file
   * binds (the file wins, whoever asks), then an admin of that account only.
   * Audited, refused or done.
   */
  async use(actor: Actor, name: string): Promise<BindOutcome> {
    const channelId = actor.channelId;
    const refuse = async (err: ServiceError): Promise<never> => {
      await this.deps.audit.byActor(actor, 'bind_channel', channelId, 'refused', { account: name }, err.code);
      throw err;
    };
    const wanted = name.trim().toLowerCase();
    const spec = this.byName.get(wanted);
    if (!spec)
      return refuse(
        new ServiceError('account_unknown', {
          name: name.slice(0, 40),
          accounts: this.deps.accounts.map((a) => ({ name: a.name, label: a.label })),
        }),
      );
    const inPolicy = this.policyBinding(channelId);
    if (inPolicy !== undefined)
      return refuse(
        new ServiceError('account_bound_in_policy', { label: this.byName.get(inPolicy)?.label ?? inPolicy }),
      );
    const d = await this.deps.access(spec.name).decide(actor, 'bind_channel');
    if (d.refusal) return refuse(d.refusal);
    const before = await this.deps.bindings.of(channelId);
    await this.deps.bindings.bind(channelId, spec.name, actor.userId);
    await this.deps.audit.byActor(actor, 'bind_channel', channelId, 'ok', {
      account: spec.name,
      ...(before !== undefined ? { previous: before } : {}),
    });
    const prev = before === undefined ? undefined : this.byName.get(before);
    return {
      account: { name: spec.name, label: spec.label },
      previous: before === undefined ? undefined : { name: before, label: prev?.label ?? before },
    };
  }
}
