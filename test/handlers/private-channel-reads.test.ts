/**
 * What was asked for in a private channel is read only by whom may read that
 * channel, through the real app with signed requests: `/vps digest` asked by
 * a viewer outside it leaves out its paid orders (server, plan, price, who
 * asked and approved), its refused requests, its hosting changes and its
 * stuck signup, which a member's digest lists; `/vps incidents` and the App
 * Home leave that signup's alarm (and the channel's mutes) out for the viewer;
 * the daily digest posted in DIGEST_CHANNEL holds only what every member of
 * that channel may read. The rule is the App Home's: public, or a member.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewIncident, Store } from '../../src/store/index.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** 10 March 2026, 11:30 in Japan: the daily digest below is due at 12:00. */
const SEEDED_AT = new Date('2026-03-10T02:30:00.000Z');
const DIGEST_AT = new Date('2026-03-10T03:00:01.000Z');

const SECRET = 'G0SECRET1';
const DIGEST = 'G0DIGEST1';
const MEMBER = 'U0MEMBER1';
const APPROVER = 'U0APPROVE';

/** The private channel's day, and the public one's, written where the bot writes them. */
async function seed(store: Store, now: number): Promise<void> {
  const at = (ms: number) => new Date(now + ms);
  const quote = (serverName: string, channelId: string, requesterId: string) =>
    store.signups.create({
      planId: 'vps-4gb',
      period: 3,
      imageId: 'ubuntu',
      serverName,
      quotedPrice: 9_900,
      requesterId,
      channelId,
      expiresAt: at(HOUR),
    });
  const order = async (name: string, channelId: string, price: number, ms: number) => {
    const row = await quote(name, channelId, channelId === SECRET ? MEMBER : OPERATOR);
    await store.audit.append({
      actor: APPROVER,
      channelId,
      action: 'signup.execute',
      target: row.id,
      params: { name, price, status: 'active' },
      outcome: 'ok',
      at: at(ms),
    });
  };
  await order('secret-db', SECRET, 9_900, -4 * HOUR);
  await order('shop-db', CHANNEL, 3_960, -3 * HOUR);
  const refused = await quote('hidden-db', SECRET, MEMBER);
  await store.signups.transition(refused.id, ['quoted'], 'rejected', { approverId: APPROVER });
  await store.audit.append({
    actor: MEMBER,
    channelId: SECRET,
    action: 'hosting.domain_add',
    target: 'sv1234.xsrv.jp',
    params: { domain: 'secret.example.jp' },
    outcome: 'ok',
    at: at(-2 * HOUR),
  });
  // A paid signup stuck at the provider in each channel, as the watcher raises it.
  const stuck = async (name: string, channelId: string) => {
    const row = await quote(name, channelId, channelId === SECRET ? MEMBER : OPERATOR);
    const id = `signup:${row.id}:stuck`;
    const alarm: NewIncident = {
      id,
      kind: 'signup-stuck',
      subject: `signup:${row.id}`,
      name,
      ipAddress: null,
      plan: null,
      baseline: 'ok',
      baselineSince: at(-3 * HOUR),
      baselineSinceKnown: false,
      state: 'alarm',
      changes: [{ key: id, from: 'ok', to: 'alarm', at: now - HOUR, later: false }],
      detail: { signupId: row.id, serviceId: '1234', requesterId: row.requesterId, since: now - 3 * HOUR },
      raisedAt: at(-HOUR),
      alarmSince: at(-HOUR),
    };
    await store.incidents.create(alarm);
  };
  await stuck('stuck-db', SECRET);
  await stuck('open-db', CHANNEL);
  await store.mutes.set({ target: 'all', channelId: SECRET, until: at(2 * HOUR), createdBy: MEMBER });
}

/** What the private channel alone may be told. */
const SECRETS = ['secret-db', 'hidden-db', 'secret.example.jp', 'stuck-db', SECRET];

