/**
 * The one error class the services throw, for every feature. `code` is
 * stable and names one sentence the Slack side shows; `params` fill the
 * sentence, `details` list candidates (servers a name could mean). Each code
 * declares the type of its params (ServiceErrorParams): `new ServiceError`
 * with other params does not compile, and a switch on `problem.code` gives
 * each branch its code's params. Provider failures are not wrapped where a
 * use case lets them through: they keep the provider client's own class and
 * are described by code (classifyFailure).
 */
import {
  isProviderErrorCode,
  ProviderError,
  type ProviderErrorCode,
  ProviderNetworkError,
  ProviderRateLimitError,
  ProviderResponseError,
  QueueFullError,
  ValidationError,
} from '../provider/index.ts';
import type { FieldProblem } from './field-problem.ts';
import type { Role } from './roles.ts';

/** The rules a signup's service code can break (it goes into a path). */
export type SignupIdRule = 'required' | 'format' | 'control_character';

/**
 * A value refused before anything was sent: the field, the rule it breaks,
 * the bound that rule names. Each feature's own fields and rules (its
 * FieldProblem types); the Slack side words each pair from a map keyed by them.
 */
export type RefusedValue = FieldProblem;

/** Why the bot cannot post in a channel, as Slack said it. */
export type ChannelUnreachableReason = 'not_in_channel' | 'channel_not_found' | 'is_archived';

/**
 * The `queue_full` refusal's figures: why (too many waiting, or too long a
 * wait), how many of this person's commands wait, the bound they reached
 * (a count, or seconds), the wait and when to try again (seconds), the
 * provider's `limit` and `window` (seconds) from its headers, 0 when not known.
 */
export interface QueueFullParams {
  reason: 'count' | 'wait';
  waiting: number;
  bound: number;
  wait: number;
  seconds: number;
  limit: number;
  window: number;
}

