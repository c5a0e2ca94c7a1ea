/**
 * Identical reads in flight are one request: counted at the simulator, never
 * joined across a change, raised to the priority of whoever joins, and
 * abandoned only when everyone waiting on it has gone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { flush } from './support/manual-clock.ts';
import { type Harness, startHarness } from './support/sim-client.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Lets I/O run until `cond` holds (or `turns` event-loop turns have passed). */
async function until(cond: () => boolean, turns = 2000): Promise<void> {
  for (let i = 0; i < turns && !cond(); i += 1) await new Promise<void>((r) => setImmediate(r));
}

const listPath = '/v1/vps/servers';

describe('coalesced reads', () => {
  it('ten identical reads at once are one request; each asker gets its own copy', async () => {
    h = await startHarness({ latencyMs: 50 }, { clockKind: 'manual' });
    const all = Promise.all(Array.from({ length: 10 }, () => h!.client.listServers({ priority: 'read' })));
    await h.sim.control.waitForInFlight(1);
    await flush();
    h.sim.control.clock.advance(50);
    const lists = await all;
    h.sim.control.setLatency(0);
    expect(h.sim.control.requests({ path: listPath })).toHaveLength(1);
    expect(new Set(lists.map((l) => l.servers.length))).toEqual(new Set([lists[0]!.servers.length]));
    // Parsed once per asker: one changing its copy cannot change another's.
    expect(lists[0]).not.toBe(lists[1]);
    expect(h.client.metrics().coalesced).toBe(9);
    // Once answered, the next read asks again.
    await h.client.listServers({ priority: 'read' });
    expect(h.sim.control.requests({ path: listPath })).toHaveLength(2);
  });

  it('a read is never joined across a change: after a memo is set, the next read asks again', async () => {
    h = await startHarness({}, { clockKind: 'manual' });
    await h.client.me();
    h.sim.control.setLatency(50);
    const uuid = h.sim.control.servers()[0]!.uuid;
    const before = h.client.getServer(uuid, { priority: 'read' });
    await h.sim.control.waitForInFlight(1);
    const write = h.client.setMemo(uuid, 'after', { priority: 'write' });
    await h.sim.control.waitForInFlight(2);
    // Asked while the change is under way: not joined to the read that began before it.
    const during = h.client.getServer(uuid, { priority: 'read' });
    await until(() => h!.sim.control.inFlight() === 3);
    h.sim.control.clock.advance(50);
    await Promise.all([before, write, during]);
    h.sim.control.setLatency(0);
    const after = await h.client.getServer(uuid, { priority: 'read' });
    expect(after.memo).toBe('after');
    expect(h.sim.control.requests({ path: `/v1/vps/servers/${uuid}` })).toHaveLength(3);
    expect(h.client.metrics().coalesced).toBe(0);
  });

  it('a change joining a waiting background read raises it ahead of the reads queued before it', async () => {
    h = await startHarness(
      { rateLimit: { limit: 1000, windowSeconds: 60, concurrent: 1 } },
      { clockKind: 'manual' },
    );
    await h.client.me();
    h.sim.control.setLatency(100);
    const [a, b, c] = h.sim.control.servers().map((s) => s.uuid);
    // One place: a read holds it, a background read and a person's read wait behind it.
    const holder = h.client.getServer(a!, { priority: 'read' });
    await h.sim.control.waitForInFlight(1);
    const background = h.client.getServer(b!, { priority: 'background' });
    const read = h.client.getServer(c!, { priority: 'read' });
    // A change needs server b too: it joins the background read and lifts it.
    const forChange = h.client.getServer(b!, { priority: 'write' });
    await flush();
    const details = () => h!.sim.control.requests({ path: /^\/v1\/vps\/servers\/[^/]+$/ }).length;
    for (let i = 0; i < 3; i += 1) {
      await h.sim.control.waitForInFlight(1);
      h.sim.control.clock.advance(100);
      await until(() => details() === i + 1);
    }
    await Promise.all([holder, background, read, forChange]);
    const order = h.sim.control
      .requests({ path: /^\/v1\/vps\/servers\/[^/]+$/ })
      .map((r) => r.path.split('/').pop());
    expect(order).toEqual([a, b, c]);
    expect(h.client.metrics().coalesced).toBe(1);
  });

  it('one asker giving up does not cancel the read for the others; all giving up cancels it', async () => {
    h = await startHarness({}, { clockKind: 'manual' });
    await h.client.me();
    h.sim.control.setLatency(100);
    const gone = new AbortController();
    const staying = h.client.listServers({ priority: 'read' });
    const leaving = h.client.listServers({ priority: 'read', signal: gone.signal });
    await h.sim.control.waitForInFlight(1);
    gone.abort(new Error('the person left'));
    await expect(leaving).rejects.toThrow('the person left');
    h.sim.control.clock.advance(100);
    expect((await staying).servers.length).toBeGreaterThan(0);
    h.sim.control.setLatency(0);

    const one = new AbortController();
    const two = new AbortController();
    const p1 = h.client.listServers({ priority: 'read', signal: one.signal });
    const p2 = h.client.listServers({ priority: 'read', signal: two.signal });
    await h.sim.control.waitForInFlight(1);
    one.abort(new Error('gone 1'));
    two.abort(new Error('gone 2'));
    await expect(p1).rejects.toThrow('gone 1');
    await expect(p2).rejects.toThrow('gone 2');
    await until(() => h!.sim.control.inFlight() === 0);
    expect(h.sim.control.inFlight()).toBe(0);
    // A fresh read afterwards is a new request, answered normally.
    expect((await h.client.listServers({ priority: 'read' })).servers.length).toBeGreaterThan(0);
  });
});
