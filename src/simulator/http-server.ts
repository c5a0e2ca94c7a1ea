/**
 * The request pipeline of the provider API:
 * read body -> fault "drop before" -> auth (401/403 IP) -> rate limit (429)
 * -> Idempotency-Key reservation (signup) -> latency -> fault answer or route
 * -> remember signup outcome -> fault "drop after"/"truncate" -> answer, then
 * record the request and the key's execution log.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, errorBodyFor } from './api-error.ts';
import type { KeyRecord } from './api-keys.ts';
import type { SimCore } from './core.ts';
import type { ActiveFault } from './faults.ts';
import type { RateHeaders } from './rate-limit.ts';
import { maskSecrets } from './request-journal.ts';
import { matchRoute, type RequestContext, type Route } from './routing.ts';
import { fingerprint, idempotencyKeyOf } from './vps-signup.ts';

const MAX_BODY = 1024 * 1024;

interface Answer {
  status: number;
  body: unknown;
  /** Sent as-is instead of JSON (fault rawBody). */
  raw?: string;
  headers?: Record<string, string>;
}

function errorAnswer(e: ApiError): Answer {
  return { status: e.status, body: e.body() };
}

/** The `error` of an error answer's body, for the journal (what was refused, and why). */
function errorOf(body: unknown): { code: string; errors: string[] } | undefined {
  if (!body || typeof body !== 'object' || !('error' in body)) return undefined;
  const e = (body as { error: unknown }).error;
  if (!e || typeof e !== 'object') return undefined;
  const { code, errors } = e as { code?: unknown; errors?: unknown };
  return {
    code: typeof code === 'string' ? code : '',
    errors: Array.isArray(errors) ? errors.filter((x): x is string => typeof x === 'string') : [],
  };
}

function clientIp(req: IncomingMessage): string {
  const a = req.socket.remoteAddress ?? '';
  return a.startsWith('::ffff:') ? a.slice(7) : a;
}

export function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function parseQuery(search: URLSearchParams): Record<string, string> {
  const q: Record<string, string> = {};
  for (const [k, v] of search) q[k] = v;
  return q;
}

/** JSON body parsing with the provider's 400 for malformed input. */
function bodyParser(raw: Buffer, contentType: string | undefined): () => unknown {
  let parsed: { ok: true; value: unknown } | { ok: false; error: ApiError } | undefined;
  return () => {
    if (!parsed) {
      const text = raw.toString('utf8');
      if (text.trim() === '') parsed = { ok: true, value: undefined };
      else if (!contentType || !/^application\/json\b/i.test(contentType)) {
        parsed = {
          ok: false,
          error: new ApiError('BAD_REQUEST', 'Content-Type には application/json を指定してください。'),
        };
      } else {
        try {
          parsed = { ok: true, value: JSON.parse(text) };
        } catch {
          parsed = { ok: false, error: new ApiError('BAD_REQUEST', 'リクエストボディのJSONが不正です。') };
        }
      }
    }
    if (!parsed.ok) throw parsed.error;
    return parsed.value;
  };
}

function safeJson(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
  }
}

function send(res: ServerResponse, a: Answer, rate: RateHeaders, truncate: boolean, stall = false): void {
  const text = a.raw ?? JSON.stringify(a.body);
  const buf = Buffer.from(text, 'utf8');
  const headers: Record<string, string | number> = {
    ...rate,
    ...(a.headers ?? {}),
    'Content-Type':
      a.raw !== undefined
        ? a.raw.trimStart().startsWith('<')
          ? 'text/html; charset=utf-8'
          : 'text/plain; charset=utf-8'
        : 'application/json; charset=utf-8',
    'Content-Length': truncate ? buf.length + 64 : buf.length,
  };
  res.writeHead(a.status, headers);
  if (stall) {
    // Half the body, then silence: the socket stays open until the client gives up.
    res.write(buf.subarray(0, Math.floor(buf.length / 2)));
    return;
  }
  if (truncate) {
    // Announce more than we send, then cut the connection: a truncated answer.
    res.write(buf, () => res.destroy());
    return;
  }
  res.end(buf);
}

