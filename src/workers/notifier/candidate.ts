/** The rows a pass works on: a due row read, and what it is after looking at its incident's post. */
import type { Message } from '../../slack/views/format.ts';
import type { IncidentPost, OutboxItem } from '../../store/index.ts';
import type { Notice } from '../../watch/notices.ts';

/** A due row with its notice read. */
export interface Parsed {
  row: OutboxItem;
  notice: Notice;
  ready: boolean;
}

/** A row the notifier can act on now, and what it is after looking at its incident's post. */
export interface Candidate extends Parsed {
  /** `open` rows whose message was posted meanwhile act as `update`s. */
  act: 'notice' | 'thread-notice' | 'open' | 'update' | 'reply' | 'held';
  post: IncidentPost | undefined;
  /** A daily digest's page, drawn from the stored digest (its thread's ts on the row for a reply). */
  drawn?: { message: Message; day: string; page: number };
}
