/**
 * Property: no signed delivery, whatever its body, can end the process or
 * leave it unanswered. The guard in front of Bolt lets through only what Bolt
 * reads safely (a body Bolt cannot parse it answers 400 itself; one it parses
 * is an object), and answers the rest 400 at once; a timestamp over five
 * minutes ahead is refused, one within is not.
 */

import { HTTPModuleFunctions } from '@slack/bolt';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkRequestBody,
  checkRequestTimestamp,
  REQUEST_MAX_SKEW_SECONDS,
} from '../../src/slack/request-guard.ts';
import { type Harness, messageText, startHarness } from '../support/app-harness.ts';
import { sign } from '../support/slack-request.ts';
import { nastyText, params } from './support.ts';

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/** Bodies of every shape: JSON values, forms whose payload is any JSON, and text. */
const delivery = fc.oneof(
  fc.record({ type: fc.constant(JSON_TYPE), raw: fc.oneof(fc.json(), nastyText) }),
  fc.record({
    type: fc.constant(FORM),
    raw: fc.oneof(
      fc.json().map((p) => new URLSearchParams({ payload: p }).toString()),
      fc
        .dictionary(fc.constantFrom('payload', 'command', 'text', 'ssl_check', 'x'), nastyText)
        .map((d) => new URLSearchParams(d).toString()),
      nastyText,
    ),
  }),
);

describe('deliveries Bolt does not expect', () => {
  it('passes on only what Bolt can read without a throw', () => {
    fc.assert(
      fc.property(delivery, ({ type, raw }) => {
        const verdict = checkRequestBody(raw, type);
        if (!verdict.ok) {
          expect(verdict.status).toBe(400);
          return;
        }
        let body: unknown;
        try {
          body = HTTPModuleFunctions.parseHTTPRequestBody({
            rawBody: Buffer.from(raw),
            headers: { 'content-type': type },
          } as never);
        } catch {
          return; // Bolt answers 400 itself.
        }
        // What Bolt reads first outside any try.
        expect(typeof body === 'object' && body !== null).toBe(true);
        expect(() => (body as { ssl_check?: unknown; type?: unknown }).ssl_check).not.toThrow();
      }),
      params(2000),
    );
  });

  it('refuses a timestamp more than five minutes ahead and nothing else', () => {
    const now = Date.UTC(2026, 2, 1);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -10_000, max: 10_000 }).map((d) => String(Math.floor(now / 1000) + d)),
          nastyText,
        ),
        (header) => {
          const v = checkRequestTimestamp(header, now);
          const n = Number(header);
          const ahead = Number.isFinite(n) && n > Math.floor(now / 1000) + REQUEST_MAX_SKEW_SECONDS;
          expect(v.ok).toBe(!ahead);
        },
      ),
      params(2000),
    );
  });

  describe('signed, to the running bot', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness();
    });
    afterAll(async () => {
      await h?.close();
    });

    it('answers every delivery whose body is not an object 400, and keeps serving', async () => {
      const notObject = fc.oneof(
        fc.record({
          type: fc.constant(JSON_TYPE),
          raw: fc.oneof(
            fc.constantFrom('null', '0', '[]', '"x"', 'true'),
            fc.array(fc.jsonValue()).map((v) => JSON.stringify(v)),
          ),
        }),
        fc.record({
          type: fc.constant(FORM),
          raw: fc
            .oneof(
              fc.constantFrom('null', '1', '[]', '"s"'),
              fc.array(fc.integer()).map((v) => JSON.stringify(v)),
            )
            .map((p) => new URLSearchParams({ payload: p }).toString()),
        }),
      );
      await fc.assert(
        fc.asyncProperty(notObject, async ({ type, raw }) => {
          const ts = Math.floor(Date.now() / 1000);
          const r = await fetch(h.url, {
            method: 'POST',
            headers: {
              'content-type': type,
              'x-slack-request-timestamp': String(ts),
              'x-slack-signature': sign(h.signingSecret, ts, raw),
            },
            body: raw,
            signal: AbortSignal.timeout(5_000),
          });
          expect(r.status).toBe(400);
        }),
        params(30, 0.01),
      );
      expect(messageText(await (await h.command('help')).reply())).toContain('/vps');
    });
  });
});