/** What each code's sentence is filled with; `undefined`: the code takes none. */
export interface ServiceErrorParams {
  /** No server of that name, uuid or IP. */
  server_not_found: { ref: string };
  server_ambiguous: { ref: string; count: number };
  /** The server's entry in the provider's list breaks the spec (`fields` it broke): shown, not acted on. */
  server_malformed: { ref: string; uuid: string; fields: string };
  /** `ref` names an entry of the provider's list whose uuid could not be read: it cannot be addressed. */
  server_unaddressable: { ref: string };
  role_required: { role: Role; yours: Role };
  /** The channels where the commands can be used (none listed: ask an admin). */
  channel_not_allowed: { channels: readonly string[] };
  /**
   * The channel works on no provider account: several are declared, none is the default,
   * and it is bound neither in the policy nor from Slack. `bindings`: the channels that are,
   * by the account's label; `names`: what `/vps account use` takes.
   */
  account_unbound: {
    bindings: readonly { channel: string; label: string }[];
    names: readonly string[];
  };
  /** `/vps account use` named an account the policy does not declare (`name` as typed, clipped). */
  account_unknown: { name: string; accounts: readonly { name: string; label: string }[] };
  /** `/vps account use` in a channel the policy file binds (to the account of `label`): the file wins. */
  account_bound_in_policy: { label: string };
  /** The channel an action is about is not in the policy's channel list. */
  target_channel_not_allowed: { channel: string };
  /** Another channel's things asked for by someone who cannot read that channel (or it is outside the policy). */
  channel_not_visible: undefined;
  /** A change of what a channel is notified of (a watch, a mute) for a channel the actor cannot read, or for no channel. */
  target_channel_not_visible: undefined;
  /** A click on an approval (or confirmation) delivered from another channel than the request's. */
  approval_wrong_channel: undefined;
  key_read_only: undefined;
  key_no_vps: undefined;
  target_not_in_scope: undefined;
  invalid_field: RefusedValue;
  already_handled: undefined;
  /** The provider refused an order or its dry run (its `code`). Nothing was charged. */
  provider_refused: { code: string };
  /** The provider could not be asked (network, 5xx, 429, an unreadable answer); `code` says which. */
  provider_unreachable: { code: string };
  /** The price moved while quoting, twice in a row. */
  catalogue_changed: { code: 'PRICE_MISMATCH' };
  /** The provider answered 403 to the price list: the key may not sign up (docs/provider-api.md, VPS endpoints). */
  plans_forbidden: undefined;
  /** The provider answered 403 to a signup status: the key may not sign up. */
  signup_status_forbidden: undefined;
  /** The provider knows no signup of this service code. */
  signup_status_not_found: { id: string };
  /** The key has no `server` service: /hosting cannot be used with it. */
  key_no_server: undefined;
  /**
   * The provider answered 403 to a custom key: its permissions do not allow this action. `service`
   * is the key's service; `details` the categories the key carries (`count` of them), as the provider named them.
   */
  key_custom_forbidden: { service: 'server' | 'vps'; count: number };
  /** The key covers several servers: the command must name one of `servers`. */
  hosting_server_needed: { servers: readonly string[] };
  /** The key covers every server of the account: the command must name one by its initial domain. */
  hosting_server_needed_all: undefined;
  /** The named server is not among the key's `servers`. */
  hosting_server_not_in_scope: { server: string; servers: readonly string[] };
  /** A hosting write whose answer was lost after it may have reached the provider; `check` finds out. */
  hosting_outcome_unknown: { server: string; check: string };
  /** The provider would not add a domain: the TXT record that proves ownership, and the provider's message. */
  hosting_domain_refused: { domain: string; record: string; token: string; code: string; message: string };
  /** The WordPress site, SSH key, DNS record or cron job named is not on the server. */
  hosting_not_found: {
    what:
      | 'wp'
      | 'ssh_key'
      | 'dns'
      | 'cron'
      | 'ssl'
      | 'ftp'
      | 'mail'
      | 'mail_rule'
      | 'domain'
      | 'subdomain'
      | 'db'
      | 'db_user'
      | 'grant';
    id: string;
  };
  /**
   * The provider refused a DNS, cron, PHP or SSL request (`area`) with one of its
   * codes (`kind`: the documented one it answered, else `other`); `code` and
   * `message` are its own.
   */
  hosting_area_rejected: {
    area: 'dns' | 'cron' | 'php' | 'ssl' | 'ftp' | 'mail_rules' | 'domain' | 'db';
    kind: 'NOT_FOUND' | 'OPERATION_ERROR' | 'VALIDATION_ERROR' | 'BAD_REQUEST' | 'other';
    code: string;
    message: string;
  };
  /** The provider refused a hosting request; its `code` and its own `message` say why. */
  hosting_rejected: { code: string; message: string };
  /** An approval for a requester who no longer holds the role the request needs. */
  requester_role: { user: string };
  /** The provider could not be reached for a hosting read, or a write that cannot have reached it. */
  hosting_unreachable: undefined;
  /** The bot cannot post in the channel a watch names (`reason`: Slack's error). */
  watch_channel_unreachable: { channel: string; reason: ChannelUnreachableReason };
  /**
   * This person's commands already waiting for the provider reach the bound
   * (queue-bound.ts in the provider client); this one was not queued, nothing was sent.
   */
  queue_full: QueueFullParams;
  /** A rename to the name another server has (`name`, that server's `ip`). */
  name_taken: { name: string; ip: string };
}

export type ServiceErrorCode = keyof ServiceErrorParams;

/** A code with its params as one value: a switch on `code` narrows `params`. */
export type ServiceProblem<C extends ServiceErrorCode = ServiceErrorCode> = {
  [K in C]: { code: K; params: ServiceErrorParams[K] };
}[C];

export interface ServiceErrorDetail {
  label: string;
  detail: string;
}

/** A code that takes no params may leave them out. */
type ParamsArgs<C extends ServiceErrorCode> = undefined extends ServiceErrorParams[C]
  ? [params?: ServiceErrorParams[C], details?: readonly ServiceErrorDetail[]]
  : [params: ServiceErrorParams[C], details?: readonly ServiceErrorDetail[]];

export class ServiceError<C extends ServiceErrorCode = ServiceErrorCode> extends Error {
  /** The code and its params together, for a switch that reads the params. */
  readonly problem: ServiceProblem<C>;

  constructor(code: C, ...rest: ParamsArgs<C>);
  constructor(
    readonly code: C,
    readonly params: ServiceErrorParams[C],
    readonly details: readonly ServiceErrorDetail[] = [],
  ) {
    const given: ServiceErrorParams[ServiceErrorCode] = params;
    const providerCode = given !== undefined && 'code' in given ? given.code : undefined;
    super(providerCode === undefined ? code : `${code} (${providerCode})`);
    this.name = 'ServiceError';
    this.problem = { code, params };
  }
}

