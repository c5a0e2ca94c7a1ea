/**
 * An alarm's claim ("I'm on it") as a request of the decision machine. The
 * request is the alarm itself, raised by the watcher and waiting for a
 * second person while it is open: `approve` is the claim, one compare-and-set
 * on the claimant as it was read, so two clicks at once give one owner and
 * the other is told who took it. It stays claimable while the alarm is open:
 * a later click takes it over (a compare-and-set from the owner it read), if
 * the clicker saw that owner (the button carries the claims its message
 * showed): nobody takes an alarm over without having seen who had it.
 *
 * Why no self-approval refusal can apply: the requester is always the
 * watcher (`WATCHER`), which no Slack user id equals (they start with U or
 * W), so the machine never sees a person decide their own request. Nothing
 * expires: the alarm ends by being resolved, which the machine reads as
 * decided. The click's channel is the request's channel (the alarm is posted
 * in several channels and listed by `/vps incidents` anywhere): where a claim
 * may be made is the access policy's question, asked with the kind's read
 * action (`claimAction`) and the policy's channel list.
 */
import type { Clock } from '../../clock.ts';
import type { IncidentRow, Store } from '../../store/index.ts';
import type { Action } from '../access/index.ts';
import type { RequestBook } from '../decisions/index.ts';

/** The requester of every claim: the watcher that raised the alarm. */
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
 * action of its kind (a policy may raise it like any action).
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
    case 'key-use':
    case 'key-auth':
      return 'logs';
    case 'key-expired':
      return 'me';
    default:
      return 'incidents';
  }
}

export interface IncidentBookDeps {
  store: { incidents: Pick<Store['incidents'], 'get'> } & Pick<Store, 'transaction'>;
  clock: Clock;
  announce: ClaimAnnouncer;
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
 * click takes nothing (they are told who, and may take it over knowingly).
 */
export function incidentBook(deps: IncidentBookDeps, click: ClaimClick): RequestBook<IncidentRow> {
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
      // Already theirs, or taken since the clicker's message was drawn: nothing is set, and they are told.
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
