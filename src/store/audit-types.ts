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
