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
  type DailyBudgetState,
  isPowerStatus,
  type LogsPage,
  type LogsQuery,
  type Priority,
  type ProviderClient,
  READ,
  type ServerListing,
  type VpsDetailRead,
  type VpsSummary,
  WRITE,
} from '../../provider/index.ts';
import type { AuditOutcome, AuditRow, SnapshotRow, Store } from '../../store/index.ts';
import type { AccessService, Action, Actor, KeyScope, Role } from '../access/index.ts';
import type { Audit } from '../audit.ts';
import { classifyFailure, failureCode, ServiceError } from '../errors.ts';
import type { FairUse } from '../fair-use.ts';
import { checkField, checkListFilter, checkServerRef, type RefProblem } from './field-rules.ts';
import { mentionedIn } from './mentions.ts';
import { type Read, ReadCache } from './read-cache.ts';
import type { ChangeResult, MentionedServers, PowerSeen, ServerCard, ServerList } from './results.ts';
import { exactMatches, inScope, type Located, labelOf, locate } from './server-lookup.ts';
import {
  type ChangeField,
  isLogLimit,
  type ListFilter,
  LOG_LIMIT,
  type LogFilter,
  matchesFilter,
} from './vocabulary.ts';

export interface ServersDeps {
  provider: Pick<
    ProviderClient,
    'listServers' | 'getServer' | 'getPower' | 'setName' | 'setMemo' | 'setReverseDns' | 'logs' | 'daily'
  >;
  store: {
    snapshots: Pick<Store['snapshots'], 'all'>;
    audit: Pick<Store['audit'], 'latest'>;
  };
  access: Pick<AccessService, 'authorize' | 'keyScope' | 'capabilities' | 'explainRefusal'>;
  audit: Audit;
  clock: Clock;
  /**
   * How long a read server list or server detail is shown again before the
   * provider is asked anew (READ_CACHE_SECONDS; default 15 s, 0: every time).
   */
  readCacheMs?: number;
  /** Each person's budget of provider-spending commands; none when absent. */
  fairUse?: Pick<FairUse, 'spend'>;
  /**
   * A power state read longer ago than this is flagged stale in the list: a
   * few of the watcher's rounds at its budget (default 3 minutes).
   */
  powerStaleAfterMs?: () => number;
}

// Who waits on each call (the gate's priorities): a person's read, or a person's change and
// the reads that belong to it (finding the server, the value before, the form's current value).
const ACTION_OF: Record<ChangeField, Action> = { name: 'rename', memo: 'memo', rdns: 'rdns' };

/** A reference or filter that cannot name anything: refused in words, before any call. */
function refused(p: RefProblem): ServiceError {
  return new ServiceError('invalid_field', { field: p.field, rule: p.rule, limit: p.limit ?? 0 });
}

function refuseLongRef(ref: string): void {
  const p = checkServerRef(ref);
  if (p) throw refused(p);
}

/** The power state the watcher last read (what the provider said, with its time), for the list. */
function powerSeen(snap: SnapshotRow | undefined, now: number, staleAfter: number): PowerSeen {
  if (!snap?.powerStatus) return { powerStale: false };
  const age = Math.max(0, now - snap.observedAt.getTime());
  return {
    power: snap.powerStatus,
    powerUnlisted: !isPowerStatus(snap.powerStatus),
    powerSeenAt: snap.observedAt,
    powerAgeMs: age,
    powerStale: age > staleAfter,
  };
}

const ALL = 'all';

export class ServersService {
  /** The provider's whole server list (one key). */
  private readonly lists: ReadCache<typeof ALL, ServerListing>;
  /** Each server's detail, by uuid. */
  private readonly details: ReadCache<string, VpsDetailRead>;

  constructor(private readonly deps: ServersDeps) {
    const now = () => deps.clock.now().getTime();
    const ttl = deps.readCacheMs ?? 15_000;
    this.lists = new ReadCache(now, ttl);
    this.details = new ReadCache(now, ttl);
  }

  /** Takes one command from this person's budget of provider-spending commands. */
  private spend(actor: Actor): void {
    this.deps.fairUse?.spend(actor.userId);
  }

  private async readable(): Promise<KeyScope> {
    const key = await this.deps.access.keyScope();
    if (!key.readable) throw new ServiceError('key_no_vps');
    return key;
  }

  /** A provider call whose 403 to a custom key is explained by the key's categories (no pre-check guessed them). */
  private explained<T>(call: Promise<T>): Promise<T> {
    return call.catch(async (err: unknown) => {
      throw await this.deps.access.explainRefusal(err, 'vps');
    });
  }

