/**
 * Every command a person gives passes the same gate, through the real app
 * (signed requests, the simulator behind at 5 requests per 2 s, its clock
 * stopped so that windows pass only when the test moves them): `/vps watch`
 * and the order quote wait their turn like any read or change, and are told
 * "not now" in the same true words when their person's own waiting commands
 * reach the bound (in the reply, in the order form's notice); the bound on
 * how long a command would wait (FAIR_WAIT_SECONDS) says how long; and the
 * approver's click that executes an order is never refused, whoever waits.
 * The other figures of fair queuing (a burst of cards, a second person's
 * turn, cache hits, the count bound, confirmations, the day across
 * replicas) are in fair-queue.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNUP_IDS } from '../../src/slack/ids.ts';
import { approvalOf, stateValues, TYPED_ORDER } from '../scenarios/signup-harness.ts';
import { CHANNEL, type Harness, messageText, startHarness } from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';
import {
  ALICE,
  BOB,
  drain,
  nextWindow,
  queued,
  SMALL_LIMIT,
  still,
  until,
  type Watched,
  WINDOW_START,
  watchAnswer,
  watchCall,
} from '../support/gate-windows.ts';

/** One request at a time, so the simulator sees them in the order the gate let them go. */
const SMALL = { ...SMALL_LIMIT, concurrent: 1 };
const CAROL = 'U0CAROL01';
const NOT_QUEUED = 'So this one was not queued, and nothing was sent for it';

const harnesses: Harness[] = [];
afterEach(async () => {
  for (const x of harnesses.splice(0)) await x.close();
});

async function start(env: Record<string, string>): Promise<Harness> {
  const x = await startHarness({
    rateLimit: SMALL,
    manualClockAt: WINDOW_START,
    operators: [ALICE, BOB],
    approvers: [CAROL],
    env,
  });
  harnesses.push(x);
  return x;
}

let code = 200;

/**
 * `user`'s distinct reads of the key's API log (nothing to share or cache),
 * one at a time until `waiting` of theirs wait at the gate.
 */
async function readsUntilWaiting(x: Harness, user: string, waiting: number): Promise<Watched[]> {
  const target = queued(x) + waiting;
  const answers: Watched[] = [];
  while (queued(x) < target) {
    const before = queued(x);
    const w = watchAnswer(x, await x.command(`logs code=${code++}`, { user }));
    // The ack comes first: the command is answered (sent at once) or waits at the gate after it.
    await until(() => w.done || queued(x) > before, 'the read is answered or waits');
    await until(() => still(x), 'what the gate let go is answered');
    answers.push(w);
  }
  return answers;
}

/** `/vps watch`'s answer: the ephemeral check in the channel, or the reply (never the progress line). */
function watchReply(x: Harness, c: { responseId: string }, user: string): Watched {
  const after = x.slack.lastSeq;
  return watchCall(
    x.slack.waitFor(
      (r) =>
        (r.method === 'chat.postEphemeral' && !r.error && r.seq > after && r.args.user === user) ||
        (r.responseId === c.responseId &&
          r.args.delete_original !== true &&
          !messageText(r).includes('Reading from the provider')),
      60_000,
    ),
  );
}

const listReads = (x: Harness) => x.sim.control.requests({ path: '/v1/vps/servers' }).length;

