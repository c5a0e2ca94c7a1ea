import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../support/fake-slack.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { unlabelledTimes } from '../support/times.ts';
import {
  APPROVER,
  APPROVER_GROUP,
  allText,
  approvalOf,
  CHANNEL,
  REQUESTER,
  type Scene,
  type SubmitValues,
  startScene,
  VIEWER,
} from './signup-harness.ts';

const TYPED = 'Typed-Passw0rd-77';

const form = (over: Partial<SubmitValues> = {}): SubmitValues => ({
  plan_id: 'vps-2gb',
  period: '1',
  image_id: 'ubuntu-24.04',
  name: 'web-9',
  root_password: TYPED,
  agree_to_terms: true,
  ...over,
});

function realPosts(scene: Scene) {
  return scene.sim.control
    .requests({ method: 'POST', path: '/v1/vps/servers' })
    .filter((r) => (r.body as { dry_run?: unknown } | null)?.dry_run !== true);
}

/** Submits the form and returns the approval request it posted in the channel. */
async function quote(scene: Scene, values: SubmitValues = form(), user = REQUESTER) {
  const after = scene.slack.lastSeq;
  const ack = await scene.submit(values, user);
  expect(ack.status).toBe(200);
  const posted = await scene.slack.waitFor(
    (c) =>
      c.seq > after && c.method === 'chat.postMessage' && c.args.channel === CHANNEL && !c.args.thread_ts,
  );
  const notice = await scene.slack.waitFor((c) => c.seq > after && c.method === 'views.update');
  const [row] = await scene.bots[0]!.store.signups.listRecent({ limit: 1 });
  if (!row) throw new Error('no signup row');
  return { posted, notice, row, ...approvalOf(posted) };
}

const isThread = (c: RecordedCall) => c.method === 'chat.postMessage' && typeof c.args.thread_ts === 'string';

