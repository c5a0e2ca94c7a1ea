/**
 * Acks first, through the real app (src/slack/ack-first.ts): deliveries that
 * arrive together are all acknowledged before any listener's work after its
 * ack (the claim in the store first of all) runs; deliveries arriving one
 * after another hold that work back until none has arrived for QUIET_MS
 * (or one has waited HOLD_MS); and what that work must
 * guarantee still holds when it runs later: a retried delivery that arrives
 * with its original is executed once, and a change whose claim cannot be
 * written is never executed (fails closed) while a read is answered anyway.
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
import { AckFirst, HOLD_MS, QUIET_MS } from '../../src/slack/ack-first.ts';
import { CHANNEL, type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import { sign, slashCommandBody } from '../support/slack-request.ts';

let h: Harness;
const events: string[] = [];
/** When each delivery said it arrived, and when each claim was asked (performance.now(), as AckFirst's). */
const arrivals: number[] = [];
const claims: number[] = [];

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
    claims.push(performance.now());
    return firstSeen(key, ttlMs);
  };
  const arrived = AckFirst.prototype.arrived;
  vi.spyOn(AckFirst.prototype, 'arrived').mockImplementation(function (this: AckFirst) {
    arrivals.push(performance.now());
    arrived.call(this);
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await h?.close();
});
afterEach(() => {
  events.length = 0;
  arrivals.length = 0;
  claims.length = 0;
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
  commands: { id: string; text: string; user: string; triggerId: string; retry?: boolean }[],
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
      ...(c.retry ? ['x-slack-retry-num: 1', 'x-slack-retry-reason: http_timeout'] : []),
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

  it('execute a change once when Slack’s retry arrives with the original, both acknowledged first', async () => {
    const puts = () => h.sim.control.requests({ method: 'PUT', path: /\/memo$/ }).length;
    const before = puts();
    const since = h.slack.lastSeq;
    const sent = await together([
      { id: 'original', text: 'memo web-1 once only', user: OPERATOR, triggerId: 'trig.retried' },
      { id: 'retry', text: 'memo web-1 once only', user: OPERATOR, triggerId: 'trig.retried', retry: true },
    ]);
    for (const s of sent) expect(await s.status).toBe(200);
    const announced = await h.slack.waitFor(
      (c) => c.seq > since && c.method === 'chat.postMessage' && messageText(c).includes('once only'),
    );
    // Both acks went before either claim: the claim decides, not the order of arrival.
    expect(position('ack original')).toBeLessThan(position('claim command:trig.retried'));
    expect(position('ack retry')).toBeLessThan(position('claim command:trig.retried'));
    expect(events.filter((e) => e === 'claim command:trig.retried')).toHaveLength(2);
    expect(announced.args.channel).toBe(CHANNEL);
    // A later command, answered: by then the dropped delivery's work would have shown too.
    await (await h.command('help', { user: OPERATOR })).reply();
    expect(puts() - before).toBe(1);
    const announcements = h.slack.calls.filter(
      (c) => c.seq > since && c.method === 'chat.postMessage' && messageText(c).includes('once only'),
    );
    expect(announcements).toHaveLength(1);
  });

  it('never execute a change whose claim cannot be written; a read is answered anyway', async () => {
    const deliveries = h.bot.store.deliveries;
    const working = deliveries.firstSeen;
    deliveries.firstSeen = async (key) => {
      events.push(`claim ${key}`);
      throw new Error('the store is down');
    };
    try {
      const puts = () => h.sim.control.requests({ method: 'PUT', path: /\/memo$/ }).length;
      const before = puts();
      const sent = await together([
        { id: 'write', text: 'memo web-1 never sent', user: OPERATOR, triggerId: 'trig.down-write' },
        { id: 'read', text: 'list', user: OPERATOR, triggerId: 'trig.down-read' },
      ]);
      for (const s of sent) expect(await s.status).toBe(200);
      const read = await h.slack.waitForResponse(sent[1]!.responseId);
      expect(messageText(read)).toContain('web-1');
      expect(position('ack read')).toBeLessThan(position('claim command:trig.down-write'));
      deliveries.firstSeen = working;
      // A later change goes through: by then the refused one would have been sent, had it run.
      const since = h.slack.lastSeq;
      await h.command('memo web-1 after the outage', { user: OPERATOR });
      await h.slack.waitFor((c) => c.seq > since && c.method === 'chat.postMessage');
      expect(puts() - before).toBe(1);
      expect(h.sim.control.servers().find((s) => s.name === 'web-1')?.memo).toBe('after the outage');
    } finally {
      deliveries.firstSeen = working;
    }
  });
});

describe('deliveries that arrive one after another', () => {
  it('hold every claim until none has arrived for QUIET_MS, or one has waited HOLD_MS', async () => {
    // Each command sent once the one before is acknowledged, as a person clicking quickly, or
    // Slack's deliveries of a busy channel: the work of the first waits while the others come.
    const sent = [];
    for (const text of ['list', 'help', 'show web-1', 'me', 'logs']) {
      const c = await h.command(text, { user: OPERATOR });
      expect(c.ack.status).toBe(200);
      sent.push(c);
    }
    for (const c of sent) await c.reply();
    expect(claims.length).toBeGreaterThanOrEqual(5);
    const first = arrivals[0]!;
    for (const at of claims) {
      const last = Math.max(...arrivals.filter((a) => a <= at));
      // Never within QUIET_MS of a delivery, unless a listener waited HOLD_MS for a quiet moment.
      expect(at - last >= QUIET_MS || at - first >= HOLD_MS, `claim ${at - last} ms after a delivery`).toBe(
        true,
      );
    }
  });
});
