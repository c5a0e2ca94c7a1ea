/**
 * Fault rules: matched in insertion order, each used `times` times (default 1).
 * A rule with a `probability` applies to a matching request only when the
 * simulator's seeded random source says so; when it does not, the request is
 * matched against the later rules and the rule keeps its times.
 */
import { type Random, seededRandom } from './random.ts';
import type { FaultRule } from './types.ts';

export interface ActiveFault {
  id: number;
  rule: FaultRule;
  remaining: number;
}

export class FaultSet {
  private rules: ActiveFault[] = [];
  private nextId = 1;

  constructor(private readonly random: Random = seededRandom(1)) {}

  add(rule: FaultRule): number {
    const times = rule.times ?? 1;
    if (!(times > 0)) throw new Error('fault.times must be > 0 (Infinity for always)');
    if (rule.drop && rule.drop !== 'before' && rule.drop !== 'after')
      throw new Error("fault.drop must be 'before' or 'after'");
    const p = rule.probability;
    if (p !== undefined && !(typeof p === 'number' && p > 0 && p <= 1))
      throw new Error('fault.probability must be a number above 0 and at most 1');
    const id = this.nextId;
    this.nextId += 1;
    this.rules.push({ id, rule, remaining: times });
    return id;
  }

  clear(): void {
    this.rules = [];
  }

  list(): ActiveFault[] {
    return [...this.rules];
  }

  /** Finds the first rule for this request and uses one of its times. */
  take(method: string, path: string): ActiveFault | undefined {
    const hit = this.rules.find((f) => {
      if (f.rule.method && f.rule.method.toUpperCase() !== method) return false;
      const p = f.rule.path;
      const matches =
        typeof p === 'string' ? p === path : new RegExp(p.source, p.flags.replace('g', '')).test(path);
      // One draw per matching rule with a probability, in rule order: the same seed, the same faults.
      return matches && (f.rule.probability === undefined || this.random() < f.rule.probability);
    });
    if (!hit) return undefined;
    hit.remaining -= 1;
    if (hit.remaining <= 0) this.rules = this.rules.filter((f) => f !== hit);
    return hit;
  }
}
