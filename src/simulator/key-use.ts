/**
 * Requests made with a key by another client than the bot, recorded in the
 * key's log (GET /v1/logs) as the provider records the requests it answers:
 * method, path, status, the client's address, the time. They reach nothing
 * else (the request journal holds what came over HTTP), so a test or a
 * person in the sandbox can make "somebody else used the key" happen.
 */
import { isIP } from 'node:net';
import type { SimCore } from './core.ts';
import type { KeyDeniedSpec, KeyUseSpec } from './types.ts';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
const RETENTION_MS = 90 * 86_400_000;

function keyName(core: SimCore, key: string | undefined): string {
  const k = key ?? 'full';
  const rec = core.keys.find(k) ?? core.keys.byName(k);
  if (!rec) throw new Error(`no key named ${k}`);
  return rec.name;
}

export function recordKeyUse(core: SimCore, spec: KeyUseSpec): void {
  const now = core.clock.now().getTime();
  const at = spec.at ?? new Date(now);
  if (isIP(spec.ip) === 0) throw new Error('ip must be an IPv4 or IPv6 address');
  if (!METHODS.includes(spec.method)) throw new Error(`method must be one of ${METHODS.join(', ')}`);
  if (!/^\/v1\/[^?#\s]*$/.test(spec.path))
    throw new Error('path must be an API path such as /v1/vps/servers');
  const status = spec.status ?? 200;
  if (!Number.isInteger(status) || status < 100 || status > 599) throw new Error('status must be 100 to 599');
  if (Number.isNaN(at.getTime()) || at.getTime() > now) throw new Error('at must not be later than now');
  if (at.getTime() < now - RETENTION_MS) throw new Error('at must be within the log’s 90 days');
  core.apiLog.add({
    keyName: keyName(core, spec.key),
    method: spec.method,
    path: spec.path,
    statusCode: status,
    responseTimeMs: spec.responseTimeMs === undefined ? 12 : spec.responseTimeMs,
    ipAddress: spec.ip,
    createdAt: at,
  });
}

export function recordKeyDenied(core: SimCore, spec: KeyDeniedSpec): void {
  if (!Number.isInteger(spec.count) || spec.count < 1 || spec.count > 10_000)
    throw new Error('count must be a whole number from 1 to 10000');
  const status = spec.status ?? 403;
  if (status !== 401 && status !== 403) throw new Error('status must be 401 or 403');
  const last = (spec.at ?? core.clock.now()).getTime();
  for (let i = spec.count - 1; i >= 0; i -= 1) {
    recordKeyUse(core, {
      ...(spec.key === undefined ? {} : { key: spec.key }),
      ip: spec.ip ?? '198.51.100.23',
      method: spec.method ?? 'GET',
      path: spec.path ?? '/v1/vps/servers',
      status,
      at: new Date(last - i * 1000),
      responseTimeMs: 3,
    });
  }
}
