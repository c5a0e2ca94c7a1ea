/**
 * The hosting servers, watched on the watcher's schedule and budget: each
 * server's domains (with each one's `ssl_status`), SSH on or off, and its SSH
 * keys, one background request per part (hosting-state.ts says what is
 * read). The first read of a part is its baseline. After it:
 *
 * - a domain's `ssl_status` turning `failed_nameserver` raises the `ssl`
 *   alarm (with the name servers of the server information, as the spec's
 *   cure names them), and turning back, or the domain leaving, resolves it;
 * - a domain added or removed, SSH turned on or off, a key added or removed
 *   is reported only when the bot did not do it: the bot's own changes through
 *   /hosting are in the audit trail (the change's action on this server,
 *   naming that domain or key, done or of unknown outcome) and were announced
 *   when they were made; outside-or-own.ts sorts them as it sorts a server's
 *   (a change seen before its row could be there is looked at again at the
 *   re-read cadence, and reported if the trail still does not explain it).
 *
 * The snapshot and the outbox rows (and the alarm) commit in one transaction;
 * the dedupe keys name the part's last change and the change itself, so a
 * restarted process or another replica reports nothing twice.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import {
  type AnyObject,
  BACKGROUND,
  type HostingClient,
  type ProviderClient,
  toUnicodeDomain,
} from '../provider/index.ts';
import {
  type AuditEntry,
  type AuditRow,
  HOSTING_PARTS,
  type HostingNotice,
  type HostingPart,
  type HostingSnapshotRow,
  hostingOfTarget,
  hostingWatchTarget,
  OUTSIDE_ACTOR,
  OUTSIDE_CHANGE_ACTION,
  type Store,
  type WatchRow,
} from '../store/index.ts';
import { raiseAlarm, resolveAlarm } from './alarms.ts';
import {
  isRecordChange,
  isRecordPart,
  type RecordAnswer,
  type RecordState,
  readRecordPart,
} from './hosting-record-state.ts';
import {
  explainsRecord,
  inFlightRows,
  judgeCertificates,
  recordNoticeOf,
  recordOutsideParams,
} from './hosting-record-watch.ts';
import {
  applyChange,
  changeId,
  changesOf,
  domainKey,
  type HostingChange,
  type PartState,
  readPart,
  SSL_FAILED,
  storedPart,
} from './hosting-state.ts';
import type { IncidentTx } from './incidents.ts';
import { enqueueNotice } from './notice-rows.ts';
import { OutsideOrOwn, type OwnRules, type Waiting } from './outside-or-own.ts';
import { channelsWatching } from './watch-channels.ts';

/** A part of a hosting server as the scheduler sees it. */
export interface HostingSlot {
  id: string;
  server: string;
  part: HostingPart;
  /** Epoch ms of its last look. */
  readAt: number;
  /** A change waits for its second look: due at the re-read cadence. */
  soon: boolean;
  /** A record list (DNS, cron, mail, FTP, SSL): read less often when the budget is short (`listsMs` in next-task.ts). */
  list: boolean;
}

const slotId = (server: string, part: HostingPart) => `hosting:${server}:${part}`;

/**
 * Whether the bot makes changes like `c` at all: SSL is never its doing, and
 * a domain's first or last DNS records come and go with the domain, whose own
 * change is sorted (and told) by the domains' read. A domain removed may be
 * the bot's (`/hosting domain delete`): its audit row tells.
 */
const botMakes = (c: HostingChange): boolean =>
  c.what !== 'ssl' && !((c.what === 'dns-added' || c.what === 'dns-removed') && c.withDomain === true);

