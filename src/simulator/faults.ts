/** Fault rules: matched in insertion order, each used `times` times (default 1). */
import type { FaultRule } from './types.ts';

export interface ActiveFault {
  id: number;
  rule: FaultRule;
  remaining: number;
}

export class FaultSet {
  private rules: ActiveFault[] = [];
  private nextId = 1;

  add(rule: FaultRule): number {
    const times = rule.times ?? 1;
    if (!(times > 0)) throw new Error('fault.times must be > 0 (Infinity for always)');
    if (rule.drop && rule.drop !== 'before' && rule.drop !== 'after')
      throw new Error("fault.drop must be 'before' or 'after'");
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
      return typeof p === 'string' ? p === path : new RegExp(p.source, p.flags.replace('g', '')).test(path);
    });
    if (!hit) return undefined;
    hit.remaining -= 1;
    if (hit.remaining <= 0) this.rules = this.rules.filter((f) => f !== hit);
    return hit;
  }
}