/** Whether `err` is a ServiceError (of any code): `instanceof` alone would leave its params untyped. */
export function isServiceError(err: unknown): err is ServiceError {
  return err instanceof ServiceError;
}

/** The provider's own code a refusal carries (an order or a hosting request it refused, or could not be asked). */
export function providerCodeOf(p: ServiceProblem): string | undefined {
  switch (p.code) {
    case 'provider_refused':
    case 'provider_unreachable':
    case 'catalogue_changed':
    case 'hosting_domain_refused':
    case 'hosting_rejected':
      return p.params.code;
    default:
      return undefined;
  }
}

// The provider's documented codes (docs/provider-api.md, Error status codes), for the
// sentences of the Slack side.
export { isProviderErrorCode, PROVIDER_ERROR_CODES, type ProviderErrorCode } from '../provider/index.ts';

export type FailureKind =
  | { kind: 'service'; error: ServiceError }
  /** `details`: the provider's own reasons (its `errors`), as it wrote them. */
  | {
      kind: 'provider';
      code: ProviderErrorCode;
      retryAfterSeconds?: number | undefined;
      details?: readonly string[] | undefined;
    }
  /** `details`: the provider's own words (its message and `errors`), when it gave any. */
  | { kind: 'provider_unknown'; code: string; details?: readonly string[] | undefined }
  | { kind: 'network' }
  | { kind: 'local_validation'; field: string; rule: string }
  | { kind: 'internal' };

/** The provider client's "not now" for a person, in the services' words. */
export function queueFullRefusal(err: QueueFullError): ServiceError {
  const f = err.facts;
  const seconds = (ms: number) => Math.ceil(ms / 1000);
  return new ServiceError('queue_full', {
    reason: f.reason,
    waiting: f.waiting,
    bound: f.reason === 'wait' ? seconds(f.bound) : f.bound,
    wait: seconds(f.waitMs),
    seconds: seconds(f.retryAfterMs),
    limit: f.limit ?? 0,
    window: f.windowMs === null ? 0 : seconds(f.windowMs),
  });
}

/** Classifies whatever a use case threw, by the error's class. */
export function classifyFailure(err: unknown): FailureKind {
  if (isServiceError(err)) return { kind: 'service', error: err };
  if (err instanceof QueueFullError) return { kind: 'service', error: queueFullRefusal(err) };
  if (err instanceof ProviderNetworkError) return { kind: 'network' };
  // A 2xx answer the client could not read: the provider answered, but not as documented.
  if (err instanceof ProviderResponseError) return { kind: 'provider_unknown', code: 'UNEXPECTED_ANSWER' };
  if (err instanceof ValidationError) return { kind: 'local_validation', field: err.field, rule: err.rule };
  if (err instanceof ProviderError) {
    // A code outside the provider's table on a status the table gives several codes (409, 422): the
    // status's default code would guess which one it meant, so the provider's own code is named instead.
    if (
      err.rawCode !== null &&
      !isProviderErrorCode(err.rawCode) &&
      (err.status === 409 || err.status === 422)
    )
      return {
        kind: 'provider_unknown',
        code: err.rawCode,
        details: [err.providerMessage, ...err.details].filter((d) => d !== ''),
      };
    const retry = err instanceof ProviderRateLimitError ? (err.retryAfterSeconds ?? undefined) : undefined;
    const details = err.details.length > 0 ? err.details : undefined;
    return { kind: 'provider', code: err.code, retryAfterSeconds: retry, details };
  }
  return { kind: 'internal' };
}

/**
 * How the audit log records a change that did not happen: `refused` when it
 * was never sent (the person's waiting commands were at their bound, as the
 * client threw it or in the services' words), `failed` when the provider or
 * the network said no.
 */
export function changeOutcome(err: unknown): 'refused' | 'failed' {
  const notQueued = err instanceof QueueFullError || (isServiceError(err) && err.code === 'queue_full');
  return notQueued ? 'refused' : 'failed';
}

/** The code recorded in the audit log for a failure. */
export function failureCode(f: FailureKind): string {
  switch (f.kind) {
    case 'service':
      return f.error.code;
    case 'provider':
    case 'provider_unknown':
      return f.code;
    case 'network':
      return 'NETWORK';
    case 'local_validation':
      return 'LOCAL_VALIDATION';
    case 'internal':
      return 'INTERNAL';
  }
}
