/**
 * The /vps use cases: find a server by name, uuid or IP; list, show, power,
 * the three changes, the key's API log, key information and the audit trail.
 * Knows nothing of Slack: plain data in, plain data out, ServiceError or the
 * provider's own errors thrown.
 *
 * The server list and each server's detail are read from the provider at most
 * once per `readCacheMs` (identical reads in flight are one request in the
 * client), and each answer says when it was read. A change made here drops
 * what it touched, so the person who made it never reads the value before it.
 */
import type { Clock } from '../../clock.ts';
import {
  asPerson,
  type CallOptions,
  type DailyBudgetState,
  type LogsPage,
  type LogsQuery,
  type ProviderClient,
  READ,
  type VpsDetail,
  type VpsSummary,
  WRITE,
} from '../../provider/index.ts';
import type { AuditOutcome, AuditRow, Store } from '../../store/index.ts';
import type { AccessService, Action, Actor, KeyScope, Role } from '../access/index.ts';
import type { Audit } from '../audit.ts';
import { changeOutcome, classifyFailure, failureCode, ServiceError } from '../errors.ts';
import { checkField, checkListFilter, checkServerRef, type RefProblem } from './field-rules.ts';
import { type Read, ReadCache } from './read-cache.ts';
import type { ChangeResult, ServerCard, ServerList } from './results.ts';
import { type ChangeField, type ListFilter, type LogFilter, matchesFilter } from './vocabulary.ts';

export interface ServersDeps {
  provider: Pick<
    ProviderClient,
    'listServers' | 'getServer' | 'getPower' | 'setName' | 'setMemo' | 'setReverseDns' | 'logs' | 'syncDaily'
  >;
  store: {
    snapshots: Pick<Store['snapshots'], 'all'>;
    audit: Pick<Store['audit'], 'latest'>;
  };
  access: Pick<AccessService, 'authorize' | 'keyScope' | 'capabilities'>;
  audit: Audit;
  clock: Clock;
  /**
   * How long a read server list or server detail is shown again before the
   * provider is asked anew (READ_CACHE_SECONDS; default 15 s, 0: every time).
   */
  readCacheMs?: number;
  /**
   * A power state read longer ago than this is flagged stale in the list: a
   * few of the watcher's rounds at its budget (default 3 minutes).
   */
  powerStaleAfterMs?: () => number;
}

// Who waits on each call (the gate's priorities): a person's read, or a person's change and
// the reads that belong to it (finding the server, the value before, the form's current value).
const ACTION_OF: Record<ChangeField, Action> = { name: 'rename', memo: 'memo', rdns: 'rdns' };
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** A reference or filter that cannot name anything: refused in words, before any call. */
function refused(p: RefProblem): ServiceError {
  return new ServiceError('invalid_field', { field: p.field, rule: p.rule, limit: p.limit ?? 0 });
}

function refuseLongRef(ref: string): void {
  const p = checkServerRef(ref);
  if (p) throw refused(p);
}

/** The servers `ref` names exactly: by uuid, IPv4 address or name, in any case. */
function exactMatches(servers: readonly VpsSummary[], ref: string): VpsSummary[] {
  const needle = ref.trim().toLowerCase();
  return servers.filter(
    (s) => s.uuid.toLowerCase() === needle || s.ip_address === needle || s.name.toLowerCase() === needle,
  );
}

const ALL = 'all';

export class ServersService {
  /** The provider's whole server list (one key). */
  private readonly lists: ReadCache<typeof ALL, VpsSummary[]>;
  /** Each server's detail, by uuid. */
  private readonly details: ReadCache<string, VpsDetail>;

  constructor(private readonly deps: ServersDeps) {
    const now = () => deps.clock.now().getTime();
    const ttl = deps.readCacheMs ?? 15_000;
    this.lists = new ReadCache(now, ttl);
    this.details = new ReadCache(now, ttl);
  }

  private async readable(): Promise<KeyScope> {
    const key = await this.deps.access.keyScope();
    if (!key.readable) throw new ServiceError('key_no_vps');
    return key;
  }

