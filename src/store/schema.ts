import type { Generated } from 'kysely';

/**
 * Tables as the database holds them. Types are chosen to mean the same on
 * SQLite and PostgreSQL: instants are ISO-8601 UTC text (`toISOString()`, so
 * text order is time order), booleans are 0/1 integers, JSON is text. A table
 * with an `account` column is account-scoped (migration 0016; rows kept before
 * it are `default`'s, the column's default): its repo reads and writes only the
 * rows of its store's account (open-store.ts, `forAccount`).
 */

export type IsoText = string;
export type Flag = number;

export interface SignupsTable {
  account: Generated<string>;
  id: string;
  state: string;
  plan_id: string;
  period: number;
  image_id: string;
  server_name: string | null;
  ssh_key_name: string | null;
  ssh_public_key: string | null;
  auto_renew: Flag;
  partner_code: string | null;
  quoted_price: number;
  regular_price: number | null;
  campaign_applied: Flag;
  idempotency_key: string;
  requester_id: string;
  approver_id: string | null;
  channel_id: string;
  message_ts: string | null;
  thread_ts: string | null;
  locale: string | null;
  expires_at: IsoText;
  secret_id: string | null;
  // bigint: PostgreSQL hands it back as a string, so readers go through Number().
  provider_service_id: number | string | null;
  uuid: string | null;
  ip_address: string | null;
  provider_status: string | null;
  error_code: string | null;
  attempts: number;
  next_check_at: IsoText | null;
  created_at: IsoText;
  updated_at: IsoText;
  /** The Workflow Builder step that ordered it, completed once the order ends (migration 0015). */
  step_execution_id: string | null;
  step_claimed_at: IsoText | null;
  step_done_at: IsoText | null;
}

export interface OperationsTable {
  account: Generated<string>;
  id: string;
  kind: string;
  target: string;
  params: string;
  requester_id: string;
  channel_id: string;
  state: string;
  needs_approval: Flag;
  approver_id: string | null;
  message_ts: string | null;
  expires_at: IsoText;
  created_at: IsoText;
  updated_at: IsoText;
  error_code: string | null;
  result: string | null;
}

export interface SecretsTable {
  id: string;
  purpose: string;
  ciphertext: string;
  key_fingerprint: string;
  created_at: IsoText;
  expires_at: IsoText;
}

export interface WatchesTable {
  account: Generated<string>;
  target: string;
  channel_id: string;
  created_by: string;
  created_at: IsoText;
}

export interface SnapshotsTable {
  account: Generated<string>;
  server_uuid: string;
  name: string | null;
  power_status: string | null;
  contract_status: string | null;
  observed_at: IsoText;
  changed_at: IsoText;
  /** When the power state was last seen to change; null while it is the one first seen. */
  power_changed_at: IsoText | null;
  /** What the watcher knows of the server besides power and contract (JSON; src/watch/server-facts.ts reads it). */
  facts: string | null;
}

/** One part of a hosting server as the watcher last read it (`state` is JSON). */
export interface HostingSnapshotsTable {
  account: Generated<string>;
  server: string;
  part: string;
  state: string;
  observed_at: IsoText;
  changed_at: IsoText;
}

export interface OutboxTable {
  id: Generated<number>;
  /** The provider account whose watcher or command queued it (its notifier posts it). */
  account: Generated<string>;
  /** Unique; another account than `default` stores its keys behind `<account>:`. */
  dedupe_key: string;
  channel_id: string;
  thread_ts: string | null;
  payload: string;
  attempts: number;
  next_attempt_at: IsoText | null;
  sent_at: IsoText | null;
  sent_ts: string | null;
  last_error: string | null;
  created_at: IsoText;
  /** `notice`, or one of an incident's rows: `open`, `update`, `reply`; `held` while muted. */
  kind: string;
  incident_id: string | null;
  /** The incident's number of changes an `open` / `update` row asks the message to show. */
  incident_version: number | null;
  /** The server a row is about (mute releases find rows by it). */
  subject: string | null;
  /** Set while its channel is parked (the bot cannot post there): not due until the channel opens. */
  parked_at: IsoText | null;
}

/**
 * One incident: a server's power changes from the first until it settles, or
 * an alarm of another kind (a contract suspended, a signup stuck, …) from
 * its opening until it is resolved and settled.
 */
export interface IncidentsTable {
  account: Generated<string>;
  id: string;
  /** `power`, or an alarm kind (alarm-types.ts). */
  kind: string;
  /** What it is about: a server uuid for `power` and `contract`; the kind's own key otherwise. */
  subject: string;
  name: string;
  ip_address: string | null;
  plan: string | null;
  baseline: string;
  baseline_since: IsoText;
  baseline_since_known: Flag;
  /** The power state now; for other kinds `alarm` or `ok`. */
  state: string;
  /** JSON: [{ key, from, to, at, later }]. */
  changes: string;
  /** JSON: the kind's facts (`{}` for power). */
  detail: string;
  /** When it first woke on-call; null for a routine power incident. */
  raised_at: IsoText | null;
  /** Since when its condition is true this time; null while it is not. */
  alarm_since: IsoText | null;
  /** When its condition ended; null while open (or never an alarm). */
  resolved_at: IsoText | null;
  claimed_by: string | null;
  claimed_at: IsoText | null;
  /** How many claims were made (the first, and each takeover). */
  claims: number;
  /** Reminders sent for the present spell, and when the last one was. */
  renotify_count: number;
  renotified_at: IsoText | null;
  /** Bumped by every write that changes what its message shows. */
  version: number;
  started_at: IsoText;
  last_change_at: IsoText;
  updated_at: IsoText;
}