/** Whether an audit row is the bot's own making of `c` (done, or sent with its outcome unknown). */
function explains(row: AuditRow, c: HostingChange): boolean {
  const sent = row.outcome === 'ok' || (row.outcome === 'failed' && row.errorCode === 'OUTCOME_UNKNOWN');
  if (!sent) return false;
  if (isRecordChange(c)) return explainsRecord(row, c);
  const p = row.params;
  switch (c.what) {
    case 'domain-added':
      return (
        row.action === 'hosting.domain_add' &&
        typeof p.domain === 'string' &&
        domainKey(p.domain.trim()) === c.domain
      );
    case 'domain-removed':
      return (
        row.action === 'hosting.domain_delete' &&
        typeof p.domain === 'string' &&
        domainKey(p.domain.trim()) === c.domain
      );
    case 'ssh':
      return row.action === (c.enabled ? 'hosting.ssh_on' : 'hosting.ssh_off');
    case 'key-added':
      return (
        (row.action === 'hosting.ssh_key_add' && p.label === c.label) ||
        (row.action === 'hosting.ssh_key_generate' && (p.label === undefined || p.label === c.label))
      );
    case 'key-removed':
      return row.action === 'hosting.ssh_key_delete' && String(p.id ?? '').trim() === c.id;
    default:
      return false;
  }
}

/** Outside or the bot's own, for a hosting server's changes (outside-or-own.ts). */
const HOSTING_RULES: OwnRules<HostingChange> = { id: changeId, botMakes, explains };

function noticeOf(server: string, c: HostingChange, at: number): HostingNotice | undefined {
  if (isRecordChange(c)) return recordNoticeOf(server, c, at);
  const base = { kind: 'hosting' as const, server, at };
  switch (c.what) {
    case 'domain-added':
    case 'domain-removed':
      return { ...base, change: c.what, item: c.domain };
    case 'ssh':
      return { ...base, change: c.enabled ? 'ssh-on' : 'ssh-off' };
    case 'key-added':
    case 'key-removed':
      return { ...base, change: c.what, item: c.id, label: c.label };
    case 'ssl':
      return undefined;
  }
}

/** The audit row of a change made outside the bot: once, in the transaction that queues its notice. */
function outsideRow(n: HostingNotice, at: Date): AuditEntry {
  const named = n.change === 'domain-added' || n.change === 'domain-removed' ? 'domain' : 'id';
  const old = ['domain', 'ssh', 'key'].some((p) => n.change.startsWith(p));
  return {
    actor: OUTSIDE_ACTOR,
    channelId: null,
    action: OUTSIDE_CHANGE_ACTION,
    target: n.server,
    params: old
      ? {
          change: n.change,
          ...(n.item === undefined ? {} : { [named]: n.item }),
          ...(n.label ? { label: n.label } : {}),
        }
      : recordOutsideParams(n),
    outcome: 'ok',
    at,
  };
}

export class HostingWatch {
  private snapshots = new Map<string, HostingSnapshotRow>();
  private readonly lookedAt = new Map<string, number>();
  /** Changes seen once and not explained yet, by slot (outside-or-own.ts). */
  private readonly own = new OutsideOrOwn();

  constructor(
    private readonly o: {
      provider: Pick<ProviderClient, 'hosting'>;
      store: Pick<Store, 'hostingSnapshots' | 'transaction'>;
      clock: Clock;
      log: Logger;
      /** NOTIFY_CHANNEL: notified of every hosting server read. */
      notifyChannel?: string | undefined;
      flapMs: number;
      /**
       * The hosting servers the key names (its `selected` targets, a legacy key's
       * server); undefined when it covers every server of the account (which no
       * endpoint lists) or is not known yet.
       */
      keyServers?: (() => readonly string[] | undefined) | undefined;
      /** One more background request, paced by the watcher's budget (the server information). */
      another: <T>(call: () => Promise<T>) => Promise<T>;
    },
  ) {}

  /** Reloads what is stored (at start, and when this replica takes the lease). */
  async load(): Promise<void> {
    const rows = await this.o.store.hostingSnapshots.all();
    this.snapshots = new Map(rows.map((r) => [slotId(r.server, r.part), r]));
  }

  /** The servers read: those a channel watches, and with NOTIFY_CHANNEL every one the key names. */
  servers(watches: readonly WatchRow[]): string[] {
    const set = new Set<string>();
    for (const w of watches) {
      const s = hostingOfTarget(w.target);
      if (s) set.add(s);
    }
    if (this.o.notifyChannel) for (const s of this.o.keyServers?.() ?? []) set.add(s.toLowerCase());
    return [...set].sort();
  }

