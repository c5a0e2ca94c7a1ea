/**
 * The on-call side of incidents a person reaches: "I'm on it" (a claim,
 * decided by the one decision machine over the incident book) and
 * `/vps incidents`, the open alarms with who is on each and what is muted.
 * Knows nothing of Slack.
 */
import type { Clock } from '../../clock.ts';
import type { IncidentRow, MuteRow, ReadIncident, Store } from '../../store/index.ts';
import { WATCH_ALL } from '../../store/index.ts';
import type { AccessService, Action, Actor } from '../access/index.ts';
import type { Decision, DecisionMachine, RequestBook } from '../decisions/index.ts';
import type { HomeChanges } from '../home-changes.ts';
import { alarmShown } from './alarm-place.ts';

// An alarm's claim ("I'm on it") is a request on the decision machine: the request is the alarm
// itself, opened by the watcher and waiting while it is open. `approve` is the claim, one
// compare-and-set on the owner as read, so two clicks at once give one owner and the other learns
// who took it; a later click takes it over only if its message showed that owner. The requester is
// always the watcher (`WATCHER`, which no Slack user id equals), so no self-approval rule applies;
// nothing expires (a resolved alarm reads as decided). Where a claim may be made is the access
// policy's question, asked with the kind's read action (`claimAction`) and its channel list.

/** The requester of every claim: the watcher that opened the alarm. */
export const WATCHER = 'watcher';

/** An alarm waits for its claim until it is resolved, never until a time. */
const NEVER = new Date(8_640_000_000_000_000);

/**
 * What a claim writes in its own transaction besides the claimant: the
 * edits of the alarm's messages and the line in their threads (the watcher's
 * `announceClaim`, handed over by the composition root). Returns the rows queued.
 */
export type ClaimAnnouncer = (tx: Store, claimed: IncidentRow, previous: string | null) => Promise<number>;

/**
 * Who may take an alarm: anyone who may read what it is about, with the read
 * action of its kind (a policy may require a higher role for it, as for any action).
 */
export function claimAction(kind: string): Action {
  switch (kind) {
    case 'power':
    case 'contract':
      return 'show';
    case 'signup-stuck':
      return 'signups';
    case 'ssl':
      return 'hosting.domain';
    case 'ssl-expired':
      return 'hosting.ssl';
    case 'key-use':
    case 'key-auth':
      return 'logs';
    case 'key-expired':
      return 'me';
    default:
      return 'incidents';
  }
}

/** One click: where it was made, the claims its button showed, and who hears who had it before when it wins. */
export interface ClaimClick {
  channelId: string;
  /** How many claims the clicked message showed; undefined: whatever it is now. */
  shownClaims?: number | undefined;
  onClaimed?: (previous: string | null) => void;
}

/**
 * The book of alarms' claims, for one click. A click decides on what the
 * clicker saw: when somebody claimed it since their message was drawn, the
 * click takes nothing (they see who, and may take it over knowingly).
 */
function incidentBook(deps: IncidentServiceDeps, click: ClaimClick): RequestBook<IncidentRow> {
  const { channelId } = click;
  return {
    get: (id) => deps.store.incidents.get(id),
    request: (row) => ({
      id: row.id,
      requesterId: WATCHER,
      channelId,
      decider: 'second_person',
      expiresAt: NEVER,
      status: row.raisedAt !== null && row.resolvedAt === null ? 'waiting' : 'decided',
    }),
    roles: (row) => ({ decider: claimAction(row.kind) }),
    audit: (row) => ({
      action: 'incident.claim',
      target: row.subject,
      params: { incident: row.id, kind: row.kind, name: row.name, claims: row.claims },
    }),
    async approve(row, by) {
      // Already theirs, or taken since the clicker's message was drawn: nothing is set, and they see who has it.
      if (row.claimedBy === by) return { won: false, row };
      if (click.shownClaims !== undefined && click.shownClaims !== row.claims) return { won: false, row };
      return deps.store.transaction(async (tx) => {
        const r = await tx.incidents.claim(row.id, row.claimedBy, by, deps.clock.now());
        if (r.won) {
          await deps.announce(tx, r.row, row.claimedBy);
          click.onClaimed?.(row.claimedBy);
        }
        return r;
      });
    },
    // Nobody rejects an alarm; it is resolved by its condition ending.
    reject: async (row) => ({ won: false, row }),
    expire: async () => null,
  };
}

