/**
 * The /vps use cases: find a server by name, uuid or IP; list, show, power,
 * the three changes, the key's API log, key information and the audit trail
 * (the last three read in key-and-audit-reads.ts). Knows nothing of Slack: plain data in, plain data out, ServiceError or the
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
  isPowerStatus,
  type LogsPage,
  type ProviderClient,
  READ,
  type ServerListing,
  type VpsDetailRead,
  type VpsSummary,
  WRITE,
} from '../../provider/index.ts';
import type { AuditOutcome, AuditRow, SnapshotRow, Store } from '../../store/index.ts';
import type { AccessService, Action, Actor, KeyScope } from '../access/index.ts';
import type { Audit } from '../audit.ts';
import { changeOutcome, classifyFailure, failureCode, isServiceError, ServiceError } from '../errors.ts';
import { checkField, checkListFilter, checkServerRef, type RefProblem } from './field-rules.ts';
import { type KeyFacts, readAudit, readLogs, readMe } from './key-and-audit-reads.ts';
import { mentionedIn } from './mentions.ts';
import { type Read, ReadCache } from './read-cache.ts';
import type { ChangeResult, MentionedServers, PowerSeen, ServerCard, ServerList } from './results.ts';
import { inScope, type Located, labelOf, locate } from './server-lookup.ts';
import { type ChangeField, type ListFilter, type LogFilter, matchesFilter } from './vocabulary.ts';

export interface ServersDeps {
  provider: Pick<
    ProviderClient,
    'listServers' | 'getServer' | 'getPower' | 'setName' | 'setMemo' | 'setReverseDns' | 'logs' | 'syncDaily'
  >;
  store: {
    snapshots: Pick<Store['snapshots'], 'all'>;
    audit: Pick<Store['audit'], 'latest'>;
    /** Where the key-use watch counts the clients of KEY_EXPECTED_IPS (`/vps me` shows them). */
    keyLog?: Pick<Store['keyLog'], 'get'>;
  };
  access: AccessService;
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

  /**
   * The provider's server list: the cached one while fresh, else read now
   * (`who`: the priority and the person who waits on it; a cache hit costs
   * them nothing).
   */
  private listing(who: CallOptions): Promise<Read<ServerListing>> {
    return this.lists.get(ALL, () => this.explained(this.deps.provider.listServers(who)));
  }

  /** The key's servers, honouring a selected-targets key even if the API answered more. */
  private async servers(who: CallOptions): Promise<Read<ServerListing>> {
    const listing = this.listing(who);
    listing.catch(() => undefined);
    const key = await this.readable();
    const { value, at } = await listing;
    return { value: inScope(value, key.targets), at };
  }

  /** One server's detail: the cached one while fresh, else read now. */
  private detail(uuid: string, who: CallOptions): Promise<Read<VpsDetailRead>> {
    return this.details.get(uuid, () => this.explained(this.deps.provider.getServer(uuid, who)));
  }

  /** A change was sent (whatever its outcome): what anyone reads next is asked anew. */
  private changed(uuid: string): void {
    this.lists.drop(ALL);
    this.details.drop(uuid);
  }

  /** The entry `ref` names, of the documented shape or not. */
  private async locate(ref: string, who: CallOptions): Promise<Located> {
    refuseLongRef(ref);
    return locate((await this.servers(who)).value, ref);
  }

  /**
   * The server `ref` names, for what needs its entry as the spec describes it
   * (a change, a watch, its audit): one whose entry breaks the spec is refused
   * in words, with the fields it broke; `/vps show` still shows it. Read for
   * `who` (a person's read unless said otherwise).
   */
  async resolve(ref: string, who: CallOptions = READ): Promise<VpsSummary> {
    const found = await this.locate(ref, who);
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
    const [read, snapshots] = await Promise.all([
      this.servers(asPerson(READ, actor)),
      this.deps.store.snapshots.all(),
    ]);
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
    const who = asPerson(READ, actor);
    const found = await this.locate(ref, who);
    // A list entry that breaks the spec still has a detail to show, as far as it reads.
    const uuid = found.kind === 'server' ? found.server.uuid : found.entry.uuid;
    if (opts.refresh) this.details.drop(uuid);
    const read = await this.detail(uuid, who);
    return { detail: read.value, readAt: new Date(read.at) };
  }

  /** The power state now: always asked of the provider (the command promises a live reading). */
  async power(
    actor: Actor,
    ref: string,
  ): Promise<{ server: { uuid: string; name: string }; power: string; at: Date }> {
    refuseLongRef(ref);
    await this.deps.access.authorize(actor, 'power');
    const who = asPerson(READ, actor);
    const found = await this.locate(ref, who);
    const server =
      found.kind === 'server'
        ? { uuid: found.server.uuid, name: found.server.name }
        : { uuid: found.entry.uuid, name: labelOf(found.entry) };
    const { status } = await this.explained(this.deps.provider.getPower(server.uuid, who));
    // A power body without one documented value: the detail's `power.status` is read in real time too.
    const power =
      status ?? (await this.explained(this.deps.provider.getServer(server.uuid, who))).power.status;
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
    const who = asPerson(WRITE, actor);
    const server = await this.resolve(ref, who).catch(async (err: unknown) => {
      // A server the provider answered about in a shape the spec does not allow: refused, on record.
      if (isServiceError(err) && err.problem.code === 'server_malformed')
        await audit(err.problem.params.uuid, 'refused', {}, err.code);
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
      const { servers, malformed } = (await this.listing(who)).value;
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
        await this.sent(server.uuid, () => p.setName(server.uuid, value, who));
      } else if (field === 'memo') {
        before = server.memo;
        await this.sent(server.uuid, () => p.setMemo(server.uuid, value, who));
      } else {
        // An unreadable value before is recorded as none (the provider's answer named it broken).
        before = (await p.getServer(server.uuid, who)).reverse_hostname ?? null;
        await this.sent(server.uuid, () => p.setReverseDns(server.uuid, value, who));
      }
    } catch (caught) {
      const err = await this.deps.access.explainRefusal(caught, 'vps');
      const code = failureCode(classifyFailure(err));
      // Refused: the key's custom permissions (the provider's 403), or never sent (the bound).
      const outcome = code === 'key_custom_forbidden' ? 'refused' : changeOutcome(err);
      await audit(server.uuid, outcome, { name: server.name }, code);
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

  /** `/vps logs`: a page of the key's API log. */
  logs(actor: Actor, filter: LogFilter, cursor?: string): Promise<LogsPage> {
    return readLogs(this.deps, (call) => this.explained(call), actor, filter, cursor);
  }

  /** `/vps me`: the key, this person's role, the day's budget, a selected-targets key's VPSs by name. */
  me(actor: Actor): Promise<KeyFacts> {
    return readMe(this.deps, (who) => this.listing(who), actor);
  }

  /** `/vps audit [server]`: the latest audit rows. */
  async audit(actor: Actor, ref?: string): Promise<{ entries: AuditRow[]; server?: VpsSummary | undefined }> {
    if (ref !== undefined) refuseLongRef(ref);
    return readAudit(this.deps, (r, who) => this.resolve(r, who), actor, ref);
  }
}
