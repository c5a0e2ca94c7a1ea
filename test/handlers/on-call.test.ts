/**
 * The on-call loop through the real app (startBot) with signed requests, the
 * simulator and the fake Slack: an unexplained stop is posted with "I'm on
 * it"; two clicks at once give one owner and the other is told who; a
 * takeover; the alert edited in place and its thread told; the audit trail;
 * `/vps incidents`; a policy that keeps a server's reads from viewers keeps
 * its alarms from them too; reminders with the manual clock; and two app
 * instances on one PostgreSQL deciding a race of claims once.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { WATCH_IDS } from '../../src/slack/ids.ts';
import type { IncidentRow } from '../../src/store/index.ts';
import { raiseAlarm } from '../../src/watch/alarms.ts';
import {
  ADMIN,
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';

const ONCALL = '<!subteam^S0ONCALL>';

/** The value of the first "I'm on it" button of a message. */
function claimValue(call: RecordedCall): string {
  let found: string | undefined;
  const walk = (v: unknown): void => {
    if (found || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      v.forEach(walk);
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.action_id === 'string' && o.action_id.startsWith(WATCH_IDS.claim)) {
      found = String(o.value);
      return;
    }
    for (const x of Object.values(o)) walk(x);
  };
  walk(call.args.blocks);
  if (!found) throw new Error('no claim button');
  return found;
}

/** A thread reply also sent to the channel (the Web API's form encoding makes it a string). */
const broadcast = (c: RecordedCall) => String(c.args.reply_broadcast) === 'true';

/** A suspended contract raised as the watcher would, told in CHANNEL. */
async function raiseContract(h: Harness, name = 'db-1'): Promise<IncidentRow> {
  const server = h.sim.control.servers().find((s) => s.name === name)!;
  return h.bot.store.transaction(async (tx) => {
    const now = h.sim.control.clock.now();
    const at = now.getTime();
    const { incident } = await raiseAlarm(
      tx,
      {
        kind: 'contract',
        subject: server.uuid,
        name,
        detail: { from: 'active', to: 'suspended' },
        key: `contract:${server.uuid}:${at}:active>suspended`,
        at,
        channels: [{ channelId: CHANNEL }],
      },
      { now, flapMs: 30_000 },
    );
    return incident;
  });
}

