/**
 * Finding the servers a text names: exactly, by name, IP address or uuid, in
 * any case, never by a part of a name; in the order the text names them, each
 * once; a text past the bound is read only up to it. Properties: nothing is
 * ever found that the list does not hold or the text does not name whole, and
 * a name standing alone between spaces is always found.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MENTION_SCAN_CHARS, mentionedIn, type Nameable } from '../../../src/services/servers/index.ts';
import { nastyText, params } from '../../fuzz/support.ts';

const server = (name: string, ip: string | null, uuid: string): Nameable => ({ name, ip_address: ip, uuid });

const WEB1 = server('web-1', '162.43.20.102', '0b1c8f2e-4a7d-4f8e-9c1a-2d3e4f5a6b7c');
const WEB10 = server('web-10', '162.43.20.110', '1b1c8f2e-4a7d-4f8e-9c1a-2d3e4f5a6b7c');
const DB1 = server('db-1', '10.0.0.5', '2b1c8f2e-4a7d-4f8e-9c1a-2d3e4f5a6b7c');
const LIST = [WEB1, WEB10, DB1];

const names = (text: string, list: readonly Nameable[] = LIST) =>
  mentionedIn(list, text).found.map((s) => s.name);

describe('the servers a text names', () => {
  it('finds a name, an IP address and a uuid, whole, in any case, in the order the text names them', () => {
    expect(names('db-1 is slow again, and 162.43.20.102 too')).toEqual(['db-1', 'web-1']);
    expect(names('see 1B1C8F2E-4A7D-4F8E-9C1A-2D3E4F5A6B7C')).toEqual(['web-10']);
    expect(names('WEB-1 and Db-1')).toEqual(['web-1', 'db-1']);
  });

  it('never takes a part of a name, address or uuid', () => {
    expect(names('web is down')).toEqual([]);
    expect(names('web-100 and db-12 and 162.43.20.1 and 10.0.0.55')).toEqual([]);
    expect(names('https://web-1.example.com/health')).toEqual([]);
    expect(names('0b1c8f2e-4a7d-4f8e-9c1a')).toEqual([]);
    expect(names('web_1 web1 xweb-1')).toEqual([]);
  });

  it('reads names through punctuation, Slack markup and Japanese text', () => {
    expect(names('Can you check web-1?')).toEqual(['web-1']);
    expect(names('Restarted db-1.')).toEqual(['db-1']);
    expect(names('(web-10), `db-1`, *web-1*')).toEqual(['web-10', 'db-1', 'web-1']);
    expect(names('<http://162.43.20.102:8080/|admin> &amp; <@U0ABC>')).toEqual(['web-1']);
    expect(names('web-1が停止しました。db-1は正常です')).toEqual(['web-1', 'db-1']);
    expect(names('IPは162.43.20.110です')).toEqual(['web-10']);
  });

  it('names each server once, at its first mention, whether by name, IP or uuid', () => {
    expect(names('162.43.20.102 ... web-1 ... db-1 ... web-1')).toEqual(['web-1', 'db-1']);
  });

  it('finds a name the provider holds outside the spec’s characters, whole', () => {
    const odd = server('本番 サーバー', null, '3b1c8f2e-4a7d-4f8e-9c1a-2d3e4f5a6b7c');
    const list = [...LIST, odd];
    expect(names('本番 サーバー が落ちた', list)).toEqual(['本番 サーバー']);
    expect(names('本番 サーバー2 が落ちた', list)).toEqual([]);
  });

  it('finds nothing in an empty list or an empty text, and ignores empty names', () => {
    expect(names('web-1', [])).toEqual([]);
    expect(names('')).toEqual([]);
    expect(names('anything at all', [server('', null, '4b1c8f2e-4a7d-4f8e-9c1a-2d3e4f5a6b7c')])).toEqual([]);
  });

  it('reads a huge text only up to the bound, and says so', () => {
    const far = `${'x '.repeat(MENTION_SCAN_CHARS)} web-1`;
    const r = mentionedIn(LIST, far);
    expect(r.truncated).toBe(true);
    expect(r.found).toEqual([]);
    const near = mentionedIn(LIST, `db-1 ${'x '.repeat(MENTION_SCAN_CHARS)}`);
    expect(near).toEqual({ found: [DB1], truncated: true });
    expect(mentionedIn(LIST, 'db-1').truncated).toBe(false);
  });
});

/** Names within the spec's characters, some of them prefixes of others. */
const specName = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,11}$/);
const ipv4 = fc.ipV4();
const entry = fc.record({ name: specName, ip_address: fc.option(ipv4, { nil: null }), uuid: fc.uuid() });
const list = fc.uniqueArray(entry, { maxLength: 12, selector: (e) => e.name });

/**
 * Whether `key` stands whole in `text`: some run of the characters names,
 * addresses and uuids are made of equals it, as it is or without the
 * punctuation around it (`web-1.`, `_web-1_`). Spec names, IPs and uuids only.
 */
function standsWhole(text: string, key: string): boolean {
  const k = key.toLowerCase();
  return text
    .toLowerCase()
    .split(/[^a-z0-9_.-]+/)
    .some((run) => run === k || run.replace(/^[._-]+|[._-]+$/g, '') === k);
}

describe('the servers a text names: properties', () => {
  const text = fc.oneof(
    nastyText,
    list.chain((l) =>
      fc
        .array(
          fc.oneof(
            fc.constantFrom(...(l.length > 0 ? l.map((e) => e.name) : ['none'])),
            fc.constantFrom(...(l.length > 0 ? l.map((e) => `${e.name}x`) : ['none'])),
            fc.constantFrom(' ', '.', ',', '-', '_', '\n', 'web', '1', '.5', 'が'),
            nastyText,
          ),
          { maxLength: 12 },
        )
        .map((parts) => parts.join('')),
    ),
  );

  it('never finds a server the list does not hold, nor one the text does not name whole', () => {
    fc.assert(
      fc.property(list, text, (servers, t) => {
        const { found } = mentionedIn(servers, t);
        expect(new Set(found).size).toBe(found.length);
        for (const s of found) {
          expect(servers).toContain(s);
          const keys = [s.name, s.ip_address, s.uuid].filter((k): k is string => !!k);
          expect(keys.some((k) => standsWhole(t, k))).toBe(true);
        }
      }),
      params(300),
    );
  });

  it('always finds a name that stands alone between spaces', () => {
    fc.assert(
      fc.property(
        list.filter((l) => l.length > 0),
        fc.nat(),
        nastyText,
        nastyText,
        (servers, i, before, after) => {
          const s = servers[i % servers.length]!;
          const { found } = mentionedIn(servers, `${before} ${s.name.toUpperCase()} ${after}`);
          expect(found).toContain(s);
        },
      ),
      params(300),
    );
  });
});
