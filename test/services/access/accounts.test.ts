/**
 * The accounts as the bot runs them: each key read from its variable or file
 * (a missing one named, never a key shown), the per-account view of the
 * policy, and which account a channel works on, bound from Slack by an admin.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { SecretRegistry } from '../../../src/log.ts';
import {
  AccessService,
  type AccountBindings,
  AccountDirectory,
  type AccountSpec,
  grantsFor,
  type Policy,
  parsePolicy,
  policyFor,
  resolveAccounts,
  type StoredBinding,
} from '../../../src/services/access/index.ts';
import { ServiceError } from '../../../src/services/errors.ts';
import type { AuditEntry } from '../../../src/store/index.ts';

const MAIN_KEY = 'xs_main_0123456789abcdef';
const SHOP_KEY = 'xs_shop_fedcba9876543210';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'accounts-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const configOf = (env: Record<string, string>) => loadConfig(env, 'none');

function problemsOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).problems;
  }
  return expect.unreachable();
}

describe('resolveAccounts', () => {
  it('without accounts in the policy: one account, default, from PROVIDER_API_KEY, as before', () => {
    const secrets = new SecretRegistry();
    const config = configOf({
      PROVIDER_API_KEY: MAIN_KEY,
      NOTIFY_CHANNEL: 'C0NOTIFY',
      DIGEST_CHANNEL: 'C0DIGEST',
    });
    const expected: AccountSpec[] = [
      {
        name: 'default',
        label: 'default',
        apiKey: MAIN_KEY,
        notifyChannel: 'C0NOTIFY',
        digestChannel: 'C0DIGEST',
      },
    ];
    expect(resolveAccounts(config, undefined, secrets)).toEqual(expected);
    expect(resolveAccounts(config, parsePolicy('channels: [C0OPS]\n'), secrets)).toEqual(expected);
    expect(secrets.has(MAIN_KEY)).toBe(true);
    expect(problemsOf(() => resolveAccounts(configOf({}), undefined, secrets))).toEqual([
      'PROVIDER_API_KEY: required to reach the provider API',
    ]);
  });

  it('reads each key from its variable or its file (trimmed), and registers each with the scrubber', async () => {
    const file = join(dir, 'shop-key');
    await writeFile(file, `\n  ${SHOP_KEY}\n`);
    const policy = parsePolicy(
      [
        'accounts:',
        '  main: { label: Production, key_env: PROVIDER_API_KEY_MAIN }',
        `  shop: { label: Shop A, key_file: ${file}, notify_channel: C0SHOPALERT }`,
        'default_account: main',
      ].join('\n'),
    );
    const secrets = new SecretRegistry();
    const config = configOf({
      PROVIDER_API_KEY_MAIN: ` ${MAIN_KEY} `,
      // Not used: no account names it.
      PROVIDER_API_KEY: 'xs_unused_key_000000',
      NOTIFY_CHANNEL: 'C0NOTIFY',
      DIGEST_CHANNEL: 'C0DIGEST',
    });
    expect(resolveAccounts(config, policy, secrets)).toEqual([
      // The variables remain the default account's.
      {
        name: 'main',
        label: 'Production',
        apiKey: MAIN_KEY,
        notifyChannel: 'C0NOTIFY',
        digestChannel: 'C0DIGEST',
      },
      {
        name: 'shop',
        label: 'Shop A',
        apiKey: SHOP_KEY,
        notifyChannel: 'C0SHOPALERT',
        digestChannel: undefined,
      },
    ]);
    expect(secrets.has(MAIN_KEY)).toBe(true);
    expect(secrets.has(SHOP_KEY)).toBe(true);
    expect(secrets.has('xs_unused_key_000000')).toBe(false);
  });

  it('PROVIDER_API_KEY with accounts declared: used by the account whose key_env names it', () => {
    const policy = parsePolicy('accounts:\n  main: { label: Production, key_env: PROVIDER_API_KEY }\n');
    const [main] = resolveAccounts(configOf({ PROVIDER_API_KEY: MAIN_KEY }), policy, new SecretRegistry());
    expect(main).toMatchObject({ name: 'main', apiKey: MAIN_KEY });
  });

  it('names every missing, empty or unreadable key by its account and its place, never a key', async () => {
    const empty = join(dir, 'empty-key');
    const short = join(dir, 'short-key');
    await writeFile(empty, ' \n');
    await writeFile(short, 'xs_ab\n');
    const missing = join(dir, 'no-such-file');
    const policy = parsePolicy(
      [
        'accounts:',
        '  a: { label: A, key_env: KEY_A }',
        `  b: { label: B, key_file: ${empty} }`,
        `  c: { label: C, key_file: ${missing} }`,
        `  d: { label: D, key_file: ${short} }`,
        '  e: { label: E, key_env: KEY_E }',
        '  f: { label: F, key_env: KEY_F }',
        '  g: { label: G, key_env: KEY_G }',
        'default_account: a',
      ].join('\n'),
    );
    const secrets = new SecretRegistry();
    const problems = problemsOf(() =>
      resolveAccounts(
        configOf({ KEY_A: '  ', KEY_E: 'xs_has space', KEY_F: SHOP_KEY, KEY_G: SHOP_KEY }),
        policy,
        secrets,
      ),
    );
    expect(problems).toEqual([
      'account a: the environment variable KEY_A (its key_env) is not set',
      `account b: the file ${empty} (its key_file) is empty`,
      `account c: cannot read the file ${missing} (its key_file) (ENOENT)`,
      `account d: what the file ${short} (its key_file) holds is not a provider API key, which is at least 8 characters with no spaces`,
      'account e: what the environment variable KEY_E (its key_env) holds is not a provider API key, which is at least 8 characters with no spaces',
      "account g: its key is the same as account f's; each account has its own key",
    ]);
    for (const p of problems) {
      expect(p).not.toContain(SHOP_KEY);
      expect(p).not.toContain('xs_has');
      expect(p).not.toContain('xs_ab');
    }
    // Whatever was read is scrubbed from the log, refused or not.
    expect(secrets.has(SHOP_KEY)).toBe(true);
    expect(secrets.has('xs_has space')).toBe(true);
  });
});

describe('the configuration, for the accounts', () => {
  const bot = { SLACK_BOT_TOKEN: 'xoxb-1-2', SLACK_APP_TOKEN: 'xapp-1-2' };

  it('reads one named variable of the environment it was loaded from, trimmed; blank is unset', () => {
    const config = loadConfig({
      ...bot,
      PROVIDER_API_KEY: MAIN_KEY,
      KEY_SHOP: `  ${SHOP_KEY}\n`,
      BLANK: ' ',
    });
    expect(config.variable('KEY_SHOP')).toBe(SHOP_KEY);
    expect(config.variable('BLANK')).toBeUndefined();
    expect(config.variable('NOT_THERE')).toBeUndefined();
  });

  it('leaves PROVIDER_API_KEY to the policy file when there is one (its accounts may name other keys)', () => {
    expect(problemsOf(() => loadConfig(bot))).toEqual([
      'PROVIDER_API_KEY: required to reach the provider API',
    ]);
    expect(loadConfig({ ...bot, POLICY_FILE: '/etc/vps/policy.yml' }).provider.apiKey).toBeUndefined();
  });
});

const POLICY = [
  'roles:',
  '  admin: [U0ADMIN]',
  '  operator: [U0CAROL, U0DAN]',
  'default_role: viewer',
  'accounts:',
  '  main: { label: Production, key_env: KEY_MAIN }',
  '  shop:',
  '    label: Shop A',
  '    key_env: KEY_SHOP',
  '    roles:',
  '      viewer: [U0CAROL]',
  '      admin: [U0ERIN]',
  'channels:',
  '  - { id: C0OPS, account: main }',
  '  - { id: C0SHOP, account: shop }',
].join('\n');

describe('policyFor and grantsFor', () => {
  const policy = parsePolicy(POLICY);

  it('gives each account its channels, and its roles over the top-level ones of the people they name', () => {
    const main = policyFor(policy, 'main');
    expect(main.channels).toEqual(['C0OPS']);
    expect(main.roles).toEqual(policy.roles);
    const shop = policyFor(policy, 'shop');
    expect(shop.channels).toEqual(['C0SHOP']);
    // Carol is an operator everywhere but a viewer of shop; Erin is an admin of shop only.
    expect(shop.roles).toEqual({ viewer: ['U0CAROL'], operator: ['U0DAN'], admin: ['U0ADMIN', 'U0ERIN'] });
    expect(shop.actions).toBe(policy.actions);
    // Without a channel list the bot answers anywhere, whichever account.
    expect(policyFor(parsePolicy('default_role: none\n'), 'default').channels).toBeUndefined();
  });

  it('takes the people an account names out of OPERATORS and APPROVERS for that account', () => {
    const grants = { operators: ['U0CAROL', 'U0FRANK'], approvers: ['U0ERIN'] };
    expect(grantsFor(policy, 'shop', grants)).toEqual({ operators: ['U0FRANK'], approvers: [] });
    expect(grantsFor(policy, 'main', grants)).toBe(grants);
    expect(grantsFor(undefined, 'default', grants)).toBe(grants);
  });

  it('per-account roles decide through AccessService', async () => {
    const shop = accessOf(policy, 'shop');
    expect(await shop.roleOf('U0CAROL')).toBe('viewer');
    expect(await accessOf(policy, 'main').roleOf('U0CAROL')).toBe('operator');
    expect(await shop.roleOf('U0ERIN')).toBe('admin');
    expect(await accessOf(policy, 'main').roleOf('U0ERIN')).toBe('viewer');
  });
});

function accessOf(policy: Policy, account: string): AccessService {
  return new AccessService({
    operators: [],
    approvers: [],
    policy: policyFor(policy, account),
    groups: { membersOf: async () => [] },
    provider: {
      me: async () => {
        throw new Error('no key is asked about to bind a channel');
      },
    },
    clock: { now: () => new Date(0) },
  });
}

/** The store's bindings as a map, with when each was made. */
function memoryBindings(): AccountBindings & { rows: Map<string, StoredBinding> } {
  const rows = new Map<string, StoredBinding>();
  return {
    rows,
    of: async (channelId) => rows.get(channelId)?.account,
    all: async () => [...rows.values()],
    bind: async (channelId, account, by) => {
      rows.set(channelId, { channelId, account, boundBy: by, boundAt: new Date(0) });
    },
    unbind: async (channelId) => {
      rows.delete(channelId);
    },
  };
}

