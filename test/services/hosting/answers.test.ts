/** Reading the hosting API's answers leniently: fields read by their documented names, never invented. */
import { describe, expect, it } from 'vitest';
import {
  createdName,
  domainsOf,
  holdsList,
  logLinesOf,
  privateKeyIn,
  sshKeysOf,
  sshStateOf,
  subdomainsOf,
  wordpressOf,
} from '../../../src/services/hosting/index.ts';

describe('lists', () => {
  it('domains: from `domains`, else the answer’s array; an item without a name is kept, never dropped', () => {
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
      // `name` is no published field of a domain: not read as one.
      { domain: undefined, sslStatus: undefined, url: undefined, documentRoot: undefined },
      { domain: undefined, sslStatus: 'none', url: undefined, documentRoot: undefined },
    ]);
    expect(domainsOf({ items: [{ domain: 'a.jp' }] }).map((d) => d.domain)).toEqual(['a.jp']);
    expect(domainsOf({ message: 'none' })).toEqual([]);
  });

  it('subdomains: named by `subdomain`', () => {
    expect(subdomainsOf({ subdomains: [{ subdomain: 'blog.example.jp', domain: 'example.jp' }] })).toEqual([
      { domain: 'blog.example.jp', sslStatus: undefined, url: undefined, documentRoot: undefined },
    ]);
  });

  it('WordPress sites: numeric and string ids, under the reference’s `id` first, else the path parameter’s name `wp_id`', () => {
    expect(
      wordpressOf({
        wordpress: [
          { id: 1001, url: 'https://example.jp/', title: 'Shop', version: '6.7.1' },
          { wp_id: 'w2', id: 99, url: 'https://example.jp/b/' },
          { wp_id: 'w3' },
          {},
        ],
      }),
    ).toEqual([
      { id: '1001', url: 'https://example.jp/', title: 'Shop', domain: undefined, version: '6.7.1' },
      { id: '99', url: 'https://example.jp/b/', title: undefined, domain: undefined, version: undefined },
      { id: 'w3', url: undefined, title: undefined, domain: undefined, version: undefined },
      { id: undefined, url: undefined, title: undefined, domain: undefined, version: undefined },
    ]);
  });

  it('SSH keys and state', () => {
    expect(
      sshKeysOf({ ssh_keys: [{ key_id: 7, label: 'ci', public_key: 'ssh-ed25519 AAAA', created_at: 'x' }] }),
    ).toEqual([{ id: '7', label: 'ci', publicKey: 'ssh-ed25519 AAAA' }]);
    // Only whether it is on is read; how to connect is the spec's, not the answer's.
    expect(sshStateOf({ ssh_enabled: false, host: 'xs1.xsrv.jp', user: 'xs1', port: 10022 })).toEqual({
      enabled: false,
    });
    expect(sshStateOf({ ssh_enabled: 'yes', port: '22' })).toEqual({ enabled: undefined });
    expect(holdsList({ ssh_keys: [] }, 'ssh_keys')).toBe(true);
    expect(holdsList({ keys: [] }, 'ssh_keys')).toBe(true);
    expect(holdsList({ message: 'ok' }, 'ssh_keys')).toBe(false);
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
    expect(createdName({ name: 'x' }, 'db_name')).toBeUndefined();
    expect(createdName({ key_id: 5003 }, 'key_id')).toBe('5003');
    expect(createdName({ key_id: '' }, 'key_id')).toBeUndefined();
  });
});

describe('privateKeyIn', () => {
  it('finds a private key block by what it is, in whichever field, never a public key', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nMC4CAQ\n-----END PRIVATE KEY-----\n';
    const openssh = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl\n-----END OPENSSH PRIVATE KEY-----';
    expect(privateKeyIn({ private_key: pem })).toBe(pem);
    expect(privateKeyIn({ key: { secret: openssh }, public_key: 'ssh-ed25519 AAAA' })).toBe(openssh);
    expect(privateKeyIn({ public_key: 'ssh-ed25519 AAAA', key_id: 3 })).toBeUndefined();
    expect(privateKeyIn(null)).toBeUndefined();
  });
});
