/**
 * `/vps accounts` and `/vps account use <name>` through the real app
 * (startBot) with signed requests and the fake Slack behind: the accounts by
 * label with their key, scope, channels and day; a channel bound by an admin,
 * said in the channel and audited; the refusals (not an admin, an unknown
 * name, a channel the policy file binds) in English and Japanese. The
 * bindings stand in for the store's until it keeps them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Features } from '../../src/compose/features.ts';
import {
  type AccountBindings,
  AccountDirectory,
  type AccountFigures,
  type AccountSpec,
  keyScopeOf,
  parsePolicy,
  type StoredBinding,
} from '../../src/services/access/index.ts';
import { ADMIN, CHANNEL, type Harness, messageText, startHarness, VIEWER } from '../support/app-harness.ts';

const SHOP_KEY = 'xs_shop_key_for_the_test_0001';

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

const FIGURES: Record<string, AccountFigures> = {
  main: {
    keyHealth: 'ok',
    expiresAt: new Date('2027-01-31T15:00:00Z'),
    scope: keyScopeOf({
      expires_at: '2027-02-01 00:00:00',
      services: {
        vps: { permission_type: 'full', target_mode: 'all', targets: [], allow_signup: true },
        server: { permission_type: 'read', target_mode: 'selected', targets: ['sv1.example.jp'] },
      },
    }),
    requestsToday: 120,
    dailyLimit: 10_000,
  },
  shop: {
    keyHealth: 'refused',
    expiresAt: null,
    scope: keyScopeOf({
      expires_at: null,
      services: { vps: { permission_type: 'read', target_mode: 'selected', targets: ['u1', 'u2'] } },
    }),
    requestsToday: 3,
  },
};

/** The harness with two accounts over the bot's own access and audit, the given policy file. */
async function start(policyText: string, locale: 'en' | 'ja' = 'en') {
  const bindings = memoryBindings();
  let mainKey = '';
  const h = await startHarness({
    locale,
    policy: policyText,
    // The bot runs both accounts for real; /vps accounts is shown these figures instead of theirs.
    simAccounts: ['main', 'shop'],
    accounts: (features: Features) => {
      const specs: AccountSpec[] = [
        { name: 'main', label: 'Production', apiKey: mainKey },
        { name: 'shop', label: 'Shop A', apiKey: SHOP_KEY },
      ];
      return {
        directory: new AccountDirectory({
          accounts: specs,
          policy: parsePolicy(policyText),
          bindings,
          access: () => features.access,
          audit: features.audit,
        }),
        figures: async (name) => {
          const f = FIGURES[name];
          if (!f) throw new Error(`no figures for ${name}`);
          return f;
        },
      };
    },
  });
  mainKey = h.apiKey;
  return { h, bindings };
}

const ACCOUNTS = [
  'roles:',
  `  admin: [${ADMIN}]`,
  'accounts:',
  '  main: { label: Production, key_env: PROVIDER_API_KEY }',
  `  shop: { label: Shop A, key_env: PROVIDER_API_KEY_SHOP }`,
  'default_account: main',
].join('\n');

