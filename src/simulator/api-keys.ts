/**
 * API keys: the preset keys, custom key shapes, GET /v1/me rendering and the
 * permission rules.
 *
 * Simulator assumption: the category names inside `permissions` of a custom
 * key are not published (docs/provider-api.md, Not published: the bot must not invent). The simulator
 * gates its endpoints by its own categories (SimulatorCategories), and calls each
 * one by the name `categoryNames` gives it (SimulatorOptions), its own name by
 * default: tests rename them to prove the bot depends on no name at all. A
 * custom key may carry any names; one the simulator does not gate by is shown
 * in /v1/me and changes nothing, and a gate the key's map does not name is
 * `none`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from './api-error.ts';
import { formatJstDateTime, parseJstDateTime } from './japan-time.ts';
import type {
  CategoryNames,
  KeySpec,
  Permission,
  ServiceGrantSpec,
  ServiceName,
  SimulatorCategories,
  SimulatorKeys,
} from './types.ts';

export type Scope = 'read' | 'write';

/** A custom-permission category of `service`: what the simulator gates an endpoint by (SimulatorCategories). */
export type Category<S extends ServiceName> = SimulatorCategories[S];

function nameOf<S extends ServiceName>(names: CategoryNames, service: S, category: Category<S>): string {
  return (names[service] as Partial<Record<Category<S>, string>> | undefined)?.[category] ?? category;
}

export interface ServiceGrant {
  permission_type: 'full' | 'read' | 'custom';
  target_mode: 'all' | 'selected';
  targets: string[];
  permissions: Record<string, Permission> | undefined;
  allow_signup: boolean;
  allow_acquisition: boolean;
  site_target_mode: 'all' | 'selected';
  sites: string[];
}

export interface KeyRecord {
  name: string;
  token: string;
  services: Partial<Record<ServiceName, ServiceGrant>>;
  expiresAt: Date | null;
  /** false: the expiry is told but not applied (control.setKeyExpiry's fault); true by default. */
  expiryEnforced: boolean;
  allowedIps: string[] | null;
  legacy: { servername: string; permission_type: 'full' | 'read' } | null;
  /** The reference's flat /v1/me shape (KeySpec.flat). */
  flat: { servername: string; permission_type: 'full' | 'read' | 'custom' } | null;
  /** The simulator's names of its categories (shared by every key of one simulator). */
  categoryNames: CategoryNames;
}

function grant(spec: ServiceGrantSpec): ServiceGrant {
  const targetMode = spec.target_mode ?? 'all';
  return {
    permission_type: spec.permission_type,
    target_mode: targetMode,
    targets: targetMode === 'selected' ? [...(spec.targets ?? [])] : [],
    permissions: spec.permission_type === 'custom' ? { ...(spec.permissions ?? {}) } : undefined,
    allow_signup: spec.allow_signup ?? false,
    allow_acquisition: spec.allow_acquisition ?? false,
    site_target_mode: spec.site_target_mode ?? 'all',
    sites: spec.site_target_mode === 'selected' ? [...(spec.sites ?? [])] : [],
  };
}

function expiryOf(v: string | Date | null): Date | null {
  if (v === null) return null;
  if (v instanceof Date) return v;
  const at = parseJstDateTime(v, false);
  if (!at) throw new Error(`invalid expires_at ${v}`);
  return at;
}

/** What the preset keys are limited to: the seeded VPSs `web-1` and `db-1`, and the first hosting server. */
export interface PresetTargets {
  vps: string[];
  hostingServer: string;
}

export class KeyRegistry {
  private readonly byToken = new Map<string, KeyRecord>();
  private counter = 0;

  /**
   * `account`: the account's name, in every token of an account other than
   * the first (whose tokens stay those of a one-account simulator), so that
   * no two accounts ever hold the same key.
   */
  constructor(
    private readonly categoryNames: CategoryNames = {},
    private readonly account?: string,
  ) {}

  /** The name `category` of `service` goes by in a key's `permissions`. */
  categoryName<S extends ServiceName>(service: S, category: Category<S>): string {
    return nameOf(this.categoryNames, service, category);
  }

  find(token: string): KeyRecord | undefined {
    return this.byToken.get(token);
  }

