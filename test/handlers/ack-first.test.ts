/**
 * Acks before work, through the real app (src/slack/ack-first.ts): commands
 * that arrive together are all acknowledged before any listener's work after
 * its ack (the claim in the store first of all) runs, and all are answered.
 *
 * "Together" is made exact: the test opens its connections first, then writes
 * every request in one turn of the event loop, so they sit on the sockets
 * before the bot reads any of them. What the server does is recorded in order:
 * each HTTP answer as it is handed to the socket (`ServerResponse.end`), and
 * each claim as the store is asked.
 */
import { ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNEL, type Harness, OPERATOR, startHarness } from '../support/app-harness.ts';
import { sign, slashCommandBody } from '../support/slack-request.ts';

let h: Harness;
const events: string[] = [];

beforeAll(async () => {
  h = await startHarness({ rateLimit: { limit: 600, windowSeconds: 60, concurrent: 5 } });
  const end = ServerResponse.prototype.end;
  vi.spyOn(ServerResponse.prototype, 'end').mockImplementation(function (
    this: ServerResponse,
    ...args: unknown[]
  ) {
    const id = this.req?.headers['x-test-delivery'];
    if (typeof id === 'string') events.push(`ack ${id}`);
    return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
  });
  const deliveries = h.bot.store.deliveries;
  const firstSeen = deliveries.firstSeen.bind(deliveries);
  deliveries.firstSeen = async (key, ttlMs) => {
    events.push(`claim ${key}`);
    return firstSeen(key, ttlMs);
  };
});
afterAll(async () => {
  vi.restoreAllMocks();
  await h?.close();
});
afterEach(() => {
  events.length = 0;
});

interface Sent {
  /** The HTTP status of the ack. */
  status: Promise<number>;
  responseId: string;
}

let n = 0;

/**
 * Sends each command on its own connection, all written in one turn of the
 * event loop after every connection is open.
 */
async function together(
  commands: { id: string; text: string; user: string; triggerId: string }[],
): Promise<Sent[]> {
  const { port } = new URL(h.url);
  const sockets = await Promise.all(
    commands.map(
      () =>
        new Promise<Socket>((resolve, reject) => {
          const s = connect(Number(port), '127.0.0.1', () => resolve(s));
          s.on('error', reject);
        }),
    ),
  );
  // The bot accepts a connection on the loop turn after it is made: a few turns, and it holds them all.
  for (let i = 0; i < 5; i += 1) await new Promise<void>((r) => setImmediate(r));
  const sent = commands.map((c, i) => {
    const socket = sockets[i]!;
    const responseId = `together-${++n}`;
    const body = slashCommandBody({
      text: c.text,
      userId: c.user,
      channelId: CHANNEL,
      responseUrl: h.slack.responseUrl(responseId),
      triggerId: c.triggerId,
    });
    const ts = Math.floor(Date.now() / 1000);
    const head = [
      'POST /slack/events HTTP/1.1',
      'host: 127.0.0.1',
      'content-type: application/x-www-form-urlencoded',
      `content-length: ${Buffer.byteLength(body)}`,
      `x-slack-request-timestamp: ${ts}`,
      `x-slack-signature: ${sign(h.signingSecret, ts, body)}`,
      `x-test-delivery: ${c.id}`,
      'connection: close',
    ];
    const status = new Promise<number>((resolve, reject) => {
      let text = '';
      socket.on('data', (d: Buffer) => {
        text += d.toString();
      });
      socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
      socket.on('error', reject);
    });
    return { socket, request: `${head.join('\r\n')}\r\n\r\n${body}`, status, responseId };
  });
  // One turn: every request is on its socket before the bot reads the first.
  for (const s of sent) s.socket.write(s.request);
  return sent.map(({ status, responseId }) => ({ status, responseId }));
}

const position = (event: string) => {
  const i = events.indexOf(event);
  expect(i, `${event} in ${events.join(', ')}`).toBeGreaterThanOrEqual(0);
  return i;
};

describe('deliveries that arrive together', () => {
  it('are all acknowledged before any of their work runs, and all answered', async () => {
    const sent = await together([
      { id: 'a', text: 'list', user: OPERATOR, triggerId: 'trig.together-a' },
      { id: 'b', text: 'help', user: OPERATOR, triggerId: 'trig.together-b' },
      { id: 'c', text: 'show web-1', user: OPERATOR, triggerId: 'trig.together-c' },
    ]);
    for (const s of sent) expect(await s.status).toBe(200);
    for (const s of sent) await h.slack.waitForResponse(s.responseId);
    const lastAck = Math.max(position('ack a'), position('ack b'), position('ack c'));
    const firstClaim = Math.min(
      position('claim command:trig.together-a'),
      position('claim command:trig.together-b'),
      position('claim command:trig.together-c'),
    );
    expect(lastAck, events.join(', ')).toBeLessThan(firstClaim);
  });
});
