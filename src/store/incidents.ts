/**
 * Incidents and their message per channel (`incidents`, `incident_posts`):
 * camelCase fields, `Date` values, `null` for absent.
 */
import { type Selectable, sql } from 'kysely';
import type { AlarmFacts } from './alarm-types.ts';
import type { RepoContext } from './context.ts';
import { date, dateOrNull, type IncidentPostsTable, type IncidentsTable, iso, isoOrNull } from './schema.ts';
import type { TransitionResult } from './transitions.ts';

/**
 * One change of an incident. `at` is epoch ms; `later`: it came after the
 * flap window. A power incident's changes are power states; an alarm of
 * another kind changes between `ok` and `alarm` (`alarm` -> `alarm`: fired
 * again with new facts).
 */
export interface IncidentChange {
  /** The outbox dedupe key of the change (without the channel): a replayed change is recognised. */
  key: string;
  from: string;
  to: string;
  at: number;
  later: boolean;
}

/**
 * What one message per channel shows, posted at once and then edited or
 * answered in its thread: a server's power changes from the first one until
 * it settles (running again, and no change for a flap window), or an alarm of
 * another kind from its opening until it is resolved and settled.
 */
export interface IncidentRow {
  /** The first change's key: two observers of the same change make the same incident. */
  id: string;
  /** `power`, or an alarm kind (alarm-types.ts). */
  kind: string;
  /** What it is about: a server uuid for `power` and `contract`, the kind's own key otherwise. */
  subject: string;
  name: string;
  ipAddress: string | null;
  plan: string | null;
  /** The state before the first change (`ok` for an alarm). */
  baseline: string;
  /** Since when it was in `baseline`: known, or (not known) when the watcher first saw it. */
  baselineSince: Date;
  baselineSinceKnown: boolean;
  /** The state now: a power state, or `alarm` / `ok`. */
  state: string;
  /** Oldest first; never empty. */
  changes: IncidentChange[];
  /** The kind's facts, as JSON (read with the kind's schema); `{}` for power. */
  detail: unknown;
  /** When it first woke on-call; null for a routine power incident. */
  raisedAt: Date | null;
  /** Since when its condition is true this time; null while it is not. */
  alarmSince: Date | null;
  /** When its condition ended; null while it is open (or was never an alarm). */
  resolvedAt: Date | null;
  /** Who said "I'm on it" last, and when. */
  claimedBy: string | null;
  claimedAt: Date | null;
  /** Claims made so far: the first, and each takeover. */
  claims: number;
  /** Reminders sent while it was true this time, and when the last one was. */
  renotifyCount: number;
  renotifiedAt: Date | null;
  /** Bumped by every write that changes what its message shows; an edit asks for at least this. */
  version: number;
  startedAt: Date;
  lastChangeAt: Date;
  updatedAt: Date;
}

/**
 * What the watch's rules read from an incident (src/watch/notices.ts,
 * `readIncident`), handed to whoever shows it: views word it, they never
 * apply the rules themselves.
 */
export interface IncidentReading {
  /**
   * It wakes on-call now: a power incident whose last change is an alarm,
   * still so and not flapped back; an alarm of another kind while true.
   */
  alarming: boolean;
  /** Some change of it woke on-call (a power incident running again has then recovered). */
  everAlarmed: boolean;
  /** An alarm's kind and facts as opened; undefined for power, and for facts of another shape. */
  facts: AlarmFacts | undefined;
}

/** An incident with what the watch reads from it: what every incident view is drawn from. */
export type ReadIncident = IncidentRow & IncidentReading;

export type NewIncident = Pick<
  IncidentRow,
  | 'id'
  | 'subject'
  | 'name'
  | 'ipAddress'
  | 'plan'
  | 'baseline'
  | 'baselineSince'
  | 'baselineSinceKnown'
  | 'state'
  | 'changes'
> &
  Partial<Pick<IncidentRow, 'kind' | 'detail' | 'raisedAt' | 'alarmSince' | 'resolvedAt'>>;

