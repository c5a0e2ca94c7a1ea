/** Route table types and path matching shared by the route modules. */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from './api-error.ts';
import type { KeyRecord } from './api-keys.ts';
import type { SimCore } from './core.ts';

export interface RequestContext {
  core: SimCore;
  method: string;
  /** Raw path as received (percent-encoding kept), without the query. */
  path: string;
  /** Decoded path parameters. */
  params: Record<string, string>;
  query: Record<string, string>;
  key: KeyRecord;
  ip: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body; undefined when empty. Throws 400 BAD_REQUEST when malformed. */
  body(): unknown;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Segments; `:name` matches one segment. */
  pattern: string;
  /** The real VPS signup: Idempotency-Key handling wraps this route. */
  signup?: boolean;
  /** Returns the 200 body; throws ApiError for the provider's error answers. */
  handle(ctx: RequestContext): unknown;
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/**
 * Finds the route for a raw path. A path that matches a pattern only under
 * another method is still "not found" (the provider's error table has no 405).
 */
export function matchRoute(
  routes: readonly Route[],
  method: string,
  rawPath: string,
): RouteMatch | undefined {
  const segs = rawPath.split('/');
  for (const route of routes) {
    if (route.method !== method) continue;
    const pat = route.pattern.split('/');
    if (pat.length !== segs.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pat.length; i += 1) {
      const p = pat[i] ?? '';
      const s = segs[i] ?? '';
      if (p.startsWith(':')) {
        if (s === '') {
          ok = false;
          break;
        }
        params[p.slice(1)] = decodeSegment(s);
      } else if (p !== s) {
        ok = false;
        break;
      }
    }
    if (ok) return { route, params };
  }
  return undefined;
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new ApiError('BAD_REQUEST', 'URLのエンコードが不正です。');
  }
}
