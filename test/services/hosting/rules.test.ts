/** The /hosting input rules: the spec's where it states one, a sensible limit where it is silent. */
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
  it('is some text of at most 200 characters, or left out', () => {
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
  it('is a whole number from 1 to the limit, or left out', () => {
    expect(checkLines(undefined)).toEqual([]);
    expect(checkLines(1)).toEqual([]);
    expect(checkLines(HOSTING_LIMITS.linesMax)).toEqual([]);
    for (const n of [0, -1, 1001, 2.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(checkLines(n), String(n)).toEqual([{ field: 'lines', rule: 'range', limit: 1000 }]);
  });
});

describe('checkWordpressForm', () => {
  it('accepts a complete form', () => {
    expect(checkWordpressForm(WP)).toEqual([]);
    expect(checkWordpressForm({ ...WP, url: 'http://れい.jp/' })).toEqual([]);
  });

  it('names every field that is wrong, each once', () => {
    expect(
      checkWordpressForm({
        url: 'ftp://example.jp/',
        title: '',
        admin_username: 'has space',
        admin_password: 'short',
        admin_email: 'nobody',
      }),
    ).toEqual([
      { field: 'url', rule: 'format' },
      { field: 'title', rule: 'required' },
      { field: 'admin_username', rule: 'format' },
      { field: 'admin_password', rule: 'too_short', limit: 8 },
      { field: 'admin_email', rule: 'format' },
    ]);
  });

  it('bounds every field, the password to half-width characters without spaces', () => {
    expect(checkWordpressForm({ ...WP, url: `https://example.jp/${'p'.repeat(2000)}` })).toEqual([
      { field: 'url', rule: 'too_long', limit: 2000 },
    ]);
    expect(checkWordpressForm({ ...WP, url: 'https://nodot/' })).toEqual([{ field: 'url', rule: 'format' }]);
    // The provider's own bounds: a title of up to 100, a password of up to 64, an address whose domain has a dot.
    expect(checkWordpressForm({ ...WP, title: 't'.repeat(100) })).toEqual([]);
    expect(checkWordpressForm({ ...WP, title: 't'.repeat(101) })).toEqual([
      { field: 'title', rule: 'too_long', limit: 100 },
    ]);
    expect(checkWordpressForm({ ...WP, admin_password: 'p'.repeat(64) })).toEqual([]);
    expect(checkWordpressForm({ ...WP, admin_password: 'p'.repeat(65) })).toEqual([
      { field: 'admin_password', rule: 'too_long', limit: 64 },
    ]);
    expect(checkWordpressForm({ ...WP, admin_email: 'x@y' })).toEqual([
      { field: 'admin_email', rule: 'format' },
    ]);
    expect(checkWordpressForm({ ...WP, admin_password: 'with a space' })).toEqual([
      { field: 'admin_password', rule: 'format' },
    ]);
    expect(checkWordpressForm({ ...WP, admin_password: 'ｆｕｌｌｗｉｄｔｈ' })).toEqual([
      { field: 'admin_password', rule: 'format' },
    ]);
    expect(checkWordpressForm({ ...WP, admin_email: `${'m'.repeat(250)}@example.jp` })).toEqual([
      { field: 'admin_email', rule: 'too_long', limit: 254 },
    ]);
  });
});

describe('the database forms and grant', () => {
  it('a database: a suffix of lower-case letters, digits and _; a character set the provider offers or its default', () => {
    expect(checkDatabaseForm({ name_suffix: 'shop', character_set: '' })).toEqual([]);
    expect(checkDatabaseForm({ name_suffix: 'shop', character_set: 'utf8mb4' })).toEqual([]);
    expect(checkDatabaseForm({ name_suffix: '', character_set: '' })).toEqual([
      { field: 'name_suffix', rule: 'required' },
    ]);
    expect(checkDatabaseForm({ name_suffix: 'a-b', character_set: 'utf-8' })).toEqual([
      { field: 'name_suffix', rule: 'format' },
      { field: 'character_set', rule: 'format' },
    ]);
    expect(checkDatabaseForm({ name_suffix: 's'.repeat(16), character_set: 'binary' })).toEqual([]);
    expect(checkDatabaseForm({ name_suffix: 's'.repeat(17), character_set: '' })).toEqual([
      { field: 'name_suffix', rule: 'too_long', limit: 16 },
    ]);
    expect(checkDatabaseForm({ name_suffix: 'Shop', character_set: 'latin1' })).toEqual([
      { field: 'name_suffix', rule: 'format' },
      { field: 'character_set', rule: 'format' },
    ]);
  });

  it('a user: a suffix and a password', () => {
    expect(checkDatabaseUserForm({ name_suffix: 'app', password: 'Secret-123' })).toEqual([]);
    expect(checkDatabaseUserForm({ name_suffix: 'app', password: 'short' })).toEqual([
      { field: 'password', rule: 'too_short', limit: 8 },
    ]);
    expect(checkDatabaseUserForm({ name_suffix: 'app', password: '' })).toEqual([
      { field: 'password', rule: 'required' },
    ]);
  });

  it('a grant: the full names of a user and a database', () => {
    expect(checkGrant('xs1_app', 'xs1_db')).toEqual([]);
    expect(checkGrant('', 'db;drop')).toEqual([
      { field: 'db_user', rule: 'required' },
      { field: 'db_name', rule: 'format' },
    ]);
    expect(checkGrant('u'.repeat(65), 'd')).toEqual([{ field: 'db_user', rule: 'too_long', limit: 64 }]);
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

  it('a label up to 50 characters, as the provider takes', () => {
    expect(checkLabel('my laptop')).toEqual([]);
    expect(checkLabel('l'.repeat(50))).toEqual([]);
    expect(checkLabel('   ')).toEqual([{ field: 'label', rule: 'required' }]);
    expect(checkLabel('l'.repeat(51))).toEqual([{ field: 'label', rule: 'too_long', limit: 50 }]);
  });

  it('an id the provider gave', () => {
    expect(checkId('wp_id', '1001')).toEqual([]);
    expect(checkId('key_id', 'k-2001_a')).toEqual([]);
    expect(checkId('wp_id', '10/01')).toEqual([{ field: 'wp_id', rule: 'format' }]);
    expect(checkId('key_id', '9'.repeat(65))).toEqual([{ field: 'key_id', rule: 'too_long', limit: 64 }]);
  });
});
