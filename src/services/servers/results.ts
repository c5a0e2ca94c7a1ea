/** What the /vps use cases answer: plain data, for the views to render. */
import type { VpsDetail, VpsSummary } from '../../provider/index.ts';
import type { ChangeField } from './vocabulary.ts';

export interface ListedServer extends VpsSummary {
  power?: string | undefined;
  powerSeenAt?: Date | undefined;
  /** How long ago the watcher read the power state. */
  powerAgeMs?: number | undefined;
  /** Not read for several of the watcher's rounds: it may have changed since. */
  powerStale?: boolean | undefined;
}

/** The servers, and when the provider was asked for them. */
export interface ServerList {
  servers: ListedServer[];
  readAt: Date;
}

export interface ServerCard {
  detail: VpsDetail;
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