const spec = (name: string, label: string): AccountSpec => ({ name, label, apiKey: `xs_${name}_key_0000` });

function directoryOf(policyText: string, accounts: AccountSpec[]) {
  const policy = parsePolicy(policyText);
  const bindings = memoryBindings();
  const audit: AuditEntry[] = [];
  const directory = new AccountDirectory({
    accounts,
    policy,
    bindings,
    access: (account) => accessOf(policy, account),
    audit: {
      byActor: async (actor, action, target, outcome, params, errorCode) => {
        audit.push({
          actor: actor.userId,
          channelId: actor.channelId,
          action,
          target,
          outcome,
          params,
          ...(errorCode ? { errorCode } : {}),
        });
      },
    },
  });
  return { directory, bindings, audit };
}

const TWO = [spec('main', 'Production'), spec('shop', 'Shop A')];

async function refusal(p: Promise<unknown>): Promise<ServiceError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ServiceError);
  return err as ServiceError;
}

describe('AccountDirectory.accountOf', () => {
  it('the policy binding wins over a stored one', async () => {
    const { directory, bindings } = directoryOf(POLICY, TWO);
    await bindings.bind('C0SHOP', 'main', 'U0ADMIN');
    expect(await directory.accountOf('C0SHOP')).toBe('shop');
    expect(await directory.accountOf('C0OPS')).toBe('main');
  });

  it('a channel bound from Slack works on the account stored', async () => {
    const { directory, bindings } = directoryOf(
      'accounts:\n  main: { label: Production, key_env: A }\n  shop: { label: Shop A, key_env: B }\n',
      TWO,
    );
    await bindings.bind('C0NEW', 'shop', 'U0ADMIN');
    expect(await directory.accountOf('C0NEW')).toBe('shop');
  });

  it('an unbound channel works on the default account: the one named, or the only one', async () => {
    const named = directoryOf(
      'accounts:\n  main: { label: Production, key_env: A }\n  shop: { label: Shop A, key_env: B }\ndefault_account: shop\n',
      TWO,
    );
    expect(await named.directory.accountOf('C0ELSE')).toBe('shop');
    const one = directoryOf('accounts:\n  main: { label: Production, key_env: A }\n', [TWO[0]!]);
    expect(await one.directory.accountOf('C0ELSE')).toBe('main');
    // No accounts in the policy (or no policy): the one account, default.
    const before = directoryOf('default_role: viewer\n', [spec('default', 'default')]);
    expect(await before.directory.accountOf('C0ELSE')).toBe('default');
  });

  it('several accounts and no default: refused with what is bound to what, by label', async () => {
    const { directory, bindings } = directoryOf(
      'accounts:\n  main: { label: Production, key_env: A }\n  shop: { label: Shop A, key_env: B }\nchannels:\n  - { id: C0OPS, account: main }\n',
      TWO,
    );
    await bindings.bind('C0SHOPX', 'shop', 'U0ADMIN');
    // The file's binding beats a stored one for the same channel: it is listed once, as the file says.
    await bindings.bind('C0OPS', 'shop', 'U0ADMIN');
    const err = await refusal(directory.accountOf('C0ELSE'));
    expect(err.problem).toEqual({
      code: 'account_unbound',
      params: {
        bindings: [
          { channel: 'C0OPS', label: 'Production' },
          { channel: 'C0SHOPX', label: 'Shop A' },
        ],
        names: ['main', 'shop'],
      },
    });
  });

  it('a channel stored on an account the policy no longer declares is refused, never moved to the default', async () => {
    const { directory, bindings } = directoryOf('accounts:\n  main: { label: Production, key_env: A }\n', [
      TWO[0]!,
    ]);
    await bindings.bind('C0OLD', 'gone', 'U0ADMIN');
    expect((await refusal(directory.accountOf('C0OLD'))).code).toBe('account_unbound');
  });
});