describe('a private channel’s orders, refusals, changes and alarms', () => {
  let dataDir: string;
  let h: Harness;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'private-reads-'));
    h = await startHarness({
      manualClockAt: SEEDED_AT,
      operators: [OPERATOR, MEMBER],
      approvers: [APPROVER],
      env: { DATA_DIR: dataDir },
    });
    h.slack.setChannel(SECRET, { private: true, members: [MEMBER, APPROVER] });
    await seed(h.bot.store, SEEDED_AT.getTime());
    // A moment later: what was written at "now" is in the last 24 hours.
    h.sim.control.clock.advance(1_000);
  });
  afterAll(async () => {
    await h?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Every answer to `/vps digest` through its response_url, as one text. */
  async function digestOf(user: string): Promise<string> {
    const sent = await h.command('digest', { user, channel: CHANNEL });
    await sent.reply();
    await h.slack.waitFor(
      (c) =>
        c.method === 'response_url' &&
        c.responseId === sent.responseId &&
        messageText(c).includes('*Provider budget*'),
    );
    return h.slack.calls
      .filter((c) => c.method === 'response_url' && c.responseId === sent.responseId)
      .map(messageText)
      .join('\n');
  }

  it('`/vps digest` of a viewer outside the channel holds none of it; a member’s holds it all', async () => {
    const viewer = await digestOf(VIEWER);
    expect(viewer).toContain('*shop-db*');
    expect(viewer).toContain('*Orders placed: 1*, ¥3,960 in all (tax included)');
    expect(viewer).toContain('open-db');
    for (const s of SECRETS) expect(viewer).not.toContain(s);
    expect(viewer).not.toContain('¥9,900');

    const member = await digestOf(MEMBER);
    expect(member).toContain('*Orders placed: 2*, ¥13,860 in all (tax included)');
    for (const s of ['secret-db', 'hidden-db', 'secret.example.jp', 'stuck-db']) expect(member).toContain(s);
  });

  it('`/vps incidents` leaves the channel’s stuck signup out for the viewer, not for a member', async () => {
    const viewer = messageText(await (await h.command('incidents', { user: VIEWER })).reply());
    expect(viewer).toContain('open-db');
    expect(viewer).not.toContain('stuck-db');
    const member = messageText(await (await h.command('incidents', { user: MEMBER })).reply());
    expect(member).toContain('stuck-db');
    expect(member).toContain('open-db');
  });

  it('the App Home leaves out the channel’s stuck signup and its mutes for the viewer', async () => {
    const home = async (user: string): Promise<RecordedCall> => {
      const since = h.slack.lastSeq;
      expect((await h.openHome({ userId: user })).status).toBe(200);
      return h.slack.waitForHome(user, since);
    };
    const viewer = JSON.stringify((await home(VIEWER)).args.view);
    expect(viewer).toContain('open-db');
    expect(viewer).not.toContain('stuck-db');
    expect(viewer).not.toContain(SECRET);
    const member = JSON.stringify((await home(MEMBER)).args.view);
    expect(member).toContain('stuck-db');
    expect(member).toContain(SECRET);
  });
});

describe('the daily digest in a private DIGEST_CHANNEL', () => {
  let dataDir: string;
  let h: Harness | undefined;
  afterAll(async () => {
    await h?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('holds only what every member of that channel may read', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'private-digest-'));
    // The day, written by a bot on this store; then a bot started at 12:00 posts the day's digest.
    const first = await startHarness({ manualClockAt: SEEDED_AT, env: { DATA_DIR: dataDir } });
    await seed(first.bot.store, SEEDED_AT.getTime());
    await first.close();
    h = await startHarness({
      manualClockAt: DIGEST_AT,
      operators: [OPERATOR, MEMBER],
      watcher: true,
      env: { DATA_DIR: dataDir, DIGEST_CHANNEL: DIGEST, DIGEST_TIME: '12:00' },
    });
    // The viewer reads the digest's channel but not the private one: its things stay out.
    h.slack.setChannel(DIGEST, { private: true, members: [MEMBER, VIEWER] });
    h.slack.setChannel(SECRET, { private: true, members: [MEMBER, APPROVER] });
    const posts = (after: number) => (c: RecordedCall) =>
      c.seq > after && c.method === 'chat.postMessage' && c.args.channel === DIGEST;
    const top = await h.slack.waitFor(posts(0));
    // The thread's pages follow one by one at the channel's pace, on the bot's (manual) clock.
    let last = top;
    while (!messageText(last).includes('*Provider budget*')) {
      h.sim.control.clock.advance(5_000);
      last = await h.slack.waitFor(posts(last.seq));
      expect(last.args.thread_ts).toBeTypeOf('string');
    }
    const posted = h.slack.calls
      .filter((c) => c.method === 'chat.postMessage' && c.args.channel === DIGEST)
      .map(messageText)
      .join('\n');
    expect(messageText(top)).toContain('*Orders placed: 1*, ¥3,960 in all (tax included)');
    expect(posted).toContain('*shop-db*');
    expect(posted).toContain('open-db');
    for (const s of SECRETS) expect(posted).not.toContain(s);
  });
});