/** An incident's message in one channel. `messageTs` is null until Slack accepted the post. */
export interface IncidentPost {
  incidentId: string;
  channelId: string;
  messageTs: string | null;
  /** The incident's version the message shows (as posted or last edited). */
  renderedVersion: number;
  createdAt: Date;
  /** Never posted: covered by the channel's backlog summary after it was parked. */
  summarisedAt: Date | null;
  /** The thread the message lives in (a signup's approval thread); its replies go there too. */
  threadTs: string | null;
}

// Rows and posts as the database holds them, read into their shapes.
const changesOf = (text: string): IncidentChange[] => {
  const v = JSON.parse(text) as unknown;
  return Array.isArray(v) ? (v as IncidentChange[]) : [];
};

const detailOf = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
};

const toRow = (r: Selectable<IncidentsTable>): IncidentRow => ({
  id: r.id,
  kind: r.kind,
  subject: r.subject,
  name: r.name,
  ipAddress: r.ip_address,
  plan: r.plan,
  baseline: r.baseline,
  baselineSince: date(r.baseline_since),
  baselineSinceKnown: Number(r.baseline_since_known) === 1,
  state: r.state,
  changes: changesOf(r.changes),
  detail: detailOf(r.detail),
  raisedAt: dateOrNull(r.raised_at),
  alarmSince: dateOrNull(r.alarm_since),
  resolvedAt: dateOrNull(r.resolved_at),
  claimedBy: r.claimed_by,
  claimedAt: dateOrNull(r.claimed_at),
  claims: Number(r.claims),
  renotifyCount: Number(r.renotify_count),
  renotifiedAt: dateOrNull(r.renotified_at),
  version: Number(r.version),
  startedAt: date(r.started_at),
  lastChangeAt: date(r.last_change_at),
  updatedAt: date(r.updated_at),
});

const toPost = (r: Selectable<IncidentPostsTable>): IncidentPost => ({
  incidentId: r.incident_id,
  channelId: r.channel_id,
  messageTs: r.message_ts,
  renderedVersion: Number(r.rendered_version),
  createdAt: date(r.created_at),
  summarisedAt: r.summarised_at === null ? null : date(r.summarised_at),
  threadTs: r.thread_ts,
});

