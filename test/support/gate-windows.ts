/**
 * The provider's rate-limit windows passing under the app harness's manual
 * clock, for tests of the gate through the real app: let the bot and the
 * simulator work until something holds (event-loop turns, never a timer),
 * move to the window's last stretch and into the next one, and follow a
 * command's answer (not its progress line) until it comes.
 */
import { type Harness, messageText } from './app-harness.ts';
import type { RecordedCall } from './fake-slack.ts';

/** The small limit the tests of fair queuing use: 5 requests every 2 s. */
export const SMALL_LIMIT = { limit: 5, windowSeconds: 2, concurrent: 5 };
export const WINDOW_MS = SMALL_LIMIT.windowSeconds * 1000;
/** 2026-03-02 12:00:10 in Japan: the start of a 2-second window. */
export const WINDOW_START = new Date('2026-03-02T03:00:10Z');
export const ALICE = 'U0ALICE01';
export const BOB = 'U0BOB0001';

/** Lets the bot and the simulator work until `cond` holds (event-loop turns, never a timer). */
export async function until(cond: () => boolean, what: string, turns = 50_000): Promise<void> {
  for (let i = 0; i < turns; i += 1) {
    if (cond()) return;
    await new Promise<void>((r) => setImmediate(r));
  }
  throw new Error(`never happened: ${what}`);
}

/** Nothing on its way: every request the bot let go is answered; the rest wait at its gate. */
export const still = (x: Harness) =>
  x.sim.control.inFlight() === 0 && x.bot.provider.metrics().inFlight === 0;
export const queued = (x: Harness) => x.bot.provider.metrics().queued;

/** Moves the clock, then lets the bot's gate look at the new time and send what it lets go. */
export async function advance(x: Harness, ms: number): Promise<void> {
  x.sim.control.clock.advance(ms);
  // The gate waits on the clock by yielding (the harness's provider clock): a few turns wake it.
  for (let i = 0; i < 20; i += 1) await new Promise<void>((r) => setImmediate(r));
  await until(() => still(x), 'what the gate let go is answered');
}

/**
 * The rest of a window of `windowMs` (the small limit's 2 s) passes as it would in real time: its last
 * stretch (where the share reads leave to changes goes to reads when no change
 * came), then the start of the next window, just past the gate's margin for
 * clocks.
 */
export async function nextWindow(x: Harness, windowMs = WINDOW_MS): Promise<void> {
  const now = x.sim.control.clock.now().getTime();
  const end = Math.floor(now / windowMs) * windowMs + windowMs;
  if (end - now > 10) await advance(x, end - now - 10);
  await advance(x, 10 + 60);
}

export interface Watched {
  done: boolean;
  call: Promise<RecordedCall>;
}

/** A command's answer (not its progress line), watched without waiting for it. */
export function watchAnswer(x: Harness, c: { responseId: string }): Watched {
  const call = x.slack.waitFor(
    (r) => r.responseId === c.responseId && !messageText(r).includes('Reading from the provider'),
    60_000,
  );
  return watchCall(call);
}

/** Any awaited answer (a modal's update, a thread's post), watched without waiting for it. */
export function watchCall(call: Promise<RecordedCall>): Watched {
  const w = { done: false, call };
  void call.then(() => {
    w.done = true;
  });
  return w;
}

/** Moves window by window until every answer came; how many windows it took. */
export async function drain(x: Harness, answers: { done: boolean }[], windowMs = WINDOW_MS): Promise<number> {
  let windows = 0;
  for (;;) {
    await until(() => answers.every((a) => a.done) || (still(x) && queued(x) > 0), 'the gate waits');
    if (answers.every((a) => a.done)) return windows;
    await nextWindow(x, windowMs);
    windows += 1;
  }
}