describe('/vps watch through the gate', () => {
  it('waits one turn behind another person’s burst, and is “not now” for a person at their bound', async () => {
    // Nothing cached: naming the server reads the list each time.
    const x = await start({ READ_CACHE_SECONDS: '0', FAIR_WAIT_COMMANDS: '3' });
    const [first, second] = x.sim.control.servers().map((s) => s.name);
    await (await x.command('me', { user: ALICE })).reply();
    await nextWindow(x);
    const alices = await readsUntilWaiting(x, ALICE, 3);
    const sent = x.sim.control.requests().length;

    // Bob's watch names a server: its read of the list waits in Bob's turn, not behind Alice's three.
    const bobs = watchReply(x, await x.command(`watch ${first}`, { user: BOB }), BOB);
    await until(() => queued(x) === 4, 'Bob’s read of the list waits too');
    await drain(x, [...alices, bobs]);
    const after = x.sim.control.requests().slice(sent);
    const listAt = after.findIndex((r) => r.path === '/v1/vps/servers');
    expect(listAt).toBeGreaterThanOrEqual(0);
    expect(listAt).toBeLessThanOrEqual(1);
    expect(messageText(await bobs.call)).toContain(first);
    expect(await x.bot.store.watches.list(CHANNEL)).toHaveLength(1);

    // Alice at her bound: her watch would read the list, so it is refused before anything is sent.
    await readsUntilWaiting(x, ALICE, 3);
    const lists = listReads(x);
    const refused = await (await x.command(`watch ${second}`, { user: ALICE })).reply();
    expect(messageText(refused)).toContain(
      'You already have 3 commands waiting their turn at the provider, as many as one person may have waiting. ' +
        'The provider allows 5 requests every 2 s right now (its rate-limit headers). ' +
        `${NOT_QUEUED}: try again in 2 s.`,
    );
    expect(listReads(x)).toBe(lists);
    expect(await x.bot.store.watches.list(CHANNEL)).toHaveLength(1);
    expect(x.sim.control.rateLimited().total).toBe(0);
  });
});

const form = TYPED_ORDER;

let views = 0;

/** The requester submits the order form; the modal's last word (the notice that replaces "asking for the price"). */
async function submitOrder(x: Harness, user: string): Promise<Watched> {
  const viewId = `V0ORDER${String(++views).padStart(3, '0')}`;
  const since = x.slack.lastSeq;
  const ack = await x.submit({
    callbackId: SIGNUP_IDS.modalCallback,
    userId: user,
    viewId,
    privateMetadata: JSON.stringify({ channelId: CHANNEL, planId: form.plan_id }),
    values: stateValues(form) as Parameters<Harness['submit']>[0]['values'],
  });
  expect(ack.status).toBe(200);
  return watchCall(
    x.slack.waitFor((c) => c.seq > since && c.method === 'views.update' && c.args.view_id === viewId, 60_000),
  );
}

const viewText = (c: RecordedCall) => JSON.stringify(c.args.view);
const dryRuns = (x: Harness) =>
  x.sim.control
    .requests({ method: 'POST', path: '/v1/vps/servers' })
    .filter((r) => (r.body as { dry_run?: unknown } | null)?.dry_run === true).length;
const realOrders = (x: Harness) =>
  x.sim.control
    .requests({ method: 'POST', path: '/v1/vps/servers' })
    .filter((r) => (r.body as { dry_run?: unknown } | null)?.dry_run !== true).length;

