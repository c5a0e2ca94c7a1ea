/**
 * The daily digest as a person sees it in `npm run sandbox`: `digest` shows
 * the last 24 hours at once, to the person alone; `sim clock` moved to the
 * next 09:00 Japan time brings the day's digest to #ops (DIGEST_CHANNEL),
 * its details in its thread.
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

const JST = 9 * 3_600_000;
const DAY = 86_400_000;

/** The next 09:00 in Japan after `ms`, epoch ms. */
function nextNineJst(ms: number): number {
  const dayStart = Math.floor((ms + JST) / DAY) * DAY - JST;
  const nine = dayStart + 9 * 3_600_000;
  return nine > ms ? nine : nine + DAY;
}

describe('the daily digest in the sandbox', () => {
  it('`digest` shows the last 24 hours; `sim clock` to 09:00 Japan time posts it in #ops with its thread', async () => {
    t.sb.sim!.control.setPower(t.sb.sim!.control.servers().find((s) => s.name === 'db-1')!.uuid, 'stopped');
    const mine = await t.type('digest');
    expect(mine).toMatch(/only visible to you\n {2}📰 Digest of the last 24 hours, to /);
    expect(mine).toMatch(/🔴 Servers not running: \d+\./);
    expect(mine).toContain('Details below.');
    expect(mine).toContain('Provider budget');

    const mark = t.out.mark();
    const at = nextNineJst(t.sb.sim!.control.clock.now().getTime()) + 5_000;
    await t.type(`sim clock ${new Date(at).toISOString()}`);
    // The digest of that Japan day (one of the day before may come too: a bot started within the
    // late window after its hour posts it late, as after a restart).
    const day = new Date(at + JST).toISOString().slice(0, 10);
    await t.out.waitFor(
      new RegExp(`» vps-bot in #ops\\n {2}📰 Daily digest for ${day}: the 24 hours to 09:00 Japan time`),
      mark,
    );
    await t.out.waitFor(
      new RegExp(`in the thread of "📰 Daily digest for ${day}[^\\n]*\\n[^]*Provider budget`),
      mark,
    );
    expect(t.out.since(mark)).toContain('Details in the thread.');
  }, 60_000);
});
