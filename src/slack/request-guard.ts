/**
 * Every delivery to `/slack/events` is checked here, in front of Bolt's HTTP
 * receiver, which is told not to verify again (app.ts):
 * - its signature: Slack's v0 HMAC-SHA256 of `v0:<timestamp>:<body>` with the
 *   signing secret, compared in constant time, and its timestamp within
 *   Slack's five minutes either way (Bolt refused only the past: a signed
 *   request captured with a timestamp ahead of the clock could otherwise be
 *   replayed until that time comes); anything else is answered 401, as Bolt
 *   answered it. Checked once, with node's `timingSafeEqual`: Bolt's own check
 *   draws random bytes and computes two more HMACs for every comparison, and
 *   ran a second time after this one's;
 * - Slack's `ssl_check=1` pings, which Slack does not sign, go on to Bolt
 *   stripped of anything else, as Bolt's own check let them (Bolt answers 200);
 * - of a signed delivery, a body that is not a JSON object (`null`, a number,
 *   an array, a form whose `payload` is one of those) is answered 400 at
 *   once: Bolt reads `body.ssl_check` outside any try, so a signed `null`
 *   would reject a promise nobody handles and leave the request unanswered;
 * - and an object Bolt cannot read safely (delivery-shape.ts) is answered 400,
 *   a kind of delivery the app does not serve 200, each with a log line.
 * The buffered body is left on the request, where Bolt reads it again; a form
 * is parsed once here for all of these.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { type ParsedUrlQuery, parse as parseForm } from 'node:querystring';
import { HTTPModuleFunctions, type HTTPReceiver } from '@slack/bolt';
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

/** The content type of the bodies Slack sends as a form (commands, interactions), exactly as Bolt tells them. */
const FORM = 'application/x-www-form-urlencoded';

/** The body as Bolt parses it (HTTPModuleFunctions.parseHTTPRequestBody), from a form already parsed. */
function parseBody(raw: string, form: ParsedUrlQuery | undefined): unknown {
  if (!form) return JSON.parse(raw);
  return typeof form.payload === 'string' ? JSON.parse(form.payload) : form;
}

/**
 * The body as Bolt will parse it must be an object of a shape Bolt reads
 * safely; a body Bolt cannot parse is left to Bolt (its 400). `form`: the
 * body already parsed as a form, when it is one.
 */
export function checkRequestBody(
  raw: string,
  contentType: string | undefined,
  form: ParsedUrlQuery | undefined = contentType === FORM ? parseForm(raw) : undefined,
): RequestVerdict {
  let body: unknown;
  try {
    body = parseBody(raw, form);
  } catch {
    return { ok: true };
  }
  if (!isObject(body)) return { ok: false, status: 400, reason: 'request body is not an object' };
  const shape = checkDeliveryShape(body as Record<string, unknown>);
  if (shape.ok) return shape;
  const kind = deliveryKind(body as Record<string, unknown>);
  return { ok: false, status: shape.kind === 'malformed' ? 400 : 200, reason: shape.reason, kind };
}

/**
 * Slack's signature of `raw` (v0: HMAC-SHA256 of `v0:<timestamp>:<body>` with
 * the signing secret, hex), compared in constant time, with the timestamp
 * no older than Slack's window (the future is refused before, by
 * checkRequestTimestamp).
 */
export function validSignature(
  signature: string | string[] | undefined,
  timestamp: string | string[] | undefined,
  raw: string,
  signingSecret: string,
  nowMs: number,
): boolean {
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !signature.startsWith('v0='))
    return false;
  const ts = Number(timestamp);
  if (!Number.isFinite(ts) || ts < Math.floor(nowMs / 1000) - REQUEST_MAX_SKEW_SECONDS) return false;
  const expected = createHmac('sha256', signingSecret).update(`v0:${timestamp}:${raw}`).digest('hex');
  // Header values are latin1, one byte a character: the lengths compared are the buffers'.
  const given = Buffer.from(signature.slice(3), 'latin1');
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected, 'latin1'));
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
        const form = req.headers['content-type'] === FORM ? parseForm(raw) : undefined;
        if (form?.ssl_check === '1') {
          // Slack's unsigned check that the address answers: Bolt's 200, nothing else of it read.
          buffered.rawBody = Buffer.from('ssl_check=1');
          inner(buffered, res);
          return;
        }
        const signature = req.headers['x-slack-signature'];
        const timestamp = req.headers['x-slack-request-timestamp'];
        if (!validSignature(signature, timestamp, raw, opts.signingSecret, now())) {
          log.warn({ reason: 'signature' }, 'Slack delivery refused');
          refuse(res, 401);
          return;
        }
        const body = checkRequestBody(raw, req.headers['content-type'], form);
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
