/**
 * What Bolt's HTTP receiver does not check before it reads a delivery, checked
 * in front of it on `/slack/events`:
 * - a request timestamp too far in the future is refused like a stale one
 *   (Bolt refuses only the past: a signed request captured with a timestamp
 *   ahead of the clock could otherwise be replayed until that time comes);
 * - of a signed delivery (an unsigned one is Bolt's to refuse, 401), a body
 *   that is not a JSON object (`null`, a number, an array, a form whose
 *   `payload` is one of those) is answered 400 at once: Bolt reads
 *   `body.ssl_check` outside any try, so a signed `null` would reject a
 *   promise nobody handles and leave the request unanswered;
 * - and an object Bolt cannot read safely (delivery-shape.ts) is answered 400,
 *   a kind of delivery the app does not serve 200, each with a log line.
 * The buffered body is left on the request, where Bolt reads it again.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { HTTPModuleFunctions, type HTTPReceiver, isValidSlackRequest } from '@slack/bolt';
import type { Logger } from '../log.ts';
import { checkDeliveryShape, deliveryKind } from './delivery-shape.ts';

/** Slack's own window for a request's age, used both ways. */
export const REQUEST_MAX_SKEW_SECONDS = 5 * 60;

export type RequestVerdict =
  | { ok: true }
  | { ok: false; status: 200 | 400 | 401; reason: string; kind?: string | undefined };

/** The timestamp header against the clock: in the future beyond the window is refused (the past is Bolt's). */
export function checkRequestTimestamp(header: string | string[] | undefined, nowMs: number): RequestVerdict {
  if (typeof header !== 'string') return { ok: true };
  const ts = Number(header);
  if (Number.isFinite(ts) && ts > Math.floor(nowMs / 1000) + REQUEST_MAX_SKEW_SECONDS)
    return { ok: false, status: 401, reason: 'request timestamp is in the future' };
  return { ok: true };
}

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The body as Bolt will parse it must be an object of a shape Bolt reads
 * safely; a body Bolt cannot parse is left to Bolt (its 400).
 */
export function checkRequestBody(raw: string, contentType: string | undefined): RequestVerdict {
  let body: unknown;
  try {
    body = HTTPModuleFunctions.parseHTTPRequestBody({
      rawBody: Buffer.from(raw),
      headers: { 'content-type': contentType },
    } as Parameters<typeof HTTPModuleFunctions.parseHTTPRequestBody>[0]);
  } catch {
    return { ok: true };
  }
  if (!isObject(body)) return { ok: false, status: 400, reason: 'request body is not an object' };
  const shape = checkDeliveryShape(body as Record<string, unknown>);
  if (shape.ok) return shape;
  const kind = deliveryKind(body as Record<string, unknown>);
  return { ok: false, status: shape.kind === 'malformed' ? 400 : 200, reason: shape.reason, kind };
}

function pathOf(url: string | undefined): string {
  try {
    return new URL(url ?? '/', 'http://localhost').pathname;
  } catch {
    return '';
  }
}

/** Signed with our secret and within Slack's window: only such a delivery is judged here. */
function signed(req: IncomingMessage, raw: string, signingSecret: string, nowMs: number): boolean {
  const signature = req.headers['x-slack-signature'];
  const timestamp = req.headers['x-slack-request-timestamp'];
  if (typeof signature !== 'string' || typeof timestamp !== 'string') return false;
  return isValidSlackRequest({
    signingSecret,
    body: raw,
    headers: { 'x-slack-signature': signature, 'x-slack-request-timestamp': Number(timestamp) },
    nowMilliseconds: nowMs,
  });
}

function refuse(res: ServerResponse, status: number): void {
  if (res.headersSent) return;
  res.writeHead(status);
  res.end();
}

/** Puts the checks in front of the receiver's own listener for deliveries to `endpoint`. */
export function guardSlackRequests(
  receiver: HTTPReceiver,
  opts: { endpoint: string; signingSecret: string; logger: Logger; now?: () => number; bodyLimit?: number },
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
        const raw = buffered.rawBody.toString();
        if (!signed(req, raw, opts.signingSecret, now())) {
          inner(buffered, res); // Bolt refuses it, 401
          return;
        }
        const body = checkRequestBody(raw, req.headers['content-type']);
        if (!body.ok) {
          if (body.status === 200)
            log.info({ reason: body.reason, kind: body.kind }, 'Slack delivery not served');
          else log.warn({ reason: body.reason, kind: body.kind }, 'Slack delivery refused');
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
