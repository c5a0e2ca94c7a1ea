/**
 * The on-call loop as a person sees it in `npm run sandbox`: the simulator's
 * controls make an alarm (a suspended contract), the simulated clock makes it
 * wait unanswered (a reminder, also sent to the channel), `/vps incidents`
 * and its button take it, and the simulator ends it (resolved in place,
 * naming who had it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './support.ts';

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
});

afterAll(async () => {
  await t?.close();
});

describe('the on-call loop in the sandbox', () => {
  it('an alarm, a reminder, “I’m on it”, and the resolve', async () => {
    let mark = t.out.mark();
    await t.type('sim contract db-1 suspended');
    await t.out.waitFor(/» vps-bot in #ops\n {2}🚨 @ops The contract of db-1 is suspended/, mark);
    expect(t.out.since(mark)).toMatch(/\[1\] I’m on it {2}\[2\] Server card {2}\[3\] Mute for 1 hour/);

    mark = t.out.mark();
    await t.type('sim clock +16m');
    await t.out.waitFor(
      /in the thread of "🚨 @ops The contract of db-1 is suspended", also sent to the channel\n {2}🚨 @ops Still nobody on it \(reminder 1 of 3\)/,
      mark,
    );

    const listed = await t.type('/vps incidents');
    expect(listed).toContain('Open alarms (1)');
    expect(listed).toContain('🚨 the contract of db-1 is suspended · since');
    mark = t.out.mark();
    await t.type('click 1');
    await t.out.waitFor(
      /in the thread of "🚨 The contract of db-1 is suspended"\n {2}🙋 @bob is on it/,
      mark,
    );
    expect(t.out.since(mark)).toContain('You’re on it: db-1.');
    expect(t.out.since(mark)).toMatch(/edited a message in #ops\n {2}🚨 The contract of db-1 is suspended/);

    mark = t.out.mark();
    await t.type('sim contract db-1 active');
    await t.out.waitFor(
      /✅ The contract of db-1 is no longer suspended, after 16 min · .*; @bob was on it/,
      mark,
    );
    await t.out.waitFor(/Resolved .* after 16 min; @bob was on it\./, mark);
    // Five steps, each awaiting the bot's real posts through the watcher's real cycle: on a busy
    // machine together they outlast the suite's 20 s default (each step keeps its own 15 s bound).
  }, 60_000);
});