describe('AccountDirectory.use (/vps account use)', () => {
  const SLACK_ONLY = [
    'roles:',
    '  admin: [U0ADMIN]',
    'accounts:',
    '  main: { label: Production, key_env: A }',
    '  shop:',
    '    label: Shop A',
    '    key_env: B',
    '    roles:',
    '      admin: [U0ERIN]',
    'default_account: main',
  ].join('\n');

  it('binds the channel it is typed in, audited, and says which account it had', async () => {
    const { directory, bindings, audit } = directoryOf(SLACK_ONLY, TWO);
    const actor = { userId: 'U0ADMIN', channelId: 'C0NEW' };
    expect(await directory.use(actor, 'Shop')).toEqual({
      account: { name: 'shop', label: 'Shop A' },
      previous: undefined,
    });
    expect(bindings.rows.get('C0NEW')).toMatchObject({ account: 'shop', boundBy: 'U0ADMIN' });
    expect(await directory.accountOf('C0NEW')).toBe('shop');
    expect(await directory.use(actor, 'main')).toEqual({
      account: { name: 'main', label: 'Production' },
      previous: { name: 'shop', label: 'Shop A' },
    });
    expect(audit).toEqual([
      {
        actor: 'U0ADMIN',
        channelId: 'C0NEW',
        action: 'bind_channel',
        target: 'C0NEW',
        outcome: 'ok',
        params: { account: 'shop' },
      },
      {
        actor: 'U0ADMIN',
        channelId: 'C0NEW',
        action: 'bind_channel',
        target: 'C0NEW',
        outcome: 'ok',
        params: { account: 'main', previous: 'shop' },
      },
    ]);
  });

  it('is an admin’s, of the account bound to: an admin of shop alone binds to shop, not to main', async () => {
    const { directory, bindings, audit } = directoryOf(SLACK_ONLY, TWO);
    const erin = { userId: 'U0ERIN', channelId: 'C0NEW' };
    await directory.use(erin, 'shop');
    const err = await refusal(directory.use(erin, 'main'));
    expect(err.problem).toEqual({ code: 'role_required', params: { role: 'admin', yours: 'viewer' } });
    const viewer = await refusal(directory.use({ userId: 'U0NOBODY', channelId: 'C0X' }, 'shop'));
    expect(viewer.code).toBe('role_required');
    expect(bindings.rows.get('C0NEW')?.account).toBe('shop');
    expect(bindings.rows.has('C0X')).toBe(false);
    expect(audit.map((a) => [a.actor, a.outcome, a.errorCode])).toEqual([
      ['U0ERIN', 'ok', undefined],
      ['U0ERIN', 'refused', 'role_required'],
      ['U0NOBODY', 'refused', 'role_required'],
    ]);
  });

  it('refuses an unknown name, listing the accounts', async () => {
    const { directory, bindings, audit } = directoryOf(SLACK_ONLY, TWO);
    const err = await refusal(directory.use({ userId: 'U0ADMIN', channelId: 'C0NEW' }, 'staging'));
    expect(err.problem).toEqual({
      code: 'account_unknown',
      params: {
        name: 'staging',
        accounts: [
          { name: 'main', label: 'Production' },
          { name: 'shop', label: 'Shop A' },
        ],
      },
    });
    expect(bindings.rows.size).toBe(0);
    expect(audit).toMatchObject([{ outcome: 'refused', errorCode: 'account_unknown' }]);
  });

  it('refuses a channel the policy file binds: the file wins', async () => {
    const { directory, bindings } = directoryOf(POLICY, TWO);
    const err = await refusal(directory.use({ userId: 'U0ADMIN', channelId: 'C0OPS' }, 'shop'));
    expect(err.problem).toEqual({ code: 'account_bound_in_policy', params: { label: 'Production' } });
    expect(bindings.rows.size).toBe(0);
  });
});

