/**
 * Serve everyone, refuse nobody needlessly, through the real app (signed
 * requests, the simulator behind with a small rate limit, its clock stopped
 * so that windows pass only when the test moves them): one person's burst of
 * cards is all answered in the windows it needs, with the progress line while
 * it waits; a second person's read waits one turn; cache hits and joined
 * reads are never refused; a person is told "not now" only past the bound on
 * their own waiting commands, with how many wait, the provider's limit and
 * when to try again, in their language; approvals are never refused for
 * anyone's haste; and two replicas on one PostgreSQL count one day.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HOSTING_IDS } from '../../src/slack/ids.ts';
import { type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import {
  ALICE,
  BOB,
  drain,
  WINDOW_START as NOON,
  nextWindow,
  queued,
  SMALL_LIMIT as SMALL,
  still,
  until,
  watchAnswer as watch,
} from '../support/gate-windows.ts';
import { buttonValue, clickAndAnswer, hosting } from '../support/hosting.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';

const KENJI = 'U0KENJI01';

const harnesses: Harness[] = [];
let db: TestDatabase | undefined;
afterEach(async () => {
  for (const x of harnesses.splice(0)) await x.close();
  await db?.drop();
  db = undefined;
});

async function start(opts: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  const x = await startHarness({
    rateLimit: SMALL,
    manualClockAt: NOON,
    ...opts,
    env: { READ_CACHE_SECONDS: '15', ...opts.env },
  });
  harnesses.push(x);
  return x;
}

const detailPath = (x: Harness, name: string) => {
  const uuid = x.sim.control.servers().find((s) => s.name === name)!.uuid;
  return `/v1/vps/servers/${uuid}`;
};
const detailReads = (x: Harness) =>
  x.sim.control.requests({ path: /^\/v1\/vps\/servers\/[^/]+$/ }).map((r) => r.path);

describe('one person’s burst of cards under 5 requests per 2 s', () => {
  it('is answered in full, in the windows its distinct reads need, with no refusal and no 429', async () => {
    const x = await start();
    const names = x.sim.control
      .servers()
      .map((s) => s.name)
      .slice(0, 10);
    // Ten different cards and two repeats while their reads wait (joined, not asked again).
    const typed = [...names, names[0]!, names[1]!];
    const asked = [];
    for (const name of typed) {
      const joined = x.bot.provider.metrics().coalesced;
      const waiting = queued(x);
      const c = await x.command(`show ${name}`, { user: ALICE });
      const answer = watch(x, c);
      asked.push({ name, responseId: c.responseId, answer });
      // The ack comes first and the card's read after it: the next card is typed once this one's
      // read is answered, waits at the gate or joined a read on its way, as a person's next
      // command comes after the bot took the last one (the first card's reads of the key's scope
      // and the list done, so that no later card joins those).
      await until(
        () => answer.done || queued(x) > waiting || x.bot.provider.metrics().coalesced > joined,
        'the card is answered, waits or joined a read',
      );
      await until(() => still(x), 'what the gate let go is answered');
    }
    const answers = asked.map((a) => a.answer);
    // The window went to the key's scope and the list: the ten reads wait, the repeats joined to theirs.
    await until(() => still(x) && queued(x) === 10, 'the burst waits for the next window');
    expect(x.bot.provider.metrics().coalesced).toBe(2);
    // A command that waits shows the progress line, which its answer replaces later.
    const progress = await x.slack.waitForResponse(asked.at(-3)!.responseId);
    expect(messageText(progress)).toContain('Reading from the provider');
    const windows = await drain(x, answers);
    // Every card answered with its server (in place of the progress line), none refused.
    for (const a of asked) {
      const last = x.slack.calls.filter((c) => c.responseId === a.responseId).at(-1)!;
      expect(messageText(last)).toContain(a.name);
      expect(messageText(last)).not.toMatch(/try again|not queued/i);
    }
    // Three more repeats, now in the read cache: answered at once, nothing sent.
    const sent = x.sim.control.requests().length;
    for (const name of names.slice(2, 5)) {
      const r = await (await x.command(`show ${name}`, { user: ALICE })).reply();
      expect(messageText(r)).toContain(name);
    }
    expect(x.sim.control.requests().length).toBe(sent);
    // Each server read once; all of it within ceil(distinct reads / limit) windows.
    expect(new Set(detailReads(x)).size).toBe(10);
    expect(detailReads(x)).toHaveLength(10);
    expect(windows).toBeLessThanOrEqual(Math.ceil(sent / SMALL.limit));
    expect(x.sim.control.rateLimited().total).toBe(0);
  });

  it('holds a second person’s one read for one turn, not for the whole burst', async () => {
    // One request at a time, so the simulator sees them in the order the gate let them go.
    const x = await start({ rateLimit: { ...SMALL, concurrent: 1 } });
    const names = x.sim.control
      .servers()
      .map((s) => s.name)
      .slice(0, 10);
    // The key's scope and the list are read (and cached) first.
    await drain(x, [watch(x, await x.command(`show ${names[0]}`, { user: ALICE }))]);
    const warm = detailReads(x).length;
    const answers = [];
    for (const name of names.slice(1, 9))
      answers.push(watch(x, await x.command(`show ${name}`, { user: ALICE })));
    // All eight reached the gate: some sent, the rest waiting for the next window.
    await until(
      () => still(x) && queued(x) + detailReads(x).length - warm === 8,
      'the rest of Alice’s burst waits',
    );
    const alices = queued(x);
    expect(alices).toBeGreaterThanOrEqual(4);
    const before = detailReads(x).length;
    answers.push(watch(x, await x.command(`show ${names[9]}`, { user: BOB })));
    await until(() => queued(x) === alices + 1, 'Bob’s read waits too');
    await drain(x, answers);
    const after = detailReads(x).slice(before);
    const bobAt = after.indexOf(detailPath(x, names[9]!));
    // One of Alice's (the turn that was hers) at most, then Bob's; first come, first served would
    // have sent all of hers first.
    expect(bobAt).toBeGreaterThanOrEqual(0);
    expect(bobAt).toBeLessThanOrEqual(1);
    expect(messageText(await answers.at(-1)!.call)).toContain(names[9]);
    expect(x.sim.control.rateLimited().total).toBe(0);
  });
});

describe('“not now” only past the bound on a person’s own waiting commands', () => {
  it('says how many wait, the provider’s limit and when to try again; cache hits and joined reads go on', async () => {
    const x = await start({ env: { FAIR_WAIT_COMMANDS: '3' } });
    x.slack.setUser(KENJI, { locale: 'ja-JP' });
    const names = x.sim.control
      .servers()
      .map((s) => s.name)
      .slice(0, 10);
    // A window passes first, so the headers have shown how long one is.
    await nextWindow(x);
    await (await x.command(`show ${names[0]}`, { user: ALICE })).reply();
    const waiting = [];
    for (const name of names.slice(1, 4))
      waiting.push(watch(x, await x.command(`show ${name}`, { user: ALICE })));
    await until(() => still(x) && x.bot.provider.metrics().queuedBy.read === 3, 'three of Alice’s wait');

    // A card in the read cache costs nothing: answered at once, bound or not.
    const cached = await (await x.command(`show ${names[0]}`, { user: ALICE })).reply();
    expect(messageText(cached)).toContain(names[0]);
    // A read identical to one of hers waiting is joined, never refused: it is answered with it.
    waiting.push(watch(x, await x.command(`show ${names[1]}`, { user: ALICE })));
    await until(() => x.bot.provider.metrics().coalesced === 1, 'the repeat joins her waiting read');
    // A fourth different one is refused, before anything is sent for it.
    const sent = x.sim.control.requests().length;
    const refused = await (await x.command(`show ${names[4]}`, { user: ALICE })).reply();
    expect(messageText(refused)).toContain(
      'You already have 3 commands waiting their turn at the provider, as many as one person may have waiting. ' +
        'The provider allows 5 requests every 2 s right now (its rate-limit headers). ' +
        'So this one was not queued, and nothing was sent for it: try again in 2 s.',
    );
    expect(refused.args.response_type).toBe('ephemeral');
    expect(x.sim.control.requests().length).toBe(sent);
    // Someone else is not held by Alice's bound, and is told in their own language at theirs.
    for (const name of names.slice(5, 8))
      waiting.push(watch(x, await x.command(`show ${name}`, { user: KENJI })));
    await until(() => x.bot.provider.metrics().queuedBy.read === 6, 'three of Kenji’s wait too');
    const ja = messageText(await (await x.command(`show ${names[8]}`, { user: KENJI })).reply());
    expect(ja).toContain('プロバイダーへの順番を待っているあなたのコマンドがすでに 3 件あり');
    expect(ja).toContain('2 秒あたり 5 件');
    expect(ja).toContain('何も送信していません');
    expect(x.sim.control.requests().length).toBe(sent);

    // Every one that waited is answered as the windows pass; nothing more refused, no 429.
    await drain(x, waiting);
    for (const w of waiting) expect(messageText(await w.call)).not.toMatch(/not queued/);
    expect(x.sim.control.rateLimited().total).toBe(0);
    // Once hers have gone, Alice may ask again.
    const again = await (await x.command(`show ${names[4]}`, { user: ALICE })).reply();
    expect(messageText(again)).toContain(names[4]);
  });

  it('never refuses what a confirmation executes, whoever waits', async () => {
    const x = await start({ key: 'selected', env: { FAIR_WAIT_COMMANDS: '1' } });
    const ask = await hosting(x, 'domain reset example-shop.com');
    expect(ask.text).toContain('Nothing has been sent yet.');
    // The operator's reads fill the window until one of them waits: at the bound.
    const reads = ['info', 'usage', 'domains', 'subdomains', 'ssh', 'ssh keys', 'wp'];
    const waiting = [];
    for (const r of reads) {
      if (queued(x) > 0) break;
      const w = watch(x, await x.command(r, { user: OPERATOR, command: '/hosting' }));
      waiting.push(w);
      // The ack comes first and the read after it: wait for the read itself, answered or waiting
      // at the gate (nothing in flight right after the ack proved neither).
      await until(() => w.done || queued(x) > 0, 'the read is answered or waits');
      await until(() => still(x), 'what the gate let go is answered');
    }
    expect(queued(x)).toBe(1);
    const refused = await hosting(x, 'usage');
    expect(refused.text).toContain('So this one was not queued');
    // A change refused so was never sent: the audit trail says refused, and why.
    const sentWrites = x.sim.control.requests().filter((r) => r.method !== 'GET').length;
    expect((await hosting(x, 'ssh on')).text).toContain('So this one was not queued');
    expect(x.sim.control.requests().filter((r) => r.method !== 'GET').length).toBe(sentWrites);
    expect((await hosting(x, 'audit')).text).toContain('too many of their commands already waiting');
    // The confirmation is the person's own decision: it waits for its place, never refused.
    const done = clickAndAnswer(x, HOSTING_IDS.confirm, buttonValue(ask.call, HOSTING_IDS.confirm), OPERATOR);
    const confirmed = { done: false };
    void done.then(() => {
      confirmed.done = true;
    });
    await drain(x, [...waiting, confirmed]);
    expect((await done).text).toContain('reset the domain `example-shop.com`');
    expect(x.sim.control.requests({ method: 'POST', path: /\/reset$/ })).toHaveLength(1);
  });
});

describe('the day’s budget across replicas', () => {
  it('two bots on one PostgreSQL count one day: each /vps me tells both replicas’ requests', async () => {
    db = await createTestDatabase('daily');
    const env = {
      DATABASE_URL: db.url,
      PROVIDER_DAILY_LIMIT: '60',
      BOT_ENCRYPTION_KEY: 'a'.repeat(64),
    };
    const a = await start({ rateLimit: { limit: 1_000, windowSeconds: 60, concurrent: 5 }, env });
    const b = await start({ rateLimit: { limit: 1_000, windowSeconds: 60, concurrent: 5 }, env });
    for (let i = 0; i < 4; i += 1) await (await a.command(`logs code=${200 + i}`)).reply();
    await a.bot.provider.syncDaily();
    const me = messageText(await (await b.command('me')).reply());
    const both = a.sim.control.requests().length + b.sim.control.requests().length;
    expect(both).toBeGreaterThan(b.sim.control.requests().length + 4);
    expect(me).toContain(`Provider requests today: ${both} of 60`);
    // And the other way round.
    expect((await a.bot.provider.syncDaily()).used).toBe(both);
  });
});
