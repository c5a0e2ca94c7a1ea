/** What the /vps use cases answer: plain data, for the views to render. */
import type { MalformedServer, VpsDetailRead, VpsSummary } from '../../provider/index.ts';
import type { ChangeField } from './vocabulary.ts';

/** The power state the watcher last read, as the provider said it, and when. */
export interface PowerSeen {
  power?: string | undefined;
  /** A state the spec does not list (docs/provider-api.md, Power status): shown as given, labelled so. */
  powerUnlisted?: boolean | undefined;
  powerSeenAt?: Date | undefined;
  /** How long ago the watcher read the power state. */
  powerAgeMs?: number | undefined;
  /** Not read for several of the watcher's rounds: it may have changed since. */
  powerStale?: boolean | undefined;
}

export interface ListedServer extends VpsSummary, PowerSeen {}

/** A list entry that breaks the spec, as far as it could be read. */
export interface ListedMalformed extends MalformedServer, PowerSeen {}

/** The servers, and when the provider was asked for them. */
export interface ServerList {
  servers: ListedServer[];
  /** Entries of the provider's answer that break the spec, in its order. */
  malformed: ListedMalformed[];
  readAt: Date;
}

export interface ServerCard {
  detail: VpsDetailRead;
  /** May this person edit it (any of the three changes)? */
  canEdit: boolean;
  /** When the provider was asked for this detail. */
  readAt: Date;
}

export interface ChangeResult {
  server: VpsSummary;
  field: ChangeField;
  before: string | null;
  after: string;
}

/** The servers a text names (a message's), as the list shows them, and when the list was read. */
export interface MentionedServers {
  /** In the order the text first names them; an entry that breaks the spec is named by what of it reads. */
  servers: (ListedServer | ListedMalformed)[];
  /** The text was too long to be read whole: names past the bound were not looked for. */
  truncated: boolean;
  readAt: Date;
}
