/**
 * The /vps use cases: find a server by name, uuid or IP; list, show, power,
 * the three changes, the key's API log, key information and the audit trail.
 * Knows nothing of Slack: plain data in, plain data out, ServiceError or the
 * provider's own errors thrown.
 */
import type { Clock } from '../../clock.ts';
import type { LogsPage, LogsQuery, ProviderClient, VpsDetail, VpsSummary } from '../../provider/index.ts';
import type { AuditOutcome, AuditRow, Store } from '../../store/index.ts';
import type { AccessService, Action, Actor, KeyScope, Role } from '../access.ts';
import type { Audit } from '../audit.ts';
import { classifyFailure, failureCode, ServiceError } from '../errors.ts';
import { checkField, checkListFilter, checkServerRef, type RefProblem } from './field-rules.ts';
import { type ChangeField, type ListFilter, type LogFilter, matchesFilter } from './vocabulary.ts';

export type { LogsPage, VpsDetail, VpsSummary } from '../../provider/index.ts';
export { checkListFilter, checkServerRef, FIELD_LIMITS, REF_LIMITS } from './field-rules.ts';
export {
  type ChangeField,
  changeValue,
  isLogTime,
  type ListFilter,
  LOG_METHODS,
  type LogFilter,
  type LogMethod,
  matchesFilter,
} from './vocabulary.ts';

export interface ServersDeps {
  provider: Pick<
    ProviderClient,
    'listServers' | 'getServer' | 'getPower' | 'setName' | 'setMemo' | 'setReverseDns' | 'logs'
  >;
  store: {
    snapshots: Pick<Store['snapshots'], 'all'>;
    audit: Pick<Store['audit'], 'latest'>;
  };
  access: Pick<AccessService, 'authorize' | 'keyScope' | 'capabilities'>;
  audit: Audit;
  clock: Clock;
  /** How long the server list answers name lookups before it is read again. */
  listCacheMs?: number;
  /**
   * A power state read longer ago than this is flagged stale in the list: a
   * few of the watcher's rounds at its budget (default 3 minutes).
   */
  powerStaleAfterMs?: () => number;
}

export interface ListedServer extends VpsSummary {
  power?: string | undefined;
  powerSeenAt?: Date | undefined;
  /** How long ago the watcher read the power state. */
  powerAgeMs?: number | undefined;
  /** Not read for several of the watcher's rounds: it may have changed since. */
  powerStale?: boolean | undefined;
}

export interface ChangeResult {
  server: VpsSummary;
  field: ChangeField;
  before: string | null;
  after: string;
}

// Every call here is made for a person waiting in Slack: ahead of the watcher's reads.
const interactive = { lane: 'interactive' } as const;
const ACTION_OF: Record<ChangeField, Action> = { name: 'rename', memo: 'memo', rdns: 'rdns' };
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** A reference or filter that cannot name anything: refused in words, before any call. */
function refused(p: RefProblem): ServiceError {
  return new ServiceError('invalid_field', { field: p.field, rule: p.rule, limit: p.limit });
}

function refuseLongRef(ref: string): void {
  const p = checkServerRef(ref);
  if (p) throw refused(p);
}

export class ServersService {
  private listCache: { at: number; servers: Promise<VpsSummary[]> } | undefined;

  constructor(private readonly deps: ServersDeps) {}

  private async readable(): Promise<KeyScope> {
    const key = await this.deps.access.keyScope();
    if (!key.readable) throw new ServiceError('key_no_vps');
    return key;
  }

  /** The key's servers, honouring a selected-targets key even if the API answered more. */
  private async servers(fresh = false): Promise<VpsSummary[]> {
    const now = this.deps.clock.now().getTime();
    if (fresh || !this.listCache || now - this.listCache.at >= (this.deps.listCacheMs ?? 15_000)) {
      const servers = this.deps.provider.listServers(interactive);
      this.listCache = { at: now, servers };
      servers.catch(() => {
        if (this.listCache?.servers === servers) this.listCache = undefined;
      });
    }
    const key = await this.readable();
    const all = await this.listCache.servers;
    return key.targets ? all.filter((s) => key.targets!.has(s.uuid)) : all;
  }

