/**
 * The one rule that tells an outside change from the bot's own (the hosting
 * watch and a server's facts use it): an audit row since the last read
 * explains one change; a change of a kind the bot makes, unexplained, waits
 * for a second look (at least `secondLookMs` after its first sight) and is
 * told then; one of a kind the bot never makes is told at once.
 */
import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../../src/store/index.ts';
import { OutsideOrOwn, OWN_MARGIN_MS, type OwnRules } from '../../src/watch/outside-or-own.ts';

type C = { what: 'set' | 'moved'; to: string };
const rules: OwnRules<C> = {
  id: (c) => `${c.what}>${c.to}`,
  botMakes: (c) => c.what === 'set',
  explains: (r, c) => r.action === c.what && r.params.value === c.to,
};
const row = (value: string): AuditRow => ({
  id: 1,
  at: new Date(0),
  actor: 'U1',
  channelId: null,
  action: 'set',
  target: 's',
  params: { value },
  outcome: 'ok',
  errorCode: null,
});

describe('outside or the bot’s own', () => {
  it('lets one row explain one change, waits for a second look, tells a change the bot never makes at once', async () => {
    const own = new OutsideOrOwn();
    const asked: Date[] = [];
    const trail = (rows: AuditRow[]) => async (since: Date) => {
      asked.push(since);
      return rows;
    };
    const changes: C[] = [
      { what: 'set', to: 'a' },
      { what: 'set', to: 'b' },
      { what: 'moved', to: 'x' },
    ];
    const first = await own.sort(
      's',
      changes,
      { lastRead: 10_000, now: 20_000, secondLookMs: 5_000 },
      rules,
      trail([row('a')]),
    );
    expect(first.applied).toEqual([
      { change: { what: 'set', to: 'a' }, outside: false },
      { change: { what: 'moved', to: 'x' }, outside: true },
    ]);
    expect([...first.waiting]).toEqual([['set>b', { before: 10_000, seenAt: 20_000 }]]);
    expect(asked).toEqual([new Date(10_000 - OWN_MARGIN_MS)]);
    own.settle('s', first.waiting);
    expect(own.waiting('s')).toBe(true);

    // Looked at again too soon (the list right after the detail): it still waits, as first seen.
    const soon = await own.sort(
      's',
      [changes[1]!],
      { lastRead: 20_000, now: 21_000, secondLookMs: 5_000 },
      rules,
      trail([]),
    );
    expect(soon.applied).toEqual([]);
    expect([...soon.waiting]).toEqual([['set>b', { before: 10_000, seenAt: 20_000 }]]);
    own.settle('s', soon.waiting);

    // The second look: the trail is read from the read before the first sight, and still explains nothing.
    const second = await own.sort(
      's',
      [changes[1]!],
      { lastRead: 21_000, now: 25_000, secondLookMs: 5_000 },
      rules,
      trail([]),
    );
    expect(second.applied).toEqual([{ change: { what: 'set', to: 'b' }, outside: true }]);
    expect(asked.at(-1)).toEqual(new Date(10_000 - OWN_MARGIN_MS));
    own.settle('s', second.waiting);
    expect(own.waiting('s')).toBe(false);
  });

  it('lets a row that arrives after the first sight explain the change at the second look', async () => {
    const own = new OutsideOrOwn();
    const c: C = { what: 'set', to: 'b' };
    const t = { lastRead: 0, now: 1_000, secondLookMs: 0 };
    own.settle('s', (await own.sort('s', [c], t, rules, async () => [])).waiting);
    const r = await own.sort('s', [c], { ...t, now: 2_000 }, rules, async () => [row('b')]);
    expect(r.applied).toEqual([{ change: c, outside: false }]);
  });

  it('reads no trail when no change is of a kind the bot makes', async () => {
    const own = new OutsideOrOwn();
    let reads = 0;
    const r = await own.sort(
      's',
      [{ what: 'moved', to: 'x' }],
      { lastRead: 0, now: 1, secondLookMs: 0 },
      rules,
      async () => {
        reads += 1;
        return [];
      },
    );
    expect(reads).toBe(0);
    expect(r.applied).toEqual([{ change: { what: 'moved', to: 'x' }, outside: true }]);
  });

  it('told together: a change the bot never makes waits with one it makes, and both are told at the second look', async () => {
    const own = new OutsideOrOwn();
    const together = { ...rules, together: true };
    const changes: C[] = [
      { what: 'set', to: 'b' },
      { what: 'moved', to: 'x' },
    ];
    const first = await own.sort(
      's',
      changes,
      { lastRead: 0, now: 1_000, secondLookMs: 2_000 },
      together,
      async () => [],
    );
    expect(first.applied).toEqual([]);
    expect([...first.waiting.keys()]).toEqual(['set>b', 'moved>x']);
    own.settle('s', first.waiting);
    // Too soon: both still wait (none is told alone).
    const soon = await own.sort(
      's',
      changes,
      { lastRead: 1_000, now: 1_500, secondLookMs: 2_000 },
      together,
      async () => [],
    );
    expect(soon.applied).toEqual([]);
    own.settle('s', soon.waiting);
    const second = await own.sort(
      's',
      changes,
      { lastRead: 1_500, now: 3_000, secondLookMs: 2_000 },
      together,
      async () => [],
    );
    expect(second.applied.map((a) => [a.change.to, a.outside])).toEqual([
      ['b', true],
      ['x', true],
    ]);
    // Alone, a change the bot never makes is told at once, together or not.
    const alone = await new OutsideOrOwn().sort(
      't',
      [changes[1]!],
      { lastRead: 0, now: 1, secondLookMs: 2_000 },
      together,
      async () => [],
    );
    expect(alone.applied).toEqual([{ change: changes[1], outside: true }]);
  });
});
