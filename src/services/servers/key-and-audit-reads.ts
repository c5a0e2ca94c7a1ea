/**
 * The /vps reads that are not about one server's state: the provider key's
 * API log (`/vps logs`), the key itself with this person's role and the day's
 * budget (`/vps me`), and the bot's own audit trail (`/vps audit`). Module
 * functions over the feature's deps; `ServersService` is their surface and
 * lends them its cached server list, its lookup and its explanation of a
 * custom key's 403.
 */
import {
  asPerson,
  type CallOptions,
  type DailyBudgetState,
  type LogsPage,
  type LogsQuery,
  type ProviderClient,
  READ,
  type ServerListing,
  type VpsSummary,
} from '../../provider/index.ts';
import type { AuditRow, Store } from '../../store/index.ts';
import type { AccessService, Actor, KeyScope, Role } from '../access/index.ts';
import { ServiceError } from '../errors.ts';
import type { Read } from './read-cache.ts';
import { isLogLimit, LOG_LIMIT, type LogFilter } from './vocabulary.ts';

/** What these reads take of the feature's deps (ServersDeps). */
interface Deps {
  provider: Pick<ProviderClient, 'logs' | 'syncDaily'>;
  store: { audit: Pick<Store['audit'], 'latest'>; keyLog?: Pick<Store['keyLog'], 'get'> };
  access: Pick<AccessService, 'authorize' | 'keyScope'>;
}

/** What `/vps me` shows. */
export interface KeyFacts {
  key: KeyScope;
  role: Role;
  daily: DailyBudgetState;
  /** A selected-targets key's VPSs by name from the server list (uuid -> name; empty when it cannot be read). */
  vpsNames: ReadonlyMap<string, string>;
  /** The clients of KEY_EXPECTED_IPS seen in the key's log: each range as configured, how many requests, the last. */
  expectedClients: { range: string; count: number; lastAt: number }[];
}

/** The key's API log, one page; `explained` words the provider's 403 to a custom key. */
export async function readLogs(
  deps: Deps,
  explained: <T>(call: Promise<T>) => Promise<T>,
  actor: Actor,
  filter: LogFilter,
  cursor?: string,
): Promise<LogsPage> {
  // The provider's page size, named on its field before anything is asked.
  if (filter.limit !== undefined && !isLogLimit(filter.limit))
    throw new ServiceError('invalid_field', { field: 'limit', rule: 'range', limit: LOG_LIMIT.max });
  await deps.access.authorize(actor, 'logs');
  const query: LogsQuery = {
    from: filter.from,
    to: filter.to,
    status_class: filter.status,
    status_code: filter.code,
    method: filter.method,
    limit: filter.limit ?? LOG_LIMIT.shown,
    cursor,
  };
  // Only the filters given: the query string names nothing the person did not ask for.
  const given = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
  return explained(deps.provider.logs(given, asPerson(READ, actor)));
}

/**
 * The key, this person's role, the day's request budget (whether the watcher
 * is holding back; every replica's requests counted) and, for a key limited
 * to selected VPSs, their names from the server list (`listing`, the
 * feature's cached one; the uuids are shown instead when it cannot be read).
 */
export async function readMe(
  deps: Deps,
  listing: (who: CallOptions) => Promise<Read<ServerListing>>,
  actor: Actor,
): Promise<KeyFacts> {
  const role = await deps.access.authorize(actor, 'me');
  const key = await deps.access.keyScope();
  const listed = key.targets ? await listing(asPerson(READ, actor)).catch(() => undefined) : undefined;
  const vpsNames = new Map((listed?.value.servers ?? []).map((s) => [s.uuid, s.name]));
  const keyLog = await deps.store.keyLog?.get().catch(() => null);
  const expectedClients = Object.entries(keyLog?.expected ?? {}).map(([range, c]) => ({ range, ...c }));
  return { key, role, daily: await deps.provider.syncDaily(), vpsNames, expectedClients };
}

/** The latest audit rows, of one server when `ref` names one (`resolve`, the feature's lookup). */
export async function readAudit(
  deps: Deps,
  resolve: (ref: string, who: CallOptions) => Promise<VpsSummary>,
  actor: Actor,
  ref?: string,
): Promise<{ entries: AuditRow[]; server?: VpsSummary | undefined }> {
  await deps.access.authorize(actor, 'audit');
  const server = ref ? await resolve(ref, asPerson(READ, actor)) : undefined;
  const entries = await deps.store.audit.latest({
    limit: 20,
    ...(server ? { target: server.uuid } : {}),
  });
  return { entries, server };
}
