/**
 * The journal of sent requests (sent-requests.ts) through the real client and
 * the simulator: every HTTP request is noted as it leaves (a retry is a
 * request of its own, a shared read one), with the path as the key's log
 * names it; the notes go out in batches, one write in flight, never in a
 * request's way; a failed write is kept for the next one, and closing the
 * client writes what is left.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  loggedPath,
  ProviderClient,
  type SentRequest,
  SentRequestJournal,
} from '../../src/provider/index.ts';
import { type Harness, startHarness } from './support/sim-client.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A sink the test opens and closes: writes wait until released. */
function gatedSink() {
  const batches: SentRequest[][] = [];
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  let failNext = false;
  return {
    batches,
    hold() {
      gate = new Promise<void>((r) => {
        release = r;
      });
    },
    open() {
      release();
      gate = Promise.resolve();
    },
    failOnce() {
      failNext = true;
    },
    sink: {
      append: async (rows: readonly SentRequest[]) => {
        await gate;
        if (failNext) {
          failNext = false;
          throw new Error('database away');
        }
        batches.push([...rows]);
      },
    },
  };
}

const turns = async (n = 50) => {
  for (let i = 0; i < n; i += 1) await new Promise<void>((r) => setImmediate(r));
};

describe('the journal of sent requests', () => {
  it('notes every request as it leaves, with the path as the log names it, and the log agrees', async () => {
    const g = gatedSink();
    h = await startHarness({}, { sentRequests: g.sink });
    const uuid = h.sim.control.servers()[0]!.uuid;
    await h.client.me();
    await h.client.logs({ limit: 5, status_class: 'success' });
    await h.client.getServer(uuid);
    await h.client.flushSent();
    const noted = g.batches.flat();
    expect(noted.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/me',
      'GET /v1/logs',
      `GET /v1/vps/servers/${uuid}`,
    ]);
    // The key's log names the same requests the same way (no query); a log read is logged once answered.
    const log = await h.client.logs({ limit: 10 });
    const logged = log.logs.map((l) => `${l.method} ${loggedPath(l.path)}`);
    expect(logged.reverse()).toEqual(noted.map((r) => `${r.method} ${r.path}`));
    // Times are the client's clock when the request left.
    for (const r of noted) expect(r.sentAt).toBeLessThanOrEqual(h.clock.now());
  });

  it('notes each retry, costs a request nothing while the store is slow, and keeps what failed', async () => {
    const g = gatedSink();
    h = await startHarness({}, { sentRequests: g.sink, retry: { maxAttempts: 2 } });
    h.sim.control.addFault({ path: '/v1/me', status: 503, code: 'SERVICE_UNAVAILABLE', times: 1 });
    g.hold();
    // The store does not answer: the requests are answered anyway.
    await h.client.me();
    await h.client.listServers();
    await turns();
    expect(g.batches).toEqual([]);
    g.failOnce();
    g.open();
    await turns();
    // The first write failed: kept, and written with what comes next.
    expect(g.batches.flat()).toHaveLength(0);
    await h.client.me();
    await h.client.flushSent();
    expect(g.batches.flat().map((r) => r.path)).toEqual(['/v1/me', '/v1/me', '/v1/vps/servers', '/v1/me']);
  });

  it('writes one batch at a time, everything that waited going in the next', async () => {
    const batches: number[] = [];
    let release: (() => void)[] = [];
    const j = new SentRequestJournal({
      now: () => 1,
      sink: {
        append: (rows) =>
          new Promise<void>((r) => {
            batches.push(rows.length);
            release.push(r);
          }),
      },
    });
    j.note('GET', '/a');
    for (let i = 0; i < 5; i += 1) j.note('GET', '/b');
    expect(batches).toEqual([1]);
    expect(j.unwritten).toBe(5);
    const done = j.flush();
    const first = release;
    release = [];
    for (const r of first) r();
    await turns();
    expect(batches).toEqual([1, 5]);
    for (const r of release) r();
    await done;
    expect(j.unwritten).toBe(0);
  });

  it('closing the client writes what is left', async () => {
    const g = gatedSink();
    h = await startHarness();
    const client = new ProviderClient({ baseUrl: h.sim.url, apiKey: h.sim.keys.full, sentRequests: g.sink });
    g.hold();
    await client.me();
    await client.me();
    const closing = client.close();
    await turns();
    g.open();
    await closing;
    expect(g.batches.flat()).toHaveLength(2);
  });

  it('notes the time of the clock the log is judged by, when the sink names one (a sandbox moves the bot’s)', async () => {
    const g = gatedSink();
    h = await startHarness();
    const moved = Date.parse('2030-01-01T00:00:00Z');
    const client = h.makeClient(h.sim.keys.full, { sentRequests: { ...g.sink, now: () => moved } });
    await client.me();
    await client.flushSent();
    expect(g.batches.flat().map((r) => r.sentAt)).toEqual([moved]);
  });

  it('reads a path as the log names it', () => {
    expect(loggedPath('/v1/vps/servers/a%20b/name?x=1')).toBe('/v1/vps/servers/a b/name');
    expect(loggedPath('/v1/logs/')).toBe('/v1/logs');
    expect(loggedPath('/')).toBe('/');
    expect(loggedPath('/v1/%E0%A4%A')).toBe('/v1/%E0%A4%A');
  });
});