/** The key a request carries in its `Authorization: Bearer` header, if any. */
export function bearer(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer +(\S+)\s*$/i.exec(h);
  return m?.[1];
}

export async function handleApiRequest(
  core: SimCore,
  routes: readonly Route[],
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const started = performance.now();
  const method = (req.method ?? 'GET').toUpperCase();
  const path = url.pathname;
  const query = parseQuery(url.searchParams);
  const raw = await readBody(req);
  const ip = clientIp(req);
  const at = core.now();
  core.enter();
  let entered = true;
  const leave = () => {
    if (entered) {
      entered = false;
      core.leave();
    }
  };
  let key: KeyRecord | undefined;
  let release: (() => void) | undefined;
  let fault: ActiveFault | undefined;
  const idemHeader = idempotencyKeyOf(req.headers);
  const record = (status: number, answer?: unknown) => {
    const error = errorOf(answer);
    core.journal.add({
      at,
      method,
      path,
      query,
      ...(key ? { keyName: key.name } : {}),
      ...(idemHeader !== undefined ? { idempotencyKey: idemHeader } : {}),
      body: raw ? maskSecrets(safeJson(raw)) : undefined,
      status,
      ...(error ? { error } : {}),
      ...(fault ? { faultId: fault.id } : {}),
    });
    if (key) {
      core.apiLog.add({
        keyName: key.name,
        method,
        path,
        statusCode: status,
        responseTimeMs: status === 0 ? null : Math.round(performance.now() - started),
        ipAddress: ip,
        createdAt: at,
      });
    }
  };
  const finish = (a: Answer, rate: RateHeaders, truncate = false, stall = false) => {
    res.once('close', () => release?.());
    send(res, a, rate, truncate, stall);
    leave();
    record(a.status, a.raw === undefined ? a.body : undefined);
  };
  const drop = () => {
    req.socket.destroy();
    release?.();
    leave();
    record(0);
  };

  try {
    core.tick();
    fault = core.faults.take(method, path);
    if (fault?.rule.drop === 'before') {
      drop();
      return;
    }
    if (raw === null) {
      finish(
        errorAnswer(new ApiError('BAD_REQUEST', 'リクエストボディが大きすぎます。')),
        core.limiter.anonymousHeaders(at.getTime()),
      );
      return;
    }
    const token = bearer(req);
    key = token ? core.authenticate(token) : undefined;
    if (!key || (key.expiresAt && key.expiryEnforced && key.expiresAt.getTime() <= at.getTime())) {
      // Failures that cannot be tied to a usable key are not in any key's log.
      key = undefined;
      finish(errorAnswer(new ApiError('UNAUTHORIZED')), core.limiter.anonymousHeaders(at.getTime()));
      return;
    }
    const rec = key;
    if (rec.allowedIps && !rec.allowedIps.includes(ip)) {
      finish(
        errorAnswer(new ApiError('FORBIDDEN', '許可されていないIPアドレスからのアクセスです。')),
        core.limiter.anonymousHeaders(at.getTime()),
      );
      return;
    }
    const admission = core.limiter.admit(rec.name, at.getTime());
    if (!admission.ok) {
      finish(errorAnswer(new ApiError('RATE_LIMIT_EXCEEDED')), {
        ...admission.headers,
        'Retry-After': String(admission.retryAfter),
      });
      return;
    }
    release = admission.release;
    const rate = admission.headers;

    const ctx: RequestContext = {
      core,
      method,
      path,
      params: {},
      query,
      key: rec,
      ip,
      headers: req.headers,
      body: bodyParser(raw, req.headers['content-type']),
    };
    let match: ReturnType<typeof matchRoute>;
    let early: Answer | undefined;
    try {
      match = matchRoute(routes, method, path);
    } catch (e) {
      early = e instanceof ApiError ? errorAnswer(e) : undefined;
    }

    // Idempotency-Key: reserve before any latency so a concurrent repeat sees "in process".
    let reservation: { key: string; fp: string } | undefined;
    if (!early && match?.route.signup && idemHeader && /^[A-Za-z0-9_-]{8,64}$/.test(idemHeader)) {
      let parsed: unknown;
      try {
        parsed = ctx.body();
      } catch {
        parsed = undefined;
      }
      const isDry =
        !!parsed && typeof parsed === 'object' && (parsed as Record<string, unknown>).dry_run === true;
      if (parsed !== undefined && !isDry) {
        const fp = fingerprint(parsed);
        const existing = core.world.idempotency.get(idemHeader);
        if (existing?.state === 'in_process') early = errorAnswer(new ApiError('DUPLICATE_REQUEST'));
        else if (existing?.state === 'done') {
          early =
            existing.fingerprint === fp
              ? { status: existing.status ?? 200, body: existing.body }
              : errorAnswer(
                  new ApiError('VALIDATION_ERROR', undefined, [
                    'Idempotency-Key: 既に別の内容のリクエストで使用されています。',
                  ]),
                );
        } else {
          core.world.idempotency.set(idemHeader, { state: 'in_process', fingerprint: fp });
          reservation = { key: idemHeader, fp };
        }
      }
    }
    core.announce();

    const wait = core.latencyMs + (fault?.rule.latencyMs ?? 0);
    if (wait > 0) {
      await core.clock.sleep(wait);
      // Simulated time moved while this request waited (signups may have completed).
      core.tick();
    }
    let answer: Answer;
    if (early) answer = early;
    else if (
      fault &&
      (fault.rule.status !== undefined || fault.rule.code !== undefined || fault.rule.rawBody !== undefined)
    ) {
      const status = fault.rule.status ?? 500;
      const headers = { ...(status === 429 ? { 'Retry-After': '1' } : {}), ...(fault.rule.headers ?? {}) };
      answer =
        fault.rule.rawBody !== undefined
          ? { status, body: undefined, raw: fault.rule.rawBody, headers }
          : { status, body: errorBodyFor(status, fault.rule.code), headers };
    } else if (!match) {
      answer = errorAnswer(new ApiError('NOT_FOUND', '指定されたAPIが見つかりません。'));
    } else {
      answer = runRoute(match.route, { ...ctx, params: match.params });
    }

    if (reservation) {
      if (answer.status === 200 && answer.raw === undefined) {
        core.world.idempotency.set(reservation.key, {
          state: 'done',
          fingerprint: reservation.fp,
          status: 200,
          body: answer.body,
        });
      } else core.world.idempotency.delete(reservation.key);
    }

    // A client that gave up (timeout) does not stop the work, as at a real
    // server: a signup is still charged and its outcome kept for the retry.
    if (fault?.rule.drop === 'after' || res.destroyed || req.socket.destroyed) {
      drop();
      return;
    }
    finish(answer, rate, fault?.rule.truncate === true, fault?.rule.stallBody === true);
  } catch (e) {
    const a =
      e instanceof ApiError ? errorAnswer(e) : { status: 500, body: errorBodyFor(500, 'INTERNAL_ERROR') };
    if (!res.headersSent && !res.destroyed) finish(a, core.limiter.anonymousHeaders(at.getTime()));
    else {
      release?.();
      leave();
    }
  }
}

function runRoute(route: Route, ctx: RequestContext): Answer {
  try {
    return { status: 200, body: route.handle(ctx) };
  } catch (e) {
    if (e instanceof ApiError) return errorAnswer(e);
    // A simulator bug must still look like the provider's 500, with the cause for the test log.
    const msg = e instanceof Error ? e.message : String(e);
    return {
      status: 500,
      body: {
        error: { code: 'INTERNAL_ERROR', message: 'サーバー内部でエラーが発生しました。', errors: [msg] },
      },
    };
  }
}