  /** The provider's server list: the cached one while fresh, else read now. */
  private listing(priority: Priority): Promise<Read<ServerListing>> {
    return this.lists.get(ALL, () => this.explained(this.deps.provider.listServers({ priority })));
  }

  /** The key's servers, honouring a selected-targets key even if the API answered more. */
  private async servers(priority: Priority): Promise<Read<ServerListing>> {
    const listing = this.listing(priority);
    listing.catch(() => undefined);
    const key = await this.readable();
    const { value, at } = await listing;
    return { value: inScope(value, key.targets), at };
  }

  /** One server's detail: the cached one while fresh, else read now. */
  private detail(uuid: string, priority: Priority): Promise<Read<VpsDetailRead>> {
    return this.details.get(uuid, () => this.explained(this.deps.provider.getServer(uuid, { priority })));
  }

  /** A change was sent (whatever its outcome): what anyone reads next is asked anew. */
  private changed(uuid: string): void {
    this.lists.drop(ALL);
    this.details.drop(uuid);
  }

  /** The entry `ref` names, of the documented shape or not. */
  private async locate(ref: string, priority: Priority): Promise<Located> {
    refuseLongRef(ref);
    return locate((await this.servers(priority)).value, ref);
  }

  /**
   * The server `ref` names, for what needs its entry as the spec describes it
   * (a change, a watch, its audit): one whose entry breaks the spec is refused
   * in words, with the fields it broke; `/vps show` still shows it.
   */
  async resolve(ref: string, priority: Priority = 'read'): Promise<VpsSummary> {
    const found = await this.locate(ref, priority);
    if (found.kind === 'server') return found.server;
    throw new ServiceError('server_malformed', {
      ref,
      uuid: found.entry.uuid,
      fields: found.entry.broken.join(', '),
    });
  }

  async list(actor: Actor, filter: ListFilter): Promise<ServerList> {
    const tooLong = checkListFilter(filter);
    if (tooLong) throw refused(tooLong);
    await this.deps.access.authorize(actor, 'list');
    this.spend(actor);
    const [read, snapshots] = await Promise.all([this.servers('read'), this.deps.store.snapshots.all()]);
    const power = new Map(snapshots.map((p) => [p.serverUuid, p]));
    const now = this.deps.clock.now().getTime();
    const staleAfter = this.deps.powerStaleAfterMs?.() ?? 180_000;
    const seen = (uuid: string | null) => (uuid === null ? {} : powerSeen(power.get(uuid), now, staleAfter));
    const servers = read.value.servers
      .filter((s) => matchesFilter(s, filter))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((s) => ({ ...s, ...seen(s.uuid) }));
    // Entries that break the spec come after, in the provider's order, as far as they can be read.
    const malformed = read.value.malformed
      .filter((m) => matchesFilter(m, filter))
      .map((m) => ({ ...m, ...seen(m.uuid) }));
    return { servers, malformed, readAt: new Date(read.at) };
  }

  /**
   * The servers `text` names by name, IP address or uuid, matched exactly
   * against the list as `/vps list` reads it (its cache, its role).
   */
  async mentioned(actor: Actor, text: string): Promise<MentionedServers> {
    const list = await this.list(actor, { terms: [] });
    const named = mentionedIn([...list.servers, ...list.malformed.filter((m) => m.uuid !== null)], text);
    return { servers: named.found, truncated: named.truncated, readAt: list.readAt };
  }

  /** One server's detail and when it was read (`refresh`: asked of the provider now). */
  async show(
    actor: Actor,
    ref: string,
    opts: { refresh?: boolean } = {},
  ): Promise<{ detail: VpsDetailRead; readAt: Date }> {
    refuseLongRef(ref);
    await this.deps.access.authorize(actor, 'show');
    this.spend(actor);
    const found = await this.locate(ref, 'read');
    // A list entry that breaks the spec still has a detail to show, as far as it reads.
    const uuid = found.kind === 'server' ? found.server.uuid : found.entry.uuid;
    if (opts.refresh) this.details.drop(uuid);
    const read = await this.detail(uuid, 'read');
    return { detail: read.value, readAt: new Date(read.at) };
  }