describe('paid signup through Slack', () => {
  let scene: Scene | undefined;
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await scene?.close();
    await db?.drop();
    scene = undefined;
    db = undefined;
  });

  it('an operator opens the form; choosing a plan updates periods and images', async () => {
    scene = await startScene();
    const { ack } = await scene.command('signup', REQUESTER);
    expect(ack.status).toBe(200);
    const opened = await scene.slack.waitForMethod('views.open');
    const filled = await scene.slack.waitFor((c) => c.method === 'views.update' && c.seq > opened.seq);
    const view = filled.args.view as { blocks: { element?: { action_id?: string } }[] };
    expect(view.blocks.map((b) => b.element?.action_id).filter(Boolean)).toEqual([
      'plan_id',
      'period',
      'image_id',
      'name',
      'ssh_key_name',
      'ssh_public_key',
      'root_password',
      'auto_renew',
      'partner_code',
      'agree_to_terms',
    ]);
    const before = scene.slack.lastSeq;
    await scene.choosePlan('vps-4gb', REQUESTER, String(filled.args.view_id));
    const updated = await scene.slack.waitFor((c) => c.method === 'views.update' && c.seq > before);
    expect(updated.args.hash).toBeDefined();
    const text = allText(updated.args.view);
    expect(text).toContain('vps_signup_period@vps-4gb');
    expect(text).toContain('oraclelinux-9-desktop');
    // A 1 GB plan has too little memory for the desktop image.
    const b2 = scene.slack.lastSeq;
    await scene.choosePlan('vps-1gb', REQUESTER, String(filled.args.view_id));
    const small = await scene.slack.waitFor((c) => c.method === 'views.update' && c.seq > b2);
    expect(allText(small.args.view)).not.toContain('oraclelinux-9-desktop');
  });

  it('a viewer is told the form needs the operator role', async () => {
    scene = await startScene();
    const { responseId } = await scene.command('signup', VIEWER);
    const reply = await scene.slack.waitForResponse(responseId);
    expect(allText(reply.args)).toContain('needs the operator role');
    expect(scene.slack.callsOf('views.open')).toHaveLength(0);
  });

  it('refuses every bad field inline, before any provider call', async () => {
    scene = await startScene();
    const ack = await scene.submit(
      form({ name: 'Web 9', root_password: 'short', partner_code: 'a-b', agree_to_terms: false }),
      REQUESTER,
    );
    const body = JSON.parse(ack.text) as { response_action: string; errors: Record<string, string> };
    expect(body.response_action).toBe('errors');
    expect(Object.keys(body.errors).sort()).toEqual([
      'vps_signup_agree_to_terms',
      'vps_signup_name',
      'vps_signup_partner_code',
      'vps_signup_root_password',
    ]);
    expect(body.errors.vps_signup_root_password).toContain('At least 9 characters');
    expect(scene.sim.control.requests({ method: 'POST' })).toHaveLength(0);
  });

  it('happy path: quote, approval with the price, one real POST with the key, price and terms', async () => {
    scene = await startScene();
    const q = await quote(scene);
    const approval = allText(q.posted.args.blocks);
    expect(approval).toContain(`¥${q.row.quotedPrice.toLocaleString('en-US')}`);
    expect(approval).toContain('pro-rata');
    expect(approval).toContain(`<@${REQUESTER}>`);
    expect(approval).toContain(`Pay ¥${q.row.quotedPrice.toLocaleString('en-US')}?`);
    expect(allText(q.notice.args.view)).toContain('waits for an approver');
    expect(q.row.messageTs).not.toBeNull();

    const after = scene.slack.lastSeq;
    const { ack } = await scene.click('vps_signup_approve', q.value, APPROVER);
    expect(ack.status).toBe(200);
    const thread = await scene.slack.waitFor((c) => c.seq > after && isThread(c));
    expect(thread.args.thread_ts).toBe(q.row.messageTs);
    expect(allText(thread.args)).toContain('The server is active');
    // Active at once: the thread is told the new server's uuid and IP address, as a built one is.
    const created = scene.sim.control.servers().find((s) => s.name === q.row.serverName)!;
    expect(allText(thread.args)).toContain(`uuid \`${created.uuid}\``);
    expect(allText(thread.args)).toContain(`IP address \`${created.ipAddress}\``);
    const final = await scene.slack.waitFor(
      (c) =>
        c.seq > thread.seq && c.method === 'chat.update' && allText(c.args).includes('The server is active'),
    );
    expect(final.args.ts).toBe(q.row.messageTs);
    expect(allText(final.args.blocks)).toContain(`Approved by <@${APPROVER}>`);
    expect(allText(final.args.blocks)).not.toContain('vps_signup_approve');
    // The message was updated in place with who approved before the order ran.
    const interim = scene.slack.calls.filter((c) => c.seq > after && c.method === 'chat.update');
    expect(allText(interim[0]?.args)).toContain('Placing the order now');

    const posts = realPosts(scene);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.idempotencyKey).toBe(q.row.idempotencyKey);
    expect(posts[0]?.body).toMatchObject({
      expected_total_price: q.row.quotedPrice,
      agree_to_terms: true,
      plan_id: 'vps-2gb',
      period: 1,
      name: 'web-9',
    });
    expect(scene.sim.control.charges().map((c) => c.amount)).toEqual([q.row.quotedPrice]);
  });

  it('times: the channel gets Slack date tokens, the requester their own zone, and 00:00 Japan time named', async () => {
    // 23:50 in Japan: the quote ends at the day boundary, not by its time to live.
    scene = await startScene({ now: new Date('2026-03-10T14:50:00.000Z') });
    scene.slack.setUser(REQUESTER, { locale: 'en-US', tz: 'America/New_York' });
    const q = await quote(scene);
    expect(q.row.expiresAt.toISOString()).toBe('2026-03-10T15:00:00.000Z');
    const channel = `${String(q.posted.args.text)}${allText(q.posted.args.blocks)}`;
    expect(unlabelledTimes(channel)).toEqual([]);
    expect(channel).toContain('<!date^1773154800^{date_short_pretty} {time}|2026-03-10 15:00 UTC>');
    expect(channel).toContain('(00:00 Japan time, when the day’s pro-rata price changes)');
    expect(allText(q.notice.args.view)).toContain(
      'The quote expires Mar 10, 2026, 11:00 America/New_York (00:00 Japan time, when the day’s pro-rata price changes).',
    );
  });

  it('self-approval and a viewer are refused, alone; group membership is read at click time', async () => {
    scene = await startScene();
    scene.slack.setGroup(APPROVER_GROUP, [APPROVER, REQUESTER]);
    const q = await quote(scene);
    const self = await scene.click('vps_signup_approve', q.value, REQUESTER);
    expect(allText((await scene.slack.waitForResponse(self.responseId)).args)).toContain('someone else');
    const viewer = await scene.click('vps_signup_approve', q.value, VIEWER);
    const vr = await scene.slack.waitForResponse(viewer.responseId);
    expect(allText(vr.args)).toContain('Only approvers');
    expect(vr.args.response_type).toBe('ephemeral');
    scene.slack.setGroup(APPROVER_GROUP, [REQUESTER]);
    const gone = await scene.click('vps_signup_approve', q.value, APPROVER);
    expect(allText((await scene.slack.waitForResponse(gone.responseId)).args)).toContain('Only approvers');
    expect(realPosts(scene)).toHaveLength(0);
    expect((await scene.bots[0]!.store.signups.get(q.row.id))?.state).toBe('quoted');
  });

  it('twenty concurrent approve clicks: one charge, nineteen told it was already handled', async () => {
    scene = await startScene();
    const approvers = Array.from({ length: 20 }, (_, i) => `U0APPR${String(i).padStart(4, '0')}`);
    scene.slack.setGroup(APPROVER_GROUP, approvers);
    const q = await quote(scene);
    const clicks = await Promise.all(approvers.map((u) => scene!.click('vps_signup_approve', q.value, u)));
    expect(clicks.every((c) => c.ack.status === 200)).toBe(true);
    await scene.slack.waitFor(isThread);
    const replies = await Promise.all(
      clicks.map((c) =>
        scene!.slack
          .waitFor((x) => x.method === 'response_url' && x.responseId === c.responseId, 2_000)
          .catch(() => null),
      ),
    );
    const told = replies.filter((r): r is RecordedCall => r !== null);
    expect(told).toHaveLength(19);
    for (const r of told) expect(allText(r.args)).toContain('Already handled');
    expect(realPosts(scene)).toHaveLength(1);
    expect(scene.sim.control.charges()).toHaveLength(1);
  });

  it('two app instances sharing one PostgreSQL: twenty clicks across both, one charge', async () => {
    db = await createTestDatabase('signupscene');
    scene = await startScene({ databaseUrl: db.url });
    const second = await scene.addBot();
    const approvers = Array.from({ length: 20 }, (_, i) => `U0APPR${String(i).padStart(4, '0')}`);
    scene.slack.setGroup(APPROVER_GROUP, approvers);
    const q = await quote(scene);
    const clicks = await Promise.all(
      approvers.map((u, i) => scene!.click('vps_signup_approve', q.value, u, i % 2 ? { bot: second } : {})),
    );
    expect(clicks.every((c) => c.ack.status === 200)).toBe(true);
    await scene.slack.waitFor(isThread);
    const row = await second.store.signups.get(q.row.id);
    expect(row?.state).toBe('active');
    expect(realPosts(scene)).toHaveLength(1);
    expect(scene.sim.control.charges()).toHaveLength(1);
  });

  it('retried deliveries: the same submission quotes once, the same click pays once', async () => {
    scene = await startScene();
    const first = await scene.submit(form(), REQUESTER, { viewId: 'V0SAME0001', hash: 'h-same' });
    expect(first.status).toBe(200);
    await scene.slack.waitFor((c) => c.method === 'chat.postMessage' && !c.args.thread_ts);
    await scene.slack.waitFor((c) => c.method === 'views.update');
    const retried = await scene.submit(form(), REQUESTER, {
      viewId: 'V0SAME0001',
      hash: 'h-same',
      retryNum: 1,
    });
    expect(retried.status).toBe(200);
    expect(await scene.bots[0]!.store.signups.listRecent({ limit: 10 })).toHaveLength(1);
    const posted = scene.slack.callsOf('chat.postMessage').filter((c) => !c.args.thread_ts);
    expect(posted).toHaveLength(1);
    const { value } = approvalOf(posted[0]!);
    const click = await scene.click('vps_signup_approve', value, APPROVER);
    const again = await scene.click('vps_signup_approve', value, APPROVER, { retryNum: 1 });
    expect(click.ack.status).toBe(200);
    await scene.slack.waitFor(isThread);
    const told = await scene.slack.waitForResponse(again.responseId);
    expect(allText(told.args)).toContain('Already handled');
    expect(scene.sim.control.charges()).toHaveLength(1);
  });

  it('price drift: nothing paid, old and new price in the thread, a new approval request', async () => {
    scene = await startScene();
    const q = await quote(scene);
    scene.sim.control.setMonthlyPrice('vps-2gb', 3_000);
    const after = scene.slack.lastSeq;
    await scene.click('vps_signup_approve', q.value, APPROVER);
    const thread = await scene.slack.waitFor((c) => c.seq > after && isThread(c));
    expect(allText(thread.args)).toContain(`from ¥${q.row.quotedPrice.toLocaleString('en-US')} to`);
    const again = await scene.slack.waitFor(
      (c) => c.seq > thread.seq && c.method === 'chat.postMessage' && !c.args.thread_ts,
    );
    const next = approvalOf(again);
    expect(next.price).toBeGreaterThan(q.price);
    expect(scene.sim.control.charges()).toHaveLength(0);
    const a2 = scene.slack.lastSeq;
    await scene.click('vps_signup_approve', next.value, APPROVER);
    await scene.slack.waitFor((c) => c.seq > a2 && isThread(c) && allText(c.args).includes('active'));
    expect(scene.sim.control.charges().map((c) => c.amount)).toEqual([next.price]);
  });

  it('dry-run refusals come back to the requester as sentences; nothing is posted in the channel', async () => {
    scene = await startScene();
    scene.sim.control.setPlanPaused('vps-2gb', true);
    const after = scene.slack.lastSeq;
    await scene.submit(form(), REQUESTER);
    const notice = await scene.slack.waitFor(
      (c) =>
        c.seq > after && c.method === 'views.update' && allText(c.args).includes('cannot take this plan'),
    );
    expect(notice).toBeDefined();
    expect(scene.slack.callsOf('chat.postMessage')).toHaveLength(0);
  });

  it('a refused order is explained in the thread (402)', async () => {
    scene = await startScene();
    const q = await quote(scene);
    scene.sim.control.setBalance(0);
    const after = scene.slack.lastSeq;
    await scene.click('vps_signup_approve', q.value, APPROVER);
    const thread = await scene.slack.waitFor((c) => c.seq > after && isThread(c));
    expect(allText(thread.args)).toContain('prepaid balance is too low');
    expect(scene.sim.control.charges()).toHaveLength(0);
  });

  it('a connection dropped after the charge: the thread says it is checked, the sweep finds it paid once', async () => {
    scene = await startScene();
    const q = await quote(scene);
    scene.sim.control.addFault({ method: 'POST', path: '/v1/vps/servers', drop: 'after', times: 2 });
    const after = scene.slack.lastSeq;
    await scene.click('vps_signup_approve', q.value, APPROVER);
    const checking = await scene.slack.waitFor((c) => c.seq > after && isThread(c));
    expect(allText(checking.args)).toContain('may or may not have gone through');
    expect(scene.sim.control.charges()).toHaveLength(1);
    scene.sim.control.clock.advance(30_000);
    const sweep = await scene.sweep();
    expect(sweep.rechecked).toBe(1);
    const paid = await scene.slack.waitFor((c) => c.seq > checking.seq && isThread(c));
    expect(allText(paid.args)).toContain('The server is active');
    expect(scene.sim.control.charges()).toHaveLength(1);
    expect(new Set(realPosts(scene).map((p) => p.idempotencyKey))).toEqual(new Set([q.row.idempotencyKey]));
  });

  it('a quote made at 23:50 JST cannot be approved after 00:00 JST: the clicker is told, the message says expired', async () => {
    scene = await startScene({ now: new Date('2026-03-10T14:50:00.000Z') });
    const q = await quote(scene);
    expect(q.row.expiresAt.toISOString()).toBe('2026-03-10T15:00:00.000Z');
    scene.sim.control.clock.advance(10 * 60_000);
    const after = scene.slack.lastSeq;
    const click = await scene.click('vps_signup_approve', q.value, APPROVER);
    expect(allText((await scene.slack.waitForResponse(click.responseId)).args)).toContain(
      'This quote expired',
    );
    const updated = await scene.slack.waitFor((c) => c.seq > after && c.method === 'chat.update');
    expect(allText(updated.args)).toContain('Nothing was charged');
    expect(realPosts(scene)).toHaveLength(0);
  });

  it('reject and expiry update the message; /vps signups lists both', async () => {
    scene = await startScene();
    const a = await quote(scene, form({ name: 'one' }));
    const r = scene.slack.lastSeq;
    await scene.click('vps_signup_reject', a.value, APPROVER);
    const rejected = await scene.slack.waitFor((c) => c.seq > r && c.method === 'chat.update');
    expect(allText(rejected.args)).toContain(`Rejected by <@${APPROVER}>`);
    const b = await quote(scene, form({ name: 'two' }));
    scene.sim.control.clock.advance(30 * 60_000);
    const e = scene.slack.lastSeq;
    expect((await scene.sweep()).expired).toBe(1);
    const expired = await scene.slack.waitFor((c) => c.seq > e && c.method === 'chat.update');
    expect(allText(expired.args)).toContain('expired');
    const late = await scene.click('vps_signup_approve', b.value, APPROVER);
    expect(allText((await scene.slack.waitForResponse(late.responseId)).args)).toContain('Already handled');
    const { responseId } = await scene.command('signups', VIEWER);
    const list = allText((await scene.slack.waitForResponse(responseId)).args);
    expect(list).toContain('rejected');
    expect(list).toContain('expired');
    expect(realPosts(scene)).toHaveLength(0);
  });

  it('a decided approval message is rewritten for its state: its header, the status first, no buttons', async () => {
    scene = await startScene();
    const headerOf = (c: RecordedCall) =>
      ((c.args.blocks ?? []) as { type: string; text?: { text?: string } }[])[0]?.text?.text;
    const decided = (c: RecordedCall) => {
      const blocks = (c.args.blocks ?? []) as { type: string; text?: { text?: string } }[];
      expect(blocks.some((b) => b.type === 'actions')).toBe(false);
      expect(blocks[1]?.type).toBe('section');
      const text = allText(c.args);
      expect(text).not.toContain('vps_signup_approve');
      expect(text).not.toContain('quote expires');
      expect(text).not.toContain('sealed until the order is placed');
      return { header: headerOf(c), status: blocks[1]?.text?.text ?? '' };
    };
    // Quotes made within one simulated instant: find each one's message by its server name.
    const tsOf = async (name: string) =>
      (await scene!.bots[0]!.store.signups.listRecent({ limit: 10 })).find((r) => r.serverName === name)
        ?.messageTs;
    const updateOf = async (name: string, after: number, header: string) => {
      const ts = await tsOf(name);
      expect(ts).toBeTruthy();
      return scene!.slack.waitFor(
        (c) => c.seq > after && c.method === 'chat.update' && c.args.ts === ts && headerOf(c) === header,
      );
    };

    // Paid and active.
    const paid = await quote(scene, form({ name: 'paid' }));
    expect(headerOf(paid.posted)).toBe('VPS order waiting for approval');
    let after = scene.slack.lastSeq;
    await scene.click('vps_signup_approve', paid.value, APPROVER);
    const active = decided(await updateOf('paid', after, 'VPS ordered and paid: active'));
    expect(active.status).toContain(`Approved by <@${APPROVER}> and paid`);

    // Rejected by an approver.
    const no = await quote(scene, form({ name: 'no' }));
    after = scene.slack.lastSeq;
    await scene.click('vps_signup_reject', no.value, APPROVER);
    const rejected = decided(await updateOf('no', after, 'VPS order rejected'));
    expect(rejected.status).toContain(`Rejected by <@${APPROVER}>`);

    // Refused by the provider (prepaid balance too low).
    const poor = await quote(scene, form({ name: 'poor' }));
    scene.sim.control.setBalance(0);
    after = scene.slack.lastSeq;
    await scene.click('vps_signup_approve', poor.value, APPROVER);
    const failed = decided(await updateOf('poor', after, 'VPS order failed: not ordered'));
    expect(failed.status).toContain('Not ordered (PAYMENT_REQUIRED)');

    // Nobody decided in time.
    await quote(scene, form({ name: 'late' }));
    scene.sim.control.clock.advance(30 * 60_000);
    after = scene.slack.lastSeq;
    expect((await scene.sweep()).expired).toBe(1);
    const expired = decided(await updateOf('late', after, 'VPS quote expired: not ordered'));
    expect(expired.status).toContain('Nothing was charged');
  });

  it('no password in any Slack call or log line, except the generated one shown once to its requester', async () => {
    scene = await startScene();
    const typed = await quote(scene, form({ name: 'typed' }));
    await scene.click('vps_signup_approve', typed.value, APPROVER);
    await scene.slack.waitFor(isThread);
    const gen = await quote(scene, form({ name: 'gen', root_password: undefined }));
    const shown = allText(gen.notice.args.view).match(/Root password for `[^`]*`: `([^`]+)`/);
    const generated = shown?.[1];
    expect(generated).toMatch(/^.{24}$/);
    if (!generated) return;
    scene.sim.control.addFault({ method: 'POST', path: '/v1/vps/servers', drop: 'after', times: 2 });
    const a = scene.slack.lastSeq;
    await scene.click('vps_signup_approve', gen.value, APPROVER);
    await scene.slack.waitFor((c) => c.seq > a && isThread(c));
    scene.sim.control.clock.advance(30_000);
    await scene.sweep();
    expect(scene.sim.control.charges()).toHaveLength(2);

    const carrying = scene.slack.calls.filter((c) => allText(c).includes(generated));
    expect(carrying.map((c) => c.method)).toEqual(['views.update']);
    expect(carrying[0]?.args.view_id).toBe(gen.notice.args.view_id);
    for (const c of scene.slack.calls) expect(allText(c)).not.toContain(TYPED);
    expect(scene.logs.text).not.toContain(TYPED);
    expect(scene.logs.text).not.toContain(generated);
    const audit = allText(await scene.bots[0]!.store.audit.latest({ limit: 200 }));
    expect(audit).not.toContain(TYPED);
    expect(audit).not.toContain(generated);
    expect(scene.logs.lines.length).toBeGreaterThan(20);
  });

  it('a generated password that cannot be shown in the form nor the channel is never left in a direct message', async () => {
    scene = await startScene();
    // The form was closed, and the bot cannot post in the channel for the requester.
    scene.slack.fail('views.update', { error: 'not_found' });
    scene.slack.fail('chat.postEphemeral', { error: 'not_in_channel' });
    const after = scene.slack.lastSeq;
    expect((await scene.submit(form({ name: 'gen', root_password: undefined }), REQUESTER)).status).toBe(200);
    const dm = await scene.slack.waitFor(
      (c) => c.seq > after && c.method === 'chat.postMessage' && c.args.channel === REQUESTER,
    );
    const [row] = await scene.bots[0]!.store.signups.listRecent({ limit: 1 });
    const sealed = await scene.bots[0]!.store.secrets.open(row!.secretId!);
    expect(sealed).toMatch(/^.{24}$/);
    expect(allText(dm)).not.toContain(sealed);
    expect(allText(dm)).toContain('never leaves a password in a direct message');
    const blocks = dm.args.blocks as { type: string; elements?: { action_id?: string; value?: string }[] }[];
    const value = blocks
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === 'vps_signup_show_password')!.value!;

    // Someone else pressing it sees nothing.
    const a = scene.slack.lastSeq;
    const other = await scene.click('vps_signup_show_password', value, APPROVER);
    const refusal = await scene.slack.waitFor((c) => c.responseId === other.responseId);
    expect(allText(refusal)).toContain('Only the person who ordered this server');
    expect(scene.slack.calls.filter((c) => c.seq > a && c.method === 'views.open')).toHaveLength(0);

    // The requester sees it once, in a private window.
    await scene.click('vps_signup_show_password', value, REQUESTER);
    const opened = await scene.slack.waitFor((c) => c.seq > a && c.method === 'views.open');
    expect(allText(opened)).toContain(sealed);
    // Only that window kept it: the form and the ephemeral message were refused by Slack.
    const kept = scene.slack.calls.filter((c) => !c.error && allText(c).includes(sealed!));
    expect(kept.map((c) => c.method)).toEqual(['views.open']);
    await scene.logs.waitFor((r) => r.msg === 'root password shown once');
    const audit = await scene.bots[0]!.store.audit.latest({ limit: 5 });
    expect(audit.some((r) => r.action === 'signup.password_shown' && r.actor === REQUESTER)).toBe(true);
  });

  it('the root password’s button shows it once: a refused window gives it back, clicks at once show it once, and the order still uses it', async () => {
    scene = await startScene();
    scene.slack.fail('views.update', { error: 'not_found' });
    scene.slack.fail('chat.postEphemeral', { error: 'not_in_channel' });
    const after = scene.slack.lastSeq;
    expect((await scene.submit(form({ name: 'gen', root_password: undefined }), REQUESTER)).status).toBe(200);
    const dm = await scene.slack.waitFor(
      (c) => c.seq > after && c.method === 'chat.postMessage' && c.args.channel === REQUESTER,
    );
    const posted = await scene.slack.waitFor(
      (c) =>
        c.seq > after && c.method === 'chat.postMessage' && c.args.channel === CHANNEL && !c.args.thread_ts,
    );
    const [row] = await scene.bots[0]!.store.signups.listRecent({ limit: 1 });
    const sealed = await scene.bots[0]!.store.secrets.open(row!.secretId!);
    if (!sealed) throw new Error('no sealed password');
    const blocks = dm.args.blocks as { type: string; elements?: { action_id?: string; value?: string }[] }[];
    const value = blocks
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === 'vps_signup_show_password')!.value!;
    const windows = (since: number) =>
      scene!.slack.calls.filter((c) => c.seq > since && c.method === 'views.open' && !c.error);

    // Slack will not open the window: the requester is told to press again, and may.
    scene.slack.fail('views.open', { error: 'expired_trigger_id' });
    const refused = await scene.click('vps_signup_show_password', value, REQUESTER);
    expect(allText(await scene.slack.waitFor((c) => c.responseId === refused.responseId))).toContain(
      'The window could not be opened',
    );

    // Three clicks at once (one of them a retried delivery): one window holds it, the others are told.
    const a = scene.slack.lastSeq;
    const clicks = await Promise.all([
      scene.click('vps_signup_show_password', value, REQUESTER),
      scene.click('vps_signup_show_password', value, REQUESTER, { retryNum: 1 }),
      scene.click('vps_signup_show_password', value, REQUESTER),
    ]);
    await scene.slack.waitFor(
      () =>
        scene!.slack.calls.filter(
          (c) => c.seq > a && c.method === 'response_url' && allText(c).includes('already shown to you once'),
        ).length === 2,
    );
    await scene.slack.waitFor(() => windows(a).length === 1);
    expect(clicks).toHaveLength(3);
    expect(allText(windows(a)[0])).toContain(sealed);
    // Later, too: never again.
    const b = scene.slack.lastSeq;
    const later = await scene.click('vps_signup_show_password', value, REQUESTER);
    expect(allText(await scene.slack.waitFor((c) => c.responseId === later.responseId))).toContain(
      'already shown to you once',
    );
    expect(windows(b)).toHaveLength(0);
    await scene.logs.waitFor((r) => r.msg === 'root password shown once');
    const audit = await scene.bots[0]!.store.audit.latest({ limit: 20 });
    expect(audit.filter((r) => r.action === 'signup.password_shown')).toHaveLength(1);

    // The order still has its password: approved, it is placed.
    const c = scene.slack.lastSeq;
    await scene.click('vps_signup_approve', approvalOf(posted).value, APPROVER);
    await scene.slack.waitFor((x) => x.seq > c && isThread(x));
    expect(scene.sim.control.charges()).toHaveLength(1);
    expect((await scene.bots[0]!.store.signups.get(row!.id))?.state).toBe('active');
  });
});
