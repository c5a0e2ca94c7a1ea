/**
 * A refusal of a DNS, cron or PHP request, said for its area: the reference
 * names no code per endpoint, only the common ones (docs/provider-api.md,
 * Error status codes), so each area says what each of them means there and what
 * to do (a record id not found: list the records; a conflict: what usually
 * conflicts; a value refused: the provider's own reasons, to correct). The
 * provider's own code and words are kept: they say more than the code.
 */
import { ProviderError } from '../../provider/index.ts';
import { ServiceError, type ServiceErrorParams } from '../errors.ts';
import { rejection } from './hosting-calls.ts';

export type RecordArea = ServiceErrorParams['hosting_area_rejected']['area'];

const KIND_OF_STATUS: Record<number, ServiceErrorParams['hosting_area_rejected']['kind']> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  409: 'OPERATION_ERROR',
  422: 'VALIDATION_ERROR',
};

/** `rejection` (hosting-calls.ts), with the area's sentence for each of the provider's refusals. */
export function areaRejection(area: RecordArea): (err: unknown) => unknown {
  return (err) => {
    const said = rejection(err);
    if (!(err instanceof ProviderError) || !(said instanceof ServiceError)) return said;
    if (said.problem.code !== 'hosting_rejected') return said;
    const raw = err.rawCode ?? err.code;
    const documented = ['NOT_FOUND', 'OPERATION_ERROR', 'VALIDATION_ERROR'].includes(raw);
    const kind = documented
      ? (raw as ServiceErrorParams['hosting_area_rejected']['kind'])
      : (KIND_OF_STATUS[err.status] ?? 'other');
    return new ServiceError('hosting_area_rejected', { area, kind, ...said.problem.params });
  };
}
