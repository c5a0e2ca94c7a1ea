import { z } from 'zod';
import type { DailyBudgetState } from './daily-budget.ts';
import { HostingClient } from './hosting-client.ts';
import { MalformedReports } from './malformed-reports.ts';
import type { ProviderMetrics } from './metrics.ts';
import type { Caller } from './priorities.ts';
import type { RateLimitSnapshot } from './rate-limit-headers.ts';
import type { CallOptions } from './request-spec.ts';
import {
  isPowerStatus,
  type KeyInfo,
  KeyInfoSchema,
  type LogEntry,
  type LogsPage,
  LogsPageSchema,
  MessageAnswerSchema,
  type OsImage,
  type Plan,
  PlansAnswerSchema,
  type PowerStatus,
  ServerAnswerSchema,
  ServersAnswerSchema,
  SignupDryRunSchema,
  type SignupResult,
  SignupResultSchema,
  type SignupStatus,
  SignupStatusAnswerSchema,
} from './schemas.ts';
import {
  readServerDetail,
  readServerList,
  type ServerListing,
  type VpsDetailRead,
} from './server-answers.ts';
import { ProviderTransport, type TransportOptions } from './transport.ts';
import {
  assertDomain,
  assertHostname,
  assertIdempotencyKey,
  assertLogsQuery,
  assertMemo,
  assertPathId,
  assertServerName,
  assertSignupInput,
  type LogsQuery,
  type SignupInput,
} from './validate.ts';

/** The transport's options: address, key, logger, timeouts, retry policy, clock, pool size (default 10), jitter, daily limit. */
export type ProviderClientOptions = TransportOptions;

export interface PowerState {
  /**
   * The one documented power value (docs/provider-api.md, Power status) the
   * body holds; null when it holds none, or several that disagree.
   */
  status: PowerStatus | null;
  raw: unknown;
}

const enc = encodeURIComponent;

/**
 * The power answer's shape is not published (docs/provider-api.md, Power
 * endpoint), so no field name is assumed: the body is searched for the
 * documented power values (`running`, `stopped`, `processing`, `error`), and
 * one that is there alone is the state. Any other value, or two that disagree,
 * is no answer: null, and the caller reads the documented `power.status` of
 * the server detail instead.
 */