  /** Every part of every server read, for the scheduler. */
  slots(watches: readonly WatchRow[]): HostingSlot[] {
    return this.servers(watches).flatMap((server) =>
      HOSTING_PARTS.map((part) => {
        const id = slotId(server, part);
        const readAt = this.lookedAt.get(id) ?? this.snapshots.get(id)?.observedAt.getTime() ?? 0;
        return { id, server, part, readAt, soon: this.own.waiting(id), list: isRecordPart(part) };
      }),
    );
  }

  /** A failed read counts as a look, so one broken server cannot starve the rest. */
  markTried(server: string, part: HostingPart, now: number): void {
    this.lookedAt.set(slotId(server, part), now);
  }

  private async fetch(
    api: HostingClient,
    part: HostingPart,
  ): Promise<{ part: 'domains' | 'ssh' | 'keys'; answer: AnyObject } | RecordAnswer> {
    switch (part) {
      case 'domains':
        return { part, answer: await api.listDomains(BACKGROUND) };
      case 'ssh':
        return { part, answer: await api.getSsh(BACKGROUND) };
      case 'keys':
        return { part, answer: await api.listSshKeys(BACKGROUND) };
      case 'dns':
        return { part, listing: await api.listDns({}, BACKGROUND) };
      case 'cron':
        return { part, listing: await api.listCron(BACKGROUND) };
      case 'mail':
        return { part, listing: await api.listMail({}, BACKGROUND) };
      case 'ftp':
        return { part, listing: await api.listFtp({}, BACKGROUND) };
      case 'ssl':
        return { part, listing: await api.listSsl({}, BACKGROUND) };
    }
  }

  /** Reads one part of one server and records what changed; returns the outbox rows queued. */
  async read(server: string, part: HostingPart, watches: readonly WatchRow[]): Promise<number> {
    const id = slotId(server, part);
    const api = this.o.provider.hosting(server);
    const answer = await this.fetch(api, part);
    const known = this.snapshots.get(id);
    const previous = known ? storedPart(part, known.state) : undefined;
    // The reference publishes `ssl_status` only in the answers of POST /domain and POST /subdomain,
    // neither in the list nor in GET /domain/{domain} (docs/provider-api.md, Hosting resources):
    // the list's item says it when a provider sends it, and no domain is read on its own for it.
    const seen =
      'answer' in answer
        ? readPart(answer.part, answer.answer, previous)
        : readRecordPart(answer, previous as RecordState | undefined);
    const now = this.o.clock.now();
    this.lookedAt.set(id, now.getTime());
    if (!seen) return 0;
    const nameServers = await this.nameServersIfFailing(api, previous, seen);
    const channels = channelsWatching(this.o.notifyChannel, watches, [hostingWatchTarget(server)]);
    const { row, enqueued, waiting } = await this.o.store.transaction(async (tx) => {
      const cur = await tx.hostingSnapshots.get(server, part);
      const before = cur ? storedPart(part, cur.state) : undefined;
      // Certificates are judged at every read, the first included: an expiry is a state, not a change.
      const certificates =
        'certificates' in seen
          ? await judgeCertificates(tx, {
              server,
              before: before && 'certificates' in before ? before : undefined,
              lastRead: before ? cur?.observedAt.getTime() : undefined,
              seen,
              now,
              flapMs: this.o.flapMs,
              channels,
            })
          : 0;
      if (!cur || !before) {
        // The first read of this part (or one that cannot be read back): a baseline, no notice of a change.
        const row = await tx.hostingSnapshots.upsert({
          server,
          part,
          state: seen,
          observedAt: now,
          changedAt: now,
        });
        return { row, enqueued: certificates, waiting: new Map<string, Waiting>() };
      }
      const lastRead = cur.observedAt.getTime();
      // A part is read again only at the re-read cadence: every later read is the second look.
      const times = { lastRead, now: now.getTime(), secondLookMs: 0 };
      // The trail, and the destructive operations whose one request is under way (their rows are not written yet).
      const sorted = await this.own.sort(id, changesOf(before, seen), times, HOSTING_RULES, async (since) => [
        ...(await tx.audit.latest({ target: server, since, limit: 200 })),
        ...inFlightRows(await tx.operations.listByState(['executing'], { limit: 100 }), server),
      ]);
      const ctx = { now, flapMs: this.o.flapMs };
      const epoch = cur.changedAt.getTime();
      // The certificates' list is kept as read (no change of it is told; judgeCertificates told what matters).
      let state: PartState = 'certificates' in seen ? seen : before;
      let enqueued = certificates;
      for (const { change: c, outside } of sorted.applied) {
        const key = `hosting:${server}:${part}:${epoch}:${changeId(c)}`;
        state = applyChange(state, c);
        const notice = outside ? noticeOf(server, c, now.getTime()) : undefined;
        if (notice) {
          enqueued += await enqueueNotice(tx, key, notice, `hosting:${server}`, channels, now);
          await tx.audit.append(outsideRow(notice, now));
        }
        enqueued += await this.ssl(tx, server, c, { epoch, outside, nameServers, channels }, ctx);
      }
      const applied = sorted.applied.length;
      const row = await tx.hostingSnapshots.upsert({
        server,
        part,
        state,
        observedAt: now,
        changedAt: applied > 0 ? now : cur.changedAt,
      });
      return { row, enqueued, waiting: sorted.waiting };
    });
    this.snapshots.set(id, row);
    this.own.settle(id, waiting);
    if (enqueued > 0) this.o.log.info({ server, part, enqueued }, 'hosting server changed');
    return enqueued;
  }