export interface IncidentRepo {
  /** The most recent incident of this kind about this subject (settled or not), or null. */
  latestFor(kind: string, subject: string): Promise<IncidentRow | null>;
  /** The latest incident of a kind, whatever it is about (the last key-use alarm); null when none is kept. */
  latestOfKind(kind: string): Promise<IncidentRow | null>;
  get(id: string): Promise<IncidentRow | null>;
  getMany(ids: readonly string[]): Promise<IncidentRow[]>;
  /** Alarms not resolved yet (opened, `resolvedAt` null), oldest first. */
  openAlarms(): Promise<IncidentRow[]>;
  /** Alarms opened or resolved in `[from, to)` (any kind), oldest opening first. */
  alarmsDuring(from: Date, to: Date): Promise<IncidentRow[]>;
  /**
   * Stores a new incident (version 1). Its id is its first change's key, so a
   * second observer of the same change (a restarted process, another replica)
   * gets `created: false` and the row as it is.
   */
  create(row: NewIncident): Promise<{ created: boolean; row: IncidentRow }>;
  /**
   * Writes the incident's changes, state, facts and alarm times (call it in the
   * watcher's transaction) and bumps its version; returns the row as stored.
   * Never writes the claim (that is `claim`'s compare-and-set), and keeps the
   * reminders' count unless the alarm's spell changed (`alarmSince`).
   */
  save(row: IncidentRow): Promise<IncidentRow>;
  /**
   * "I'm on it": one compare-and-set on the claimant as it was read
   * (`expected`, null for nobody), on an alarm still open. The winner's row
   * has the new claimant, one more claim and a new version; a loser gets the
   * row as it is now.
   */
  claim(id: string, expected: string | null, by: string, at: Date): Promise<TransitionResult<IncidentRow>>;
  /**
   * Counts one reminder, if the alarm is as it was read: still open, true
   * since `alarmSince`, unclaimed, with `count` reminders so far. Null when
   * another replica (or a claim, a recovery) moved it first.
   */
  remind(id: string, expected: { count: number; alarmSince: Date }, at: Date): Promise<IncidentRow | null>;
  post(incidentId: string, channelId: string): Promise<IncidentPost | null>;
  /** The incident's posts in one channel, for these incidents. */
  posts(channelId: string, incidentIds: readonly string[]): Promise<IncidentPost[]>;
  /** Every channel's post of these incidents. */
  postsOf(incidentIds: readonly string[]): Promise<IncidentPost[]>;
  /**
   * Records that the incident gets a message in the channel (not posted yet),
   * inside `threadTs` when given; false when it had one.
   */
  addPost(incidentId: string, channelId: string, threadTs?: string | null): Promise<boolean>;
  /**
   * Slack accepted the message `ts` in the channel for these incidents (one, or
   * the members of a digest), showing each one's `version`. A post that
   * already has a ts keeps it.
   */
  markPosted(
    channelId: string,
    ts: string,
    shown: readonly { incidentId: string; version: number }[],
  ): Promise<void>;
  /** The message was edited to show these versions (never lowers what a post shows). */
  markRendered(channelId: string, shown: readonly { incidentId: string; version: number }[]): Promise<void>;
  /**
   * These incidents' messages in the channel were never posted: the channel's
   * backlog summary covered them. Their later follow-ups start a new message.
   */
  markSummarised(channelId: string, incidentIds: readonly string[], at: Date): Promise<void>;
  /** The incidents one message shows (one, or a digest's members), oldest post first. */
  postsOfMessage(channelId: string, ts: string): Promise<IncidentPost[]>;
  /**
   * Deletes settled incidents (a server running again, an alarm `ok` again)
   * whose last change is older than `before`, with their posts.
   */
  purgeSettled(before: Date): Promise<number>;
}

/** The states an incident settles in. */
const SETTLED = ['running', 'ok'];

/** Kept well under both databases' limits on bound parameters. */
const CHUNK = 500;

