/**
 * An audit row keeps a bounded copy of what was typed (issue 12): one refused
 * command with a huge argument makes one short row, cut with a visible marker,
 * on both stores.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_BOUNDS, boundText } from '../../src/store/audit.ts';
import type { Store } from '../../src/store/index.ts';
import { type Kind, storePerTest } from './harness.ts';

describe('boundText', () => {
  it('keeps a short text and cuts a long one with the count of what it left out', () => {
    expect(boundText('web-1')).toBe('web-1');
    const cut = boundText('a'.repeat(3000));
    expect([...cut].length).toBeLessThanOrEqual(AUDIT_BOUNDS.text);
    expect(cut).toMatch(/^a+…\[\+\d+\]$/);
    expect(Number(/\+(\d+)/.exec(cut)?.[1]) + cut.indexOf('…')).toBe(3000);
    // Characters, not UTF-16 units: a cut never splits a surrogate pair.
    expect(boundText('😀'.repeat(500))).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe.each<[Kind]>([['sqlite'], ['postgres']])('audit rows on %s', (kind) => {
  let store: Store;
  storePerTest(kind, (_place, s) => {
    store = s;
  });

  it('stores every value bounded, secrets still stripped', async () => {
    const huge = 'x'.repeat(100_000);
    const row = await store.audit.append({
      actor: `U${huge}`,
      channelId: `C${huge}`,
      action: `rename${huge}`,
      target: huge,
      params: {
        ref: huge,
        list: Array.from({ length: 1000 }, (_, i) => i),
        deep: { a: { b: { c: { d: { e: { f: 'g' } } } } } },
        many: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])),
        password: 'Secret-1234',
      },
      outcome: 'refused',
      errorCode: huge,
    });
    const [read] = await store.audit.latest({ limit: 1 });
    for (const r of [row, read!]) {
      expect(JSON.stringify(r).length).toBeLessThan(4000);
      expect(r.target).toMatch(/…\[\+\d+\]$/);
      expect(r.actor.length).toBeLessThanOrEqual(AUDIT_BOUNDS.text);
      expect(r.errorCode?.length).toBeLessThanOrEqual(AUDIT_BOUNDS.text);
      expect(r.params.ref).toMatch(/…\[\+\d+\]$/);
      expect(r.params.list).toHaveLength(AUDIT_BOUNDS.items + 1);
      expect((r.params.list as unknown[]).at(-1)).toBe(`…[+${1000 - AUDIT_BOUNDS.items}]`);
      expect(Object.keys(r.params.many as object)).toHaveLength(AUDIT_BOUNDS.items + 1);
      expect(JSON.stringify(r.params.deep)).toContain('…');
      expect(r.params.password).toBeUndefined();
    }
  });
});