  /**
   * The `ssl` alarm a change raises or resolves: `ssl_status` turned
   * `failed_nameserver` (or a domain added outside the bot came with it), or
   * it turned back, or the domain left. A domain the bot added with a failing
   * SSL opens no alarm: the person who added it was shown what to do.
   */
  private async ssl(
    tx: IncidentTx,
    server: string,
    c: HostingChange,
    t: { epoch: number; outside: boolean; nameServers: readonly string[]; channels: readonly string[] },
    ctx: { now: Date; flapMs: number },
  ): Promise<number> {
    if (c.what !== 'ssl' && c.what !== 'domain-added' && c.what !== 'domain-removed') return 0;
    const subject = `ssl:${server}/${c.domain}`;
    // Its own key: the notice of the same change is keyed `hosting:…`.
    const key = `${subject}:${t.epoch}:${changeId(c)}`;
    const at = ctx.now.getTime();
    const failing =
      (c.what === 'ssl' && c.to === SSL_FAILED && c.from !== SSL_FAILED) ||
      (c.what === 'domain-added' && t.outside && c.ssl === SSL_FAILED);
    if (failing) {
      const r = await raiseAlarm(
        tx,
        {
          kind: 'ssl',
          subject,
          name: toUnicodeDomain(c.domain) || c.domain,
          detail: { server, domain: c.domain, status: SSL_FAILED, nameServers: [...t.nameServers] },
          key,
          at,
          channels: t.channels.map((channelId) => ({ channelId })),
        },
        ctx,
      );
      return r.enqueued;
    }
    const over = (c.what === 'ssl' && c.from === SSL_FAILED) || c.what === 'domain-removed';
    if (!over) return 0;
    return (await resolveAlarm(tx, { kind: 'ssl', subject, key, at }, ctx)).enqueued;
  }

  /**
   * The server's `name_servers` when a domain newly fails on them (the alarm
   * says to use them): one more read, only then. An answer that cannot be had
   * leaves the list empty, and the alarm names the control panel instead.
   */
  private async nameServersIfFailing(
    api: HostingClient,
    previous: PartState | undefined,
    seen: PartState,
  ): Promise<string[]> {
    if (!previous || !('domains' in previous) || !('domains' in seen)) return [];
    const newly = Object.entries(seen.domains).some(
      ([d, s]) => s.ssl === SSL_FAILED && previous.domains[d]?.ssl !== SSL_FAILED,
    );
    if (!newly) return [];
    const info = await this.o.another(() => api.serverInfo(BACKGROUND)).catch(() => undefined);
    return info?.name_servers ?? [];
  }
}