  /** The power state now: always asked of the provider (the command promises a live reading). */
  async power(
    actor: Actor,
    ref: string,
  ): Promise<{ server: { uuid: string; name: string }; power: string; at: Date }> {
    refuseLongRef(ref);
    await this.deps.access.authorize(actor, 'power');
    this.spend(actor);
    const found = await this.locate(ref, 'read');
    const server =
      found.kind === 'server'
        ? { uuid: found.server.uuid, name: found.server.name }
        : { uuid: found.entry.uuid, name: labelOf(found.entry) };
    const { status } = await this.explained(this.deps.provider.getPower(server.uuid, READ));
    // A power body without one documented value: the detail's `power.status` is read in real time too.
    const power =
      status ?? (await this.explained(this.deps.provider.getServer(server.uuid, READ))).power.status;
    if (power === undefined)
      throw new ServiceError('server_malformed', { ref, uuid: server.uuid, fields: 'power.status' });
    return { server, power, at: this.deps.clock.now() };
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
    const server = await this.resolve(ref, 'write').catch(async (err: unknown) => {
      // A server the provider answered about in a shape the spec does not allow: refused, on record.
      if (err instanceof ServiceError && err.code === 'server_malformed')
        await audit(String(err.params.uuid), 'refused', {}, err.code);
      throw err;
    });
    const problems = checkField(field, value);
    if (problems.length > 0) {
      const p = problems[0]!;
      await audit(server.uuid, 'refused', { name: server.name }, 'invalid_field');
      throw new ServiceError('invalid_field', { field: p.field, rule: p.rule, limit: p.limit ?? 0 });
    }
    if (field === 'name' && value !== server.name) {
      // Two servers of one name cannot be told apart by name any more (show, power, audit, watch).
      const wanted = value.toLowerCase();
      const { servers, malformed } = (await this.listing('write')).value;
      const taken = [...servers, ...malformed].find(
        (s) => s.uuid !== server.uuid && s.name?.toLowerCase() === wanted,
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
        await this.sent(server.uuid, () => p.setName(server.uuid, value, WRITE));
      } else if (field === 'memo') {
        before = server.memo;
        await this.sent(server.uuid, () => p.setMemo(server.uuid, value, WRITE));
      } else {
        // An unreadable value before is recorded as none (the provider's answer named it broken).
        before = (await p.getServer(server.uuid, WRITE)).reverse_hostname ?? null;
        await this.sent(server.uuid, () => p.setReverseDns(server.uuid, value, WRITE));
      }
    } catch (caught) {
      const err = await this.deps.access.explainRefusal(caught, 'vps');
      const code = failureCode(classifyFailure(err));
      await audit(
        server.uuid,
        code === 'key_custom_forbidden' ? 'refused' : 'failed',
        { name: server.name },
        code,
      );
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
   * Authorises a write and takes it from the person's budget; a refusal is
   * audited (against the server's uuid when it resolves) and rethrown.
   */
  private async guardWrite(
    actor: Actor,
    action: Action,
    ref: string,
    params: Record<string, unknown>,
  ): Promise<void> {
    try {
      await this.deps.access.authorize(actor, action);
      this.spend(actor);
    } catch (err) {
      // Someone over their budget is not worth a provider request: the last list read, if any, names it.
      const slowedDown = err instanceof ServiceError && err.code === 'slow_down';
      const server = slowedDown
        ? exactMatches(this.lists.peek(ALL)?.servers ?? [], ref).at(0)
        : await this.resolve(ref, 'write').catch(() => undefined);
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
    const server = await this.resolve(ref, 'write');
    if (field === 'name') return { server, value: server.name };
    if (field === 'memo') return { server, value: server.memo ?? '' };
    const detail = (await this.detail(server.uuid, 'write')).value;
    return { server, value: detail.reverse_hostname ?? detail.hostname ?? '' };
  }

  async logs(actor: Actor, filter: LogFilter, cursor?: string): Promise<LogsPage> {
    // The provider's page size, named on its field before anything is asked.
    if (filter.limit !== undefined && !isLogLimit(filter.limit))
      throw new ServiceError('invalid_field', { field: 'limit', rule: 'range', limit: LOG_LIMIT.max });
    await this.deps.access.authorize(actor, 'logs');
    this.spend(actor);
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
    return this.explained(this.deps.provider.logs(given, READ));
  }

  /**
   * The key, this person's role, the day's request budget (whether the watcher
   * is holding back) and, for a key limited to selected VPSs, their names from
   * the server list (uuid -> name; empty when the list cannot be read: the
   * uuids are shown instead).
   */
  async me(
    actor: Actor,
  ): Promise<{ key: KeyScope; role: Role; daily: DailyBudgetState; vpsNames: ReadonlyMap<string, string> }> {
    const role = await this.deps.access.authorize(actor, 'me');
    const key = await this.deps.access.keyScope();
    const listed = key.targets ? await this.listing('read').catch(() => undefined) : undefined;
    const vpsNames = new Map((listed?.value.servers ?? []).map((s) => [s.uuid, s.name]));
    return { key, role, daily: this.deps.provider.daily, vpsNames };
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
