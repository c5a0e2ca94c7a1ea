/**
 * The signature check in front of Bolt's receiver (src/slack/request-guard.ts),
 * which now checks alone (Bolt's own is off): it takes exactly what Bolt's
 * `isValidSlackRequest` takes, for any body, timestamp and signature, Slack's
 * signatures among them; through the real app, see test/handlers/security.test.ts.
 */
import { isValidSlackRequest } from '@slack/bolt';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validSignature } from '../../src/slack/request-guard.ts';
import { sign } from '../support/slack-request.ts';

const SECRET = 'shh-signing-secret-0123';
const NOW = 1_800_000_000_000;

const bolt = (signature: string, timestamp: string, body: string) =>
  isValidSlackRequest({
    signingSecret: SECRET,
    body,
    headers: { 'x-slack-signature': signature, 'x-slack-request-timestamp': Number(timestamp) },
    nowMilliseconds: NOW,
  });

describe('validSignature', () => {
  it('takes what Bolt takes: Slack’s signature within the window, nothing else', () => {
    const now = Math.floor(NOW / 1000);
    const timestamp = fc.oneof(
      fc.integer({ min: now - 400, max: now }).map(String),
      fc.constantFrom('', 'abc', String(now - 301), String(now - 300)),
    );
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        timestamp,
        fc.constantFrom('slack', 'other secret', 'upper case', 'other version', 'cut', 'garbage'),
        fc.string(),
        (body, ts, how, garbage) => {
          const good = sign(SECRET, Number(ts), body);
          const signature = {
            slack: good,
            'other secret': sign('not-the-secret', Number(ts), body),
            'upper case': `v0=${good.slice(3).toUpperCase()}`,
            'other version': `v1=${good.slice(3)}`,
            cut: good.slice(0, -1),
            garbage,
          }[how];
          if (!/^\d+$/.test(ts)) {
            // A timestamp that is no number: both refuse.
            expect(validSignature(signature, ts, body, SECRET, NOW)).toBe(false);
            return;
          }
          expect(validSignature(signature, ts, body, SECRET, NOW)).toBe(bolt(signature, ts, body));
        },
      ),
    );
  });

  it('takes a fresh Slack signature and refuses it stale, forged or missing', () => {
    const ts = String(Math.floor(NOW / 1000) - 10);
    const body = 'command=%2Fvps&text=list';
    expect(validSignature(sign(SECRET, Number(ts), body), ts, body, SECRET, NOW)).toBe(true);
    const stale = String(Math.floor(NOW / 1000) - 301);
    expect(validSignature(sign(SECRET, Number(stale), body), stale, body, SECRET, NOW)).toBe(false);
    expect(validSignature(sign(SECRET, Number(ts), `${body}x`), ts, body, SECRET, NOW)).toBe(false);
    expect(validSignature(undefined, ts, body, SECRET, NOW)).toBe(false);
    expect(validSignature(sign(SECRET, Number(ts), body), undefined, body, SECRET, NOW)).toBe(false);
    expect(validSignature([sign(SECRET, Number(ts), body)], ts, body, SECRET, NOW)).toBe(false);
    // A signature of other characters than hex, even of the right length, throws nothing.
    expect(validSignature(`v0=${'é'.repeat(64)}`, ts, body, SECRET, NOW)).toBe(false);
  });
});