export interface IncidentServiceDeps {
  store: Store;
  access: Pick<AccessService, 'authorize' | 'decide' | 'readerOf'>;
  clock: Clock;
  announce: ClaimAnnouncer;
  /** Rows were queued: the notifier may post them now. */
  onOutbox?: (() => void) | undefined;
  /** Who is on an alarm is on everyone's App Home: refreshed after a claim. */
  homes?: Pick<HomeChanges, 'refresh'> | undefined;
  /** The watch's reading of an incident (whether it wakes on-call, its facts), which the list shows. */
  read: (row: IncidentRow) => ReadIncident;
}

/** An open alarm as `/vps incidents` lists it. */
export interface OpenIncident {
  incident: ReadIncident;
  /** The latest end of a mute covering it in a channel where it is posted; null when none. */
  mutedUntil: Date | null;
}

/** A claim's outcome: the machine's decision, and who had the alarm before when the click won. */
export interface ClaimResult {
  decision: Decision<IncidentRow>;
  previous: string | null;
}

export class IncidentService {
  constructor(
    private readonly deps: IncidentServiceDeps,
    private readonly machine: DecisionMachine,
  ) {}

  /**
   * "I'm on it": takes the alarm (or takes it over), one owner whatever the
   * race. `shownClaims`: how many claims the clicked message showed.
   */
  async claim(actor: Actor, incidentId: string, shownClaims?: number): Promise<ClaimResult> {
    let previous: string | null = null;
    const book = incidentBook(this.deps, {
      channelId: actor.channelId,
      shownClaims,
      onClaimed: (p) => {
        previous = p;
      },
    });
    const decision = await this.machine.decide(book, actor, { id: incidentId, step: 'approve' });
    if (decision.kind === 'approved') {
      this.deps.onOutbox?.();
      this.deps.homes?.refresh('everyone', 'claim');
    }
    return { decision, previous };
  }

  /**
   * The open alarms this person may read (each kind's read action, and the
   * channel of one that belongs to a channel: alarm-place.ts), nobody's
   * first, then the oldest, with the mutes of channels they may read that
   * hold them back. `preview`: for drawing their App Home (what Slack said
   * of a channel is kept a minute).
   */
  async open(actor: Actor, opts: { preview?: boolean } = {}): Promise<OpenIncident[]> {
    await this.deps.access.authorize(actor, 'incidents');
    const rows = await this.deps.store.incidents.openAlarms();
    const shown = this.deps.access.readerOf(actor, opts);
    const may = new Map<Action, boolean>();
    const visible: IncidentRow[] = [];
    for (const r of rows) {
      const action = claimAction(r.kind);
      if (!may.has(action)) may.set(action, (await this.deps.access.decide(actor, action)).refusal === null);
      if (may.get(action) && (await alarmShown(r, this.deps.store.signups, shown))) visible.push(r);
    }
    const now = this.deps.clock.now();
    const posts = await this.deps.store.incidents.postsOf(visible.map((r) => r.id));
    const mutes: MuteRow[] = [];
    for (const m of await this.deps.store.mutes.active(now)) if (await shown(m.channelId)) mutes.push(m);
    const out = visible.map((incident) => {
      const channels = new Set(posts.filter((p) => p.incidentId === incident.id).map((p) => p.channelId));
      const ends = mutes
        .filter((m) => channels.has(m.channelId) && (m.target === incident.subject || m.target === WATCH_ALL))
        .map((m) => m.until.getTime());
      return {
        incident: this.deps.read(incident),
        mutedUntil: ends.length > 0 ? new Date(Math.max(...ends)) : null,
      };
    });
    return out.sort(
      (a, b) =>
        Number(a.incident.claimedBy !== null) - Number(b.incident.claimedBy !== null) ||
        (a.incident.raisedAt?.getTime() ?? 0) - (b.incident.raisedAt?.getTime() ?? 0),
    );
  }
}