  async resolve(ref: string): Promise<VpsSummary> {
    refuseLongRef(ref);
    const needle = ref.trim().toLowerCase();
    const servers = await this.servers();
    const exact = servers.filter(
      (s) => s.uuid.toLowerCase() === needle || s.ip_address === needle || s.name.toLowerCase() === needle,
    );
    if (exact.length === 1) return exact[0]!;
    const candidates =
      exact.length > 1 ? exact : IPV4.test(needle) ? [] : servers.filter((s) => s.name.includes(needle));
    const details = candidates.map((s) => ({ label: s.name, detail: `${s.ip_address ?? '-'} · ${s.uuid}` }));
    if (candidates.length > 1 || exact.length > 1) {
      throw new ServiceError('server_ambiguous', { ref, count: candidates.length }, details);
    }
    throw new ServiceError('server_not_found', { ref }, details);
  }

  async list(actor: Actor, filter: ListFilter): Promise<ListedServer[]> {
    const tooLong = checkListFilter(filter);
    if (tooLong) throw refused(tooLong);
    await this.deps.access.authorize(actor, 'list');
    const [servers, snapshots] = await Promise.all([this.servers(true), this.deps.store.snapshots.all()]);
    const power = new Map(snapshots.filter((p) => p.powerStatus !== null).map((p) => [p.serverUuid, p]));
    const now = this.deps.clock.now().getTime();
    const staleAfter = this.deps.powerStaleAfterMs?.() ?? 180_000;
    return servers
      .filter((s) => matchesFilter(s, filter))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((s) => {
        const snap = power.get(s.uuid);
        const age = snap ? Math.max(0, now - snap.observedAt.getTime()) : undefined;
        return {
          ...s,
          power: snap?.powerStatus ?? undefined,
          powerSeenAt: snap?.observedAt,
          powerAgeMs: age,
          powerStale: age !== undefined && age > staleAfter,
        };
      });
  }

  async show(actor: Actor, ref: string): Promise<VpsDetail> {
    refuseLongRef(ref);
    await this.deps.access.authorize(actor, 'show');
    const s = await this.resolve(ref);
    return this.deps.provider.getServer(s.uuid, interactive);
  }

  async power(actor: Actor, ref: string): Promise<{ server: VpsSummary; power: string; at: Date }> {
    refuseLongRef(ref);
    await this.deps.access.authorize(actor, 'power');
    const server = await this.resolve(ref);
    const { status } = await this.deps.provider.getPower(server.uuid, interactive);
    return { server, power: status, at: this.deps.clock.now() };
  }

  /** The server's card: its detail, and whether this person may edit it (any of the three changes). */
  async card(actor: Actor, ref: string): Promise<{ detail: VpsDetail; canEdit: boolean }> {
    refuseLongRef(ref);
    const [detail, caps] = await Promise.all([this.show(actor, ref), this.deps.access.capabilities(actor)]);
    const canEdit = caps.allowed.some((a) => a === 'rename' || a === 'memo' || a === 'rdns');
    return { detail, canEdit };
  }

