/**
 * A signup world for tests: the simulator over real HTTP on a manual clock,
 * the real store (SQLite or PostgreSQL) on the same clock, the real provider
 * client (its back-off sleeps resolve at once: no wall time), a logger writing
 * to memory with the SecretRegistry scrubber, and the real AccessService with
 * roles from a plain map (one user group per role, read live: no group cache).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createLogger, MemoryLogSink, SecretRegistry } from '../../../src/log.ts';
import { ProviderClient } from '../../../src/provider/index.ts';
import { AccessService, type Policy, type Role } from '../../../src/services/access/index.ts';
import { Audit } from '../../../src/services/audit.ts';
import {
  type Decision,
  DecisionMachine,
  type DecisionRefusal,
} from '../../../src/services/decisions/index.ts';
import {
  type ApproveInput,
  type QuoteInput,
  type SignupDeps,
  type SignupPolicy,
  SignupService,
} from '../../../src/services/signup/index.ts';
import { startSimulator } from '../../../src/simulator/index.ts';
import type { Simulator } from '../../../src/simulator/types.ts';
import { openStore, type Store } from '../../../src/store/index.ts';
import { createTestDatabase, type TestDatabase } from '../../support/postgres.ts';

export type Kind = 'sqlite' | 'postgres';

export const TEST_SEALING_KEY = 'a'.repeat(64);
/** 10 March 2026, 12:00 JST. */
export const NOON_JST = new Date('2026-03-10T03:00:00.000Z');

export interface SignupWorld {
  kind: Kind;
  sim: Simulator;
  store: Store;
  deps: SignupDeps;
  sink: MemoryLogSink;
  registry: SecretRegistry;
  roles: Map<string, Role>;
  /** Access with these policy settings (channels, say), roles still from `roles`. */
  access(policy?: Partial<Policy>): SignupDeps['access'];
  /** A second store (and deps) on the same data: another replica. */
  replica(): Promise<SignupDeps>;
  advance(ms: number): void;
  /** Every byte the database holds, as text (SQLite files, or every PostgreSQL row). */
  databaseText(): Promise<string>;
  close(): Promise<void>;
}

export interface WorldOptions {
  now?: Date;
  policy?: SignupPolicy;
  apiKey?: 'full' | 'noSignup';
  /** Provider client attempts per request (default 2: one retry with the same key). */
  attempts?: number;
}