describe('“I’m on it” through the real app', () => {
  let h: Harness | undefined;
  let h2: Harness | undefined;
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await h?.close();
    await h2?.close();
    await db?.drop();
    h = h2 = db = undefined;
  });

  it('one owner of two clicks at once, a takeover, the alert edited in place, the thread, the audit, /vps incidents', async () => {
    h = await startHarness({
      operators: [OPERATOR],
      watcher: true,
      rateLimit: { limit: 1200, windowSeconds: 60, concurrent: 10 },
      env: {
        WATCH_INTERVAL_SECONDS: '1',
        WATCH_FLAP_SECONDS: '0',
        NOTIFY_CHANNEL: CHANNEL,
        ONCALL_MENTION: ONCALL,
      },
    });
    const db1 = h.sim.control.servers().find((s) => s.name === 'db-1' && s.power === 'running');
    if (!db1) throw new Error('the seed needs a running db-1');
    await h.sim.control.nextRequest({ path: new RegExp(`^/v1/vps/servers/${db1.uuid}$`), status: 200 });
    h.sim.control.setPower(db1.uuid, 'stopped');
    const alert = await h.slack.waitFor(
      (c) =>
        c.method === 'chat.postMessage' && c.args.channel === CHANNEL && messageText(c).includes('*db-1*'),
      15_000,
    );
    expect(messageText(alert)).toContain(`${ONCALL} *db-1* stopped with no power operation`);

    const listed = messageText(await (await h.command('incidents', { user: VIEWER })).reply());
    expect(listed).toContain('Open alarms (1)');
    // To one person, in their zone: not Slack's token.
    expect(listed).toMatch(
      /\*db-1\* stopped with no power operation to explain it · since \w{3} \d+, \d{4}, \d\d:\d\d /,
    );
    expect(listed).toContain('nobody on it');

    // Two clicks at once, by two people: one owner; the other is told who took it.
    const value = claimValue(alert);
    const [a, b] = await Promise.all([
      h.click(WATCH_IDS.claim, value, { user: VIEWER }),
      h.click(WATCH_IDS.claim, value, { user: OPERATOR }),
    ]);
    const answers = [messageText(await a.reply()), messageText(await b.reply())];
    const won = answers.filter((t) => t.includes('You’re on it: *db-1*'));
    expect(won).toHaveLength(1);
    const winner = answers[0]!.includes('You’re on it') ? VIEWER : OPERATOR;
    const loser = winner === VIEWER ? OPERATOR : VIEWER;
    const lost = [a, b][answers[0]!.includes('You’re on it') ? 1 : 0]!;
    const lostAnswer = await lost.reply();
    expect(messageText(lostAnswer)).toMatch(
      new RegExp(
        `<@${winner}> took \\*db-1\\* \\w{3} \\d+, \\d{4}, \\d\\d:\\d\\d .*, just before you\\. Press \\*Take it over\\*`,
      ),
    );
    // The alert is edited in place (the only message edited here, so its ts is the alert's).
    const edited = await h.slack.waitFor(
      (c) => c.method === 'chat.update' && messageText(c).includes(`<@${winner}> is on it`),
    );
    const ts = String(edited.args.ts);
    const inc = JSON.parse(claimValue(alert)) as { i: string };
    expect((await h.bot.store.incidents.postsOf([inc.i]))[0]?.messageTs).toBe(ts);
    expect(messageText(edited).split('\n')[0]).not.toContain(ONCALL);
    await h.slack.waitFor(
      (c) =>
        c.method === 'chat.postMessage' &&
        c.args.thread_ts === ts &&
        messageText(c).includes(`<@${winner}> is on it`),
    );

    // The same stale button again takes nothing; the answer's own button takes it over knowingly:
    // the alert shows the latest, the thread both.
    const stale = await h.click(WATCH_IDS.claim, value, { user: loser });
    expect(messageText(await stale.reply())).toContain('just before you');
    const over = await h.click(WATCH_IDS.claim, claimValue(lostAnswer), { user: loser });
    expect(messageText(await over.reply())).toContain(`You took *db-1* over from <@${winner}>`);
    await h.slack.waitFor(
      (c) =>
        c.method === 'chat.update' && c.args.ts === ts && messageText(c).includes(`<@${loser}> is on it`),
    );
    await h.slack.waitFor(
      (c) =>
        c.method === 'chat.postMessage' &&
        c.args.thread_ts === ts &&
        messageText(c).includes(`<@${loser}> took it over from <@${winner}>`),
    );
    const again = await h.click(WATCH_IDS.claim, value, { user: loser });
    expect(messageText(await again.reply())).toContain('You are already on *db-1*');

    const now = messageText(await (await h.command('incidents', { user: ADMIN })).reply());
    expect(now).toMatch(new RegExp(`<@${loser}> on it since \\w{3} \\d+, \\d{4}, \\d\\d:\\d\\d `));
    const audit = await h.bot.store.audit.latest({ limit: 20 });
    expect(
      audit.filter((e) => e.action === 'incident.claim' && e.outcome === 'ok').map((e) => e.actor),
    ).toEqual([loser, winner]);
  });

  it('is refused to those the policy keeps from reading the server; /vps incidents hides its alarms from them', async () => {
    h = await startHarness({ operators: [OPERATOR], policy: 'actions:\n  show: operator\n' });
    const inc = await raiseContract(h);
    const refused = await h.click(WATCH_IDS.claim, JSON.stringify({ i: inc.id }), { user: VIEWER });
    expect(messageText(await refused.reply())).toContain('This needs the *operator* role');
    expect(messageText(await (await h.command('incidents', { user: VIEWER })).reply())).toContain(
      'No open alarms',
    );
    const ok = await h.click(WATCH_IDS.claim, JSON.stringify({ i: inc.id }), { user: OPERATOR });
    expect(messageText(await ok.reply())).toContain('You’re on it: *db-1*');
    const gone = await h.click(WATCH_IDS.claim, JSON.stringify({ i: 'nope' }), { user: OPERATOR });
    expect(messageText(await gone.reply())).toContain('This alarm is no longer kept');
    const audit = await h.bot.store.audit.latest({ limit: 10 });
    expect(audit.filter((e) => e.action === 'incident.claim').map((e) => [e.actor, e.outcome])).toEqual([
      [OPERATOR, 'ok'],
      [VIEWER, 'refused'],
    ]);
  });

  it('/vps incidents lists two open alarms, each with its own buttons (Slack refuses a repeated block_id)', async () => {
    h = await startHarness({ operators: [OPERATOR] });
    const a = await raiseContract(h, 'db-1');
    const b = await raiseContract(h, 'web-1');
    const reply = await (await h.command('incidents', { user: OPERATOR })).reply();
    expect(reply.error).toBeUndefined();
    expect(messageText(reply)).toContain('Open alarms (2)');
    const blocks = reply.args.blocks as {
      type: string;
      block_id?: string;
      elements?: { value?: string }[];
    }[];
    const actions = blocks.filter((x) => x.type === 'actions');
    const values = actions.flatMap((x) => x.elements ?? []).map((e) => e.value ?? '');
    expect(values.some((v) => v.includes(a.id))).toBe(true);
    expect(values.some((v) => v.includes(b.id))).toBe(true);
    const ids = blocks.flatMap((x) => (x.block_id ? [x.block_id] : []));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('an alarm nobody takes is raised again after ONCALL_RENOTIFY_MINUTES, in its thread and the channel, until claimed', async () => {
    h = await startHarness({
      operators: [OPERATOR],
      watcher: true,
      manualClockAt: new Date('2026-03-02T03:00:00Z'),
      env: {
        NOTIFY_CHANNEL: CHANNEL,
        ONCALL_MENTION: ONCALL,
        ONCALL_RENOTIFY_MINUTES: '15',
        ONCALL_RENOTIFY_MAX: '3',
      },
    });
    const inc = await raiseContract(h);
    const alert = await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && messageText(c).includes('The contract of *db-1*'),
    );
    h.sim.control.clock.advance(15 * 60_000);
    const reminder = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && broadcast(c));
    expect(reminder.args.channel).toBe(CHANNEL);
    expect(messageText(reminder)).toContain(
      `${ONCALL} Still nobody on it (reminder 1 of 3): the contract of *db-1*`,
    );
    const posts = await h.bot.store.incidents.postsOf([inc.id]);
    expect(reminder.args.thread_ts).toBe(posts[0]!.messageTs);
    expect(alert.args.thread_ts).toBeUndefined();
    // Taken: no more reminders, though time passes and the notifier keeps working (a later alarm is posted).
    await (await h.click(WATCH_IDS.claim, JSON.stringify({ i: inc.id }), { user: OPERATOR })).reply();
    h.sim.control.clock.advance(30 * 60_000);
    await raiseContract(h, 'web-1');
    await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && messageText(c).includes('The contract of *web-1*'),
    );
    expect(h.slack.calls.filter((c) => c.method === 'chat.postMessage' && broadcast(c))).toHaveLength(1);
    expect((await h.bot.store.incidents.get(inc.id))?.renotifyCount).toBe(1);
  });

  it('two app instances on one PostgreSQL: clicks on both at once give one owner', async () => {
    db = await createTestDatabase('claims');
    const env = { DATABASE_URL: db.url, BOT_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
    h = await startHarness({ operators: [OPERATOR], env });
    h2 = await startHarness({ operators: [OPERATOR], env });
    const inc = await raiseContract(h);
    for (let round = 0; round < 3; round += 1) {
      const before = (await h.bot.store.incidents.get(inc.id))!;
      // Both click the same message, so both buttons carry the claims it showed (as the real
      // button does): whichever commits second lost, however the two interleave on a busy machine.
      const value = JSON.stringify({ i: inc.id, n: before.claims });
      const [a, b] = await Promise.all([
        h.click(WATCH_IDS.claim, value, { user: `U0ONE${round}` }),
        h2.click(WATCH_IDS.claim, value, { user: `U0TWO${round}` }),
      ]);
      const texts = [messageText(await a.reply()), messageText(await b.reply())];
      expect(texts.filter((t) => /You’re on it|You took/.test(t))).toHaveLength(1);
      const after = (await h2.bot.store.incidents.get(inc.id))!;
      expect(after.claims).toBe(before.claims + 1);
      expect([`U0ONE${round}`, `U0TWO${round}`]).toContain(after.claimedBy);
    }
  });
});
