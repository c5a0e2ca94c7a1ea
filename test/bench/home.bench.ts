/**
 * App Home publishing after one change: 50 people have opened their Home
 * (remembered in the store, their last view published), then an operator
 * mutes a server with `/vps mute` in the channel, a change on every Home. The
 * real app publishes them: printed are the views published, the provider
 * requests the publishing made (goal 0: Homes are drawn from what the store
 * and the watcher hold), Slack's rate as the fake Slack saw it (the most
 * publishes for one person within any second, goal 1; the most for the
 * workspace within any minute, goal at most 100, views.publish's Tier 4; and
 * within any second, for the record) and the time from the change to the last
 * view. The figure judged is the time to the last view against the pace's own
 * bound: fifty is below the minute's hundred, so all go at once, one call
 * after the other (2 s: the publisher's look at the marks and the calls).
 *
 * Run: npm run bench home
 */
import { performance } from 'node:perf_hooks';
import { type Harness, OPERATOR, startHarness } from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';
import { NO_RATE_LIMIT } from '../support/hosting.ts';

const PEOPLE = 50;
/** views.publish a minute the publisher keeps to (src/workers/home-publisher.ts). */
const PER_MINUTE = 100;

const people = Array.from({ length: PEOPLE }, (_, i) => `U0HB${String(i).padStart(5, '0')}`);

/** The most calls within any window of `ms` (a sliding window over their arrival times). */
function mostWithin(times: readonly number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while (sorted[end]! - sorted[start]! >= ms) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

async function main(): Promise<void> {
  const h: Harness = await startHarness({
    rateLimit: NO_RATE_LIMIT,
    operators: [OPERATOR],
    logLevel: 'error',
  });
  try {
    // Fifty people opened their Home before: remembered, their last view published (seeded in the store).
    // One transaction each, so the publisher never sees them opened and not yet published.
    for (const user of people)
      await h.bot.store.transaction(async (tx) => {
        await tx.homeViewers.opened(user, new Date());
        const v = await tx.homeViewers.get(user);
        await tx.homeViewers.settle(user, v!.staleGen, { hash: 'published-before', at: new Date() });
      });
    const server = h.sim.control.servers()[0]!;
    const since = h.slack.lastSeq;
    const started = performance.now();
    const mute = await h.command(`mute ${server.name} 1h`, { user: OPERATOR });
    // The mute is announced in the channel (or answered to the operator): the change is made.
    await h.slack.waitFor(
      (c) => c.seq > since && (c.method === 'chat.postMessage' || c.responseId === mute.responseId),
    );
    const requestsAfterChange = h.sim.control.requests().length;
    const published: RecordedCall[] = [];
    for (const user of people) published.push(await h.slack.waitForHome(user, since, 120_000));
    const lastAt = Math.max(...published.map((c) => c.at ?? 0));
    const elapsedMs = Math.round(performance.now() - started);
    const all = h.slack.callsOf('views.publish').filter((c) => c.seq > since && !c.error);
    const providerRequests = h.sim.control.requests().length - requestsAfterChange;
    const perPerson = Math.max(
      ...people.map((u) =>
        mostWithin(
          all.filter((c) => c.args.user_id === u).map((c) => c.at ?? 0),
          1_000,
        ),
      ),
    );
    const perSecond = mostWithin(
      all.map((c) => c.at ?? 0),
      1_000,
    );
    const firstAt = Math.min(...all.map((c) => c.at ?? 0));
    const perMinute = mostWithin(
      all.map((c) => c.at ?? 0),
      60_000,
    );
    // Beyond the minute's allowance the rest waits for the window (a minute per hundred more).
    const bound = Math.ceil(Math.max(0, PEOPLE - PER_MINUTE) / PER_MINUTE) * 60_000 + 2_000;
    process.stdout.write(
      `${JSON.stringify({
        bench: 'home',
        value: elapsedMs,
        unit: 'ms to the last view after the change',
        bound,
        ratio: Math.round((elapsedMs / bound) * 100) / 100,
        viewsPublished: all.length,
        people: PEOPLE,
        providerRequestsByPublishing: providerRequests,
        maxPerPersonPerSecond: perPerson,
        maxPerMinute: perMinute,
        maxPerMinuteGoal: PER_MINUTE,
        maxPerSecond: perSecond,
        paceMsBetweenPublishes: Math.round((lastAt - firstAt) / Math.max(1, all.length - 1)),
        slackErrors: h.slack.callsOf('views.publish').filter((c) => c.seq > since && c.error).length,
      })}\n`,
    );
  } finally {
    await h.close();
  }
}

void main();
