/**
 * The /vps use cases: find a server by name, uuid or IP; list, show, power,
 * the three changes, the key's API log, key information and the audit trail.
 * Knows nothing of Slack: plain data in, plain data out, ServiceError or the
 * provider's own errors thrown.
 */
import type { AccessService, Action, Actor, KeyScope, Role } from './access.ts';
import type { ChangeField, ListFilter, LogFilter } from './command-parser.ts';
import { classifyFailure, failureCode, ServiceError } from './errors.ts';
import { checkField } from './field-rules.ts';
import type {
  AuditEntry,
  Clock,
  LogPage,
  ProviderPort,
  ServerDetail,
  ServerSummary,
  StorePort,
} from './ports.ts';

export interface ServersDeps {
  provider: ProviderPort;
  store: StorePort;
  access: AccessService;
  clock: Clock;
  /** How long the server list answers name lookups before it is read again. */
  listCacheMs?: number;
}

export interface ListedServer extends ServerSummary {
  power?: string | undefined;
  powerSeenAt?: Date | undefined;
}

export interface ChangeResult {
  server: ServerSummary;
  field: ChangeField;
  before: string | null;
  after: string;
}

const ACTION_OF: Record<ChangeField, Action> = { name: 'rename', memo: 'memo', rdns: 'rdns' };
const DELIVERY_TTL_MS = 24 * 60 * 60 * 1000;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function matchesFilter(s: ServerSummary, f: ListFilter): boolean {
  if (f.type && s.vps_type.toLowerCase() !== f.type) return false;
  if (f.status && s.status.toLowerCase() !== f.status) return false;
  const hay = [s.name, s.uuid, s.ip_address ?? '', s.plan_name, s.vps_type, s.os ?? '', s.memo ?? '']
    .join('\n')
    .toLowerCase();
  return f.terms.every((t) => hay.includes(t));
}

export class ServersService {
  private listCache: { at: number; servers: Promise<ServerSummary[]> } | undefined;

  constructor(private readonly deps: ServersDeps) {}

  private async readable(): Promise<KeyScope> {
    const key = await this.deps.access.keyScope();
    if (!key.readable) throw new ServiceError('key_no_vps');
    return key;
  }

  /** The key's servers, honouring a selected-targets key even if the API answered more. */
  private async servers(fresh = false): Promise<ServerSummary[]> {
    const now = this.deps.clock.now().getTime();
    if (fresh || !this.listCache || now - this.listCache.at >= (this.deps.listCacheMs ?? 15_000)) {
      const servers = this.deps.provider.listServers();
      this.listCache = { at: now, servers };
      servers.catch(() => {
        if (this.listCache?.servers === servers) this.listCache = undefined;
      });
    }
    const key = await this.readable();
    const all = await this.listCache.servers;
    return key.targets ? all.filter((s) => key.targets!.has(s.uuid)) : all;
  }

  async resolve(ref: string): Promise<ServerSummary> {
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
    await this.deps.access.authorize(actor, 'list');
    const [servers, snapshots] = await Promise.all([this.servers(true), this.deps.store.snapshots.all()]);
    const power = new Map(snapshots.map((p) => [p.uuid, p]));
    return servers
      .filter((s) => matchesFilter(s, filter))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((s) => ({ ...s, power: power.get(s.uuid)?.power, powerSeenAt: power.get(s.uuid)?.seenAt }));
  }

  async show(actor: Actor, ref: string): Promise<ServerDetail> {
    await this.deps.access.authorize(actor, 'show');
    const s = await this.resolve(ref);
    return this.deps.provider.getServer(s.uuid);
  }

  async power(actor: Actor, ref: string): Promise<{ server: ServerSummary; power: string; at: Date }> {
    await this.deps.access.authorize(actor, 'power');
    const server = await this.resolve(ref);
    const power = await this.deps.provider.getPower(server.uuid);
    return { server, power, at: this.deps.clock.now() };
  }

  /**
   * One change, at most once per Slack delivery: `deliveryKey` (the trigger id)
   * is claimed before the provider is called, so a retried delivery or a
   * double submission never repeats it. Refusals and outcomes are audited.
   */
  async change(
    actor: Actor,
    field: ChangeField,
    ref: string,
    value: string,
    deliveryKey: string,
  ): Promise<ChangeResult> {
    const action = ACTION_OF[field];
    const params = { ref, value };
    const audit = (
      target: string,
      outcome: 'ok' | 'refused' | 'failed',
      extra: Record<string, unknown>,
      code?: string,
    ) => this.appendAudit(actor, action, target, outcome, { ...params, ...extra }, code);
    await this.guardWrite(actor, action, ref, params);
    const server = await this.resolve(ref);
    const problems = checkField(field, value);
    if (problems.length > 0) {
      const p = problems[0]!;
      await audit(server.uuid, 'refused', { name: server.name }, 'invalid_field');
      throw new ServiceError('invalid_field', { field: p.field, rule: p.rule, limit: p.limit ?? 0 });
    }
    if (!(await this.deps.store.deliveries.firstSeen(`change:${deliveryKey}`, DELIVERY_TTL_MS))) {
      throw new ServiceError('already_handled');
    }
    const p = this.deps.provider;
    let before: string | null;
    try {
      if (field === 'name') {
        before = server.name;
        await p.setName(server.uuid, value);
      } else if (field === 'memo') {
        before = server.memo;
        await p.setMemo(server.uuid, value);
      } else {
        before = (await p.getServer(server.uuid)).reverse_hostname;
        await p.setReverseDns(server.uuid, value);
      }
    } catch (err) {
      await audit(server.uuid, 'failed', { name: server.name }, failureCode(classifyFailure(err)));
      throw err;
    }
    this.listCache = undefined;
    await audit(server.uuid, 'ok', { name: server.name, before });
    return { server, field, before, after: value };
  }

  private appendAudit(
    actor: Actor,
    action: Action,
    target: string,
    outcome: 'ok' | 'refused' | 'failed',
    params: Record<string, unknown>,
    errorCode?: string,
  ): Promise<void> {
    return this.deps.store.audit.append({
      actor: actor.userId,
      channelId: actor.channelId,
      action,
      target,
      params,
      outcome,
      errorCode,
    });
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
      await this.appendAudit(
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
  ): Promise<{ server: ServerSummary; value: string }> {
    await this.guardWrite(actor, ACTION_OF[field], ref, { ref, form: true });
    const server = await this.resolve(ref);
    if (field === 'name') return { server, value: server.name };
    if (field === 'memo') return { server, value: server.memo ?? '' };
    const detail = await this.deps.provider.getServer(server.uuid);
    return { server, value: detail.reverse_hostname ?? detail.hostname ?? '' };
  }

  async logs(actor: Actor, filter: LogFilter, cursor?: string): Promise<LogPage> {
    await this.deps.access.authorize(actor, 'logs');
    return this.deps.provider.logs({
      from: filter.from,
      to: filter.to,
      status_class: filter.status,
      status_code: filter.code,
      method: filter.method,
      limit: 20,
      cursor,
    });
  }

  async me(actor: Actor): Promise<{ key: KeyScope; role: Role }> {
    const role = await this.deps.access.authorize(actor, 'me');
    const key = await this.deps.access.keyScope();
    return { key, role };
  }

  async audit(
    actor: Actor,
    ref?: string,
  ): Promise<{ entries: AuditEntry[]; server?: ServerSummary | undefined }> {
    await this.deps.access.authorize(actor, 'audit');
    const server = ref ? await this.resolve(ref) : undefined;
    const entries = await this.deps.store.audit.latest({ target: server?.uuid, limit: 20 });
    return { entries, server };
  }
}