export function extractPowerStatus(raw: unknown): PowerStatus | null {
  const found = new Set<PowerStatus>();
  const walk = (v: unknown, depth: number): void => {
    if (isPowerStatus(v)) found.add(v);
    else if (depth < 4 && typeof v === 'object' && v !== null)
      for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(raw, 0);
  return found.size === 1 ? [...found][0]! : null;
}

export class ProviderClient {
  private readonly transport: ProviderTransport;
  private readonly malformed: MalformedReports;

  constructor(opts: ProviderClientOptions) {
    this.transport = new ProviderTransport(opts);
    this.malformed = new MalformedReports(opts.logger?.child({ component: 'provider-client' }));
  }

  /** GET /v1/me: the key's scope (current and legacy shapes). */
  async me(o?: CallOptions): Promise<KeyInfo> {
    return this.transport.send({
      method: 'GET',
      template: '/v1/me',
      path: '/v1/me',
      schema: KeyInfoSchema,
      options: o,
    });
  }

  /** GET /v1/logs: one page of the key's own logs, newest first. */
  async logs(q: LogsQuery = {}, o?: CallOptions): Promise<LogsPage> {
    assertLogsQuery(q);
    return this.transport.send({
      method: 'GET',
      template: '/v1/logs',
      path: '/v1/logs',
      query: { ...q },
      schema: LogsPageSchema,
      options: o,
    });
  }

  /** Every log entry matching `q`, following `next_cursor` page by page. */
  async *allLogs(q: LogsQuery = {}, o?: CallOptions): AsyncIterable<LogEntry> {
    assertLogsQuery(q);
    let cursor = q.cursor;
    for (;;) {
      const page = await this.logs({ ...q, ...(cursor === undefined ? {} : { cursor }) }, o);
      yield* page.logs;
      if (!page.has_more || !page.next_cursor) return;
      cursor = page.next_cursor;
    }
  }

  /** GET /v1/vps/plans: plans (with today's prices) and OS images. */
  async plans(o?: CallOptions): Promise<{ plans: Plan[]; os_images: OsImage[] }> {
    return this.transport.send({
      method: 'GET',
      template: '/v1/vps/plans',
      path: '/v1/vps/plans',
      schema: PlansAnswerSchema,
      options: o,
    });
  }

  /** POST /v1/vps/servers with dry_run: nothing is charged; safe to retry. */
  async signupDryRun(input: SignupInput, o?: CallOptions): Promise<{ dry_run: true; total_price: number }> {
    assertSignupInput(input);
    return this.transport.send({
      method: 'POST',
      template: '/v1/vps/servers',
      path: '/v1/vps/servers',
      body: { ...input, dry_run: true },
      dryRun: true,
      schema: SignupDryRunSchema,
      options: o,
      secrets: [input.root_password],
    });
  }

  /**
   * POST /v1/vps/servers, real and paid. Retried only with the same
   * Idempotency-Key, so the provider charges once whatever happens on the wire.
   */
  async signup(input: SignupInput, idempotencyKey: string, o?: CallOptions): Promise<SignupResult> {
    assertSignupInput(input);
    assertIdempotencyKey(idempotencyKey);
    return this.transport.send({
      method: 'POST',
      template: '/v1/vps/servers',
      path: '/v1/vps/servers',
      body: { ...input },
      idempotencyKey,
      schema: SignupResultSchema,
      options: o,
      secrets: [input.root_password],
    });
  }

  /** GET /v1/vps/signup-status/{id}. */
  async signupStatus(id: string | number, o?: CallOptions): Promise<SignupStatus> {
    assertPathId(id, 'id');
    const a = await this.transport.send({
      method: 'GET',
      template: '/v1/vps/signup-status/{id}',
      path: `/v1/vps/signup-status/${enc(String(id))}`,
      schema: SignupStatusAnswerSchema,
      options: o,
    });
    return a.server;
  }

  /**
   * GET /v1/vps/servers, read entry by entry: the entries of the documented
   * shape, and the others as far as they can be read (each logged once).
   */
  async listServers(o?: CallOptions): Promise<ServerListing> {
    const a = await this.transport.send({
      method: 'GET',
      template: '/v1/vps/servers',
      path: '/v1/vps/servers',
      schema: ServersAnswerSchema,
      options: o,
    });
    const listing = readServerList(a.servers);
    for (const m of listing.malformed)
      this.malformed.report('GET /v1/vps/servers', m.uuid ?? `#${m.index}`, m.broken);
    return listing;
  }

  /**
   * GET /v1/vps/servers/{uuid}; power state in it is real-time. Read field by
   * field: a field that breaks the spec is left out and named in `broken` (logged once).
   */
  async getServer(uuid: string, o?: CallOptions): Promise<VpsDetailRead> {
    assertPathId(uuid, 'uuid');
    const a = await this.transport.send({
      method: 'GET',
      template: '/v1/vps/servers/{uuid}',
      path: `/v1/vps/servers/${enc(uuid)}`,
      schema: ServerAnswerSchema,
      options: o,
    });
    const detail = readServerDetail(uuid, a.server);
    if (detail.broken.length > 0) this.malformed.report('GET /v1/vps/servers/{uuid}', uuid, detail.broken);
    return detail;
  }

  /** PUT .../memo; the empty string deletes the memo. */
  async setMemo(uuid: string, memo: string, o?: CallOptions): Promise<{ message: string }> {
    assertPathId(uuid, 'uuid');
    assertMemo(memo);
    return this.put('memo', uuid, { memo }, o);
  }

  /** PUT .../name. */
  async setName(uuid: string, name: string, o?: CallOptions): Promise<{ message: string }> {
    assertPathId(uuid, 'uuid');
    assertServerName(name);
    return this.put('name', uuid, { name }, o);
  }

  /** PUT .../reverse-dns; the standard hostname restores the default. */
  async setReverseDns(uuid: string, hostname: string, o?: CallOptions): Promise<{ message: string }> {
    assertPathId(uuid, 'uuid');
    assertHostname(hostname);
    return this.put('reverse-dns', uuid, { hostname }, o);
  }

  /** GET .../power. The body is unpublished: the status is what extractPowerStatus finds, and the body is kept raw. */
  async getPower(uuid: string, o?: CallOptions): Promise<PowerState> {
    assertPathId(uuid, 'uuid');
    const raw = await this.transport.send({
      method: 'GET',
      template: '/v1/vps/servers/{uuid}/power',
      path: `/v1/vps/servers/${enc(uuid)}/power`,
      schema: z.unknown(),
      options: o,
    });
    return { status: extractPowerStatus(raw), raw };
  }

  /**
   * The web hosting API of one server (`servername` is its initial domain),
   * its calls made for `caller` when given (`asPerson`).
   */
  hosting(servername: string, caller?: Caller): HostingClient {
    assertDomain(servername, 'servername');
    return new HostingClient(this.transport, servername, caller, this.malformed);
  }

  /** The day's request budget: configured limit, requests sent today (every replica's, as last read), whether it runs low. */
  get daily(): DailyBudgetState {
    return this.transport.daily;
  }

  /** The day's request budget with every replica's requests read from the shared count now. */
  syncDaily(): Promise<DailyBudgetState> {
    return this.transport.syncDaily();
  }

  /** The last five X-RateLimit-* values and when they were seen. */
  get rateLimit(): RateLimitSnapshot {
    return this.transport.rateLimit;
  }

  metrics(): ProviderMetrics {
    return this.transport.metrics();
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  /** Writes the journal of sent requests now (sent-requests.ts); `close()` does it too. */
  flushSent(): Promise<void> {
    return this.transport.flushSent();
  }

  private put(
    what: 'memo' | 'name' | 'reverse-dns',
    uuid: string,
    body: Record<string, string>,
    o: CallOptions | undefined,
  ): Promise<{ message: string }> {
    return this.transport.send({
      method: 'PUT',
      template: `/v1/vps/servers/{uuid}/${what}`,
      path: `/v1/vps/servers/${enc(uuid)}/${what}`,
      body,
      schema: MessageAnswerSchema,
      options: o,
    });
  }
}