describe('the order quote through the gate', () => {
  it('goes ahead of a burst of reads as a change, is “not now” at its requester’s bound, and the approval is never refused', async () => {
    const x = await start({ READ_CACHE_SECONDS: '15', FAIR_WAIT_COMMANDS: '3' });
    await (await x.command('me', { user: BOB })).reply();
    // Bob opens the form: the plans are read for it (the form's own check uses them later).
    const opened = await x.command('signup', { user: BOB });
    await x.slack.waitFor((c) => c.method === 'views.update' && viewText(c).includes('vps-2gb'));
    void opened;
    await nextWindow(x);

    // Alice's reads fill the window until three of hers wait; Bob's quote is a change and goes first.
    const alices = await readsUntilWaiting(x, ALICE, 3);
    const sent = x.sim.control.requests().length;
    const since = x.slack.lastSeq;
    const waitingBefore = queued(x);
    const quoted = await submitOrder(x, BOB);
    // The quote's first read reached the gate, sent or waiting (the ack comes first, the work after it).
    await until(
      () => queued(x) > waitingBefore || x.sim.control.requests().length > sent,
      'the quote reached the gate',
    );
    const posted = watchCall(
      x.slack.waitFor(
        (c) =>
          c.seq > since && c.method === 'chat.postMessage' && c.args.channel === CHANNEL && !c.args.thread_ts,
        60_000,
      ),
    );
    await drain(x, [quoted, posted]);
    // The plans read and the dry run went before any of the three reads Alice had waiting.
    const after = x.sim.control.requests().slice(sent);
    const dryRunAt = after.findIndex((r) => r.method === 'POST');
    expect(dryRuns(x)).toBe(1);
    expect(after.findIndex((r) => r.path === '/v1/vps/plans')).toBeLessThan(dryRunAt);
    expect(after.slice(0, dryRunAt).filter((r) => r.path === '/v1/logs')).toHaveLength(0);
    const approval = approvalOf(await posted.call);

    // Bob at his bound: the quote is refused in the modal with the true sentence, nothing sent for it.
    const bobs = await readsUntilWaiting(x, BOB, 3);
    const sentBefore = x.sim.control.requests().length;
    const refused = await (await submitOrder(x, BOB)).call;
    const notice = viewText(refused);
    expect(notice).toContain('You already have 3 commands waiting their turn at the provider');
    expect(notice).toContain(NOT_QUEUED);
    expect(x.sim.control.requests().length).toBe(sentBefore);
    expect(dryRuns(x)).toBe(1);
    const [audit] = await x.bot.store.audit.latest({ actor: BOB, limit: 1 });
    expect(audit).toMatchObject({ action: 'signup.quote', outcome: 'refused', errorCode: 'queue_full' });

    // Carol, the approver, at her own bound: her click executes the order (it waits, never refused).
    const carols = await readsUntilWaiting(x, CAROL, 3);
    const beforeClick = x.slack.lastSeq;
    await x.click(SIGNUP_IDS.approve, approval.value, { user: CAROL });
    const thread = watchCall(
      x.slack.waitFor(
        (c) => c.seq > beforeClick && c.method === 'chat.postMessage' && typeof c.args.thread_ts === 'string',
        60_000,
      ),
    );
    await drain(x, [...alices, ...bobs, ...carols, thread]);
    expect(realOrders(x)).toBe(1);
    expect(messageText(await thread.call)).not.toMatch(/not queued/);
    for (const a of [...alices, ...bobs, ...carols])
      expect(messageText(await a.call)).not.toMatch(/not queued/);
    expect(x.sim.control.rateLimited().total).toBe(0);
  });
});

describe('the bound on how long a command would wait (FAIR_WAIT_SECONDS)', () => {
  it('says how many wait and how long this one would, and takes the same command once that passed', async () => {
    const x = await start({ READ_CACHE_SECONDS: '15', FAIR_WAIT_SECONDS: '3' });
    await (await x.command('me', { user: ALICE })).reply();
    await nextWindow(x);
    // Alice's reads, until one is refused: up to three seconds' worth (two windows) is queued.
    const answers: Watched[] = [];
    let refused: string | undefined;
    let sentAtRefusal = 0;
    while (refused === undefined) {
      const before = queued(x);
      const w = watchAnswer(x, await x.command(`logs code=${code++}`, { user: ALICE }));
      // Sent and answered, queued, or refused at once (before anything of it is sent).
      await until(() => w.done || queued(x) > before, 'the read is answered, waits or is refused');
      await until(() => still(x), 'what the gate let go is answered');
      const text = w.done ? messageText(await w.call) : '';
      if (text.includes(NOT_QUEUED)) {
        refused = text;
        sentAtRefusal = x.sim.control.requests().length;
      } else answers.push(w);
      if (answers.length > 30) throw new Error('never refused');
    }
    const waiting = queued(x);
    const m = refused.match(
      /You already have (\d+) commands waiting their turn at the provider, and this one would wait about (\d+) s for its own, longer than the 3 s a command may wait\. The provider allows 5 requests every 2 s right now \(its rate-limit headers\)\. So this one was not queued, and nothing was sent for it: try again in (\d+) s\./,
    );
    expect(m, refused).not.toBeNull();
    expect(Number(m![1])).toBe(waiting);
    expect(Number(m![2])).toBeGreaterThan(3);
    // Its wait is what the windows say: the ones before it, five a window, at most one window more.
    expect(Number(m![2])).toBeLessThanOrEqual((Math.ceil((waiting + 1) / SMALL.limit) + 1) * 2);
    expect(x.sim.control.requests().length).toBe(sentAtRefusal);
    // Every one queued is answered; then the same command is taken.
    await drain(x, answers);
    for (const a of answers) expect(messageText(await a.call)).not.toContain(NOT_QUEUED);
    const again = await (await x.command(`logs code=${code - 1}`, { user: ALICE })).reply();
    expect(messageText(again)).not.toContain(NOT_QUEUED);
    expect(x.sim.control.rateLimited().total).toBe(0);
  });
});