export async function signupWorld(kind: Kind, opts: WorldOptions = {}): Promise<SignupWorld> {
  const sim = await startSimulator({ clock: 'manual', now: opts.now ?? NOON_JST, seed: 'empty' });
  const clock = { now: () => sim.control.clock.now() };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'signup-test-'));
  let db: TestDatabase | null = null;
  if (kind === 'postgres') db = await createTestDatabase('signup');
  const sink = new MemoryLogSink();
  const registry = new SecretRegistry();
  const logger = createLogger({ level: 'debug', stream: sink, secrets: registry });
  const stores: Store[] = [];
  const open = async () => {
    const s = await openStore({
      dataDir,
      databaseUrl: db?.url,
      encryptionKey: TEST_SEALING_KEY,
      logger,
      clock,
    });
    stores.push(s);
    return s;
  };
  const roles = new Map<string, Role>([
    ['UREQ', 'operator'],
    ['UAPP', 'approver'],
    ['UADMIN', 'admin'],
    ['UVIEW', 'viewer'],
  ]);
  const newClient = () =>
    new ProviderClient({
      baseUrl: sim.url,
      apiKey: opts.apiKey === 'noSignup' ? sim.keys.noSignup : sim.keys.full,
      logger: logger.child({ component: 'provider' }),
      clock: { now: () => sim.control.clock.now().getTime(), sleep: async () => undefined },
      retry: { maxAttempts: opts.attempts ?? 2 },
    });
  const groupOf: Record<Exclude<Role, 'none'>, string> = {
    viewer: 'S0VIEWERS',
    operator: 'S0OPERATORS',
    approver: 'S0APPROVERS',
    admin: 'S0ADMINS',
  };
  const access = (policy: Partial<Policy> = {}) =>
    new AccessService({
      operators: [],
      approvers: [],
      policy: {
        roles: {
          viewer: [groupOf.viewer],
          operator: [groupOf.operator],
          approver: [groupOf.approver],
          admin: [groupOf.admin],
        },
        default_role: 'viewer',
        actions: {},
        approvals: { allow_self: false, second_person: [] },
        ...policy,
      },
      groups: {
        membersOf: async (group) =>
          [...roles].filter(([, role]) => role !== 'none' && groupOf[role] === group).map(([user]) => user),
      },
      provider: newClient(),
      clock,
      groupCacheMs: 0,
    });
  const makeDeps = (store: Store): SignupDeps => ({
    provider: newClient(),
    store,
    access: access(),
    audit: new Audit(store, logger.child({ component: 'audit' })),
    clock,
    logger: logger.child({ component: 'signup' }),
    secrets: registry,
    ...(opts.policy ? { policy: opts.policy } : {}),
  });
  const store = await open();
  return {
    kind,
    sim,
    store,
    deps: makeDeps(store),
    sink,
    registry,
    roles,
    access,
    replica: async () => makeDeps(await open()),
    advance: (ms) => sim.control.clock.advance(ms),
    async databaseText() {
      if (!db) {
        return readdirSync(dataDir)
          .map((f) => readFileSync(path.join(dataDir, f)).toString('latin1'))
          .join('\n');
      }
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        const tables = await c.query<{ tablename: string }>(
          "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
        );
        const parts: string[] = [];
        for (const t of tables.rows) {
          const r = await c.query(`SELECT * FROM ${c.escapeIdentifier(t.tablename)}`);
          parts.push(JSON.stringify(r.rows));
        }
        return parts.join('\n');
      } finally {
        await c.end();
      }
    },
    async close() {
      for (const s of stores) await s.close().catch(() => undefined);
      await sim.close();
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real (not dry-run) signup POSTs the simulator received. */
export function realPosts(sim: Simulator) {
  return sim.control
    .requests({ method: 'POST', path: '/v1/vps/servers' })
    .filter((r) => (r.body as { dry_run?: unknown } | null)?.dry_run !== true);
}

/** The signup service over these deps, its approvals on a decision machine of the same deps. */
export function signupOf(deps: SignupDeps, opts: { allowSelfApproval?: boolean } = {}): SignupService {
  const machine = new DecisionMachine({
    // These tests click in channels; a click from an App Home is tested through the app.
    access: { decide: (...a) => deps.access.decide(...a), maySeeChannel: async () => false },
    audit: deps.audit,
    clock: deps.clock,
    logger: deps.logger,
    allowSelfApproval: opts.allowSelfApproval ?? false,
  });
  return new SignupService(deps, machine);
}

/**
 * A decision with its refusal named by its reason (`self_approval`,
 * `forbidden`, …) in place of the machine's `refused`, as these tests read it.
 */
export function named<Row>(
  d: Decision<Row>,
): Exclude<Decision<Row>, { kind: 'refused' }> | { kind: DecisionRefusal; row: Row | null } {
  return d.kind === 'refused' ? { ...d, kind: d.reason } : d;
}

// The use cases as these tests call them: over one deps object, a decision named by its refusal's reason.
export const approveSignup = async (deps: SignupDeps, input: ApproveInput) =>
  named(await signupOf(deps).approvals.approve(input));
export const rejectSignup = async (
  deps: SignupDeps,
  input: { id: string; userId: string; channelId: string },
) => named(await signupOf(deps).approvals.reject(input));
export const executeSignup = (deps: SignupDeps, id: string) => signupOf(deps).orders.execute(id);
export const expireDue = (deps: SignupDeps) => signupOf(deps).orders.expireDue();
export const recoverUnknown = (deps: SignupDeps) => signupOf(deps).orders.recoverUnknown();
export const listSignups = (deps: SignupDeps, opts?: { channelId?: string }) =>
  signupOf(deps).orders.list(opts);
export const quoteSignup = (deps: SignupDeps, input: QuoteInput) => signupOf(deps).quotes.quote(input);
