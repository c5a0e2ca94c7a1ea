/**
 * The provider's refusal of a domain or a mailbox whose domain's ownership is
 * not proven (docs/provider-api.md, Domain ownership), worded with the exact
 * record to set; the offer to set it is domain-verification.ts's.
 */
import {
  type CallOptions,
  type HostingClient,
  ProviderError,
  toAsciiDomain,
  WRITE,
} from '../../provider/index.ts';
import { isServiceError, ServiceError } from '../errors.ts';
import { rejection } from './hosting-calls.ts';

/** The host of the ownership record in the domain's zone (docs/provider-api.md, Domain ownership). */
export const RECORD_HOST = '_xserver-verify';

/**
 * The provider's refusal of POST /domain or POST /mail for a domain whose
 * ownership is not proven: 409 `OPERATION_ERROR` by the third-party evidence
 * (docs/provider-api.md, Domain ownership). Anything else is worded as usual.
 */
export function isOwnershipRefusal(err: unknown): err is ServiceError<'hosting_domain_refused'> {
  if (!isServiceError(err)) return false;
  const p = err.problem;
  return p.code === 'hosting_domain_refused' && p.params.code === 'OPERATION_ERROR';
}

/**
 * A domain or mailbox the provider would not add: most often its ownership is
 * not proven yet. The answer names the exact TXT record and keeps the
 * provider's own message. A mailbox's other refusals (`conflictOnly`) keep
 * the usual wording: its form names the fields they are about.
 */
export async function ownershipRefusal(
  api: HostingClient,
  domain: string,
  err: unknown,
  { conflictOnly = false, priority = WRITE }: { conflictOnly?: boolean; priority?: CallOptions } = {},
): Promise<unknown> {
  if (!(err instanceof ProviderError) || err.status < 400 || err.status >= 500) return rejection(err);
  if (conflictOnly && (err.status !== 409 || err.code !== 'OPERATION_ERROR')) return rejection(err);
  if (err.status === 401 || err.status === 403 || err.status === 429) return err;
  const token = (await api.serverInfo(priority).catch(() => undefined))?.domain_validation_token;
  const message = [err.providerMessage, ...err.details]
    .filter((s) => s !== '')
    .join(' / ')
    .slice(0, 500);
  return new ServiceError('hosting_domain_refused', {
    domain,
    // DNS holds a Japanese name in Punycode: the record to set is named as DNS names it.
    record: `${RECORD_HOST}.${toAsciiDomain(domain)}`,
    // The record's whole value, prefix included, so it can be pasted as it is.
    token: token === undefined ? '' : `xserver-verify=${token}`,
    code: [...(err.rawCode ?? err.code)].slice(0, 40).join(''),
    message,
  });
}
