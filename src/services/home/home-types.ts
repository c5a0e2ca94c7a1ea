/** What a person's App Home shows, as plain data for its view: read from the store and what the watcher holds. */
import type { IncidentRow, MuteRow, OperationRow, SignupRow } from '../../store/index.ts';
import type { Role } from '../access/index.ts';
import type { OpenIncident } from '../watch/index.ts';

/** What waits on a decision and concerns this person. */
export interface HomeWaiting {
  /** Quotes they may approve or reject. */
  approvals: SignupRow[];
  /** Destructive operations they may approve or reject. */
  operationApprovals: OperationRow[];
  /** Their own destructive operations waiting for their confirmation. */
  confirmations: OperationRow[];
  /** Their own requests waiting for someone else. */
  ownSignups: SignupRow[];
  ownOperations: OperationRow[];
  /** Their orders decided in the last day (being placed, placed, or not), newest first. */
  recentOrders: SignupRow[];
  /** Plan names by id, as the price list last read names them (an order is shown by its plan's name). */
  planNames?: ReadonlyMap<string, string>;
}

/** One server as the fleet's glance shows it. */
export interface FleetServer {
  uuid: string;
  name: string;
  /** The power state the watcher last read; null when it has not read one. */
  power: string | null;
}

/** The servers at a glance: how many in each power state, and those not running by name. */
export interface FleetGlance {
  total: number;
  /** Power state -> how many; servers whose state is not known are counted under `unknown`. */
  byPower: Record<string, number>;
  unknown: number;
  /** Every server whose known power state is not `running`, by name. */
  notRunning: FleetServer[];
  /** When what is shown was read (the oldest power state shown, or the list); null when nothing was. */
  asOf: Date | null;
}

/** A domain whose SSL the watcher last read as failed. */
export interface SslProblem {
  server: string;
  domain: string;
  status: string;
  observedAt: Date;
}

/** The hosting servers the watcher reads, and their domains with SSL problems. */
export interface HostingGlance {
  servers: string[];
  sslProblems: SslProblem[];
}

/** The provider key as last checked (no request), and the day's budget as counted. */
export interface KeyGlance {
  state: string;
  /** Null: the key never expires; undefined: not known yet. */
  expiresAt: Date | null | undefined;
  /** When the provider said so (the key's one reading, shared with /vps me); null before any answer. */
  readAt: Date | null;
  /** The configured daily limit; null when none is configured. */
  limit: number | null;
  used: number;
  remaining: number | null;
  /** When the day's count starts again (epoch ms). */
  resetsAt: number;
}

/** What this person may start from their Home. */
export interface HomeMay {
  order: boolean;
  plans: boolean;
  approve: boolean;
}

export interface HomeNow {
  /** Open alarms this person may read; null when they may read none. */
  incidents: OpenIncident[] | null;
  /** Servers muted in some channel now, with the server's name when known (`all`: every server there). */
  mutes: (MuteRow & { name: string | null; all: boolean })[];
  /** Null when they may not list servers. */
  fleet: FleetGlance | null;
  /** Null when they may not read hosting servers. */
  hosting: HostingGlance | null;
}

export interface HomeKey {
  key: KeyGlance;
  /** The latest alarm of a key used by another client; null when there has been none. */
  lastKeyUse: IncidentRow | null;
  /** May they read the key (its expiry and budget)? */
  visible: boolean;
}

/** One provider account's part of a person's Home: every section, as their role on that account lets them read. */
export interface AccountHomeData {
  kind: 'home';
  userId: string;
  role: Role;
  waiting: HomeWaiting;
  now: HomeNow;
  key: HomeKey;
  may: HomeMay;
}

/** An account as its section of the Home is headed: its label, and the name its buttons carry. */
export interface HomeAccount {
  name: string;
  label: string;
}

/**
 * A person's Home: a short explanation for someone without a role, else
 * every section; with several provider accounts, one part per account they
 * have a role in (`accounts`), in the policy's order.
 */
export type HomeData =
  | { kind: 'no_role'; userId: string }
  | AccountHomeData
  | { kind: 'accounts'; userId: string; sections: { account: HomeAccount; home: AccountHomeData }[] };
