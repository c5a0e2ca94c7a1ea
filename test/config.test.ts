import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSecrets, loadConfig } from '../src/config.ts';

const bot = {
  SLACK_BOT_TOKEN: 'xoxb-1111-2222-secretbot',
  SLACK_SIGNING_SECRET: 'signing-secret-value',
  PROVIDER_API_KEY: 'xs_provider_key_value',
};

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return [...err.problems];
    throw err;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig(bot);
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe('./data');
    expect(c.provider.baseUrl).toBe('https://api.xserver.ne.jp');
    expect(c.locale).toBe('en');
    expect(c.logLevel).toBe('info');
    expect(c.slack.socketMode).toBe(false);
    expect(c.watch).toEqual({
      intervalSeconds: 60,
      budgetShare: 0.5,
      flapSeconds: 30,
      setupPendingMinutes: 120,
    });
    expect(c.operators).toEqual([]);
  });

  it('takes the provider’s terms address (no default: the API does not publish one)', () => {
    expect(loadConfig(bot).provider.termsUrl).toBeUndefined();
    expect(loadConfig({ ...bot, PROVIDER_TERMS_URL: 'https://example.com/terms/' }).provider.termsUrl).toBe(
      'https://example.com/terms',
    );
    expect(problems({ ...bot, PROVIDER_TERMS_URL: 'ftp://x' })[0]).toMatch(/^PROVIDER_TERMS_URL: /);
  });

  it('reads the renewal reminder days: farthest first, once each; off turns them off; a bad list is named', () => {
    expect(loadConfig(bot).renewalReminderDays).toEqual([30, 7, 1]);
    expect(loadConfig({ ...bot, VPS_RENEWAL_REMINDER_DAYS: ' 1, 14 ,7,14' }).renewalReminderDays).toEqual([
      14, 7, 1,
    ]);
    expect(loadConfig({ ...bot, VPS_RENEWAL_REMINDER_DAYS: '0' }).renewalReminderDays).toEqual([0]);
    expect(loadConfig({ ...bot, VPS_RENEWAL_REMINDER_DAYS: 'OFF' }).renewalReminderDays).toEqual([]);
    for (const bad of ['30,,1', 'soon', '-1', '7.5', '401', '1,2,3,4,5,6,7,8,9,10,11']) {
      expect(problems({ ...bot, VPS_RENEWAL_REMINDER_DAYS: bad })[0], bad).toMatch(
        /^VPS_RENEWAL_REMINDER_DAYS: expected whole numbers of days from 0 to 400/,
      );
    }
  });

  it('reads the daily digest: its channel (none: no digest) and its time in Japan time, 09:00 by default', () => {
    expect(loadConfig(bot).digest).toEqual({ channel: undefined, minutes: 9 * 60 });
    expect(loadConfig({ ...bot, DIGEST_CHANNEL: 'C0DIGEST', DIGEST_TIME: '23:30' }).digest).toEqual({
      channel: 'C0DIGEST',
      minutes: 23 * 60 + 30,
    });
    expect(loadConfig({ ...bot, DIGEST_TIME: ' ' }).digest.minutes).toBe(9 * 60);
    for (const bad of ['9:00', '24:00', '12:60', 'noon', '09:00 JST']) {
      expect(problems({ ...bot, DIGEST_TIME: bad })[0], bad).toBe(
        'DIGEST_TIME: expected a time of day in Japan time as HH:MM, such as 09:00',
      );
    }
    expect(problems({ ...bot, DIGEST_CHANNEL: '#ops' })[0]).toBe(
      'DIGEST_CHANNEL: expected a Slack channel id such as C0123ABCD',
    );
  });

  it('reads the key-use settings: expected clients as addresses or CIDR ranges (v4, v6), the refusals’ burst', () => {
    expect(loadConfig(bot).keyUse).toEqual({ expectedIps: [], authBurst: 5, authWindowMinutes: 10 });
    const c = loadConfig({
      ...bot,
      KEY_EXPECTED_IPS: ' 203.0.113.7, 198.51.100.0/24 2001:db8::/32,::1',
      KEY_AUTH_BURST: '12',
      KEY_AUTH_WINDOW_MINUTES: '30',
    });
    expect(c.keyUse).toEqual({
      expectedIps: [
        { text: '203.0.113.7', address: '203.0.113.7', prefix: 32, family: 'ipv4' },
        { text: '198.51.100.0/24', address: '198.51.100.0', prefix: 24, family: 'ipv4' },
        { text: '2001:db8::/32', address: '2001:db8::', prefix: 32, family: 'ipv6' },
        { text: '::1', address: '::1', prefix: 128, family: 'ipv6' },
      ],
      authBurst: 12,
      authWindowMinutes: 30,
    });
    for (const bad of ['203.0.113.256', '198.51.100.0/33', '2001:db8::/129', 'example.com', '10.0.0.0/']) {
      expect(problems({ ...bot, KEY_EXPECTED_IPS: bad })[0], bad).toMatch(
        /^KEY_EXPECTED_IPS: expected IP addresses or CIDR ranges \(IPv4 or IPv6\)/,
      );
    }
    expect(problems({ ...bot, KEY_AUTH_BURST: '0' })[0]).toMatch(/^KEY_AUTH_BURST: expected a whole number/);
    expect(problems({ ...bot, KEY_AUTH_WINDOW_MINUTES: '2000' })[0]).toMatch(/^KEY_AUTH_WINDOW_MINUTES: /);
  });

  it('is frozen', () => {
    const c = loadConfig(bot);
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.slack)).toBe(true);
  });

  it('switches to Socket Mode when SLACK_APP_TOKEN is set and then needs no signing secret', () => {
    const c = loadConfig({ ...bot, SLACK_SIGNING_SECRET: '', SLACK_APP_TOKEN: 'xapp-1-abc-def' });
    expect(c.slack.socketMode).toBe(true);
  });

  it('parses lists, urls and numbers', () => {
    const c = loadConfig({
      ...bot,
      OPERATORS: 'U01AAA, S02BBB ,',
      APPROVERS: 'W03CCC',
      PORT: '8080',
      PROVIDER_API_URL: 'http://127.0.0.1:8787/',
      SLACK_API_URL: 'http://127.0.0.1:9000/api',
      DATABASE_URL: 'postgresql://u:p@db:5432/chatops',
      BOT_ENCRYPTION_KEY: 'b'.repeat(64),
      ONCALL_MENTION: '<!subteam^S0123ABCD>',
      BOT_LOCALE: 'ja',
      WATCH_BUDGET_SHARE: '0.25',
    });
    expect(c.operators).toEqual(['U01AAA', 'S02BBB']);
    expect(c.approvers).toEqual(['W03CCC']);
    expect(c.port).toBe(8080);
    expect(c.provider.baseUrl).toBe('http://127.0.0.1:8787');
    expect(c.slack.apiUrl).toBe('http://127.0.0.1:9000/api/');
    expect(c.databaseUrl).toBe('postgresql://u:p@db:5432/chatops');
    expect(c.locale).toBe('ja');
    expect(c.watch.budgetShare).toBe(0.25);
  });

  it('reports one readable line per problem, naming the variable', () => {
    const lines = problems({
      SLACK_BOT_TOKEN: 'not-a-token',
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      OPERATORS: 'bob',
      BOT_LOCALE: 'fr',
      LOG_LEVEL: 'loud',
      WATCH_INTERVAL_SECONDS: '0',
      BOT_ENCRYPTION_KEY: 'short',
    });
    const vars = lines.map((l) => l.split(':')[0]);
    expect(vars).toEqual(
      expect.arrayContaining([
        'SLACK_BOT_TOKEN',
        'PORT',
        'DATABASE_URL',
        'OPERATORS',
        'BOT_LOCALE',
        'LOG_LEVEL',
        'WATCH_INTERVAL_SECONDS',
        'BOT_ENCRYPTION_KEY',
        'PROVIDER_API_KEY',
      ]),
    );
    for (const l of lines) expect(l).not.toContain('\n');
    expect(lines.find((l) => l.startsWith('PORT'))).toBe('PORT: expected a whole number from 1 to 65535');
  });

  it('names a wrong entry of a list by what was typed, never by its index', () => {
    expect(problems({ ...bot, OPERATORS: 'U01AAA, bob', APPROVERS: 'S02BBB' })).toEqual([
      'OPERATORS: "bob" is not a Slack user id (U… or W…) or user-group id (S…); list ids separated by commas, such as U0123ABCD,S0456EFGH',
    ]);
    const two = problems({ ...bot, APPROVERS: 'alice,@carol' });
    expect(two).toHaveLength(2);
    expect(two[0]).toMatch(/^APPROVERS: "alice" is not a Slack user id/);
    expect(two[1]).toMatch(/^APPROVERS: "@carol" is not a Slack user id/);
    for (const l of two) expect(l).not.toMatch(/APPROVERS\.\d/);
    // Something long pasted by mistake is clipped, never printed whole.
    const pasted = problems({ ...bot, OPERATORS: `xoxb-${'9'.repeat(40)}` });
    expect(pasted[0]).toContain('"xoxb-9999999…"');
    expect(pasted[0]).not.toContain('9'.repeat(20));
  });

  it('says what a provider key looks like when the value cannot be one', () => {
    for (const bad of ['k', 'xs_1234 5678']) {
      expect(problems({ ...bot, PROVIDER_API_KEY: bad }), bad).toEqual([
        'PROVIDER_API_KEY: expected the API key the provider issued: it looks like xs_ and a string of letters and digits, at least 8 characters and no spaces',
      ]);
    }
  });

  it('refuses the placeholders .env.example ships, with every other problem at once', () => {
    const lines = problems({
      SLACK_BOT_TOKEN: 'xoxb-',
      SLACK_APP_TOKEN: 'xapp-',
      PROVIDER_API_URL: 'https://api.xserver.ne.jp',
      PROVIDER_API_KEY: '',
      PORT: 'abc',
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        'SLACK_BOT_TOKEN: still the placeholder xoxb- from .env.example: the Bot User OAuth Token, xoxb- and the rest (Slack app settings, OAuth & Permissions)',
        expect.stringMatching(
          /^SLACK_APP_TOKEN: still the placeholder xapp- from \.env\.example: an app-level token/,
        ),
        'PROVIDER_API_KEY: required to reach the provider API',
        'PORT: expected a whole number from 1 to 65535',
      ]),
    );
    // A real token of the wrong kind is named as such, not as a placeholder.
    expect(problems({ ...bot, SLACK_BOT_TOKEN: 'xoxp-1-2-3' })).toEqual([
      'SLACK_BOT_TOKEN: expected the Bot User OAuth Token, xoxb- and the rest (Slack app settings, OAuth & Permissions)',
    ]);
    expect(problems({ ...bot, SLACK_APP_TOKEN: ' xapp- ' })[0]).toMatch(
      /^SLACK_APP_TOKEN: still the placeholder/,
    );
  });

  it('refuses .env.example as shipped, naming each placeholder and each missing value', () => {
    const shipped = Object.fromEntries(
      [
        ...readFileSync(new URL('../.env.example', import.meta.url), 'utf8').matchAll(
          /^([A-Z][A-Z0-9_]*)=(.*)$/gm,
        ),
      ].map((m) => [m[1]!, m[2]!]),
    );
    expect(Object.keys(shipped)).toEqual(
      expect.arrayContaining(['SLACK_BOT_TOKEN', 'SLACK_APP_TOKEN', 'PROVIDER_API_KEY']),
    );
    expect(
      problems(shipped)
        .map((l) => l.split(':')[0])
        .sort(),
    ).toEqual(['PROVIDER_API_KEY', 'SLACK_APP_TOKEN', 'SLACK_BOT_TOKEN']);
  });

  it('refuses to start on PostgreSQL without a shared sealing key, saying why', () => {
    const db = { ...bot, DATABASE_URL: 'postgres://u:p@db:5432/chatops' };
    expect(problems(db)).toEqual([
      'BOT_ENCRYPTION_KEY: required with DATABASE_URL, since every replica must share the key that seals secrets (make one with openssl rand -hex 32)',
    ]);
    expect(loadConfig({ ...db, BOT_ENCRYPTION_KEY: 'ab'.repeat(32) }).databaseUrl).toBe(db.DATABASE_URL);
    // SQLite keeps its key file in DATA_DIR, and tools that run no bot need none.
    expect(loadConfig(bot).encryptionKey).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: db.DATABASE_URL }, 'none').databaseUrl).toBe(db.DATABASE_URL);
  });

  it('requires the signing secret in HTTP mode', () => {
    expect(problems({ ...bot, SLACK_SIGNING_SECRET: undefined })).toEqual([
      'SLACK_SIGNING_SECRET: required in HTTP mode (when SLACK_APP_TOKEN is unset)',
    ]);
  });

  it('never echoes a secret value in its errors', () => {
    const err = (() => {
      try {
        loadConfig({ SLACK_BOT_TOKEN: 'xoxp-user-token-secret', PROVIDER_API_KEY: 'short', PORT: '99999' });
      } catch (e) {
        return e as ConfigError;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(err.message).not.toContain('xoxp-user-token-secret');
    expect(err.message).toContain('SLACK_BOT_TOKEN');
  });

  it("lets tools that need no Slack (the simulator) load with require 'none'", () => {
    expect(loadConfig({}, 'none').slack.botToken).toBeUndefined();
  });

  it('lists every secret for the log scrubber', () => {
    const c = loadConfig({
      ...bot,
      BOT_ENCRYPTION_KEY: 'a'.repeat(64),
      DATABASE_URL: 'postgres://u:dbpass123@h/db',
    });
    expect(configSecrets(c)).toEqual(
      expect.arrayContaining([
        bot.SLACK_BOT_TOKEN,
        bot.SLACK_SIGNING_SECRET,
        bot.PROVIDER_API_KEY,
        'a'.repeat(64),
        'dbpass123',
      ]),
    );
  });
});