  /** Moves the expiry of the key named `key` (or whose token it is); see SimulatorControl.setKeyExpiry. */
  setExpiry(key: string, expiresAt: string | Date | null, enforced = true): void {
    const rec = this.find(key) ?? this.byName(key);
    if (!rec) throw new Error(`no key named ${key}`);
    rec.expiresAt = expiryOf(expiresAt);
    rec.expiryEnforced = enforced;
  }

  byName(name: string): KeyRecord | undefined {
    for (const k of this.byToken.values()) if (k.name === name) return k;
    return undefined;
  }

  /**
   * `deterministic` tokens are derived from the name so a sandbox keeps its
   * keys across restarts; custom keys get random tokens.
   */
  create(spec: KeySpec, balance: number, deterministic = false): KeyRecord {
    this.counter += 1;
    const name = spec.name ?? `custom-${this.counter}`;
    if (this.byName(name)) throw new Error(`a key named ${name} already exists`);
    const services: Partial<Record<ServiceName, ServiceGrant>> = {};
    for (const [svc, g] of Object.entries(spec.services ?? {}) as [
      ServiceName,
      ServiceGrantSpec | undefined,
    ][]) {
      if (!g) continue;
      if (g.allow_signup && balance < 20_000 && !deterministic) {
        // The provider lets the owner enable signup only with >= 20,000 yen prepaid.
        throw new Error('allow_signup can be enabled only while the prepaid balance is at least 20,000 yen');
      }
      services[svc] = grant(g);
    }
    if (spec.legacy) {
      services.server = grant({
        permission_type: spec.legacy.permission_type,
        target_mode: 'selected',
        targets: [spec.legacy.servername],
      });
    }
    if (spec.flat) {
      services.server = grant({
        permission_type: spec.flat.permission_type,
        target_mode: 'selected',
        targets: [spec.flat.servername],
        ...(spec.flat.permissions ? { permissions: spec.flat.permissions } : {}),
      });
    }
    const expiresAt = expiryOf(spec.expires_at ?? null);
    const slug = name.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
    const prefix = this.account === undefined ? 'xs_sim_' : `xs_sim_${this.account.replace(/-/g, '')}_`;
    const seed = this.account === undefined ? name : `${this.account}/${name}`;
    const token = deterministic
      ? `${prefix}${slug}_${createHash('sha256').update(`vps-chatops-sim-key:${seed}`).digest('hex').slice(0, 32)}`
      : `${prefix}${slug}_${randomBytes(16).toString('hex')}`;
    const rec: KeyRecord = {
      name,
      token,
      services,
      expiresAt,
      expiryEnforced: true,
      allowedIps: spec.allowedIps ? [...spec.allowedIps] : null,
      legacy: spec.legacy ? { ...spec.legacy } : null,
      flat: spec.flat
        ? { servername: spec.flat.servername, permission_type: spec.flat.permission_type }
        : null,
      categoryNames: this.categoryNames,
    };
    this.byToken.set(token, rec);
    return rec;
  }

  /** A `permissions` map keyed by the names the categories go by. */
  private permissions<S extends ServiceName>(
    service: S,
    levels: Partial<Record<Category<S>, Permission>>,
  ): Record<string, Permission> {
    return Object.fromEntries(
      (Object.entries(levels) as [Category<S>, Permission][]).map(([c, l]) => [
        this.categoryName(service, c),
        l,
      ]),
    );
  }

