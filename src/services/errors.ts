/**
 * The one error class the services throw, for every feature. `code` is
 * stable and names one sentence the Slack side shows; `params` fill the
 * sentence, `details` list candidates (servers a name could mean). Provider
 * failures are not wrapped where a use case lets them through: they keep the
 * provider client's own class and are described by code (classifyFailure).
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

export type ServiceErrorCode =
  | 'server_not_found'
  | 'server_ambiguous'
  /** The server's entry in the provider's list breaks the spec (`params.uuid`, `params.fields`): shown, not acted on. */
  | 'server_malformed'
  /** `params.ref` names an entry of the provider's list whose uuid could not be read: it cannot be addressed. */
  | 'server_unaddressable'
  | 'role_required'
  | 'channel_not_allowed'
  /** The channel an action is about (`params.channel`) is not in the policy's channel list. */
  | 'target_channel_not_allowed'
  /** Another channel's things asked for by someone who cannot read that channel (or it is outside the policy). */
  | 'channel_not_visible'
  /** A change of what a channel is told (a watch, a mute) for a channel the actor cannot read, or for no channel. */
  | 'target_channel_not_visible'
  /** A click on an approval (or confirmation) delivered from another channel than the request's. */
  | 'approval_wrong_channel'
  | 'key_read_only'
  | 'key_no_vps'
  | 'target_not_in_scope'
  | 'invalid_field'
  | 'already_handled'
  /** The provider refused an order or its dry run; `params.code` is the provider's code. Nothing was charged. */
  | 'provider_refused'
  /** The provider could not be asked (network, 5xx, 429, an unreadable answer); `params.code` says which. */
  | 'provider_unreachable'
  /** The price moved while quoting, twice in a row. */
  | 'catalogue_changed'
  /** The provider answered 403 to the price list: the key may not sign up (docs/provider-api.md, VPS endpoints). */
  | 'plans_forbidden'
  /** The provider answered 403 to a signup status: the key may not sign up. */
  | 'signup_status_forbidden'
  /** The provider knows no signup of this service code (`params.id`). */
  | 'signup_status_not_found'
  /** The key has no `server` service: /hosting cannot be used with it. */
  | 'key_no_server'
  /**
   * The provider answered 403 to a custom key: its permissions do not allow this action. `params.service`
   * is the key's service (`server`, `vps`); `details` the categories the key carries, as the provider named them.
   */
  | 'key_custom_forbidden'
  /** The key covers several servers (or all): the command must name one (`params.servers`). */
  | 'hosting_server_needed'
  /** The key covers every server of the account: the command must name one by its initial domain. */
  | 'hosting_server_needed_all'
  /** The named server is not among the key's servers (`params.servers`). */
  | 'hosting_server_not_in_scope'
  /** A hosting write whose answer was lost after it may have reached the provider; `params.check` tells. */
  | 'hosting_outcome_unknown'
  /** The provider would not add a domain: `params` carry the TXT record that proves ownership and its message. */
  | 'hosting_domain_refused'
  /** The WordPress site or SSH key named (`params.what`, `params.id`) is not on the server. */
  | 'hosting_not_found'
  /** The provider refused a hosting request; `params.code` and its own `params.message` say why. */
  | 'hosting_rejected'
  /** An approval for a requester (`params.user`) who no longer holds the role the request needs. */
  | 'requester_role'
  /** The provider could not be reached for a hosting read, or a write that cannot have reached it. */
  | 'hosting_unreachable'
  /** The bot cannot post in the channel a watch names (`params.channel`; `params.reason`: Slack's error). */
  | 'watch_channel_unreachable'
  /**
   * This person's commands already waiting for the provider reach the bound
   * (queue-bound.ts in the provider client); this one was not queued, nothing
   * was sent. `params`: `reason` (count, wait), `waiting`, `bound`, `wait` and
   * `seconds` (to try again) in seconds, the provider's `limit` and `window`
   * (seconds) from its headers, 0 when not known.
   */
  | 'queue_full'
  /** A rename to the name another server has (`params.name`, that server's `params.ip`). */
  | 'name_taken';

export class ServiceError extends Error {
  constructor(
    readonly code: ServiceErrorCode,
    readonly params: Readonly<Record<string, string | number>> = {},
    readonly details: readonly { label: string; detail: string }[] = [],
  ) {
    super(params.code === undefined ? code : `${code} (${params.code})`);
    this.name = 'ServiceError';
  }
}

// The provider's documented codes (docs/provider-api.md, Error status codes), for the
// sentences of the Slack side.
export { PROVIDER_ERROR_CODES } from '../provider/index.ts';

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
  if (err instanceof ServiceError) return { kind: 'service', error: err };
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
  const notQueued =
    err instanceof QueueFullError || (err instanceof ServiceError && err.code === 'queue_full');
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
