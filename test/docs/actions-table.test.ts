/**
 * docs/operators.md's table of actions and the role each needs by default
 * says what src/services/access/actions.ts decides: every action once, in the
 * row of its role.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NEEDS } from '../../src/services/access/actions.ts';

describe('the roles table of docs/operators.md', () => {
  it('names every action once, under the role it needs by default', () => {
    const doc = readFileSync(new URL('../../docs/operators.md', import.meta.url), 'utf8');
    const rows = new Map<string, string[]>();
    for (const m of doc.matchAll(/^\| (viewer|operator|approver|admin) \| (.+) \|$/gm))
      rows.set(
        m[1]!,
        [...m[2]!.matchAll(/`([a-z_.]+)`/g)].map((a) => a[1]!),
      );
    const documented = [...rows.entries()].flatMap(([role, actions]) => actions.map((a) => `${a} ${role}`));
    const decided = Object.entries(DEFAULT_NEEDS).map(([action, role]) => `${action} ${role}`);
    expect(documented.sort()).toEqual(decided.sort());
  });
});
