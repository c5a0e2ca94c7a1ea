/**
 * The watcher's choice of its next request (next-task.ts) where the key's log
 * meets a round of servers that the budget has stretched: once due, the log's
 * read goes ahead of them (a stranger's first request must not wait for the
 * round), and while it catches up on spans it takes its turn as they do.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotRow } from '../../src/store/index.ts';
import { nextTask, type ScheduleState } from '../../src/watch/next-task.ts';

const NOW = Date.parse('2026-03-02T03:00:00Z');
const INTERVAL_MS = 60_000;

function server(uuid: string, readAgoMs: number): SnapshotRow {
  const at = new Date(NOW - readAgoMs);
  return {
    serverUuid: uuid,
    name: uuid,
    powerStatus: 'running',
    contractStatus: 'active',
    observedAt: at,
    changedAt: at,
    powerChangedAt: null,
    facts: null,
  };
}

/** A round stretched by the budget: every server overdue, one not read since the last list (the list waits). */
function state(keyLog: ScheduleState['keyLog']): ScheduleState {
  return {
    now: NOW,
    intervalMs: INTERVAL_MS,
    processingMs: 5_000,
    flapMs: 0,
    signupMs: 15_000,
    lastListAt: NOW - 2.2 * INTERVAL_MS,
    claimed: new Set(),
    signups: [],
    signupCheckedAt: new Map(),
    servers: [server('a', 2.5 * INTERVAL_MS), server('b', 2 * INTERVAL_MS)],
    changedRecently: new Map(),
    keyLog,
  };
}

/** Everything read a moment ago: only the log's own cadence is due. */
function quiet(st: ScheduleState): ScheduleState {
  return { ...st, lastListAt: NOW - 2_000, servers: [server('a', 1_000), server('b', 1_000)] };
}

describe('the key log among servers the budget has stretched', () => {
  it('reads the log once its 10 s are up, ahead of servers due long before', () => {
    const st = state({ id: 'key-log', readAt: NOW - 10_000, soon: false, everyMs: 10_000 });
    expect(nextTask(st)).toEqual({ task: { kind: 'key-log', id: 'key-log' } });
  });

  it('reads the servers while the log’s 10 s are not up, and says when they are', () => {
    const st = state({ id: 'key-log', readAt: NOW - 4_000, soon: false, everyMs: 10_000 });
    expect(nextTask(st)).toMatchObject({ task: { kind: 'detail', uuid: 'a' } });
    expect(nextTask(quiet(st))).toEqual({ waitMs: 6_000 });
  });

  it('catching up on spans, takes its turn among the servers, earliest due first', () => {
    const behind = state({ id: 'key-log', readAt: NOW - 6_000, soon: true, everyMs: 10_000 });
    expect(nextTask(behind)).toMatchObject({ task: { kind: 'detail', uuid: 'a' } });
    expect(nextTask(quiet(behind))).toEqual({ task: { kind: 'key-log', id: 'key-log' } });
  });

  it('one read of the log at a time: a read under way leaves the servers theirs', () => {
    const st = state({ id: 'key-log', readAt: NOW - 60_000, soon: false, everyMs: 10_000 });
    expect(nextTask({ ...st, claimed: new Set(['key-log']) })).toMatchObject({
      task: { kind: 'detail', uuid: 'a' },
    });
  });

  it('a read remembered in the future (a clock set back) is due now', () => {
    const st = state({ id: 'key-log', readAt: NOW + 40 * 60_000, soon: false, everyMs: 10_000 });
    expect(nextTask(st)).toEqual({ task: { kind: 'key-log', id: 'key-log' } });
  });
});
