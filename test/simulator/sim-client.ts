/** Test helper: start a simulator on a manual clock and call it over real HTTP. */
import { type Simulator, type SimulatorOptions, startSimulator } from '../../src/simulator/index.ts';

/** Saturday 2026-11-21 12:00 JST: 10 days left in November, counting today. */
export const T0 = new Date('2026-11-21T03:00:00Z');

export function start(options: SimulatorOptions = {}): Promise<Simulator> {
  return startSimulator({ clock: 'manual', now: T0, ...options });
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
}

export async function call(
  sim: Simulator,
  method: string,
  path: string,
  o: CallOptions = {},
): Promise<CallResult> {
  const url = new URL(sim.url + path);
  for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  const key = o.key === undefined ? sim.keys.full : o.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (o.rawBody !== undefined) body = o.rawBody;
  else if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

export interface ErrorBody {
  error: { code: string; message: string; errors?: string[] };
}

/** The error code of an answer (asserting the provider's error body shape on the way). */
export function codeOf(r: CallResult): string {
  const e = (r.json as ErrorBody | undefined)?.error;
  if (!e || typeof e.code !== 'string' || typeof e.message !== 'string') {
    throw new Error(`not an error body: ${r.status} ${r.text}`);
  }
  return e.code;
}

export function detailsOf(r: CallResult): string[] {
  return (r.json as ErrorBody).error.errors ?? [];
}

/** One call of the control API over HTTP (`/__sim/…`, no auth), as the sandbox and other processes make it. */
export async function ctl(
  sim: Simulator,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${sim.url}/__sim/${path}`, {
    method,
    ...(body !== undefined
      ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
      : {}),
  });
  return { status: res.status, json: await res.json() };
}

export function uuidOf(sim: Simulator, name: string): string {
  const s = sim.control.servers().find((x) => x.name === name);
  if (!s) throw new Error(`no server ${name}`);
  return s.uuid;
}

export const PASSWORD = 'Str0ng-Pass!';

export function signupBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    plan_id: 'vps-4gb',
    period: 1,
    image_id: 'ubuntu-24.04',
    root_password: PASSWORD,
    expected_total_price: 0,
    agree_to_terms: true,
    ...over,
  };
}
