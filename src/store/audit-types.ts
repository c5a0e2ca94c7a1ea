/** The audit trail (`audit`) in and out of the store: camelCase fields, `Date` values, `null` for absent. */

export type AuditOutcome = 'ok' | 'refused' | 'failed';

export interface AuditEntry {
  actor: string;
  channelId?: string | null;
  action: string;
  target?: string | null;
  /** Secret-looking keys (password, token, private key, api key, secret …) are removed, at any depth. */
  params?: Record<string, unknown>;
  outcome: AuditOutcome;
  errorCode?: string | null;
  /** Default: now. */
  at?: Date;
}

export interface AuditRow {
  id: number;
  actor: string;
  channelId: string | null;
  action: string;
  target: string | null;
  params: Record<string, unknown>;
  outcome: AuditOutcome;
  errorCode: string | null;
  at: Date;
}

/**
 * The row the hosting watch writes for a change it saw that the bot did not
 * make (the control panel, another API client): the audit trail records
 * changes made outside the bot beside those made through it, and the daily
 * digest reads both from here. Its actor is `OUTSIDE_ACTOR` (nobody the bot
 * knows), its target the hosting server, its params what changed.
 */
export const OUTSIDE_CHANGE_ACTION = 'hosting.outside_change';
export const OUTSIDE_ACTOR = 'outside';
/**
 * The same for a server (its name, memo, reverse hostname, IP address or
 * plan, src/watch/server-changes.ts): target the server's uuid, params its
 * name now and the fields that changed.
 */
export const SERVER_OUTSIDE_CHANGE_ACTION = 'outside_change';
