/**
 * What the services need from the provider client and the store, stated as
 * small interfaces so the use cases can be tested with plain fakes and the
 * concrete modules (src/provider, src/store) can change shape behind an adapter.
 * Shapes follow the provider spec (vps-api.md) field for field; where the
 * client already types a value exactly so, it is re-exported, not restated.
 */
import type { LogEntry } from '../provider/schemas.ts';
import type { LOG_METHODS } from '../provider/validate.ts';

export type { ContractStatus, LogEntry, PowerStatus } from '../provider/schemas.ts';

export type VpsType = 'vps' | 'business' | 'windows' | 'gpu';

export interface ServerSummary {
  uuid: string;
  name: string;
  vps_type: string;
  plan_name: string;
  status: string;
  ip_address: string | null;
  os: string | null;
  memo: string | null;
}

export interface ServerDetail {
  uuid: string;
  name: string;
  vps_type: string;
  status: string;
  plan: { name: string; vcpu: number; memory_gb: number; disk_gb: number };
  os: string | null;
  application: string | null;
  hostname: string | null;
  reverse_hostname: string | null;
  ip_address: string | null;
  power: { status: string };
  memo: string | null;
}

export interface ServiceScope {
  permission_type: 'full' | 'read' | 'custom' | string;
  target_mode: 'all' | 'selected' | string;
  targets: string[];
  permissions?: Record<string, string> | undefined;
  allow_signup?: boolean | undefined;
}

export interface KeyInfo {
  expires_at: string | null;
  services: Partial<Record<string, ServiceScope>>;
}

export type LogMethod = (typeof LOG_METHODS)[number];

export interface LogQuery {
  from?: string | undefined;
  to?: string | undefined;
  status_class?: 'success' | 'error' | undefined;
  status_code?: number | undefined;
  method?: LogMethod | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
}

export interface LogPage {
  logs: LogEntry[];
  count: number;
  limit: number;
  has_more: boolean;
  next_cursor: string | null;
}

/** The provider calls the /vps commands make; `interactive` lane for people. */
export interface ProviderPort {
  me(): Promise<KeyInfo>;
  logs(q: LogQuery): Promise<LogPage>;
  listServers(): Promise<ServerSummary[]>;
  getServer(uuid: string): Promise<ServerDetail>;
  setMemo(uuid: string, memo: string): Promise<void>;
  setName(uuid: string, name: string): Promise<void>;
  setReverseDns(uuid: string, hostname: string): Promise<void>;
  getPower(uuid: string): Promise<string>;
}

export type AuditOutcome = 'ok' | 'refused' | 'failed';

export interface AuditRecord {
  actor: string;
  channelId: string;
  action: string;
  target: string;
  params: Record<string, unknown>;
  outcome: AuditOutcome;
  errorCode?: string | undefined;
}

export interface AuditEntry extends AuditRecord {
  at: Date;
}

export interface PowerSnapshot {
  uuid: string;
  power: string;
  seenAt: Date;
}

export interface StorePort {
  audit: {
    append(record: AuditRecord): Promise<void>;
    latest(q: { target?: string | undefined; limit: number }): Promise<AuditEntry[]>;
  };
  deliveries: {
    /** True the first time a key is seen within ttl; a retried delivery gets false. */
    firstSeen(key: string, ttlMs: number): Promise<boolean>;
  };
  snapshots: {
    all(): Promise<PowerSnapshot[]>;
  };
  ping(): Promise<void>;
}

/** Members of a Slack user group, read from Slack (usergroups.users.list). */
export interface GroupDirectory {
  membersOf(groupId: string): Promise<readonly string[]>;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
