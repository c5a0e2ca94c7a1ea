import type { Selectable } from 'kysely';
import type { RepoContext } from './context.ts';
import type { IncidentChange, IncidentPost, IncidentRow, NewIncident } from './incident-types.ts';
import { date, type IncidentPostsTable, type IncidentsTable, iso } from './schema.ts';

export interface IncidentRepo {
  /** The server's most recent incident (settled or not), or null. */
  latestFor(serverUuid: string): Promise<IncidentRow | null>;
  get(id: string): Promise<IncidentRow | null>;
  getMany(ids: readonly string[]): Promise<IncidentRow[]>;
  /**
   * Stores a new incident. Its id is its first change's key, so a second
   * observer of the same change (a restarted process, another replica) gets
   * `created: false` and the row as it is.
   */
  create(row: NewIncident): Promise<{ created: boolean; row: IncidentRow }>;
  /** Writes the incident's changes, state and server facts (call it in the watcher's transaction). */
  save(row: IncidentRow): Promise<void>;
  post(incidentId: string, channelId: string): Promise<IncidentPost | null>;
  /** The incident's posts in one channel, for these incidents. */
  posts(channelId: string, incidentIds: readonly string[]): Promise<IncidentPost[]>;
  /** Records that the incident gets a message in the channel (not posted yet); false when it had one. */
  addPost(incidentId: string, channelId: string): Promise<boolean>;
  /**
   * Slack accepted the message `ts` in the channel for these incidents (one, or
   * the members of a digest), showing each one's `version` changes. A post
   * that already has a ts keeps it.
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
   * backlog summary told them. Their later follow-ups start a new message.
   */
  markSummarised(channelId: string, incidentIds: readonly string[], at: Date): Promise<void>;
  /** The incidents one message tells (one, or a digest's members), oldest post first. */
  postsOfMessage(channelId: string, ts: string): Promise<IncidentPost[]>;
  /** Deletes settled incidents (running again) whose last change is older than `before`, with their posts. */
  purgeSettled(before: Date): Promise<number>;
}

const changesOf = (text: string): IncidentChange[] => {
  const v = JSON.parse(text) as unknown;
  return Array.isArray(v) ? (v as IncidentChange[]) : [];
};

const toRow = (r: Selectable<IncidentsTable>): IncidentRow => ({
  id: r.id,
  serverUuid: r.server_uuid,
  name: r.name,
  ipAddress: r.ip_address,
  plan: r.plan,
  baseline: r.baseline,
  baselineSince: date(r.baseline_since),
  baselineSinceKnown: Number(r.baseline_since_known) === 1,
  power: r.power,
  changes: changesOf(r.changes),
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
});

export function incidentRepo(ctx: RepoContext): IncidentRepo {
  const { db, clock } = ctx;

  async function get(id: string): Promise<IncidentRow | null> {
    const r = await db.selectFrom('incidents').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toRow(r) : null;
  }

  return {
    get,

    async latestFor(serverUuid) {
      const r = await db
        .selectFrom('incidents')
        .selectAll()
        .where('server_uuid', '=', serverUuid)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r ? toRow(r) : null;
    },

    async getMany(ids) {
      if (ids.length === 0) return [];
      const out: IncidentRow[] = [];
      // Kept well under both databases' limits on bound parameters.
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db
          .selectFrom('incidents')
          .selectAll()
          .where('id', 'in', ids.slice(i, i + 500))
          .execute();
        out.push(...rows.map(toRow));
      }
      return out;
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
          id: row.id,
          server_uuid: row.serverUuid,
          name: row.name,
          ip_address: row.ipAddress,
          plan: row.plan,
          baseline: row.baseline,
          baseline_since: iso(row.baselineSince),
          baseline_since_known: row.baselineSinceKnown ? 1 : 0,
          power: row.power,
          changes: JSON.stringify(row.changes),
          started_at: at,
          last_change_at: last,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { created: true, row: toRow(inserted) };
      const existing = await get(row.id);
      if (!existing) throw new Error(`incident ${row.id} neither inserted nor found`);
      return { created: false, row: existing };
    },

    async save(row) {
      const last = row.changes[row.changes.length - 1];
      await db
        .updateTable('incidents')
        .set({
          name: row.name,
          ip_address: row.ipAddress,
          plan: row.plan,
          power: row.power,
          changes: JSON.stringify(row.changes),
          last_change_at: iso(last ? new Date(last.at) : row.lastChangeAt),
          updated_at: iso(clock.now()),
        })
        .where('id', '=', row.id)
        .execute();
    },

    async post(incidentId, channelId) {
      const r = await db
        .selectFrom('incident_posts')
        .selectAll()
        .where('incident_id', '=', incidentId)
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      return r ? toPost(r) : null;
    },

    async posts(channelId, incidentIds) {
      if (incidentIds.length === 0) return [];
      const out: IncidentPost[] = [];
      for (let i = 0; i < incidentIds.length; i += 500) {
        const rows = await db
          .selectFrom('incident_posts')
          .selectAll()
          .where('channel_id', '=', channelId)
          .where('incident_id', 'in', incidentIds.slice(i, i + 500))
          .execute();
        out.push(...rows.map(toPost));
      }
      return out;
    },

    async addPost(incidentId, channelId) {
      const r = await db
        .insertInto('incident_posts')
        .values({
          incident_id: incidentId,
          channel_id: channelId,
          message_ts: null,
          rendered_version: 0,
          created_at: iso(clock.now()),
          summarised_at: null,
        })
        .onConflict((oc) => oc.columns(['incident_id', 'channel_id']).doNothing())
        .returning('incident_id')
        .executeTakeFirst();
      return r !== undefined;
    },

    async markPosted(channelId, ts, shown) {
      for (const s of shown) {
        await db
          .updateTable('incident_posts')
          .set({ message_ts: ts, rendered_version: s.version })
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
          .where('incident_id', '=', s.incidentId)
          .where('channel_id', '=', channelId)
          .where('rendered_version', '<', s.version)
          .execute();
      }
    },

    async markSummarised(channelId, incidentIds, at) {
      for (let i = 0; i < incidentIds.length; i += 500) {
        await db
          .updateTable('incident_posts')
          .set({ summarised_at: iso(at) })
          .where('channel_id', '=', channelId)
          .where('incident_id', 'in', incidentIds.slice(i, i + 500))
          .where('message_ts', 'is', null)
          .execute();
      }
    },

    async postsOfMessage(channelId, ts) {
      const rows = await db
        .selectFrom('incident_posts')
        .selectAll()
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
        .where('power', '=', 'running')
        .where('last_change_at', '<', iso(before));
      await db.deleteFrom('incident_posts').where('incident_id', 'in', old).execute();
      const r = await db
        .deleteFrom('incidents')
        .where('power', '=', 'running')
        .where('last_change_at', '<', iso(before))
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