describe('AccountDirectory.overview (/vps accounts)', () => {
  it('lists the accounts the person may read, each with its channels and which is the default', async () => {
    const { directory, bindings } = directoryOf(
      [
        'default_role: none',
        'roles:',
        '  viewer: [U0VIEW]',
        'accounts:',
        '  main: { label: Production, key_env: A }',
        '  shop:',
        '    label: Shop A',
        '    key_env: B',
        '    roles:',
        '      viewer: [U0SHOPPER]',
        'default_account: main',
        'channels:',
        '  - C0OPS',
        '  - { id: C0SHOP, account: shop }',
      ].join('\n'),
      TWO,
    );
    await bindings.bind('C0SHOP2', 'shop', 'U0ADMIN');
    const all = await directory.overview({ userId: 'U0VIEW', channelId: 'C0OPS' });
    expect(all).toEqual([
      {
        name: 'main',
        label: 'Production',
        isDefault: true,
        channels: [{ channelId: 'C0OPS', account: 'main', label: 'Production', source: 'policy' }],
      },
      {
        name: 'shop',
        label: 'Shop A',
        isDefault: false,
        channels: [
          { channelId: 'C0SHOP', account: 'shop', label: 'Shop A', source: 'policy' },
          { channelId: 'C0SHOP2', account: 'shop', label: 'Shop A', source: 'slack' },
        ],
      },
    ]);
    // A viewer of shop alone reads shop alone, wherever they ask.
    const theirs = await directory.overview({ userId: 'U0SHOPPER', channelId: 'C0OPS' });
    expect(theirs.map((a) => a.name)).toEqual(['shop']);
    // Nobody's: the refusal says which role it takes.
    const err = await refusal(directory.overview({ userId: 'U0STRANGER', channelId: 'C0OPS' }));
    expect(err.problem).toEqual({ code: 'role_required', params: { role: 'viewer', yours: 'none' } });
  });
});
