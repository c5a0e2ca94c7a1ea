/**
 * The policy file's accounts (docs/operators.md, Several provider accounts):
 * the form the docs show, each refusal named by its line, and a key written
 * into the file refused without ever being repeated.
 */
import { describe, expect, it } from 'vitest';
import { PolicyError, parsePolicy } from '../../../src/services/access/index.ts';

const problemsOf = (text: string): readonly string[] => {
  try {
    parsePolicy(text, 'policy.yml');
  } catch (e) {
    expect(e).toBeInstanceOf(PolicyError);
    return (e as PolicyError).problems;
  }
  return expect.unreachable();
};

const TWO = [
  'accounts:',
  '  main: { label: Production, key_env: PROVIDER_API_KEY_MAIN }',
  '  shop: { label: Shop A, key_file: /run/secrets/shop-a-key }',
];

describe('accounts in the policy file', () => {
  it('reads the documented form: accounts, the default account, channels bound to each', () => {
    const p = parsePolicy(
      [
        ...TWO,
        'default_account: main          # optional; with one account it is that one',
        'channels:',
        '  - { id: C0123OPS, account: main }',
        '  - { id: C0456SHOP, account: shop }',
        '  - C0789',
      ].join('\n'),
    );
    expect(p.accounts).toEqual({
      main: { label: 'Production', key_env: 'PROVIDER_API_KEY_MAIN' },
      shop: { label: 'Shop A', key_file: '/run/secrets/shop-a-key' },
    });
    expect(p.default_account).toBe('main');
    // The channel list keeps its meaning: the ids the bot answers in.
    expect(p.channels).toEqual(['C0123OPS', 'C0456SHOP', 'C0789']);
    expect(p.bindings).toEqual({ C0123OPS: 'main', C0456SHOP: 'shop', C0789: 'main' });
  });

  it('takes per-account channels and roles', () => {
    const p = parsePolicy(
      [
        'accounts:',
        '  shop-a:',
        '    label: Shop A',
        '    key_env: SHOP_KEY',
        '    notify_channel: C0SHOPALERT',
        '    digest_channel: C0SHOPDIGEST',
        '    roles:',
        '      operator: [U0CAROL]',
        '      viewer: [S0SHOPTEAM]',
      ].join('\n'),
    );
    expect(p.accounts?.['shop-a']).toEqual({
      label: 'Shop A',
      key_env: 'SHOP_KEY',
      notify_channel: 'C0SHOPALERT',
      digest_channel: 'C0SHOPDIGEST',
      roles: { operator: ['U0CAROL'], viewer: ['S0SHOPTEAM'] },
    });
    // One account: it is the default, without saying so.
    expect(p.default_account).toBe('shop-a');
  });

  it('binds plain ids to the one account there is: `default` without accounts, as before', () => {
    const before = parsePolicy('channels: [C0OPS, C0DEV]\n');
    expect(before.channels).toEqual(['C0OPS', 'C0DEV']);
    expect(before.default_account).toBe('default');
    expect(before.bindings).toEqual({ C0OPS: 'default', C0DEV: 'default' });
    expect(before.accounts).toEqual({});
    // A file without channels still lets the bot answer everywhere.
    expect(parsePolicy('default_role: none\n').channels).toBeUndefined();
    // The same channel twice on one account is no conflict (such files exist).
    expect(parsePolicy('channels: [C0OPS, C0OPS]\n').channels).toEqual(['C0OPS']);
  });

  it('names an account a binding names that is not declared, by its line', () => {
    expect(
      problemsOf([...TWO, 'channels:', '  - C0OPS', '  - { id: C0456SHOP, account: shopp }'].join('\n')),
    ).toEqual([
      'policy.yml, line 5: C0OPS is a plain channel id, which works on the default account, but several accounts are declared and default_account names none: write { id: C0OPS, account: <name> } or set default_account',
      'policy.yml, line 6: "shopp" (the account of channel C0456SHOP) is not an account declared under accounts (main or shop)',
    ]);
    expect(problemsOf('channels:\n  - { id: C0OPS, account: main }\n')).toEqual([
      'policy.yml, line 2: "main" (the account of channel C0OPS) is not an account declared: the file has no accounts',
    ]);
  });

  it('names a default_account that is not declared', () => {
    expect(problemsOf([...TWO, 'default_account: staging'].join('\n'))).toEqual([
      'policy.yml, line 4: default_account is "staging", which is not an account declared under accounts (main or shop)',
    ]);
    expect(problemsOf('default_account: main\n')).toEqual([
      'policy.yml, line 1: default_account is "main", which is not an account declared: the file has no accounts',
    ]);
  });

  it('refuses two bindings for one channel, naming the second', () => {
    expect(
      problemsOf(
        [
          ...TWO,
          'default_account: main',
          'channels:',
          '  - { id: C0OPS, account: shop }',
          '  - C0DEV',
          '  - C0OPS',
        ].join('\n'),
      ),
    ).toEqual([
      'policy.yml, line 8: C0OPS is listed twice, on accounts shop and main: a channel works on one account',
    ]);
  });

  it('refuses an account name outside the rule, and says the rule', () => {
    const rule =
      'a lowercase letter, then up to 31 lowercase letters, digits or hyphens, such as main or shop-a';
    expect(
      problemsOf(
        [
          'accounts:',
          '  Shop: { label: Shop, key_env: A }',
          '  1st: { label: First, key_env: B }',
          `  ${'a'.repeat(33)}: { label: Long, key_env: C }`,
          '  ok-2: { label: Fine, key_env: D }',
        ].join('\n'),
      ),
    ).toEqual([
      `policy.yml, line 2: "Shop" is not an account name: ${rule}`,
      `policy.yml, line 3: "1st" is not an account name: ${rule}`,
      `policy.yml, line 4: "${'a'.repeat(33)}" is not an account name: ${rule}`,
    ]);
  });

  it('wants exactly one of key_env and key_file, and words each account setting', () => {
    expect(
      problemsOf(
        [
          'accounts:',
          '  main: { label: Production }',
          '  shop: { label: Shop, key_env: SHOP_KEY, key_file: /run/secrets/shop }',
          '  dev:',
          '    label: ""',
          '    key_env: "not a name"',
          '    notify_channel: "#dev"',
          '    colour: blue',
          '    roles:',
          '      boss: [U0BOSS]',
          '      viewer: [dave]',
        ].join('\n'),
      ),
    ).toEqual([
      'policy.yml, line 5: account dev needs a label, the name people read, such as label: Production (at most 60 characters)',
      'policy.yml, line 6: key_env of account dev must be the name of an environment variable, such as PROVIDER_API_KEY_DEV',
      'policy.yml, line 7: "#dev" (notify_channel of account dev) is not a Slack channel id such as C0123ABCD',
      'policy.yml, line 8: colour: not a setting of an account, which takes label, key_env, key_file, notify_channel, digest_channel and roles',
      'policy.yml, line 10: boss: not a role a policy gives; the roles are viewer, operator, approver and admin',
      'policy.yml, line 11: "dave" under viewer of account dev is not a Slack user id (U… or W…) or user-group id (S…)',
    ]);
    expect(
      problemsOf(
        [
          'accounts:',
          '  main: { label: Production }',
          '  shop: { label: Shop, key_env: SHOP_KEY, key_file: /run/secrets/shop }',
        ].join('\n'),
      ),
    ).toEqual([
      'policy.yml, line 2: account main names no key: give key_env (the variable that holds its key) or key_file (a file that holds it)',
      'policy.yml, line 3: account shop gives both key_env and key_file: keep the one its key comes from',
    ]);
  });

  it('words a channel entry that is not one', () => {
    expect(
      problemsOf(
        [
          ...TWO,
          'channels:',
          '  - { id: "#ops", account: main }',
          '  - { id: C0SHOP, account: shop, note: x }',
          '  - { id: C0SHOP2 }',
        ].join('\n'),
      ),
    ).toEqual([
      'policy.yml, line 5: "#ops" is not a Slack channel id such as C0123ABCD (channels are named by id, not by #name)',
      'policy.yml, line 6: note: not a setting of a channel entry, which takes id and account',
      'policy.yml, line 7: a channel entry { id, account } names its account by its name under accounts, such as account: main',
    ]);
  });
});

