/**
 * What the watcher keeps of a server besides its power and contract, and
 * what changed between two reads of it. Pure. Only published fields are read
 * (docs/provider-api.md, VPS summary, VPS detail): `name`, `memo` and
 * `ip_address` from the list and the detail, `reverse_hostname` and `plan`
 * (its name, vCPUs, memory and disk) from the detail alone (the list's
 * `plan_name` is another field, and two fields that could be worded apart
 * must not make a change of nothing). A field an answer could not read (an
 * entry that breaks the spec, read leniently) changes nothing; a field read
 * for the first time is its baseline (no change).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { MalformedServer, VpsDetailRead, VpsSummary } from '../provider/index.ts';
import { type AuditRow, type FactChange, type PlanFacts, planFactsSchema } from '../store/index.ts';
import type { OwnRules } from './outside-or-own.ts';

const text = z.string().nullable().optional();
const factsSchema = z.object({ memo: text, rdns: text, ip: text, ...planFactsSchema.shape });

/** As stored (`snapshots.facts`): a field is there once an answer said it; null is the provider's own null. */
export type ServerFacts = z.infer<typeof factsSchema>;

/** What one answer said of a server: its name (when it could be read) and its facts. */
export interface SeenServer {
  name?: string | undefined;
  facts: ServerFacts;
}

const TEXT_FIELDS = ['memo', 'rdns', 'ip'] as const;
const PLAN_FIELDS = ['plan', 'vcpu', 'memoryGb', 'diskGb'] as const;

/** The stored facts; none when nothing was read yet or what is stored cannot be read back (every field a baseline then). */
export function storedFacts(value: unknown): ServerFacts {
  const r = factsSchema.safeParse(value ?? {});
  return r.success ? r.data : {};
}

/** A text the provider may say as `''` or null for "none": one value for both, so the two are no change. */
function orNull(v: string | null | undefined): string | null | undefined {
  return v === '' ? null : v;
}

function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** What a list entry says (a malformed one: its fields that could be read). */
export function seenInList(
  s: Pick<VpsSummary, 'name' | 'memo' | 'ip_address'> | Pick<MalformedServer, 'name' | 'memo' | 'ip_address'>,
): SeenServer {
  return {
    name: s.name || undefined,
    facts: defined({ memo: orNull(s.memo), ip: orNull(s.ip_address) }),
  };
}

/** What a detail says (the fields it could read). */
export function seenInDetail(
  d: Partial<Pick<VpsDetailRead, 'name' | 'memo' | 'ip_address' | 'reverse_hostname' | 'plan'>>,
): SeenServer {
  const plan = d.plan ?? {};
  return {
    name: d.name || undefined,
    facts: defined({
      memo: orNull(d.memo),
      ip: orNull(d.ip_address),
      rdns: orNull(d.reverse_hostname),
      plan: plan.name || undefined,
      vcpu: plan.vcpu,
      memoryGb: plan.memory_gb,
      diskGb: plan.disk_gb,
    }),
  };
}

const planOf = (f: ServerFacts): PlanFacts =>
  defined({ plan: f.plan, vcpu: f.vcpu, memoryGb: f.memoryGb, diskGb: f.diskGb });

/**
 * What changed from what is stored (`name`: the stored name, null when it
 * was never read) to what an answer said, each field compared only when both
 * sides know it. The plan's parts make one change.
 */
export function factChanges(
  stored: { name: string | null; facts: ServerFacts },
  seen: SeenServer,
): FactChange[] {
  const out: FactChange[] = [];
  if (stored.name !== null && seen.name !== undefined && seen.name !== stored.name)
    out.push({ field: 'name', from: stored.name, to: seen.name });
  for (const field of TEXT_FIELDS) {
    const before = stored.facts[field];
    const after = seen.facts[field];
    if (before !== undefined && after !== undefined && before !== after)
      out.push({ field, from: before, to: after });
  }
  const moved = PLAN_FIELDS.some((k) => {
    const before = stored.facts[k];
    const after = seen.facts[k];
    return before !== undefined && after !== undefined && before !== after;
  });
  if (moved)
    out.push({
      field: 'plan',
      from: planOf(stored.facts),
      to: { ...planOf(stored.facts), ...planOf(seen.facts) },
    });
  return out;
}

/** The facts a read adds as baselines: the fields it said that were not known yet. */
export function withBaselines(stored: ServerFacts, seen: ServerFacts): ServerFacts {
  const out: ServerFacts = { ...stored };
  for (const [k, v] of Object.entries(seen) as [keyof ServerFacts, never][])
    if (out[k] === undefined && v !== undefined) out[k] = v;
  return out;
}

/** `facts` with one change applied (a rename is the snapshot's name, not a fact). */
export function applyFact(facts: ServerFacts, c: FactChange): ServerFacts {
  if (c.field === 'name') return facts;
  if (c.field === 'plan') return { ...facts, ...c.to };
  return { ...facts, [c.field]: c.to };
}

/** A short name of a value, the same for every observer (part of a change's id and dedupe key). */
function digest(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(value ?? null))
    .digest('hex')
    .slice(0, 12);
}

/** Names a change by its field and the value it turned to. */
export function factChangeId(c: FactChange): string {
  return `${c.field}>${digest(c.to)}`;
}

/** The audit action of each change the bot makes (`/vps rename|memo|rdns`; src/services/access/actions.ts). */
const OWN_ACTION = { name: 'rename', memo: 'memo', rdns: 'rdns' } as const;

/** A value as the provider keeps it, to compare with what the bot sent (a memo of `''` is deleted; a host name is case-blind). */
function kept(field: 'name' | 'memo' | 'rdns', value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const v = String(value);
  if (field === 'name') return v;
  if (field === 'memo') return v === '' ? null : v.replace(/\r\n/g, '\n');
  return v === '' ? null : v.toLowerCase().replace(/\.$/, '');
}

/**
 * Whether an audit row (of this server: the trail is read by its uuid) is the
 * bot's own making of `c`: the change's action, sent (done, or failed after
 * it was sent: a failure may still have been applied), with the value it now
 * has. A refused row was never sent.
 */
function explains(row: AuditRow, c: FactChange): boolean {
  if (c.field !== 'name' && c.field !== 'memo' && c.field !== 'rdns') return false;
  if (row.action !== OWN_ACTION[c.field]) return false;
  if (row.outcome !== 'ok' && row.outcome !== 'failed') return false;
  return kept(c.field, row.params.value) === kept(c.field, c.to);
}

/**
 * Outside or the bot's own, for a server's changes: the bot renames, sets the
 * memo and the reverse hostname; it changes no IP address or plan.
 */
export const SERVER_RULES: OwnRules<FactChange> = {
  id: factChangeId,
  botMakes: (c) => c.field in OWN_ACTION,
  explains,
  // One notice for what one read saw: an IP address moved with a rename waits for the rename's second look.
  together: true,
};
