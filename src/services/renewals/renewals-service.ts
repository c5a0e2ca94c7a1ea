/**
 * The contract dates behind `/vps renewals` and `/vps renewal set|clear`.
 * The API shows a contract's date only in a signup's status
 * (docs/provider-api.md, Signup status), so the bot knows the dates of the
 * servers it ordered from the provider, and a person may set one by hand for
 * a server ordered in the panel (or replace the provider's on one ordered
 * here: clearing it brings the provider's back). Knows nothing of Slack;
 * every change and every refused attempt is audited.
 */
import type { Clock } from '../../clock.ts';
import { asPerson, READ } from '../../provider/index.ts';
import { type ContractRow, contractDate, type Store } from '../../store/index.ts';
import type { AccessService, Actor } from '../access/index.ts';
import type { Audit } from '../audit.ts';
import { classifyFailure, failureCode, ServiceError } from '../errors.ts';
import type { ServersService } from '../servers/index.ts';
import type { ChannelReach } from '../watch/index.ts';
import { checkRenewalDate, daysLeft, nextThreshold } from './schedule.ts';

export interface RenewalDeps {
  store: Store;
  /** Finds a server by name, uuid or IP; throws its not-found / ambiguous error. */
  servers: ServersService;
  access: AccessService;
  audit: Audit;
  clock: Clock;
  /** VPS_RENEWAL_REMINDER_DAYS, farthest first. */
  reminderDays: readonly number[];
}

/** One known contract, as `/vps renewals` shows it. */
export interface RenewalEntry {
  id: string;
  serverUuid: string | null;
  /** The server's name as the watcher last saw it, else as the order or the person named it. */
  name: string;
  /** The date that counts (one set by hand, else the provider's); null while the provider has given none. */
  date: string | null;
  /** Japan calendar days to the date (0 on the day, negative once passed). */
  left: number | null;
  source: 'provider' | 'person' | null;
  setBy: string | null;
  setAt: Date | null;
  /** The provider's date, when a date set by hand is in force over it. */
  providerDate: string | null;
  orderedHere: boolean;
  autoRenew: boolean | null;
  planId: string | null;
  period: number | null;
  /** The next reminder still ahead (days before the date), if any. */
  nextReminder: number | null;
}

export interface RenewalList {
  entries: RenewalEntry[];
  reminderDays: readonly number[];
}

export interface RenewalChange {
  kind: 'set' | 'clear';
  serverUuid: string;
  name: string;
  /** `set`: the date set; `clear`: the date that counts now (the provider's), if any. */
  date: string | null;
  left: number | null;
  /** `set`: the date set by hand before, if any; `clear`: the one removed. */
  previous: string | null;
  /** `set`: whether the date differs from the one set before; `clear`: whether a date set by hand was there. */
  changed: boolean;
  /** `set`: the provider's date the one set by hand counts instead of (a server ordered here), if known. */
  providerDate: string | null;
  orderedHere: boolean;
  /** Where its reminders go. */
  channelId: string | null;
  reminderDays: readonly number[];
}

const byDate = (a: RenewalEntry, b: RenewalEntry): number =>
  (a.date ?? '9999-99-99').localeCompare(b.date ?? '9999-99-99') || a.name.localeCompare(b.name);

export class RenewalsService {
  constructor(private readonly deps: RenewalDeps) {}

  private entry(row: ContractRow, names: ReadonlyMap<string, string>): RenewalEntry {
    const now = this.deps.clock.now();
    const d = contractDate(row);
    const left = d ? (daysLeft(d.date, now) ?? null) : null;
    const seen = row.serverUuid === null ? undefined : names.get(row.serverUuid);
    return {
      id: row.id,
      serverUuid: row.serverUuid,
      name: seen ?? row.serverName ?? row.serverUuid ?? row.id,
      date: d?.date ?? null,
      left,
      source: d?.by ?? null,
      setBy: d?.by === 'person' ? row.personSetBy : null,
      setAt: d?.by === 'person' ? d.since : null,
      providerDate: d?.by === 'person' ? row.providerDate : null,
      orderedHere: row.signupId !== null,
      autoRenew: row.autoRenew,
      planId: row.planId,
      period: row.period,
      nextReminder: left === null ? null : (nextThreshold(left, this.deps.reminderDays) ?? null),
    };
  }

  private async names(): Promise<Map<string, string>> {
    const snaps = await this.deps.store.snapshots.all();
    return new Map(snaps.flatMap((s) => (s.name ? [[s.serverUuid, s.name] as const] : [])));
  }

  /** Every known contract date, nearest first (those the provider has not given yet last). */
  async list(actor: Actor): Promise<RenewalList> {
    await this.deps.access.authorize(actor, 'renewals');
    const [rows, names] = await Promise.all([this.deps.store.contracts.all(), this.names()]);
    return {
      entries: rows.map((r) => this.entry(r, names)).sort(byDate),
      reminderDays: this.deps.reminderDays,
    };
  }

  /**
   * The contracts whose date comes within `days` Japan days (today
   * included), nearest first. No check of its own: the daily digest, whose
   * reader was let read it, asks for them.
   */
  async upcoming(days: number): Promise<RenewalEntry[]> {
    const [rows, names] = await Promise.all([this.deps.store.contracts.all(), this.names()]);
    return rows
      .map((r) => this.entry(r, names))
      .filter((e) => e.left !== null && e.left >= 0 && e.left <= days)
      .sort(byDate);
  }