describe('a provider key written in the policy file', () => {
  const KEY = 'xs_live_9f8e7d6c5b4a3210fedcba';
  const advice =
    'write the name of the variable that holds it as key_env, or the path of a file as key_file, and take the key out of the policy file';

  it('is refused in a key field, named by the field, the key never repeated', () => {
    for (const field of ['key', 'api_key', 'apiKey']) {
      const problems = problemsOf(
        ['accounts:', '  main:', '    label: Production', `    ${field}: ${KEY}`].join('\n'),
      );
      expect(problems).toEqual([
        `policy.yml, line 4: account main has its provider key written in the policy file (${field}): ${advice}`,
      ]);
    }
    // Whatever the value looks like: the field alone says it is a key.
    expect(problemsOf('accounts:\n  main: { label: P, key: hunter22 }\n')).toEqual([
      `policy.yml, line 2: account main has its provider key written in the policy file (key): ${advice}`,
    ]);
  });

  it('is refused anywhere a value looks like one, and no other rule gets to quote it', () => {
    const text = [
      'accounts:',
      '  main: { label: Production, key_env: PROVIDER_API_KEY_MAIN }',
      `  shop: { label: Shop A, key_file: ${KEY} }`,
      'channels:',
      `  - ${KEY}A`,
      'roles:',
      `  admin: [${KEY}B]`,
      `${KEY}C: 1`,
    ].join('\n');
    let caught: unknown;
    try {
      parsePolicy(text, 'policy.yml');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(PolicyError);
    const e = caught as PolicyError;
    expect(e.problems).toEqual([
      `policy.yml, line 3: a value here looks like a provider API key: ${advice}`,
      `policy.yml, line 5: a value here looks like a provider API key: ${advice}`,
      `policy.yml, line 7: a value here looks like a provider API key: ${advice}`,
      `policy.yml, line 8: a name here looks like a provider API key: ${advice}`,
    ]);
    // Not the key, nor any piece of it a clipped quote would keep.
    for (const shown of [e.message, ...e.problems]) {
      expect(shown).not.toContain(KEY.slice(0, 12));
      expect(shown).not.toContain('9f8e7d6c');
    }
  });
});
