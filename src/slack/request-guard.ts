/**
 * In front of Bolt's HTTP receiver, which checks Slack's signature itself.
 * This refuses more than Bolt 5.1.0 does and nothing Bolt would refuse is let
 * through (what passes here goes on to Bolt's check):
 * - a request line whose URL Node cannot parse (`GET http://[::1`), on any
 *   path: 400 (Bolt parses it outside its error handling and answers 500);
 * - to `/slack/events`, a timestamp more than Slack's five minutes ahead:
 *   401 (Bolt refuses only the past, so a signed request stamped ahead could
 *   be replayed until its time came);
 * - a body that parses, as Bolt parses it, to something other than a JSON
 *   object (`null`, a number, a list, a form whose `payload` is one): 400
 *   (Bolt reads `body.ssl_check` outside any try: a signed `null` rejected a
 *   promise nobody handled and the request was never answered).
 * The body is buffered with Bolt's own function, which then finds it buffered.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { HTTPModuleFunctions, type HTTPReceiver } from '@slack/bolt';
import type { Logger } from '../log.ts';

/** Slack's own window for a request's age, used both ways. */
export const REQUEST_MAX_SKEW_SECONDS = 5 * 60;

export type RequestVerdict = { ok: true } | { ok: false; status: 400 | 401; reason: string };

const OK: RequestVerdict = { ok: true };

/** The timestamp header against the clock: in the future beyond the window is refused (the past is Bolt's). */
export function checkRequestTimestamp(header: string | string[] | undefined, nowMs: number): RequestVerdict {
  if (typeof header !== 'string') return OK;
  const ts = Number(header);
  if (Number.isFinite(ts) && ts > Math.floor(nowMs / 1000) + REQUEST_MAX_SKEW_SECONDS)
    return { ok: false, status: 401, reason: 'request timestamp is in the future' };
  return OK;
}

/** The body as Bolt will parse it must be a JSON object; one Bolt cannot parse is left to Bolt (its 401 or 400). */
export function checkRequestBody(raw: string, contentType: string | undefined): RequestVerdict {
  let body: unknown;
  try {
    body = HTTPModuleFunctions.parseHTTPRequestBody({
      rawBody: Buffer.from(raw),
      headers: { 'content-type': contentType },
    } as Parameters<typeof HTTPModuleFunctions.parseHTTPRequestBody>[0]);
  } catch {
    return OK;
  }
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? OK
    : { ok: false, status: 400, reason: 'request body is not an object' };
}

/** The request's path, or undefined when its URL cannot be parsed. */
export function pathOf(url: string | undefined): string | undefined {
  try {
    return new URL(url ?? '/', 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

export function refuse(res: ServerResponse, status: number): void {
  res.writeHead(status);
  res.end();
}

/** Puts the checks above in front of `receiver`'s request listener. */
export function guardSlackRequests(
  receiver: HTTPReceiver,
  opts: { endpoint: string; logger: Logger; now?: () => number },
): void {
  const inner: RequestListener = receiver.requestListener;
  const log = opts.logger.child({ component: 'request-guard' });
  const now = opts.now ?? Date.now;
  receiver.requestListener = (req: IncomingMessage, res: ServerResponse) => {
    const path = pathOf(req.url);
    if (path === undefined) {
      refuse(res, 400);
      return;
    }
    if (req.method?.toUpperCase() !== 'POST' || path !== opts.endpoint) {
      inner(req, res);
      return;
    }
    const time = checkRequestTimestamp(req.headers['x-slack-request-timestamp'], now());
    if (!time.ok) {
      log.warn({ reason: time.reason }, 'Slack delivery refused');
      refuse(res, time.status);
      return;
    }
    HTTPModuleFunctions.bufferIncomingMessage(req, HTTPModuleFunctions.defaultBodyLimit).then(
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
        // Bolt's own answers to a body it cannot read.
        const tooLarge =
          HTTPModuleFunctions.isRawBodyError(err) && (err as { statusCode: number }).statusCode === 413;
        log.warn({ reason: tooLarge ? 'body too large' : 'body unreadable' }, 'Slack delivery refused');
        refuse(res, tooLarge ? 413 : 400);
      },
    );
  };
}
