/**
 * The /hosting input rules: only what is no guess (a listed field present, the
 * text rule, a domain, an http(s) URL on one, an e-mail address, an OpenSSH
 * key, a path id) and the bot's own bounds; what the provider takes beyond
 * that is its own to say, so none of it is refused here.
 */
import { describe, expect, it } from 'vitest';
import {
  checkDatabaseForm,
  checkDatabaseUserForm,
  checkFqdn,
  checkGrant,
  checkId,
  checkKeyword,
  checkLabel,
  checkLines,
  checkSshKeyForm,
  checkWordpressForm,
  HOSTING_LIMITS,
} from '../../../src/services/hosting/index.ts';

const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl ops@laptop';
const WP = {
  url: 'https://example.jp/blog',
  title: 'Blog',
  admin_username: 'admin_1',
  admin_password: 'Sup3r-secret',
  admin_email: 'web@example.jp',
};

describe('checkFqdn', () => {
  it('accepts domain names, Japanese ones and upper case included', () => {
    for (const d of [
      'example.jp',
      'shop.example.co.jp',
      'れい.jp',
      'テスト.jp',
      'EXAMPLE.JP',
      ' example.jp ',
      'a-b.example.jp',
    ])
      expect(checkFqdn(d), d).toEqual([]);
  });

  it('names what is wrong, on the field asked for', () => {
    expect(checkFqdn('')).toEqual([{ field: 'domain', rule: 'required' }]);
    expect(checkFqdn('  ', 'subdomain')).toEqual([{ field: 'subdomain', rule: 'required' }]);
    expect(checkFqdn(`${'a'.repeat(251)}.jp`)).toEqual([{ field: 'domain', rule: 'too_long', limit: 253 }]);
    for (const d of [
      'nodot',
      'under_score.jp',
      '-lead.example.jp',
      'trail-.example.jp',
      '1.2.3.4',
      'example.jp.',
      `${'a'.repeat(64)}.jp`,
      'a b.jp',
      'example..jp',
    ])
      expect(checkFqdn(d, 'server'), d).toEqual([{ field: 'server', rule: 'format' }]);
  });

  it('measures a Japanese name in Punycode as DNS does', () => {
    // 60 kana are 60 characters as typed but longer than a 63-character label in Punycode.
    expect(checkFqdn(`${'あいうえお'.repeat(12)}.jp`)).toEqual([{ field: 'domain', rule: 'format' }]);
  });
});

describe('checkKeyword', () => {
  it('is some text of at most the bot’s 200 characters, or left out', () => {
    expect(checkKeyword(undefined)).toEqual([]);
    expect(checkKeyword('Fatal')).toEqual([]);
    expect(checkKeyword('PHP Fatal error')).toEqual([]);
    expect(checkKeyword('日'.repeat(HOSTING_LIMITS.keywordMax))).toEqual([]);
    expect(checkKeyword('')).toEqual([{ field: 'keyword', rule: 'required' }]);
    expect(checkKeyword('   ')).toEqual([{ field: 'keyword', rule: 'required' }]);
    expect(checkKeyword('日'.repeat(201))).toEqual([{ field: 'keyword', rule: 'too_long', limit: 200 }]);
  });
});