  private async authorizeChange(actor: Actor, kind: 'set' | 'clear', ref: string): Promise<void> {
    try {
      await this.deps.access.authorize(actor, 'renewal');
    } catch (err) {
      await this.deps.audit.byActor(
        actor,
        `renewal_${kind}`,
        ref.trim(),
        'refused',
        {},
        failureCode(classifyFailure(err)),
      );
      throw err;
    }
  }

  /**
   * Sets a server's contract date by hand. Its reminders go to this channel,
   * or to the order's channel when the server was ordered here. `reach`
   * checks that the bot can post where they go (this channel), given the
   * change as it would be: a channel it cannot post in is refused and nothing
   * is stored.
   */
  async set(
    actor: Actor,
    ref: string,
    typedDate: string,
    reach?: (change: RenewalChange) => Promise<ChannelReach>,
  ): Promise<RenewalChange> {
    await this.authorizeChange(actor, 'set', ref);
    const checked = checkRenewalDate(typedDate, this.deps.clock.now());
    if ('rule' in checked) {
      await this.deps.audit.byActor(actor, 'renewal_set', ref.trim(), 'refused', {}, 'invalid_field');
      throw new ServiceError('invalid_field', {
        field: checked.field,
        rule: checked.rule,
        limit: checked.limit ?? 0,
      });
    }
    const server = await this.deps.servers.resolve(ref, asPerson(READ, actor));
    // The order's row when the server was ordered here (its channel stays), else one of its own.
    const rows = await this.deps.store.contracts.byServer(server.uuid);
    const order = rows.find((r) => r.signupId !== null);
    const previous = (order ?? rows[0])?.personDate ?? null;
    const change: RenewalChange = {
      kind: 'set',
      serverUuid: server.uuid,
      name: server.name,
      date: checked.date,
      left: daysLeft(checked.date, this.deps.clock.now()) ?? null,
      previous,
      changed: previous !== checked.date,
      providerDate: order?.providerDate ?? null,
      orderedHere: order !== undefined,
      channelId: order?.channelId ?? actor.channelId,
      reminderDays: this.deps.reminderDays,
    };
    if (reach && change.channelId === actor.channelId) {
      const r = await reach(change);
      if (r !== 'ok' && r !== 'unverified') {
        await this.deps.audit.byActor(actor, 'renewal_set', server.uuid, 'refused', { name: server.name }, r);
        throw new ServiceError('watch_channel_unreachable', { channel: actor.channelId, reason: r });
      }
    }
    await this.deps.store.contracts.setByPerson(
      {
        serverUuid: server.uuid,
        serverName: server.name,
        date: checked.date,
        userId: actor.userId,
        channelId: actor.channelId,
      },
      this.deps.clock.now(),
    );
    await this.deps.audit.byActor(actor, 'renewal_set', server.uuid, 'ok', {
      name: server.name,
      date: checked.date,
      previous,
      orderedHere: change.orderedHere,
    });
    return change;
  }

  /**
   * Removes the date set by hand on a server: one ordered here goes back to
   * the provider's date. A server that left the provider's list is still
   * found by the name or uuid its date was set under.
   */
  async clear(actor: Actor, ref: string): Promise<RenewalChange> {
    await this.authorizeChange(actor, 'clear', ref);
    const wanted = ref.trim().toLowerCase();
    const rows = await this.deps.store.contracts.all();
    const byName = rows.filter(
      (r) =>
        r.personDate !== null &&
        (r.serverUuid?.toLowerCase() === wanted || r.serverName?.toLowerCase() === wanted),
    );
    let found: ContractRow[] = byName.length === 1 ? byName : [];
    let server: { uuid: string; name: string };
    if (found.length === 1) {
      const r = found[0]!;
      server = { uuid: r.serverUuid!, name: r.serverName ?? r.serverUuid! };
    } else {
      const s = await this.deps.servers.resolve(ref, asPerson(READ, actor));
      server = { uuid: s.uuid, name: s.name };
      found = await this.deps.store.contracts.byServer(s.uuid);
    }
    const withDate = found.find((r) => r.personDate !== null);
    const after = withDate ? await this.deps.store.contracts.clearByPerson(withDate.id) : null;
    // What counts now: the provider's date of an order placed here, else nothing.
    const kept = (withDate ? [after] : found).map((r) => (r ? contractDate(r) : null)).find((d) => d);
    await this.deps.audit.byActor(actor, 'renewal_clear', server.uuid, 'ok', {
      name: server.name,
      previous: withDate?.personDate ?? null,
      changed: withDate !== undefined,
    });
    return {
      kind: 'clear',
      serverUuid: server.uuid,
      name: server.name,
      date: kept?.date ?? null,
      left: kept ? (daysLeft(kept.date, this.deps.clock.now()) ?? null) : null,
      previous: withDate?.personDate ?? null,
      changed: withDate !== undefined,
      providerDate: null,
      orderedHere: found.some((r) => r.signupId !== null),
      channelId: (withDate ?? found[0])?.channelId ?? null,
      reminderDays: this.deps.reminderDays,
    };
  }
}
