/**
 * What Bolt's HTTP receiver does not check before it reads a delivery, checked
 * in front of it on `/slack/events`:
 * - a request timestamp too far in the future is refused like a stale one
 *   (Bolt refuses only the past: a signed request captured with a timestamp
 *   ahead of the clock could otherwise be replayed until that time comes);
 * - a body that is not a JSON object (`null`, a number, an array, a form whose
 *   `payload` is one of those) is answered 400 at once: Bolt reads
 *   `body.ssl_check` outside any try, so a signed `null` would reject a
 *   promise nobody handles and leave the request unanswered.
 * The buffered body is left on the request, where Bolt reads it again.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { HTTPModuleFunctions, type HTTPReceiver } from '@slack/bolt';
import type { Logger } from '../log.ts';

/** Slack's own window for a request's age, used both ways. */
export const REQUEST_MAX_SKEW_SECONDS = 5 * 60;

export type RequestVerdict = { ok: true } | { ok: false; status: 400 | 401; reason: string };

/** The timestamp header against the clock: in the future beyond the window is refused (the past is Bolt's). */
export function checkRequestTimestamp(header: string | string[] | undefined, nowMs: number): RequestVerdict {
  if (typeof header !== 'string') return { ok: true };
  const ts = Number(header);
  if (Number.isFinite(ts) && ts > Math.floor(nowMs / 1000) + REQUEST_MAX_SKEW_SECONDS)
    return { ok: false, status: 401, reason: 'request timestamp is in the future' };
  return { ok: true };
}

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body as Bolt will parse it must be an object; a body Bolt cannot parse is left to Bolt (its 400). */
export function checkRequestBody(raw: string, contentType: string | undefined): RequestVerdict {
  let body: unknown;
  try {
    if (contentType === 'application/x-www-form-urlencoded') {
      const { payload } = parseQuery(raw);
      if (typeof payload !== 'string') return { ok: true };
      body = JSON.parse(payload);
    } else body = JSON.parse(raw);
  } catch {
    return { ok: true };
  }
  return isObject(body) ? { ok: true } : { ok: false, status: 400, reason: 'request body is not an object' };
}

function pathOf(url: string | undefined): string {
  try {
    return new URL(url ?? '/', 'http://localhost').pathname;
  } catch {
    return '';
  }
}

function refuse(res: ServerResponse, status: number): void {
  if (res.headersSent) return;
  res.writeHead(status);
  res.end();
}

/** Puts the checks in front of the receiver's own listener for deliveries to `endpoint`. */
export function guardSlackRequests(
  receiver: HTTPReceiver,
  opts: { endpoint: string; logger: Logger; now?: () => number; bodyLimit?: number },
): void {
  const inner: RequestListener = receiver.requestListener;
  const log = opts.logger.child({ component: 'http' });
  const now = opts.now ?? Date.now;
  receiver.requestListener = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method?.toUpperCase() !== 'POST' || pathOf(req.url) !== opts.endpoint) {
      inner(req, res);
      return;
    }
    const time = checkRequestTimestamp(req.headers['x-slack-request-timestamp'], now());
    if (!time.ok) {
      log.warn({ reason: time.reason }, 'Slack delivery refused');
      refuse(res, time.status);
      return;
    }
    HTTPModuleFunctions.bufferIncomingMessage(
      req,
      opts.bodyLimit ?? HTTPModuleFunctions.defaultBodyLimit,
    ).then(
      (buffered) => {
        const body = checkRequestBody(buffered.rawBody.toString(), req.headers['content-type']);
        if (!body.ok) {
          log.warn({ reason: body.reason }, 'Slack delivery refused');
          refuse(res, body.status);
          return;
        }
        inner(buffered, res);
      },
      (err: unknown) => {
        const tooLarge =
          HTTPModuleFunctions.isRawBodyError(err) && (err as { statusCode: number }).statusCode === 413;
        log.warn({ reason: tooLarge ? 'body too large' : 'body unreadable' }, 'Slack delivery refused');
        refuse(res, tooLarge ? 413 : 400);
      },
    );
  };
}
