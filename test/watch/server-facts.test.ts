/**
 * What the watcher reads of a server besides power and contract, and what it
 * takes for a change, as pure functions: only what both reads know is
 * compared (a field never read, or one an answer could not read, changes
 * nothing), the plan's parts are one change, and an audit row explains a
 * change only when the bot sent that very value.
 */
import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../../src/store/index.ts';
import {
  applyFact,
  factChangeId,
  factChanges,
  SERVER_RULES,
  seenInDetail,
  seenInList,
  storedFacts,
  withBaselines,
} from '../../src/watch/server-facts.ts';

const facts = {
  memo: 'primary',
  ip: '203.0.113.7',
  rdns: 'db1.example.jp',
  plan: 'VPS 2GB',
  vcpu: 3,
  memoryGb: 2,
  diskGb: 50,
};

function row(action: string, value: unknown, outcome: AuditRow['outcome'] = 'ok'): AuditRow {
  return {
    id: 1,
    at: new Date(0),
    actor: 'U0OPS',
    channelId: 'C0OPS',
    action,
    target: 'uuid-1',
    params: { ref: 'db-1', value },
    outcome,
    errorCode: null,
  };
}

describe('server facts', () => {
  it('reads the list’s name, memo and IP address, and the detail’s reverse hostname and plan too', () => {
    expect(seenInList({ name: 'db-1', memo: null, ip_address: '203.0.113.7' })).toEqual({
      name: 'db-1',
      facts: { memo: null, ip: '203.0.113.7' },
    });
    // A malformed entry: what it could not read is left out (no change), '' is none.
    expect(seenInList({ name: undefined, memo: '', ip_address: undefined })).toEqual({
      name: undefined,
      facts: { memo: null },
    });
    expect(
      seenInDetail({
        name: 'db-1',
        memo: 'primary',
        ip_address: '203.0.113.7',
        reverse_hostname: 'db1.example.jp',
        plan: { name: 'VPS 2GB', vcpu: 3, memory_gb: 2, disk_gb: 50 },
      }),
    ).toEqual({ name: 'db-1', facts });
    expect(seenInDetail({ name: 'db-1', plan: { vcpu: 3 } }).facts).toEqual({ vcpu: 3 });
  });

  it('compares only what both sides know: a field read the first time is its baseline', () => {
    const stored = { name: 'db-1', facts: { memo: 'primary' } };
    expect(factChanges(stored, { name: 'db-1', facts: { memo: 'primary', ip: '203.0.113.9' } })).toEqual([]);
    expect(withBaselines(stored.facts, { memo: 'changed', ip: '203.0.113.9' })).toEqual({
      memo: 'primary',
      ip: '203.0.113.9',
    });
    // The name is never known while only the uuid stands in for it.
    expect(factChanges({ name: null, facts: {} }, { name: 'db-1', facts: {} })).toEqual([]);
    // An answer that could not read a field says nothing about it.
    expect(factChanges({ name: 'db-1', facts }, { name: undefined, facts: {} })).toEqual([]);
  });

  it('finds each change, the plan’s parts as one, with the plan as it was and is', () => {
    const seen = {
      name: 'db-primary',
      facts: { ...facts, memo: null, rdns: 'db.example.jp', ip: '203.0.113.8', plan: 'VPS 4GB', memoryGb: 4 },
    };
    const changes = factChanges({ name: 'db-1', facts }, seen);
    expect(changes).toEqual([
      { field: 'name', from: 'db-1', to: 'db-primary' },
      { field: 'memo', from: 'primary', to: null },
      { field: 'rdns', from: 'db1.example.jp', to: 'db.example.jp' },
      { field: 'ip', from: '203.0.113.7', to: '203.0.113.8' },
      {
        field: 'plan',
        from: { plan: 'VPS 2GB', vcpu: 3, memoryGb: 2, diskGb: 50 },
        to: { plan: 'VPS 4GB', vcpu: 3, memoryGb: 4, diskGb: 50 },
      },
    ]);
    let after = facts as ReturnType<typeof storedFacts>;
    for (const c of changes) after = applyFact(after, c);
    expect(after).toEqual(seen.facts);
    // Memory added alone is a plan change too.
    expect(factChanges({ name: 'db-1', facts }, { facts: { memoryGb: 4 } }).map((c) => c.field)).toEqual([
      'plan',
    ]);
  });

  it('names a change by its field and value, the same for every observer', () => {
    const a = factChangeId({ field: 'memo', from: 'x', to: 'y' });
    expect(a).toBe(factChangeId({ field: 'memo', from: 'other', to: 'y' }));
    expect(a).not.toBe(factChangeId({ field: 'memo', from: 'x', to: 'z' }));
    expect(a).toMatch(/^memo>[0-9a-f]{12}$/);
  });

  it('reads back what is stored, and nothing from what cannot be read', () => {
    expect(storedFacts(facts)).toEqual(facts);
    expect(storedFacts(null)).toEqual({});
    expect(storedFacts({ memo: 42 })).toEqual({});
  });

  it('takes an audit row for the bot’s own change only when it sent that value: rename, memo, rdns', () => {
    const rename = { field: 'name', from: 'db-1', to: 'db-primary' } as const;
    expect(SERVER_RULES.explains(row('rename', 'db-primary'), rename)).toBe(true);
    // Failed after it was sent: it may have been applied all the same.
    expect(SERVER_RULES.explains(row('rename', 'db-primary', 'failed'), rename)).toBe(true);
    // Refused: never sent.
    expect(SERVER_RULES.explains(row('rename', 'db-primary', 'refused'), rename)).toBe(false);
    expect(SERVER_RULES.explains(row('rename', 'db-other'), rename)).toBe(false);
    expect(SERVER_RULES.explains(row('memo', 'db-primary'), rename)).toBe(false);
    // The empty memo deletes it; a host name is case-blind.
    expect(SERVER_RULES.explains(row('memo', ''), { field: 'memo', from: 'x', to: null })).toBe(true);
    expect(
      SERVER_RULES.explains(row('rdns', 'DB.Example.jp.'), {
        field: 'rdns',
        from: null,
        to: 'db.example.jp',
      }),
    ).toBe(true);
    // The bot changes no IP address and no plan: those are never its own.
    expect(SERVER_RULES.botMakes({ field: 'ip', from: null, to: '203.0.113.8' })).toBe(false);
    expect(SERVER_RULES.botMakes({ field: 'plan', from: {}, to: {} })).toBe(false);
    expect(SERVER_RULES.botMakes(rename)).toBe(true);
  });
});
