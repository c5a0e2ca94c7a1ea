/**
 * A server's name, memo, reverse hostname, IP address and plan, as a read of
 * its detail (which has every one of them; the list only makes it due soon)
 * saw them, recorded in the caller's transaction: what changed outside the
 * bot is reported in one notice per read (every change it saw, not a post each;
 * changes seen at once wait for each other's second look); the bot's own changes
 * (`/vps rename|memo|rdns`, audited) are taken silently: they were announced
 * when they were made. Which is which: outside-or-own.ts, with the rules of
 * server-facts.ts. A change that waits for its second look is not written:
 * the snapshot keeps what it was, so the next read sees the change again.
 *
 * The dedupe key names the state being left (`changed:<uuid>:<changedAt of
 * the old state>:<the changes reported>`), so a restarted process or a second
 * replica that read the same snapshot and saw the same changes queues
 * nothing twice. The change is written in the audit trail too (action
 * `outside_change`, actor `outside`), as the hosting watch writes its own.
 */
import {
  type FactChange,
  OUTSIDE_ACTOR,
  SERVER_OUTSIDE_CHANGE_ACTION,
  type ServerChangedNotice,
  type SnapshotRow,
  type Store,
} from '../store/index.ts';
import { enqueueNotice } from './notice-rows.ts';
import type { OutsideOrOwn, Waiting } from './outside-or-own.ts';
import {
  applyFact,
  factChangeId,
  factChanges,
  SERVER_RULES,
  type SeenServer,
  type ServerFacts,
  storedFacts,
  withBaselines,
} from './server-facts.ts';

export type FactsTx = Pick<Store, 'outbox' | 'mutes' | 'audit'>;

const FIELD_ORDER: readonly FactChange['field'][] = ['name', 'memo', 'rdns', 'ip', 'plan'];

export interface FactsContext {
  now: Date;
  channelsFor(uuid: string): readonly string[];
  /** The changes waiting for their second look (the watcher's, across its reads). */
  own: OutsideOrOwn;
  /** How long after its first sight a look at a server counts as the second one (the re-read cadence). */
  secondLookMs: number;
}

/** What a read makes of a server's snapshot. */
export interface FactsOutcome {
  name: string;
  facts: ServerFacts;
  /** The snapshot's epoch: now when a change was taken (reported or the bot's own), else as it was. */
  changedAt: Date;
  enqueued: number;
  /** For `own.settle` once the transaction committed. */
  waiting: Map<string, Waiting>;
}

/** The stored name, or null while only the uuid stands in for it (never read): then a name read is its baseline. */
export function knownName(s: Pick<SnapshotRow, 'serverUuid' | 'name'>): string | null {
  return s.name && s.name !== s.serverUuid ? s.name : null;
}

/** Whether a read saw a field differ from what is stored (a change, not a baseline). */
export function factsDiffer(cur: SnapshotRow, seen: SeenServer): boolean {
  return factChanges({ name: knownName(cur), facts: storedFacts(cur.facts) }, seen).length > 0;
}

/** Records what one read of its detail saw of a server that has a snapshot; the caller writes the snapshot it returns. */
export async function recordFacts(
  tx: FactsTx,
  cur: SnapshotRow,
  seen: SeenServer,
  ctx: FactsContext,
): Promise<FactsOutcome> {
  const uuid = cur.serverUuid;
  const stored = storedFacts(cur.facts);
  const storedName = knownName(cur);
  const changes = factChanges({ name: storedName, facts: stored }, seen);
  const times = {
    lastRead: cur.observedAt.getTime(),
    now: ctx.now.getTime(),
    secondLookMs: ctx.secondLookMs,
  };
  const sorted = await ctx.own.sort(uuid, changes, times, SERVER_RULES, (since) =>
    tx.audit.latest({ target: uuid, since, limit: 200 }),
  );
  let name = storedName ?? seen.name ?? cur.name ?? uuid;
  let facts = withBaselines(stored, seen.facts);
  const told: FactChange[] = [];
  for (const { change, outside } of sorted.applied) {
    if (change.field === 'name') name = change.to;
    facts = applyFact(facts, change);
    if (outside) told.push(change);
  }
  // In the order the fields are read, whichever look decided each.
  told.sort((a, b) => FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field));
  let enqueued = 0;
  if (told.length > 0) {
    const key = `changed:${uuid}:${cur.changedAt.getTime()}:${told.map(factChangeId).join(',')}`;
    const notice: ServerChangedNotice = {
      kind: 'server-changed',
      uuid,
      name,
      changes: told,
      at: ctx.now.getTime(),
    };
    const channels = ctx.channelsFor(uuid);
    enqueued = await enqueueNotice(tx, key, notice, uuid, channels, ctx.now);
    // Beside the bot's own changes in the audit trail (`/vps audit`), once: a replica that
    // found the notice queued already adds no second row.
    if (enqueued > 0 || channels.length === 0)
      await tx.audit.append({
        actor: OUTSIDE_ACTOR,
        channelId: null,
        action: SERVER_OUTSIDE_CHANGE_ACTION,
        target: uuid,
        params: { name, fields: told.map((c) => c.field) },
        outcome: 'ok',
        at: ctx.now,
      });
  }
  return {
    name,
    facts,
    changedAt: sorted.applied.length > 0 ? ctx.now : cur.changedAt,
    enqueued,
    waiting: sorted.waiting,
  };
}
