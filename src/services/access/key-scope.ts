/**
 * The provider key's own scope, read from GET /v1/me: whether it reads and
 * changes VPSs, which servers it is limited to, and what it may do with the
 * web hosting `server` service. Only what the provider publishes is acted on
 * before a request: a read key refuses changes, a key without a service
 * refuses that service, a key limited to selected targets names them. A
 * custom key's categories are not published (docs/provider-api.md, Not
 * published: the bot must not invent): the bot ties none of them to an
 * action, so a custom key is never refused beforehand; the provider decides,
 * and its 403 is explained with the categories the key carries
 * (`customKeyRefusal`; docs/provider-api.md, Decisions where the spec is silent).
 */
import {
  type KeyExpiry,
  type KeyInfo,
  ProviderError,
  readKeyExpiry,
  type ServiceScope,
} from '../../provider/index.ts';
import { ServiceError } from '../errors.ts';
import { type Action, HOSTING_ACTION_SPECS, isHostingAction, VPS_WRITE_ACTIONS } from './actions.ts';

export interface KeyScope {
  /** The key has the `vps` service: it can read VPS data at all. */
  readable: boolean;
  /** The key's `vps` service is not `read`: a change is sent (a custom key's is decided by the provider). */
  writable: boolean;
  signupAllowed: boolean;
  /** uuids when the key is limited to selected VPSs; undefined for all. */
  targets: ReadonlySet<string> | undefined;
  expiresAt: string | null;
  /** The `server` service: web hosting servers. */
  hosting: HostingScope;
  /** The key as the provider described it, for `/vps me`. */
  info: KeyDescription;
  /** When the provider said so (a cached reading is shown with its age). */
  readAt?: Date | undefined;
}

/** GET /v1/me as it is shown: the services that carry a scope, the expiry and the legacy fields. */
export interface KeyDescription {
  expires_at: string | null;
  /** The key's services that carry a scope (GET /v1/me may list other fields beside them). */
  services: Partial<Record<string, ServiceScope>>;
  /** The deprecated top-level fields of a legacy single-server key; undefined when it has none. */
  legacy: { service_type?: string; servername?: string; permission_type?: string } | undefined;
}

export interface HostingScope {
  /** The key has the `server` service (or is a legacy single-server key). */
  available: boolean;
  /** Server names (initial domains) the key covers; undefined when it covers every server of the account. */
  servers: readonly string[] | undefined;
  /** `full`, `read` or `custom` as the key gives it (a legacy key's top-level one); only `read` is acted on. */
  permission: string | undefined;
}

function hostingScopeOf(key: KeyInfo, scope: ServiceScope | undefined): HostingScope {
  // A legacy single-server key names its server at the top level, with its permission beside it.
  const legacy = key.servername;
  const permission = scope?.permission_type ?? (legacy ? key.permission_type : undefined);
  const servers = legacy ? [legacy] : scope?.target_mode === 'selected' ? scope.targets : undefined;
  return { available: scope !== undefined || legacy !== undefined, servers, permission };
}

function scopedServices(info: KeyInfo): Partial<Record<string, ServiceScope>> {
  const services: Partial<Record<string, ServiceScope>> = {};
  for (const [name, v] of Object.entries(info.services)) {
    if (v && typeof v === 'object' && 'permission_type' in v) services[name] = v as ServiceScope;
  }
  return services;
}

function legacyFields(key: KeyInfo): KeyDescription['legacy'] {
  const fields = {
    ...(key.service_type === undefined ? {} : { service_type: key.service_type }),
    ...(key.servername === undefined ? {} : { servername: key.servername }),
    ...(key.permission_type === undefined ? {} : { permission_type: key.permission_type }),
  };
  return Object.keys(fields).length > 0 ? fields : undefined;
}

export function keyScopeOf(key: KeyInfo): KeyScope {
  const info: KeyDescription = {
    expires_at: key.expires_at,
    services: scopedServices(key),
    legacy: legacyFields(key),
  };
  const hosting = hostingScopeOf(key, info.services.server);
  const vps = info.services.vps;
  return {
    readable: vps !== undefined,
    // A custom key (or a type the bot does not know) is not refused on a guess: the provider decides.
    writable: vps !== undefined && vps.permission_type !== 'read',
    signupAllowed: vps?.allow_signup === true,
    targets: vps?.target_mode === 'selected' ? new Set(vps.targets) : undefined,
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
    if (!spec.provider) return null;
    if (!key.hosting.available) return new ServiceError('key_no_server');
    if (spec.write && key.hosting.permission === 'read') return new ServiceError('key_read_only');
    return null;
  }
  if (VPS_WRITE_ACTIONS.includes(action) && !key.writable) return new ServiceError('key_read_only');
  return null;
}

/** The key's service a provider refusal is about: `server` for /hosting, `vps` for /vps. */
export type KeyService = 'server' | 'vps';

/**
 * The provider's 403 for a custom key, explained: the key's permissions do not
 * allow this action, and these are the categories it carries, as the provider
 * named them (`details`: name and level, in the provider's order). Anything
 * else, or a key that is not custom for that service, is null: the refusal
 * keeps its own sentence.
 */
export function customKeyRefusal(key: KeyScope, service: KeyService, err: unknown): ServiceError | null {
  if (!(err instanceof ProviderError) || err.status !== 403) return null;
  const scope = key.info.services[service];
  if (scope?.permission_type !== 'custom') return null;
  const categories = Object.entries(scope.permissions ?? {});
  return new ServiceError(
    'key_custom_forbidden',
    { service, count: categories.length },
    categories.map(([label, detail]) => ({ label, detail })),
  );
}
