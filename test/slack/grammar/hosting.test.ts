import { describe, expect, it } from 'vitest';
import { parseHostingCommand } from '../../../src/slack/grammar/hosting.ts';

const ok = (text: string) => {
  const r = parseHostingCommand(text);
  if (!r.ok) throw new Error(`expected ${text} to parse: ${JSON.stringify(r.error)}`);
  return r.command;
};
const err = (text: string) => {
  const r = parseHostingCommand(text);
  if (r.ok) throw new Error(`expected ${text} to fail: ${JSON.stringify(r.command)}`);
  return r.error;
};
const usage = (command: string) => ({ problem: 'usage', command });

describe('parseHostingCommand', () => {
  it('reads an empty text and help as help', () => {
    expect(ok('')).toEqual({ name: 'help', server: undefined });
    expect(ok('  HELP ')).toEqual({ name: 'help', server: undefined });
    expect(err('help me')).toEqual(usage('hosting.help'));
  });

  it('takes a first word with a dot as the server, wherever the area is', () => {
    expect(ok('xs123456.xsrv.jp info')).toEqual({ name: 'info', server: 'xs123456.xsrv.jp' });
    expect(ok('xs123456.xsrv.jp')).toEqual({ name: 'help', server: 'xs123456.xsrv.jp' });
    expect(ok('info')).toEqual({ name: 'info', server: undefined });
    // Slack escapes a typed domain as a link: read back as typed.
    expect(ok('<http://xs123456.xsrv.jp|xs123456.xsrv.jp> domains')).toEqual({
      name: 'domains',
      server: 'xs123456.xsrv.jp',
    });
    // Only the first word names the server: a later word with a dot is an argument.
    expect(ok('domain example.jp')).toEqual({ name: 'domain', domain: 'example.jp', server: undefined });
  });

  it('reads watch and unwatch with an optional channel (as Slack escapes it), after the server or not', () => {
    expect(ok('watch')).toEqual({ name: 'watch', channelId: undefined, server: undefined });
    expect(ok('xs123456.xsrv.jp watch <#C0ALERTS1|alerts>')).toEqual({
      name: 'watch',
      channelId: 'C0ALERTS1',
      server: 'xs123456.xsrv.jp',
    });
    expect(ok('UNWATCH <#G0PRIV001>')).toEqual({
      name: 'unwatch',
      channelId: 'G0PRIV001',
      server: undefined,
    });
    // A channel typed as plain text is not a channel Slack named: the usage line says how.
    expect(err('watch #alerts')).toEqual(usage('hosting.watch'));
    expect(err('unwatch <#C0ALERTS1|alerts> more')).toEqual(usage('hosting.unwatch'));
  });

  it('parses the words without arguments, and refuses arguments they do not take', () => {
    for (const w of ['servers', 'info', 'usage', 'domains', 'subdomains', 'audit'] as const) {
      expect(ok(w)).toEqual({ name: w, server: undefined });
      expect(err(`${w} extra`)).toEqual(usage(`hosting.${w}`));
    }
  });

  it('parses domain, domain add with its flags, and domain reset', () => {
    expect(ok('domain <http://shop.example.jp|shop.example.jp>')).toMatchObject({
      name: 'domain',
      domain: 'shop.example.jp',
    });
    expect(ok('domain add shop.example.jp')).toMatchObject({ ssl: false, redirectHttps: false });
    expect(ok('domain add shop.example.jp SSL redirect-https')).toMatchObject({
      name: 'domain_add',
      domain: 'shop.example.jp',
      ssl: true,
      redirectHttps: true,
    });
    expect(ok('domain add shop.example.jp redirect_https ssl')).toMatchObject({
      ssl: true,
      redirectHttps: true,
    });
    expect(err('domain add')).toEqual(usage('hosting.domain_add'));
    expect(err('domain add shop.example.jp ssl ssl')).toEqual(usage('hosting.domain_add'));
    expect(err('domain add shop.example.jp https')).toEqual(usage('hosting.domain_add'));
    expect(ok('domain reset れい.jp')).toEqual({
      name: 'domain_reset',
      domain: 'れい.jp',
      server: undefined,
    });
    expect(err('domain reset')).toEqual(usage('hosting.domain_reset'));
    expect(err('domain reset a.jp b.jp')).toEqual(usage('hosting.domain_reset'));
    expect(err('domain')).toEqual(usage('hosting.domain'));
    expect(err('domain a.jp b.jp')).toEqual(usage('hosting.domain'));
  });

  it('parses subdomain add with ssl only', () => {
    expect(ok('subdomain add blog.example.jp ssl')).toMatchObject({
      name: 'subdomain_add',
      subdomain: 'blog.example.jp',
      ssl: true,
    });
    expect(ok('subdomain add blog.example.jp')).toMatchObject({ ssl: false });
    expect(err('subdomain add blog.example.jp redirect-https')).toEqual(usage('hosting.subdomain_add'));
    expect(err('subdomain blog.example.jp')).toEqual(usage('hosting.subdomain_add'));
  });

  it('parses the WordPress words (wordpress is the long form)', () => {
    expect(ok('wp')).toEqual({ name: 'wp', domain: undefined, server: undefined });
    expect(ok('wordpress example.jp')).toEqual({ name: 'wp', domain: 'example.jp', server: undefined });
    expect(ok('wp install')).toEqual({ name: 'wp_install', server: undefined });
    expect(ok('wp delete 1001')).toEqual({ name: 'wp_delete', id: '1001', server: undefined });
    expect(err('wp install now')).toEqual(usage('hosting.wp_install'));
    expect(err('wp delete')).toEqual(usage('hosting.wp_delete'));
    expect(err('wp a.jp b.jp')).toEqual(usage('hosting.wp'));
  });

  it('parses the database words', () => {
    expect(ok('db create')).toEqual({ name: 'db_create', server: undefined });
    expect(ok('db user create')).toEqual({ name: 'db_user_create', server: undefined });
    expect(ok('db grant xs1_user xs1_db')).toEqual({
      name: 'db_grant',
      dbUser: 'xs1_user',
      dbName: 'xs1_db',
      server: undefined,
    });
    expect(ok('db')).toEqual({ name: 'db', server: undefined });
    expect(err('db create x')).toEqual(usage('hosting.db_create'));
    expect(err('db user create x')).toEqual(usage('hosting.db'));
    expect(err('db grant only')).toEqual(usage('hosting.db_grant'));
  });

  it('parses the SSH words; a generated key’s label is the rest of the line', () => {
    expect(ok('ssh')).toEqual({ name: 'ssh', server: undefined });
    expect(ok('ssh ON')).toEqual({ name: 'ssh_on', server: undefined });
    expect(ok('ssh off')).toEqual({ name: 'ssh_off', server: undefined });
    expect(ok('ssh keys')).toEqual({ name: 'ssh_keys', server: undefined });
    expect(ok('ssh key add')).toEqual({ name: 'ssh_key_add', server: undefined });
    expect(ok('ssh key generate')).toEqual({ name: 'ssh_key_generate', label: undefined, server: undefined });
    expect(ok('ssh key generate my  laptop')).toMatchObject({ label: 'my laptop' });
    expect(ok('ssh key generate "my laptop"')).toMatchObject({ label: 'my laptop' });
    expect(ok('ssh key delete 2001')).toEqual({ name: 'ssh_key_delete', id: '2001', server: undefined });
    expect(err('ssh off now')).toEqual(usage('hosting.ssh'));
    expect(err('ssh key')).toEqual(usage('hosting.ssh'));
    expect(err('ssh key add x')).toEqual(usage('hosting.ssh_key_add'));
    expect(err('ssh key delete')).toEqual(usage('hosting.ssh_key_delete'));
  });

  it('parses errorlog with lines bare or as lines=, handing a bad number on for the rule to name', () => {
    expect(ok('errorlog example.jp')).toEqual({
      name: 'errorlog',
      domain: 'example.jp',
      lines: undefined,
      keyword: undefined,
      server: undefined,
    });
    expect(ok('error-log example.jp 200')).toMatchObject({ lines: 200, keyword: undefined });
    expect(ok('errorlog example.jp lines=50')).toMatchObject({ lines: 50 });
    for (const bad of ['-5', '2.5', '1e3', '9999999999', 'lines=abc', 'lines=0x10'])
      expect(ok(`errorlog example.jp ${bad}`), bad).toMatchObject({ lines: Number.NaN, keyword: undefined });
    expect(ok('errorlog example.jp 0')).toMatchObject({ lines: 0 });
    expect(err('errorlog')).toEqual(usage('hosting.errorlog'));
  });

  it('parses the error log keyword: a word, quoted text or keyword=, in either order with lines', () => {
    expect(ok('errorlog example.jp 200 Fatal')).toEqual({
      name: 'errorlog',
      domain: 'example.jp',
      lines: 200,
      keyword: 'Fatal',
      server: undefined,
    });
    expect(ok('errorlog example.jp Fatal')).toMatchObject({ lines: undefined, keyword: 'Fatal' });
    expect(ok('errorlog example.jp Fatal 30')).toMatchObject({ lines: 30, keyword: 'Fatal' });
    expect(ok('errorlog example.jp "PHP Fatal error"')).toMatchObject({ keyword: 'PHP Fatal error' });
    expect(ok('errorlog example.jp keyword="PHP Warning" lines=5')).toMatchObject({
      lines: 5,
      keyword: 'PHP Warning',
    });
    // A number after the lines is looked for; so is one named keyword=.
    expect(ok('errorlog example.jp 100 404')).toMatchObject({ lines: 100, keyword: '404' });
    expect(ok('errorlog example.jp keyword=404')).toMatchObject({ lines: undefined, keyword: '404' });
    // An address or a date is a keyword, not a bad number of lines.
    expect(ok('errorlog example.jp 203.0.113.5')).toMatchObject({ lines: undefined, keyword: '203.0.113.5' });
    expect(ok('errorlog example.jp 2026-11-21')).toMatchObject({ keyword: '2026-11-21' });
    // An empty keyword= goes on for the rule to name.
    expect(ok('errorlog example.jp keyword=')).toMatchObject({ keyword: '' });
    expect(ok('xs1.xsrv.jp errorlog example.jp Fatal')).toMatchObject({ server: 'xs1.xsrv.jp' });
    // Each value once.
    for (const twice of [
      '10 Fatal more',
      'Fatal Warning',
      'lines=5 10 x 11',
      'keyword=a keyword=b',
      'lines=1 lines=2',
    ])
      expect(err(`errorlog example.jp ${twice}`), twice).toEqual(usage('hosting.errorlog'));
  });

  it('names an unknown word, cut short', () => {
    expect(err('frobnicate')).toEqual({
      problem: 'unknown_command',
      word: 'frobnicate',
      suggestion: undefined,
    });
    expect(err(`${'z'.repeat(3000)} x`)).toEqual({
      problem: 'unknown_command',
      word: 'z'.repeat(40),
      suggestion: undefined,
    });
    // A mistyped word gets the closest one.
    expect(err('domians')).toMatchObject({ suggestion: 'domains' });
    expect(err('erorlog example.com')).toMatchObject({ suggestion: 'errorlog' });
  });
});