  /**
   * One change; refusals and outcomes are audited. The caller has made sure
   * this delivery is the first of its interaction (a retried Slack delivery
   * must not repeat it).
   */
  async change(actor: Actor, field: ChangeField, ref: string, value: string): Promise<ChangeResult> {
    const action = ACTION_OF[field];
    const params = { ref, value };
    const audit = (target: string, outcome: AuditOutcome, extra: Record<string, unknown>, code?: string) =>
      this.deps.audit.byActor(actor, action, target, outcome, { ...params, ...extra }, code);
    const tooLong = checkServerRef(ref);
    if (tooLong) {
      // The store keeps a bounded copy of what was typed: the row stays short.
      await audit(ref, 'refused', {}, 'invalid_field');
      throw refused(tooLong);
    }
    await this.guardWrite(actor, action, ref, params);
    const server = await this.resolve(ref);
    const problems = checkField(field, value);
    if (problems.length > 0) {
      const p = problems[0]!;
      await audit(server.uuid, 'refused', { name: server.name }, 'invalid_field');
      throw new ServiceError('invalid_field', { field: p.field, rule: p.rule, limit: p.limit ?? 0 });
    }
    const p = this.deps.provider;
    let before: string | null;
    try {
      if (field === 'name') {
        before = server.name;
        await p.setName(server.uuid, value, interactive);
      } else if (field === 'memo') {
        before = server.memo;
        await p.setMemo(server.uuid, value, interactive);
      } else {
        before = (await p.getServer(server.uuid, interactive)).reverse_hostname;
        await p.setReverseDns(server.uuid, value, interactive);
      }
    } catch (err) {
      await audit(server.uuid, 'failed', { name: server.name }, failureCode(classifyFailure(err)));
      throw err;
    }
    this.listCache = undefined;
    await audit(server.uuid, 'ok', { name: server.name, before });
    return { server, field, before, after: value };
  }

  /** Authorises a write; a refusal is audited (against the server's uuid when it resolves) and rethrown. */
  private async guardWrite(
    actor: Actor,
    action: Action,
    ref: string,
    params: Record<string, unknown>,
  ): Promise<void> {
    try {
      await this.deps.access.authorize(actor, action);
    } catch (err) {
      const server = await this.resolve(ref).catch(() => undefined);
      await this.deps.audit.byActor(
        actor,
        action,
        server?.uuid ?? ref,
        'refused',
        { ...params, ...(server ? { name: server.name } : {}) },
        failureCode(classifyFailure(err)),
      );
      throw err;
    }
  }

  /** Checks a value against the spec's rules without calling anything (modal inline errors). */
  check(field: ChangeField, value: string) {
    return checkField(field, value);
  }

  /** The current value of a field, to prefill a modal; opening the form is already a write attempt. */
  async current(
    actor: Actor,
    field: ChangeField,
    ref: string,
  ): Promise<{ server: VpsSummary; value: string }> {
    refuseLongRef(ref);
    await this.guardWrite(actor, ACTION_OF[field], ref, { ref, form: true });
    const server = await this.resolve(ref);
    if (field === 'name') return { server, value: server.name };
    if (field === 'memo') return { server, value: server.memo ?? '' };
    const detail = await this.deps.provider.getServer(server.uuid, interactive);
    return { server, value: detail.reverse_hostname ?? detail.hostname ?? '' };
  }

  async logs(actor: Actor, filter: LogFilter, cursor?: string): Promise<LogsPage> {
    await this.deps.access.authorize(actor, 'logs');
    const query: LogsQuery = {
      from: filter.from,
      to: filter.to,
      status_class: filter.status,
      status_code: filter.code,
      method: filter.method,
      limit: 20,
      cursor,
    };
    // Only the filters given: the query string names nothing the person did not ask for.
    const given = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
    return this.deps.provider.logs(given, interactive);
  }

  async me(actor: Actor): Promise<{ key: KeyScope; role: Role }> {
    const role = await this.deps.access.authorize(actor, 'me');
    const key = await this.deps.access.keyScope();
    return { key, role };
  }

  async audit(actor: Actor, ref?: string): Promise<{ entries: AuditRow[]; server?: VpsSummary | undefined }> {
    if (ref !== undefined) refuseLongRef(ref);
    await this.deps.access.authorize(actor, 'audit');
    const server = ref ? await this.resolve(ref) : undefined;
    const entries = await this.deps.store.audit.latest({
      limit: 20,
      ...(server ? { target: server.uuid } : {}),
    });
    return { entries, server };
  }
}