  createPresets(now: Date, balance: number, targets: PresetTargets): SimulatorKeys {
    const all = (permission_type: 'full' | 'read', allow_signup: boolean) => ({
      server: { permission_type, allow_signup },
      domain: { permission_type },
      wphosting: { permission_type, allow_signup },
      vps: { permission_type, allow_signup },
    });
    const day = 24 * 60 * 60 * 1000;
    const mk = (spec: KeySpec) => this.create(spec, balance, true).token;
    return {
      full: mk({ name: 'full', services: all('full', true) }),
      read: mk({
        name: 'read',
        services: all('read', false),
        expires_at: new Date(now.getTime() + 365 * day),
      }),
      // allow_signup is on so that the "selected keys cannot sign up" rule is what refuses it.
      selected: mk({
        name: 'selected',
        services: {
          vps: {
            permission_type: 'full',
            target_mode: 'selected',
            targets: [...targets.vps],
            allow_signup: true,
          },
          server: { permission_type: 'full', target_mode: 'selected', targets: [targets.hostingServer] },
        },
      }),
      custom: mk({
        name: 'custom',
        services: {
          vps: {
            permission_type: 'custom',
            permissions: this.permissions('vps', {
              server: 'read',
              power: 'none',
              settings: 'full',
              signup: 'none',
            }),
          },
          server: {
            permission_type: 'custom',
            permissions: this.permissions('server', {
              server_info: 'read',
              domain: 'read',
              wordpress: 'full',
              database: 'none',
              ssh: 'none',
              log: 'read',
            }),
          },
        },
      }),
      expired: mk({
        name: 'expired',
        services: all('full', true),
        expires_at: new Date(now.getTime() - day),
      }),
      legacy: mk({ name: 'legacy', legacy: { servername: targets.hostingServer, permission_type: 'full' } }),
      noSignup: mk({ name: 'noSignup', services: all('full', false) }),
      ipRestricted: mk({ name: 'ipRestricted', services: all('full', true), allowedIps: ['203.0.113.10'] }),
    };
  }
}

/** Body of GET /v1/me. */
export function renderKeyInfo(k: KeyRecord): Record<string, unknown> {
  if (k.flat) {
    return {
      service_type: 'server',
      expires_at: k.expiresAt ? formatJstDateTime(k.expiresAt).replace(' ', 'T') : null,
      servername: k.flat.servername,
      permission_type: k.flat.permission_type,
    };
  }
  const services: Record<string, unknown> = {};
  for (const [svc, g] of Object.entries(k.services) as [ServiceName, ServiceGrant][]) {
    const out: Record<string, unknown> = {
      permission_type: g.permission_type,
      target_mode: g.target_mode,
      targets: g.targets,
    };
    if (g.permissions) out.permissions = g.permissions;
    if (svc === 'server' || svc === 'wphosting' || svc === 'vps') out.allow_signup = g.allow_signup;
    if (svc === 'domain') out.allow_acquisition = g.allow_acquisition;
    if (svc === 'wphosting') {
      out.site_target_mode = g.site_target_mode;
      out.sites = g.sites;
    }
    services[svc] = out;
  }
  const body: Record<string, unknown> = {
    expires_at: k.expiresAt ? formatJstDateTime(k.expiresAt) : null,
    services,
  };
  if (k.legacy) {
    body.service_type = 'server';
    body.servername = k.legacy.servername;
    body.permission_type = k.legacy.permission_type;
  }
  return body;
}

const forbidden = (why: string) => new ApiError('FORBIDDEN', `この操作を行う権限がありません（${why}）。`);

/** Throws 403 unless the key may use `category` of `service` at `scope`. */
export function checkPermission<S extends ServiceName>(
  k: KeyRecord,
  service: S,
  category: Category<S>,
  scope: Scope,
): ServiceGrant {
  const g = k.services[service];
  if (!g) throw forbidden(`サービス ${service} は許可されていません`);
  const name = nameOf(k.categoryNames, service, category);
  let level: Permission;
  // A gate the key's map does not name grants nothing.
  if (g.permission_type === 'custom') level = g.permissions?.[name] ?? 'none';
  else level = g.permission_type;
  if (level === 'none') throw forbidden(`${name} は許可されていません`);
  if (scope === 'write' && level !== 'full') throw forbidden('読み取り専用のキーです');
  return g;
}

/**
 * Simulator choice: a target outside a `selected` key's targets answers 403
 * FORBIDDEN (whether or not it exists), so a key cannot probe other servers.
 */
export function checkTarget(g: ServiceGrant, target: string): void {
  if (g.target_mode === 'selected' && !g.targets.includes(target)) {
    throw forbidden('操作対象外のサーバーです');
  }
}

/**
 * New VPS signup (plans, dry run, real signup, signup status) needs
 * `allow_signup` and a key whose VPS range is not `selected`.
 */
export function checkSignupAllowed(g: ServiceGrant): void {
  if (!g.allow_signup) throw forbidden('新規申し込みが許可されていません');
  if (g.target_mode === 'selected') throw forbidden('対象を限定したキーでは新規申し込みできません');
}
