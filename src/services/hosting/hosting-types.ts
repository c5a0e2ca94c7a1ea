/**
 * The shapes /hosting's use cases answer with: a value read on a named
 * server, a change made, a destructive operation asked for and what it will
 * take away, and what a decision on it came to.
 */
import type { HostingDomain } from '../../provider/index.ts';
import type { OperationRow } from '../../store/index.ts';
import type { HostingAction } from '../access/index.ts';
import type { Decision } from '../decisions/index.ts';
import type { RecordLoss, RecordRequest } from './record-operations.ts';

export interface OnServer<T> {
  server: string;
  value: T;
}

export type ServersAnswer = { servers: readonly string[] } | { all: true };

export interface DomainDetail {
  domain: HostingDomain;
  /** When SSL failed because the domain is not on the service's name servers: the ones to set. */
  nameServers: string[] | undefined;
}

export interface ErrorLogPage {
  domain: string;
  lines: string[];
  /** The text every line was asked to contain; undefined when every line was read. */
  keyword?: string | undefined;
}

export interface WriteResult {
  server: string;
  action: HostingAction;
  /** What was done, for the announcement (never a secret). */
  subject: string;
  /** A name the provider gave what it made (a database, a key id), when it said. */
  created?: string | undefined;
  /**
   * SSL was asked for but the provider answered `failed_nameserver`: the
   * domain whose name servers must change, and the server's own to set.
   */
  sslAdvice?: { domain: string; nameServers: string[] } | undefined;
}

export type DestructiveRequest =
  | { kind: 'hosting.domain_reset'; domain: string }
  | { kind: 'hosting.wp_delete'; id: string; deleteDb: boolean; deleteDbUser: boolean; deleteCron: boolean }
  | { kind: 'hosting.ssh_key_delete'; id: string }
  | { kind: 'hosting.ssh_off' }
  | RecordRequest;

/** What a destructive operation will take away, read before it is asked for. */
export type Loss =
  | { kind: 'hosting.domain_reset'; domain: string; url?: string; documentRoot?: string; sites: string[] }
  | {
      kind: 'hosting.wp_delete';
      id: string;
      /**
       * false when the site list shows no site of this id (its id field is not published: no refusal);
       * absent in requests stored before it was recorded.
       */
      listed?: boolean;
      url?: string;
      title?: string;
      deleteDb: boolean;
      deleteDbUser: boolean;
      deleteCron: boolean;
    }
  | { kind: 'hosting.ssh_key_delete'; id: string; label?: string; publicKey?: string }
  | { kind: 'hosting.ssh_off'; keys: number }
  | RecordLoss;

/**
 * What a click on a destructive operation's confirmation or approval came to:
 * the decision machine's answer, and when it was approved, what running it did.
 */
export type OperationOutcome =
  | Exclude<Decision<OperationRow>, { kind: 'approved' }>
  | { kind: 'done'; row: OperationRow; result: WriteResult }
  /** `error` is what the provider (or the client) threw: the Slack side words it. */
  | { kind: 'failed'; row: OperationRow; code: string; error: unknown }
  /** The request may have reached the provider; `check` is the read that shows whether it happened. */
  | { kind: 'unknown'; row: OperationRow; check: string };