  /**
   * The provider's server list: the cached one while fresh, else read now
   * (`who`: the priority and the person who waits on it; a cache hit costs
   * them nothing).
   */
  private listing(who: CallOptions): Promise<Read<VpsSummary[]>> {
    return this.lists.get(ALL, () => this.deps.provider.listServers(who));
  }

  /** The key's servers, honouring a selected-targets key even if the API answered more. */
  private async servers(who: CallOptions): Promise<Read<VpsSummary[]>> {
    const listing = this.listing(who);
    listing.catch(() => undefined);
    const key = await this.readable();
    const { value: all, at } = await listing;
    return { value: key.targets ? all.filter((s) => key.targets!.has(s.uuid)) : all, at };
  }

  /** One server's detail: the cached one while fresh, else read now. */
  private detail(uuid: string, who: CallOptions): Promise<Read<VpsDetail>> {
    return this.details.get(uuid, () => this.deps.provider.getServer(uuid, who));
  }

  /** A change was sent (whatever its outcome): what anyone reads next is asked anew. */
  private changed(uuid: string): void {
    this.lists.drop(ALL);
    this.details.drop(uuid);
  }

  /** The server `ref` names, read for `who` (a person's read unless told otherwise). */
  async resolve(ref: string, who: CallOptions = READ): Promise<VpsSummary> {
    refuseLongRef(ref);
    const needle = ref.trim().toLowerCase();
    const servers = (await this.servers(who)).value;
    const exact = exactMatches(servers, ref);
    if (exact.length === 1) return exact[0]!;
    const candidates =
      exact.length > 1 ? exact : IPV4.test(needle) ? [] : servers.filter((s) => s.name.includes(needle));
    const details = candidates.map((s) => ({ label: s.name, detail: `${s.ip_address ?? '-'} · ${s.uuid}` }));
    if (candidates.length > 1 || exact.length > 1) {
      throw new ServiceError('server_ambiguous', { ref, count: candidates.length }, details);
    }
    throw new ServiceError('server_not_found', { ref }, details);
  }

  async list(actor: Actor, filter: ListFilter): Promise<ServerList> {
    const tooLong = checkListFilter(filter);
    if (tooLong) throw refused(tooLong);
    await this.deps.access.authorize(actor, 'list');
    const [read, snapshots] = await Promise.all([
      this.servers(asPerson(READ, actor)),
      this.deps.store.snapshots.all(),
    ]);
    const power = new Map(snapshots.filter((p) => p.powerStatus !== null).map((p) => [p.serverUuid, p]));
    const now = this.deps.clock.now().getTime();
    const staleAfter = this.deps.powerStaleAfterMs?.() ?? 180_000;
    const servers = read.value
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
    return { servers, readAt: new Date(read.at) };
  }

  /** One server's detail and when it was read (`refresh`: asked of the provider now). */
  async show(
    actor: Actor,
    ref: string,
    opts: { refresh?: boolean } = {},
  ): Promise<{ detail: VpsDetail; readAt: Date }> {
    refuseLongRef(ref);
    await this.deps.access.authorize(actor, 'show');
    const who = asPerson(READ, actor);
    const s = await this.resolve(ref, who);
    if (opts.refresh) this.details.drop(s.uuid);
    const read = await this.detail(s.uuid, who);
    return { detail: read.value, readAt: new Date(read.at) };
  }

  /** The power state now: always asked of the provider (the command promises a live reading). */
  async power(actor: Actor, ref: string): Promise<{ server: VpsSummary; power: string; at: Date }> {
    refuseLongRef(ref);
    await this.deps.access.authorize(actor, 'power');
    const who = asPerson(READ, actor);
    const server = await this.resolve(ref, who);
    const { status } = await this.deps.provider.getPower(server.uuid, who);
    return { server, power: status, at: this.deps.clock.now() };
  }

