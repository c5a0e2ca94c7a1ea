import { describe, expect, it } from 'vitest';
import { parseHostingCommand } from '../../../src/slack/grammar/hosting.ts';

const ok = (text: string) => {
  const r = parseHostingCommand(text);
  if (!r.ok) throw new Error(`expected ${text} to parse: ${JSON.stringify(r.error)}`);
  const { server: _, ...command } = r.command;
  return command;
};
const usageOf = (text: string) => {
  const r = parseHostingCommand(text);
  if (r.ok) throw new Error(`expected ${text} to fail: ${JSON.stringify(r.command)}`);
  return r.error.problem === 'usage' ? r.error.command : r.error.problem;
};

describe('the /hosting words of domains, subdomains, WordPress and databases beyond adding', () => {
  it('reads a domain’s or subdomain’s change and delete, the files flag in any of its spellings', () => {
    expect(ok('domain change example.jp')).toEqual({ name: 'domain_change', domain: 'example.jp' });
    expect(ok('domain memo example.jp')).toEqual({ name: 'domain_change', domain: 'example.jp' });
    expect(ok('domain delete example.jp')).toEqual({
      name: 'domain_delete',
      domain: 'example.jp',
      deleteFiles: false,
    });
    for (const flag of ['delete-files', 'delete_files', 'FILES'])
      expect(ok(`domain remove example.jp ${flag}`)).toEqual({
        name: 'domain_delete',
        domain: 'example.jp',
        deleteFiles: true,
      });
    expect(ok('subdomain delete blog.example.jp delete-files')).toEqual({
      name: 'subdomain_delete',
      subdomain: 'blog.example.jp',
      deleteFiles: true,
    });
    expect(ok('subdomain change blog.example.jp')).toEqual({
      name: 'subdomain_change',
      subdomain: 'blog.example.jp',
    });
    expect(usageOf('domain delete example.jp ssl')).toBe('hosting.domain_delete');
    expect(usageOf('domain delete')).toBe('hosting.domain_delete');
    expect(usageOf('subdomain change')).toBe('hosting.subdomain_change');
    // The words it had before still mean what they meant.
    expect(ok('domain example.jp')).toEqual({ name: 'domain', domain: 'example.jp' });
    expect(ok('subdomain add blog.example.jp ssl')).toEqual({
      name: 'subdomain_add',
      subdomain: 'blog.example.jp',
      ssl: true,
    });
  });

  it('reads a reset’s type, `all` when none is typed, and refuses another', () => {
    expect(ok('domain reset example.jp')).toEqual({
      name: 'domain_reset',
      domain: 'example.jp',
      type: undefined,
    });
    expect(ok('domain reset example.jp web')).toEqual({
      name: 'domain_reset',
      domain: 'example.jp',
      type: 'web',
    });
    expect(ok('domain reset example.jp type=other')).toEqual({
      name: 'domain_reset',
      domain: 'example.jp',
      type: 'other',
    });
    expect(usageOf('domain reset example.jp files')).toBe('hosting.domain_reset');
    expect(usageOf('domain reset example.jp all web')).toBe('hosting.domain_reset');
  });

  it('reads the databases, their users and grants', () => {
    expect(ok('db')).toEqual({ name: 'db' });
    expect(ok('db list')).toEqual({ name: 'db' });
    expect(ok('db users')).toEqual({ name: 'db_users' });
    expect(ok('db user')).toEqual({ name: 'db_users' });
    expect(ok('db grants xs1_u')).toEqual({ name: 'db_grants', dbUser: 'xs1_u' });
    expect(ok('db change xs1_d')).toEqual({ name: 'db_change', dbName: 'xs1_d' });
    expect(ok('db delete xs1_d')).toEqual({ name: 'db_delete', dbName: 'xs1_d' });
    expect(ok('db user change xs1_u')).toEqual({ name: 'db_user_change', dbUser: 'xs1_u' });
    expect(ok('db user delete xs1_u')).toEqual({ name: 'db_user_delete', dbUser: 'xs1_u' });
    expect(ok('db revoke xs1_u xs1_d')).toEqual({ name: 'db_revoke', dbUser: 'xs1_u', dbName: 'xs1_d' });
    expect(ok('wp change 1001')).toEqual({ name: 'wp_change', id: '1001' });
    expect(ok('db user create')).toEqual({ name: 'db_user_create' });
    expect(ok('db grant xs1_u xs1_d')).toEqual({ name: 'db_grant', dbUser: 'xs1_u', dbName: 'xs1_d' });
    expect(usageOf('db revoke xs1_u')).toBe('hosting.db_revoke');
    expect(usageOf('db user frobnicate x')).toBe('hosting.db_users');
    expect(usageOf('db delete a b')).toBe('hosting.db_delete');
    expect(usageOf('db frobnicate')).toBe('hosting.db');
    expect(usageOf('wp change')).toBe('hosting.wp_change');
  });
});
