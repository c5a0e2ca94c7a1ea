/**
 * The provider key's own scope, read from GET /v1/me: whether it reads and
 * changes VPSs, which servers it is limited to, and what it may do in each
 * category of the web hosting `server` service. What the key refuses is
 * refused before anyone is asked.
 */
import { type KeyExpiry, type KeyInfo, readKeyExpiry, type ServiceScope } from '../../provider/index.ts';
import { ServiceError } from '../errors.ts';
import {
  type Action,
  HOSTING_ACTION_SPECS,
  HOSTING_CATEGORIES,
  type HostingCategory,
  isHostingAction,
  VPS_WRITE_ACTIONS,
} from './actions.ts';

export interface KeyScope {
  /** The key can read VPS data at all. */
  readable: boolean;
  writable: boolean;
  signupAllowed: boolean;
  /** uuids when the key is limited to selected VPSs; undefined for all. */
  targets: ReadonlySet<string> | undefined;
  expiresAt: string | null;
  /** The `server` service: web hosting servers. */
  hosting: HostingScope;
  /** The key's services that carry a scope (GET /v1/me may list other fields beside them). */
  info: { expires_at: string | null; services: Partial<Record<string, ServiceScope>> };
}

export type PermissionLevel = 'full' | 'read' | 'none';

export interface HostingScope {
  /** The key has the `server` service (or is a legacy single-server key). */
  available: boolean;
  /** Server names (initial domains) the key covers; undefined when it covers every server of the account. */
  servers: readonly string[] | undefined;
  /** What the key may do in each category. */
  levels: Readonly<Record<HostingCategory, PermissionLevel>>;
}

const level = (v: string | undefined): PermissionLevel =>
  v === 'full' ? 'full' : v === 'read' ? 'read' : 'none';

function hostingScopeOf(key: KeyInfo, scope: ServiceScope | undefined): HostingScope {
  // A legacy single-server key names its server at the top level, with its permission beside it.
  const legacy = key.servername;
  const type = scope?.permission_type ?? (legacy ? key.permission_type : undefined);
  const levels = Object.fromEntries(
    HOSTING_CATEGORIES.map((c) => [c, type === 'custom' ? level(scope?.permissions?.[c]) : level(type)]),
  ) as Record<HostingCategory, PermissionLevel>;
  const servers = legacy ? [legacy] : scope?.target_mode === 'selected' ? scope.targets : undefined;
  return { available: scope !== undefined || legacy !== undefined, servers, levels };
}

function scopedServices(info: KeyInfo): Partial<Record<string, ServiceScope>> {
  const services: Partial<Record<string, ServiceScope>> = {};
  for (const [name, v] of Object.entries(info.services)) {
    if (v && typeof v === 'object' && 'permission_type' in v) services[name] = v as ServiceScope;
  }
  return services;
}

export function keyScopeOf(key: KeyInfo): KeyScope {
  const info = { expires_at: key.expires_at, services: scopedServices(key) };
  const hosting = hostingScopeOf(key, info.services.server);
  const vps = info.services.vps;
  if (!vps) {
    return {
      readable: false,
      writable: false,
      signupAllowed: false,
      targets: undefined,
      expiresAt: info.expires_at,
      hosting,
      info,
    };
  }
  let writable = vps.permission_type === 'full';
  let readable = true;
  if (vps.permission_type === 'custom') {
    const levels = Object.values(vps.permissions ?? {});
    writable = levels.includes('full');
    readable = levels.some((l) => l === 'full' || l === 'read');
  }
  return {
    readable,
    writable,
    signupAllowed: vps.allow_signup === true,
    targets: vps.target_mode === 'selected' ? new Set(vps.targets) : undefined,
    expiresAt: info.expires_at,
    hosting,
    info,
  };
}

/**
 * The key's expiry at `now`, read as the key's health reads it for the notify
 * channel and /healthz (src/provider/key-expiry.ts): past its moment the key
 * is expired, even while the provider still answers it.
 */
export function keyExpiryOf(key: Pick<KeyScope, 'expiresAt'>, now: Date): KeyExpiry {
  return readKeyExpiry(key.expiresAt, now);
}

/** What the key itself refuses for an action, before anyone is asked; null when the key allows it. */
export function keyRefusal(key: KeyScope, action: Action): ServiceError | null {
  if (isHostingAction(action)) {
    const spec = HOSTING_ACTION_SPECS[action];
    if (spec.category === null) return null;
    if (!key.hosting.available) return new ServiceError('key_no_server');
    const lv = key.hosting.levels[spec.category];
    // A category the key grants nothing in is named as such, for a write too: the key is not
    // read-only there, it does not reach that part of the server at all.
    if (lv === 'none') return new ServiceError('key_no_permission', { category: spec.category });
    if (spec.write && lv !== 'full') return new ServiceError('key_read_only');
    return null;
  }
  if (VPS_WRITE_ACTIONS.includes(action) && !key.writable) return new ServiceError('key_read_only');
  return null;
}