  /** The server's card: its detail, when it was read, and whether this person may edit it. */
  async card(actor: Actor, ref: string, opts: { refresh?: boolean } = {}): Promise<ServerCard> {
    refuseLongRef(ref);
    const [shown, caps] = await Promise.all([
      this.show(actor, ref, opts),
      this.deps.access.capabilities(actor),
    ]);
    const canEdit = caps.allowed.some((a) => a === 'rename' || a === 'memo' || a === 'rdns');
    return { ...shown, canEdit };
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
    const who = asPerson(WRITE, actor);
    const server = await this.resolve(ref, who);
    const problems = checkField(field, value);
    if (problems.length > 0) {
      const p = problems[0]!;
      await audit(server.uuid, 'refused', { name: server.name }, 'invalid_field');
      throw new ServiceError('invalid_field', { field: p.field, rule: p.rule, limit: p.limit ?? 0 });
    }
    if (field === 'name' && value !== server.name) {
      // Two servers of one name cannot be told apart by name any more (show, power, audit, watch).
      const wanted = value.toLowerCase();
      const taken = (await this.listing(who)).value.find(
        (s) => s.uuid !== server.uuid && s.name.toLowerCase() === wanted,
      );
      if (taken) {
        await audit(server.uuid, 'refused', { name: server.name }, 'name_taken');
        throw new ServiceError('name_taken', { name: value, ip: taken.ip_address ?? '-' });
      }
    }
    const p = this.deps.provider;
    let before: string | null;
    try {
      if (field === 'name') {
        before = server.name;
        await this.sent(server.uuid, () => p.setName(server.uuid, value, who));
      } else if (field === 'memo') {
        before = server.memo;
        await this.sent(server.uuid, () => p.setMemo(server.uuid, value, who));
      } else {
        before = (await p.getServer(server.uuid, who)).reverse_hostname;
        await this.sent(server.uuid, () => p.setReverseDns(server.uuid, value, who));
      }
    } catch (err) {
      await audit(server.uuid, changeOutcome(err), { name: server.name }, failureCode(classifyFailure(err)));
      throw err;
    }
    await audit(server.uuid, 'ok', { name: server.name, before });
    return { server, field, before, after: value };
  }

  /** Sends one change; what it touched is read anew afterwards, whether it worked, failed or is unknown. */
  private async sent<T>(uuid: string, send: () => Promise<T>): Promise<T> {
    this.changed(uuid);
    try {
      return await send();
    } finally {
      this.changed(uuid);
    }
  }

  /**
   * Authorises a write; a refusal is audited (against the server's uuid when
   * it resolves) and rethrown.
   */
  private async guardWrite(
    actor: Actor,
    action: Action,
    ref: string,
    params: Record<string, unknown>,
  ): Promise<void> {
    try {
      await this.deps.access.authorize(actor, action);
    } catch (err) {
      const server = await this.resolve(ref, asPerson(WRITE, actor)).catch(() => undefined);
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
    const who = asPerson(WRITE, actor);
    const server = await this.resolve(ref, who);
    if (field === 'name') return { server, value: server.name };
    if (field === 'memo') return { server, value: server.memo ?? '' };
    const detail = (await this.detail(server.uuid, who)).value;
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
    return this.deps.provider.logs(given, asPerson(READ, actor));
  }

  /**
   * The key, this person's role, and the day's request budget (whether the
   * watcher is holding back), every replica's requests counted.
   */
  async me(actor: Actor): Promise<{ key: KeyScope; role: Role; daily: DailyBudgetState }> {
    const role = await this.deps.access.authorize(actor, 'me');
    const key = await this.deps.access.keyScope();
    return { key, role, daily: await this.deps.provider.syncDaily() };
  }

  async audit(actor: Actor, ref?: string): Promise<{ entries: AuditRow[]; server?: VpsSummary | undefined }> {
    if (ref !== undefined) refuseLongRef(ref);
    await this.deps.access.authorize(actor, 'audit');
    const server = ref ? await this.resolve(ref, asPerson(READ, actor)) : undefined;
    const entries = await this.deps.store.audit.latest({
      limit: 20,
      ...(server ? { target: server.uuid } : {}),
    });
    return { entries, server };
  }
}