export function incidentRepo(ctx: RepoContext): IncidentRepo {
  const { db, clock, account } = ctx;

  async function get(id: string): Promise<IncidentRow | null> {
    const r = await db
      .selectFrom('incidents')
      .selectAll()
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? toRow(r) : null;
  }

  async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
    const out: T[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
    return out;
  }

  return {
    get,

    async latestFor(kind, subject) {
      const r = await db
        .selectFrom('incidents')
        .selectAll()
        .where('account', '=', account)
        .where('kind', '=', kind)
        .where('subject', '=', subject)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r ? toRow(r) : null;
    },

    async latestOfKind(kind) {
      const r = await db
        .selectFrom('incidents')
        .selectAll()
        .where('account', '=', account)
        .where('kind', '=', kind)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r ? toRow(r) : null;
    },

    async getMany(ids) {
      return inChunks(ids, async (chunk) =>
        (
          await db
            .selectFrom('incidents')
            .selectAll()
            .where('account', '=', account)
            .where('id', 'in', chunk)
            .execute()
        ).map(toRow),
      );
    },

    async openAlarms() {
      const rows = await db
        .selectFrom('incidents')
        .selectAll()
        .where('account', '=', account)
        .where('resolved_at', 'is', null)
        .where('raised_at', 'is not', null)
        .orderBy('raised_at')
        .orderBy('id')
        .execute();
      return rows.map(toRow);
    },

    async alarmsDuring(from, to) {
      const [a, b] = [iso(from), iso(to)];
      const rows = await db
        .selectFrom('incidents')
        .selectAll()
        .where('account', '=', account)
        .where('raised_at', 'is not', null)
        .where((eb) =>
          eb.or([
            eb.and([eb('raised_at', '>=', a), eb('raised_at', '<', b)]),
            eb.and([eb('resolved_at', '>=', a), eb('resolved_at', '<', b)]),
          ]),
        )
        .orderBy('raised_at')
        .orderBy('id')
        .execute();
      return rows.map(toRow);
    },

    async create(row) {
      const first = row.changes[0];
      if (!first) throw new Error('an incident starts with a change');
      const now = iso(clock.now());
      const at = iso(new Date(first.at));
      const last = iso(new Date(row.changes[row.changes.length - 1]!.at));
      const inserted = await db
        .insertInto('incidents')
        .values({
          account,
          id: row.id,
          kind: row.kind ?? 'power',
          subject: row.subject,
          name: row.name,
          ip_address: row.ipAddress,
          plan: row.plan,
          baseline: row.baseline,
          baseline_since: iso(row.baselineSince),
          baseline_since_known: row.baselineSinceKnown ? 1 : 0,
          state: row.state,
          changes: JSON.stringify(row.changes),
          detail: JSON.stringify(row.detail ?? {}),
          raised_at: isoOrNull(row.raisedAt),
          alarm_since: isoOrNull(row.alarmSince),
          resolved_at: isoOrNull(row.resolvedAt),
          claimed_by: null,
          claimed_at: null,
          claims: 0,
          renotify_count: 0,
          renotified_at: null,
          version: 1,
          started_at: at,
          last_change_at: last,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['account', 'id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { created: true, row: toRow(inserted) };
      const existing = await get(row.id);
      if (!existing) throw new Error(`incident ${row.id} neither inserted nor found`);
      return { created: false, row: existing };
    },

    async save(row) {
      const last = row.changes[row.changes.length - 1];
      const since = isoOrNull(row.alarmSince);
      // The reminders belong to one spell of the alarm: a new spell (or none) starts them again.
      // SET reads the row as it was, so `alarm_since` here is the stored one.
      const sameSpell = sql<boolean>`alarm_since = ${since}`;
      const r = await db
        .updateTable('incidents')
        .set((eb) => ({
          name: row.name,
          ip_address: row.ipAddress,
          plan: row.plan,
          state: row.state,
          changes: JSON.stringify(row.changes),
          detail: JSON.stringify(row.detail ?? {}),
          raised_at: isoOrNull(row.raisedAt),
          alarm_since: since,
          resolved_at: isoOrNull(row.resolvedAt),
          renotify_count: eb.case().when(sameSpell).then(eb.ref('renotify_count')).else(0).end(),
          renotified_at: eb
            .case()
            .when(sameSpell)
            .then(eb.ref('renotified_at'))
            .else(sql<string | null>`null`)
            .end(),
          version: eb('version', '+', 1),
          last_change_at: iso(last ? new Date(last.at) : row.lastChangeAt),
          updated_at: iso(clock.now()),
        }))
        .where('account', '=', account)
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirst();
      if (!r) throw new Error(`incident ${row.id} not found`);
      return toRow(r);
    },

    async claim(id, expected, by, at) {
      const r = await db
        .updateTable('incidents')
        .set((eb) => ({
          claimed_by: by,
          claimed_at: iso(at),
          claims: eb('claims', '+', 1),
          version: eb('version', '+', 1),
          updated_at: iso(clock.now()),
        }))
        .where('account', '=', account)
        .where('id', '=', id)
        .where('raised_at', 'is not', null)
        .where('resolved_at', 'is', null)
        .where('claimed_by', expected === null ? 'is' : '=', expected)
        .returningAll()
        .executeTakeFirst();
      if (r) return { won: true, row: toRow(r) };
      return { won: false, row: await get(id) };
    },

    async remind(id, expected, at) {
      const r = await db
        .updateTable('incidents')
        .set((eb) => ({
          renotify_count: eb('renotify_count', '+', 1),
          renotified_at: iso(at),
          updated_at: iso(clock.now()),
        }))
        .where('account', '=', account)
        .where('id', '=', id)
        .where('resolved_at', 'is', null)
        .where('claimed_by', 'is', null)
        .where('alarm_since', '=', iso(expected.alarmSince))
        .where('renotify_count', '=', expected.count)
        .returningAll()
        .executeTakeFirst();
      return r ? toRow(r) : null;
    },

    async post(incidentId, channelId) {
      const r = await db
        .selectFrom('incident_posts')
        .selectAll()
        .where('account', '=', account)
        .where('incident_id', '=', incidentId)
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      return r ? toPost(r) : null;
    },

    async posts(channelId, incidentIds) {
      return inChunks(incidentIds, async (chunk) =>
        (
          await db
            .selectFrom('incident_posts')
            .selectAll()
            .where('account', '=', account)
            .where('channel_id', '=', channelId)
            .where('incident_id', 'in', chunk)
            .execute()
        ).map(toPost),
      );
    },

    async postsOf(incidentIds) {
      return inChunks(incidentIds, async (chunk) =>
        (
          await db
            .selectFrom('incident_posts')
            .selectAll()
            .where('account', '=', account)
            .where('incident_id', 'in', chunk)
            .orderBy('created_at')
            .orderBy('channel_id')
            .execute()
        ).map(toPost),
      );
    },

    async addPost(incidentId, channelId, threadTs = null) {
      const r = await db
        .insertInto('incident_posts')
        .values({
          account,
          incident_id: incidentId,
          channel_id: channelId,
          message_ts: null,
          rendered_version: 0,
          created_at: iso(clock.now()),
          summarised_at: null,
          thread_ts: threadTs,
        })
        .onConflict((oc) => oc.columns(['account', 'incident_id', 'channel_id']).doNothing())
        .returning('incident_id')
        .executeTakeFirst();
      return r !== undefined;
    },

    async markPosted(channelId, ts, shown) {
      for (const s of shown) {
        await db
          .updateTable('incident_posts')
          .set({ message_ts: ts, rendered_version: s.version })
          .where('account', '=', account)
          .where('incident_id', '=', s.incidentId)
          .where('channel_id', '=', channelId)
          .where('message_ts', 'is', null)
          .execute();
      }
    },

    async markRendered(channelId, shown) {
      for (const s of shown) {
        await db
          .updateTable('incident_posts')
          .set({ rendered_version: s.version })
          .where('account', '=', account)
          .where('incident_id', '=', s.incidentId)
          .where('channel_id', '=', channelId)
          .where('rendered_version', '<', s.version)
          .execute();
      }
    },

    async markSummarised(channelId, incidentIds, at) {
      for (let i = 0; i < incidentIds.length; i += CHUNK) {
        await db
          .updateTable('incident_posts')
          .set({ summarised_at: iso(at) })
          .where('account', '=', account)
          .where('channel_id', '=', channelId)
          .where('incident_id', 'in', incidentIds.slice(i, i + CHUNK))
          .where('message_ts', 'is', null)
          .execute();
      }
    },

    async postsOfMessage(channelId, ts) {
      const rows = await db
        .selectFrom('incident_posts')
        .selectAll()
        .where('account', '=', account)
        .where('channel_id', '=', channelId)
        .where('message_ts', '=', ts)
        .orderBy('created_at')
        .orderBy('incident_id')
        .execute();
      return rows.map(toPost);
    },

    async purgeSettled(before) {
      const old = db
        .selectFrom('incidents')
        .select('id')
        .where('account', '=', account)
        .where('state', 'in', SETTLED)
        .where('last_change_at', '<', iso(before));
      await db
        .deleteFrom('incident_posts')
        .where('account', '=', account)
        .where('incident_id', 'in', old)
        .execute();
      const r = await db
        .deleteFrom('incidents')
        .where('account', '=', account)
        .where('state', 'in', SETTLED)
        .where('last_change_at', '<', iso(before))
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
