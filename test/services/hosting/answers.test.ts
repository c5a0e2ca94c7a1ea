/** Reading the hosting API's answers leniently: fields read by their documented names, never invented. */
import { describe, expect, it } from 'vitest';
import {
  createdName,
  domainsOf,
  logLinesOf,
  sshKeysOf,
  sshStateOf,
  subdomainsOf,
  wordpressOf,
} from '../../../src/services/hosting/index.ts';

describe('lists', () => {
  it('domains: from `domains`, else the answer’s array; items without a name dropped', () => {
    expect(
      domainsOf({
        domains: [
          {
            domain: 'example.jp',
            ssl_status: 'active',
            url: 'https://example.jp/',
            document_root: '/home/x/example.jp',
          },
          { name: 'other.jp' },
          { ssl_status: 'none' },
          'not an object',
        ],
      }),
    ).toEqual([
      {
        domain: 'example.jp',
        sslStatus: 'active',
        url: 'https://example.jp/',
        documentRoot: '/home/x/example.jp',
      },
      { domain: 'other.jp', sslStatus: undefined, url: undefined, documentRoot: undefined },
    ]);
    expect(domainsOf({ items: [{ domain: 'a.jp' }] }).map((d) => d.domain)).toEqual(['a.jp']);
    expect(domainsOf({ message: 'none' })).toEqual([]);
  });

  it('subdomains: named by `subdomain`', () => {
    expect(subdomainsOf({ subdomains: [{ subdomain: 'blog.example.jp', domain: 'example.jp' }] })).toEqual([
      { domain: 'blog.example.jp', sslStatus: undefined, url: undefined, documentRoot: undefined },
    ]);
  });

  it('WordPress sites: numeric and string ids, `wp_id` too', () => {
    expect(
      wordpressOf({
        wordpress: [
          { id: 1001, url: 'https://example.jp/', title: 'Shop', version: '6.7.1' },
          { wp_id: 'w2', url: 'https://example.jp/b/' },
          {},
        ],
      }),
    ).toEqual([
      { id: '1001', url: 'https://example.jp/', title: 'Shop', domain: undefined, version: '6.7.1' },
      { id: 'w2', url: 'https://example.jp/b/', title: undefined, domain: undefined, version: undefined },
      { id: undefined, url: undefined, title: undefined, domain: undefined, version: undefined },
    ]);
  });

  it('SSH keys and state', () => {
    expect(
      sshKeysOf({ ssh_keys: [{ key_id: 7, label: 'ci', public_key: 'ssh-ed25519 AAAA', created_at: 'x' }] }),
    ).toEqual([{ id: '7', label: 'ci', publicKey: 'ssh-ed25519 AAAA', createdAt: 'x' }]);
    expect(sshStateOf({ ssh_enabled: false, host: 'xs1.xsrv.jp', user: 'xs1', port: 10022 })).toEqual({
      enabled: false,
      host: 'xs1.xsrv.jp',
      user: 'xs1',
      port: 10022,
    });
    expect(sshStateOf({ ssh_enabled: 'yes', port: '22' })).toEqual({
      enabled: undefined,
      host: undefined,
      user: undefined,
      port: undefined,
    });
  });
});

describe('the error log', () => {
  it('one string of lines (CRLF and a final newline included), or an array', () => {
    expect(logLinesOf('a\r\nb\nc\n')).toEqual(['a', 'b', 'c']);
    expect(logLinesOf(['a', 2, { x: 1 }])).toEqual(['a', '2', '{"x":1}']);
    expect(logLinesOf('')).toEqual([]);
    expect(logLinesOf(undefined)).toEqual([]);
    expect(logLinesOf(42)).toEqual([]);
  });
});

describe('createdName', () => {
  it('takes the first field the answer has', () => {
    expect(createdName({ db_name: 'xs1_shop' }, 'db_name', 'name')).toBe('xs1_shop');
    expect(createdName({ name: 'x' }, 'db_name', 'name')).toBe('x');
    expect(createdName({ key_id: 5003 }, 'key_id')).toBe('5003');
    expect(createdName({ key_id: '' }, 'key_id')).toBeUndefined();
  });
});