describe('/vps accounts and /vps account use through the real app', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const run = async (text: string, user = VIEWER, channel = CHANNEL) =>
    messageText(await (await h!.command(text, { user, channel })).reply());

  it('lists each account by label with its key, scope, channels and day; an admin binds this channel, said to everyone, audited', async () => {
    const started = await start(ACCOUNTS);
    h = started.h;
    const list = await run('accounts');
    expect(list).toContain('Provider accounts');
    expect(list).toContain('*Production* `main`');
    expect(list).toContain('Channels bound to no account work on this one.');
    expect(list).toContain('*Key:* works; expires');
    expect(list).toContain('*Covers:* VPS, ' /* the permission's own word follows */);
    expect(list).toContain('all servers');
    expect(list).toContain('1 selected server');
    expect(list).toContain('new signups allowed');
    expect(list).toContain('*Requests today:* 120 of 10,000 (9,880 left)');
    expect(list).toContain('*Shop A* `shop`');
    expect(list).toContain('*Key:* refused by the provider (401: wrong, revoked or expired); never expires');
    expect(list).toContain('2 selected servers');
    expect(list).toContain('no web hosting');
    expect(list).toContain('*Requests today:* 3 (no daily limit is configured)');
    expect(list).toContain('*Channels:* none bound yet');
    expect(list).not.toContain(h.apiKey);
    expect(list).not.toContain(SHOP_KEY);

    // Someone who is not an admin cannot bind; nothing changes.
    expect(await run('account use shop')).toMatch(/admin/i);
    expect(started.bindings.rows.size).toBe(0);

    // An unknown name lists the names there are.
    expect(await run('account use staging', ADMIN)).toContain(
      'There is no account named `staging`. The accounts are `main` (Production), `shop` (Shop A).',
    );

    const before = h.slack.lastSeq;
    await h.command('account use shop', { user: ADMIN });
    const said = await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && c.args.channel === CHANNEL && c.seq > before,
    );
    expect(messageText(said)).toContain(
      `<@${ADMIN}> bound this channel to *Shop A* (\`shop\`): commands here now work on that account.`,
    );
    expect(started.bindings.rows.get(CHANNEL)).toMatchObject({ account: 'shop', boundBy: ADMIN });
    const [row] = await h.bot.store.audit.latest({ actor: ADMIN, limit: 1 });
    expect(row).toMatchObject({ action: 'bind_channel', target: CHANNEL, outcome: 'ok' });
    const refused = await h.bot.store.audit.latest({ actor: VIEWER, limit: 5 });
    expect(refused.some((r) => r.action === 'bind_channel' && r.outcome === 'refused')).toBe(true);

    // Shown in /vps accounts, as bound from Slack.
    expect(await run('accounts')).toContain(`*Channels:* <#${CHANNEL}> (bound from Slack)`);

    // Moving it back says where from.
    const again = h.slack.lastSeq;
    await h.command('account use main', { user: ADMIN });
    const moved = await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && c.args.channel === CHANNEL && c.seq > again,
    );
    expect(messageText(moved)).toContain('moved this channel from *Shop A* to *Production* (`main`)');

    // The help names both words for an admin.
    const help = await run('help', ADMIN);
    expect(help).toContain('`/vps accounts`');
    expect(help).toContain('`/vps account use <name>`');
    expect(await run('account shop', ADMIN)).toContain('Usage: `/vps account use <name>`');
  });

  it('with PROVIDER_API_KEY alone, shows that one account: the key as last checked, what it covers, the day', async () => {
    h = await startHarness({});
    const list = await run('accounts');
    expect(list).toContain('*default* `default`');
    expect(list).toContain('Channels bound to no account work on this one.');
    // The start-up check read the key: the simulator's full key works and never expires.
    expect(list).toContain('*Key:* works; never expires');
    expect(list).toMatch(/\*Covers:\* VPS, .+, all servers/);
    expect(list).toMatch(/\*Requests today:\* \d+/);
    expect(list).not.toContain(h.apiKey);
    // Binding to another name lists the one there is.
    expect(await run('account use shop', ADMIN)).toContain('The accounts are `default` (default).');
  });

  it('refuses a channel the policy file binds (the file wins), in Japanese', async () => {
    const started = await start(
      [ACCOUNTS, 'channels:', `  - { id: ${CHANNEL}, account: main }`].join('\n'),
      'ja',
    );
    h = started.h;
    expect(await run('account use shop', ADMIN)).toContain(
      'このチャンネルはポリシーファイルで *Production* に紐づいており、ファイルの設定が優先されます。別のアカウントに移すには、ファイルの `channels:` の項目を変えてください。',
    );
    expect(started.bindings.rows.size).toBe(0);
    const list = await run('accounts');
    expect(list).toContain('プロバイダーアカウント');
    expect(list).toContain(`*チャンネル:* <#${CHANNEL}>`);
    expect(list).toContain('*今日のリクエスト数:* 10,000 件中 120 件（残り 9,880 件）');
  });
});