/** An incident's message in one channel: the top-level post, once Slack gave it a ts. */
export interface IncidentPostsTable {
  account: Generated<string>;
  incident_id: string;
  channel_id: string;
  message_ts: string | null;
  rendered_version: number;
  created_at: IsoText;
  /** Never posted: covered by a channel's backlog summary instead (the channel was parked). */
  summarised_at: IsoText | null;
  /** The thread the message is posted into (a signup's approval thread); null for a top-level message. */
  thread_ts: string | null;
}

/** A channel the bot could not post in. `probe_at` null: it can post there again (the row keeps `told_at`). */
export interface ChannelsTable {
  account: Generated<string>;
  channel_id: string;
  error: string;
  parked_at: IsoText;
  probe_at: IsoText | null;
  told_at: IsoText | null;
  updated_at: IsoText;
}

/** A contract's date: of a server the bot ordered (`signup_id`), or set by hand. Dates are `YYYY-MM-DD`. */
export interface ContractsTable {
  account: Generated<string>;
  id: string;
  signup_id: string | null;
  server_uuid: string | null;
  server_name: string | null;
  plan_id: string | null;
  period: number | null;
  /** 0/1, null when unknown. */
  auto_renew: Flag | null;
  channel_id: string | null;
  provider_date: string | null;
  provider_date_at: IsoText | null;
  provider_read_at: IsoText | null;
  person_date: string | null;
  person_date_at: IsoText | null;
  person_set_by: string | null;
  reminded_date: string | null;
  reminded_days: number | null;
  created_at: IsoText;
  updated_at: IsoText;
}

export interface MutesTable {
  account: Generated<string>;
  target: string;
  channel_id: string;
  until: IsoText;
  created_by: string;
  created_at: IsoText;
}

export interface AuditTable {
  account: Generated<string>;
  id: Generated<number>;
  actor: string;
  channel_id: string | null;
  action: string;
  target: string | null;
  params: string;
  outcome: string;
  error_code: string | null;
  at: IsoText;
}

export interface LeasesTable {
  name: string;
  holder: string;
  acquired_at: IsoText;
  expires_at: IsoText;
}

export interface DeliveriesTable {
  key: string;
  seen_at: IsoText;
  expires_at: IsoText;
}

export interface DailyRequestsTable {
  account: Generated<string>;
  /** The day's end as every replica computes it (ISO-8601 UTC): the day's name. */
  day_ends_at: IsoText;
  requests: number;
  updated_at: IsoText;
}

export interface DailyDigestsTable {
  /** The provider account whose digest it is (each account's in its own channel). */
  account: Generated<string>;
  /** The Japan day (`YYYY-MM-DD`) whose digest it is. */
  day: string;
  channel_id: string;
  /** The digest as posted (JSON; its shape is the digest service's). */
  report: string;
  /** Messages in its thread, after the top one. */
  pages: number;
  created_at: IsoText;
  message_ts: string | null;
}

export interface HomeViewersTable {
  user_id: string;
  opened_at: IsoText;
  /** Since when what the person's Home shows may have changed; null: published as it is. */
  stale_since: IsoText | null;
  /** Bumped by every `touch`: a publish clears only what it saw. */
  stale_gen: Generated<number>;
  view_hash: string | null;
  published_at: IsoText | null;
}

/** A request the bot sent with the provider key (key-requests.ts). */
export interface KeyRequestsTable {
  account: Generated<string>;
  id: Generated<number>;
  method: string;
  path: string;
  sent_at: IsoText;
}

/** Where the reading of the key's API log stands (key-log.ts); one row. JSON is text. */
export interface KeyLogTable {
  account: Generated<string>;
  name: string;
  judged_through: IsoText;
  own_ips: string;
  denied: string;
  expected: string;
  ahead: string;
  version: number;
  updated_at: IsoText;
}

/** A channel bound to an account from Slack (`/vps account use`); shared by every account. */
export interface AccountBindingsTable {
  channel_id: string;
  account: string;
  bound_by: string;
  bound_at: IsoText;
}

export interface Database {
  signups: SignupsTable;
  operations: OperationsTable;
  secrets: SecretsTable;
  watches: WatchesTable;
  snapshots: SnapshotsTable;
  hosting_snapshots: HostingSnapshotsTable;
  outbox: OutboxTable;
  incidents: IncidentsTable;
  incident_posts: IncidentPostsTable;
  mutes: MutesTable;
  channels: ChannelsTable;
  contracts: ContractsTable;
  audit: AuditTable;
  leases: LeasesTable;
  deliveries: DeliveriesTable;
  daily_requests: DailyRequestsTable;
  daily_digests: DailyDigestsTable;
  home_viewers: HomeViewersTable;
  key_requests: KeyRequestsTable;
  key_log: KeyLogTable;
  account_bindings: AccountBindingsTable;
}

export const iso = (d: Date): IsoText => d.toISOString();
export const isoOrNull = (d: Date | null | undefined): IsoText | null => (d ? d.toISOString() : null);
export const date = (s: IsoText): Date => new Date(s);
export const dateOrNull = (s: IsoText | null): Date | null => (s === null ? null : new Date(s));
