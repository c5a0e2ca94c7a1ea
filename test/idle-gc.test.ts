/**
 * The idle collector (src/idle-gc.ts) on made-up time, loop business and
 * heap: it collects only once the loop has been quiet for QUIET_MS and the
 * old generation has grown GROWTH_BYTES, once per quiet spell; V8's own
 * collections restart the count; without --expose-gc it is off.
 */
import { describe, expect, it } from 'vitest';
import {
  CHECK_MS,
  GROWTH_BYTES,
  IdleCollector,
  MAX_BUSY,
  QUIET_MS,
  startIdleCollector,
} from '../src/idle-gc.ts';
import { createLogger, MemoryLogSink } from '../src/log.ts';
import { ManualTime } from './watch/support/time.ts';

const MB = 1024 * 1024;

function world() {
  const w = { t: 0, busy: 0, old: 30 * MB, gcs: [] as number[] };
  const time = new ManualTime(
    () => w.t,
    (ms) => {
      w.t = ms;
    },
  );
  const collector = new IdleCollector({
    gc: () => {
      w.gcs.push(w.t);
      w.old = 28 * MB;
    },
    busySinceLast: () => w.busy,
    oldGeneration: () => w.old,
    now: () => w.t,
    timers: time,
  });
  collector.start();
  /** `ms` of time passing, the loop working `busy` of each look's span. */
  const pass = async (ms: number, busy = 0) => {
    for (let i = 0; i < ms; i += CHECK_MS) {
      w.busy = busy;
      await time.advance(CHECK_MS);
    }
  };
  return { w, time, collector, pass };
}

describe('the idle collector', () => {
  it('collects once the loop has been quiet for QUIET_MS with the old generation grown enough, once a spell', async () => {
    const { w, collector, pass } = world();
    // Busy: commands arriving, the old generation growing; no collection while it works.
    w.old += GROWTH_BYTES + MB;
    await pass(2_000, 0.3);
    expect(w.gcs).toEqual([]);
    // Quiet, but not yet for QUIET_MS.
    await pass(QUIET_MS - CHECK_MS);
    expect(w.gcs).toEqual([]);
    await pass(CHECK_MS);
    expect(w.gcs).toEqual([2_000 + QUIET_MS]);
    expect(collector.made).toBe(1);
    // Still quiet, even grown again: one collection a quiet spell.
    w.old += GROWTH_BYTES + MB;
    await pass(QUIET_MS - CHECK_MS);
    expect(w.gcs).toHaveLength(1);
    // A new spell of work, then quiet: collected again.
    await pass(500, 0.5);
    await pass(QUIET_MS);
    expect(w.gcs).toHaveLength(2);
  });

  it('leaves a heap that has not grown GROWTH_BYTES alone, however quiet', async () => {
    const { w, pass } = world();
    w.old += GROWTH_BYTES - 1;
    await pass(1_000, 0.3);
    await pass(10_000);
    expect(w.gcs).toEqual([]);
  });

  it('a loop working just above MAX_BUSY is not quiet; at MAX_BUSY it is', async () => {
    const { w, pass } = world();
    w.old += GROWTH_BYTES;
    await pass(5_000, MAX_BUSY + 0.001);
    expect(w.gcs).toEqual([]);
    await pass(QUIET_MS, MAX_BUSY);
    expect(w.gcs).toHaveLength(1);
  });

  it('counts growth from what V8’s own collection left', async () => {
    const { w, pass } = world();
    w.old += GROWTH_BYTES - MB;
    await pass(200, 0.3);
    // V8 collects on its own: the old generation drops below the last baseline.
    w.old = 20 * MB;
    await pass(200, 0.3);
    w.old = 20 * MB + GROWTH_BYTES - MB;
    await pass(QUIET_MS * 2);
    expect(w.gcs).toEqual([]);
    w.old += MB;
    await pass(200, 0.3);
    await pass(QUIET_MS);
    expect(w.gcs).toHaveLength(1);
  });

  it('stops looking when stopped', async () => {
    const { w, time, collector, pass } = world();
    await collector.stop();
    expect(time.pendingTimers).toBe(0);
    w.old += 10 * GROWTH_BYTES;
    await pass(5_000);
    expect(w.gcs).toEqual([]);
  });

  it('is off without --expose-gc, and says so at debug level', async () => {
    const g = globalThis as { gc?: unknown };
    const had = g.gc;
    delete g.gc;
    try {
      const sink = new MemoryLogSink();
      expect(startIdleCollector(createLogger({ level: 'debug', stream: sink }))).toBeUndefined();
      const said = await sink.waitFor((r) => String(r.msg).includes('idle collections off'));
      expect(said.level).toBe('debug');
    } finally {
      if (had) g.gc = had;
    }
  });

  it('with V8’s gc at hand, runs on this process’s heap and stops', async () => {
    const g = globalThis as { gc?: () => void };
    const had = g.gc;
    let called = 0;
    g.gc = () => {
      called += 1;
    };
    try {
      const c = startIdleCollector(createLogger({ level: 'silent' }));
      expect(c).toBeInstanceOf(IdleCollector);
      // Its parts read this process: a look now (the loop busy with this test, or the heap not grown) collects nothing.
      c!.check();
      await c!.stop();
      expect(called).toBe(0);
    } finally {
      if (had) g.gc = had;
      else delete g.gc;
    }
  });
});