describe('checkLines', () => {
  it('is a whole number from 1 to the bot’s 1,000, or left out', () => {
    expect(checkLines(undefined)).toEqual([]);
    expect(checkLines(1)).toEqual([]);
    expect(checkLines(HOSTING_LIMITS.linesMax)).toEqual([]);
    for (const n of [0, -1, 1001, 2.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(checkLines(n), String(n)).toEqual([{ field: 'lines', rule: 'range', limit: 1000 }]);
  });
});

describe('the bot’s one bound for typed text', () => {
  it('is what a Slack input holds, less one', () => {
    expect(HOSTING_LIMITS.textMax).toBe(2999);
    expect(Object.keys(HOSTING_LIMITS).sort()).toEqual([
      'domainMax',
      'keywordMax',
      'linesDefault',
      'linesMax',
      'textMax',
    ]);
  });
});

describe('checkWordpressForm', () => {
  it('accepts a complete form', () => {
    expect(checkWordpressForm(WP)).toEqual([]);
    expect(checkWordpressForm({ ...WP, url: 'http://れい.jp/' })).toEqual([]);
  });

  it('leaves to the provider what only it can say: lengths, characters, a short password', () => {
    for (const v of [
      { admin_password: 'short' },
      { admin_password: 'with a space' },
      { admin_password: 'ｆｕｌｌｗｉｄｔｈ' },
      { admin_password: 'p'.repeat(65) },
      { admin_password: 'p'.repeat(2999) },
      { admin_username: 'has space' },
      { admin_username: '管理者' },
      { admin_username: 'u'.repeat(61) },
      { title: 't'.repeat(101) },
      { title: 't'.repeat(2999) },
      { url: `https://example.jp/${'p'.repeat(2500)}` },
      { admin_email: `${'m'.repeat(250)}@example.jp` },
      { admin_email: 'info@れい.jp' },
    ])
      expect(checkWordpressForm({ ...WP, ...v }), JSON.stringify(v).slice(0, 60)).toEqual([]);
  });

  it('names every field that is wrong, each once', () => {
    expect(
      checkWordpressForm({
        url: 'ftp://example.jp/',
        title: '',
        admin_username: '  ',
        admin_password: '',
        admin_email: 'nobody',
      }),
    ).toEqual([
      { field: 'url', rule: 'format' },
      { field: 'title', rule: 'required' },
      { field: 'admin_username', rule: 'required' },
      { field: 'admin_password', rule: 'required' },
      { field: 'admin_email', rule: 'format' },
    ]);
  });

  it('an http(s) URL on a domain, an e-mail address by the mail rule, the text rule, the bot’s bound', () => {
    expect(checkWordpressForm({ ...WP, url: 'https://nodot/' })).toEqual([{ field: 'url', rule: 'format' }]);
    expect(checkWordpressForm({ ...WP, url: 'https://1.2.3.4/' })).toEqual([
      { field: 'url', rule: 'format' },
    ]);
    // The mail rule's domain is the one domain rule: `x@y` names no domain.
    expect(checkWordpressForm({ ...WP, admin_email: 'x@y' })).toEqual([
      { field: 'admin_email', rule: 'format' },
    ]);
    expect(checkWordpressForm({ ...WP, admin_email: 'a b@example.jp' })).toEqual([
      { field: 'admin_email', rule: 'format' },
    ]);
    expect(checkWordpressForm({ ...WP, title: 'a\u0007b' })).toEqual([
      { field: 'title', rule: 'control_character' },
    ]);
    expect(checkWordpressForm({ ...WP, admin_password: 'pass\u0000word' })).toEqual([
      { field: 'admin_password', rule: 'control_character' },
    ]);
    expect(checkWordpressForm({ ...WP, title: 't'.repeat(3000) })).toEqual([
      { field: 'title', rule: 'too_long', limit: 2999 },
    ]);
    expect(checkWordpressForm({ ...WP, admin_password: 'p'.repeat(3000) })).toEqual([
      { field: 'admin_password', rule: 'too_long', limit: 2999 },
    ]);
    expect(checkWordpressForm({ ...WP, url: `https://example.jp/${'p'.repeat(2990)}` })).toEqual([
      { field: 'url', rule: 'too_long', limit: 2999 },
    ]);
  });
});

describe('the database forms and grant', () => {
  it('a database: any suffix, any character set or none (the provider says which it takes)', () => {
    expect(checkDatabaseForm({ name_suffix: 'shop', character_set: '' })).toEqual([]);
    expect(checkDatabaseForm({ name_suffix: 'shop', character_set: '  ' })).toEqual([]);
    for (const [suffix, cs] of [
      ['a-b', 'utf-8'],
      ['Shop', 'latin1'],
      ['s'.repeat(17), 'utf8mb4'],
      ['日本語', 'x'.repeat(33)],
    ])
      expect(checkDatabaseForm({ name_suffix: suffix!, character_set: cs! }), suffix).toEqual([]);
    expect(checkDatabaseForm({ name_suffix: '', character_set: '' })).toEqual([
      { field: 'name_suffix', rule: 'required' },
    ]);
    expect(checkDatabaseForm({ name_suffix: 's'.repeat(3000), character_set: 'c'.repeat(3000) })).toEqual([
      { field: 'name_suffix', rule: 'too_long', limit: 2999 },
      { field: 'character_set', rule: 'too_long', limit: 2999 },
    ]);
  });

  it('a user: a suffix and a password, whatever the provider will make of them', () => {
    expect(checkDatabaseUserForm({ name_suffix: 'app', password: 'Secret-123' })).toEqual([]);
    expect(checkDatabaseUserForm({ name_suffix: 'app', password: 'short' })).toEqual([]);
    expect(checkDatabaseUserForm({ name_suffix: 'app', password: 'pass word' })).toEqual([]);
    expect(checkDatabaseUserForm({ name_suffix: 'app', password: '' })).toEqual([
      { field: 'password', rule: 'required' },
    ]);
    expect(checkDatabaseUserForm({ name_suffix: 'app', password: '   ' })).toEqual([
      { field: 'password', rule: 'required' },
    ]);
  });

  it('a grant: the user as a path id, the database as text', () => {
    expect(checkGrant('xs1_app', 'xs1_db')).toEqual([]);
    expect(checkGrant('app-user', 'db;drop')).toEqual([]);
    expect(checkGrant('', ' ')).toEqual([
      { field: 'db_user', rule: 'required' },
      { field: 'db_name', rule: 'required' },
    ]);
    expect(checkGrant('a/b', 'd')).toEqual([{ field: 'db_user', rule: 'format' }]);
    expect(checkGrant('u'.repeat(201), 'd'.repeat(3000))).toEqual([
      { field: 'db_user', rule: 'format' },
      { field: 'db_name', rule: 'too_long', limit: 2999 },
    ]);
  });
});

describe('SSH keys, labels and ids', () => {
  it('a public key in OpenSSH format, with a label', () => {
    expect(checkSshKeyForm({ public_key: ED25519, label: 'laptop' })).toEqual([]);
    expect(checkSshKeyForm({ public_key: `  ${ED25519}\n`, label: 'laptop' })).toEqual([]);
    expect(checkSshKeyForm({ public_key: 'ssh-ed25519', label: 'x' })).toEqual([
      { field: 'public_key', rule: 'format' },
    ]);
    expect(checkSshKeyForm({ public_key: 'ssh-foo AAAA', label: 'x' })).toEqual([
      { field: 'public_key', rule: 'format' },
    ]);
    expect(checkSshKeyForm({ public_key: '-----BEGIN OPENSSH PRIVATE KEY-----', label: 'x' })).toEqual([
      { field: 'public_key', rule: 'format' },
    ]);
    expect(checkSshKeyForm({ public_key: '', label: '' })).toEqual([
      { field: 'public_key', rule: 'required' },
      { field: 'label', rule: 'required' },
    ]);
    expect(checkSshKeyForm({ public_key: `ssh-ed25519 ${'A'.repeat(3000)}`, label: 'x' })).toEqual([
      { field: 'public_key', rule: 'too_long', limit: 2999 },
    ]);
  });

  it('a label of any length up to the bot’s bound (the provider says what it takes)', () => {
    expect(checkLabel('my laptop')).toEqual([]);
    expect(checkLabel('l'.repeat(51))).toEqual([]);
    expect(checkLabel('l'.repeat(2999))).toEqual([]);
    expect(checkLabel('   ')).toEqual([{ field: 'label', rule: 'required' }]);
    expect(checkLabel('l'.repeat(3000))).toEqual([{ field: 'label', rule: 'too_long', limit: 2999 }]);
  });

  it('an id that goes into a path: the path-id rule', () => {
    expect(checkId('wp_id', '1001')).toEqual([]);
    expect(checkId('key_id', 'k-2001_a')).toEqual([]);
    expect(checkId('wp_id', '12;drop')).toEqual([]);
    expect(checkId('key_id', '9'.repeat(200))).toEqual([]);
    expect(checkId('wp_id', '10/01')).toEqual([{ field: 'wp_id', rule: 'format' }]);
    expect(checkId('wp_id', '10 01')).toEqual([{ field: 'wp_id', rule: 'format' }]);
    expect(checkId('key_id', '..')).toEqual([{ field: 'key_id', rule: 'format' }]);
    expect(checkId('key_id', '9'.repeat(201))).toEqual([{ field: 'key_id', rule: 'format' }]);
    expect(checkId('wp_id', ' ')).toEqual([{ field: 'wp_id', rule: 'required' }]);
    expect(checkId('wp_id', '1\u001b2')).toEqual([{ field: 'wp_id', rule: 'control_character' }]);
  });
});
