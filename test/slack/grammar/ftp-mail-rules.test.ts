import { describe, expect, it } from 'vitest';
import { parseHostingCommand } from '../../../src/slack/grammar/hosting.ts';

const parse = (text: string) => parseHostingCommand(text);
const usage = (command: string) => ({ ok: false, error: { problem: 'usage', command } });

describe('the /hosting words of FTP accounts and mail sorting rules', () => {
  it('reads ftp add, change and delete with one account, as Slack escapes an address', () => {
    expect(parse('ftp add deploy@example.jp')).toEqual({
      ok: true,
      command: { name: 'ftp_add', account: 'deploy@example.jp', server: undefined },
    });
    expect(parse('xs1.xsrv.jp ftp change <mailto:deploy@example.jp|deploy@example.jp>')).toEqual({
      ok: true,
      command: { name: 'ftp_change', account: 'deploy@example.jp', server: 'xs1.xsrv.jp' },
    });
    expect(parse('ftp EDIT a@b.jp')).toMatchObject({ ok: true, command: { name: 'ftp_change' } });
    expect(parse('ftp create a@b.jp')).toMatchObject({ ok: true, command: { name: 'ftp_add' } });
    expect(parse('ftp remove a@b.jp')).toMatchObject({ ok: true, command: { name: 'ftp_delete' } });
    expect(parse('ftp add')).toEqual(usage('hosting.ftp'));
    expect(parse('ftp add a@b.jp c@d.jp')).toEqual(usage('hosting.ftp'));
    // A word that is no verb and has no dot is no domain either; an object's own names are no verbs.
    expect(parse('ftp constructor a@b.jp')).toEqual(usage('hosting.ftp'));
    expect(parse('ftp example.jp')).toMatchObject({
      ok: true,
      command: { name: 'ftp', domain: 'example.jp' },
    });
  });

  it('reads mail rules: the list of a domain (or an address), add with one domain, delete with one id', () => {
    expect(parse('mail rules')).toEqual({
      ok: true,
      command: { name: 'mail_rules', domain: undefined, server: undefined },
    });
    expect(parse('mail rules example.jp')).toMatchObject({
      ok: true,
      command: { name: 'mail_rules', domain: 'example.jp' },
    });
    expect(parse('mail filters <mailto:info@example.jp|info@example.jp>')).toMatchObject({
      ok: true,
      command: { name: 'mail_rules', domain: 'info@example.jp' },
    });
    expect(parse('mail rules add example.jp')).toMatchObject({
      ok: true,
      command: { name: 'mail_rules_add', domain: 'example.jp' },
    });
    expect(parse('xs1.xsrv.jp mail rule delete c0ffee12')).toEqual({
      ok: true,
      command: { name: 'mail_rules_delete', id: 'c0ffee12', server: 'xs1.xsrv.jp' },
    });
    expect(parse('mail rules add')).toEqual(usage('hosting.mail_rules'));
    expect(parse('mail rules delete a b')).toEqual(usage('hosting.mail_rules'));
    expect(parse('mail rules show')).toEqual(usage('hosting.mail_rules'));
    expect(parse('mail rules example.jp more')).toEqual(usage('hosting.mail_rules'));
    // `mail <domain>` is still the accounts.
    expect(parse('mail example.jp')).toMatchObject({
      ok: true,
      command: { name: 'mail', domain: 'example.jp' },
    });
  });
});
