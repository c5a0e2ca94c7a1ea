/**
 * The on-call side of incidents a person reaches: "I'm on it" (a claim,
 * decided by the one decision machine over the incident book) and
 * `/vps incidents`, the open alarms with who is on each and what is muted.
 * Knows nothing of Slack.
 */
import type { Clock } from '../../clock.ts';
import type { IncidentRow, MuteRow, Store } from '../../store/index.ts';
import { WATCH_ALL } from '../../store/index.ts';
import type { AccessService, Action, Actor } from '../access/index.ts';
import type { Decision, DecisionMachine } from '../decisions/index.ts';
import type { HomeChanges } from '../home-changes.ts';
import { alarmShown } from './alarm-place.ts';
import { type ClaimAnnouncer, claimAction, incidentBook } from './incident-book.ts';

export interface IncidentServiceDeps {
  store: {
    incidents: Pick<Store['incidents'], 'get' | 'openAlarms' | 'postsOf'>;
    mutes: Pick<Store['mutes'], 'active'>;
    signups: Pick<Store['signups'], 'get'>;
  } & Pick<Store, 'transaction'>;
  access: Pick<AccessService, 'authorize' | 'decide' | 'readerOf'>;
  clock: Clock;
  announce: ClaimAnnouncer;
  /** Rows were queued: the notifier may post them now. */
  onOutbox?: (() => void) | undefined;
  /** Who is on an alarm is on everyone's App Home: refreshed after a claim. */
  homes?: Pick<HomeChanges, 'refresh'> | undefined;
}

/** An open alarm as `/vps incidents` lists it. */
export interface OpenIncident {
  incident: IncidentRow;
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
    private readonly machine: Pick<DecisionMachine, 'decide'>,
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
      return { incident, mutedUntil: ends.length > 0 ? new Date(Math.max(...ends)) : null };
    });
    return out.sort(
      (a, b) =>
        Number(a.incident.claimedBy !== null) - Number(b.incident.claimedBy !== null) ||
        (a.incident.raisedAt?.getTime() ?? 0) - (b.incident.raisedAt?.getTime() ?? 0),
    );
  }
}
