import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/services/errors.ts';
import type { SignupDeps, SignupRequest } from '../../../src/services/signup/index.ts';
import {
  approveSignup,
  executeSignup,
  expireDue,
  listSignups,
  quoteSignup,
  realPosts,
  recoverUnknown,
  rejectSignup,
  type SignupWorld,
  signupOf,
  signupWorld,
} from './harness.ts';

const TYPED = 'Typed-Passw0rd-42';

const request = (over: Partial<SignupRequest> = {}): SignupRequest => ({
  planId: 'vps-2gb',
  period: 1,
  imageId: 'ubuntu-24.04',
  serverName: 'web-7',
  sshKeyName: null,
  sshPublicKey: null,
  rootPassword: TYPED,
  autoRenew: true,
  partnerCode: null,
  ...over,
});

async function quote(deps: SignupDeps, over: Partial<SignupRequest> = {}) {
  return quoteSignup(deps, { request: request(over), requesterId: 'UREQ', channelId: 'C1', locale: 'en' });
}

/** What one click handler does: approve, and run the order when this click won. */
async function click(deps: SignupDeps, id: string, approverId: string) {
  const a = await approveSignup(deps, { channelId: 'C1', id, approverId });
  return a.kind === 'approved' ? { a, e: await executeSignup(deps, id) } : { a, e: null };
}

for (const kind of ['sqlite', 'postgres'] as const) {
  describe(`paid signup on ${kind}`, () => {
    let w: SignupWorld;
    beforeEach(async () => {
      w = await signupWorld(kind);
    });
    afterEach(async () => {
      await w.close();
    });

    it('quotes, approves and orders once, at the approved price, with the stored key', async () => {
      const q = await quote(w.deps);
      expect(q.row.state).toBe('quoted');
      expect(q.generatedPassword).toBeNull();
      const today = (await w.deps.provider.plans()).plans
        .find((p) => p.plan_id === 'vps-2gb')
        ?.periods.find((p) => p.months === 1);
      expect(q.row.quotedPrice).toBe(today?.total_price);
      expect(q.row.regularPrice).toBe(today?.regular_total_price);
      expect(q.row.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      // 12:00 JST + 30 min.
      expect(q.row.expiresAt.toISOString()).toBe('2026-03-10T03:30:00.000Z');
      expect(realPosts(w.sim)).toHaveLength(0);

      const before = w.sim.control.balance();
      const { a, e } = await click(w.deps, q.row.id, 'UAPP');
      expect(a.kind).toBe('approved');
      expect(e?.kind).toBe('done');
      if (e?.kind !== 'done') return;
      expect(e.status).toBe('active');
      expect(e.row.state).toBe('active');
      expect(e.row.approverId).toBe('UAPP');
      expect(e.row.secretId).toBeNull();

      const posts = realPosts(w.sim);
      expect(posts).toHaveLength(1);
      expect(posts[0]?.idempotencyKey).toBe(q.row.idempotencyKey);
      expect(posts[0]?.body).toMatchObject({
        plan_id: 'vps-2gb',
        period: 1,
        image_id: 'ubuntu-24.04',
        name: 'web-7',
        expected_total_price: q.row.quotedPrice,
        agree_to_terms: true,
        auto_renew: true,
      });
      expect(w.sim.control.charges()).toHaveLength(1);
      expect(w.sim.control.charges()[0]?.amount).toBe(q.row.quotedPrice);
      expect(w.sim.control.balance()).toBe(before - q.row.quotedPrice);
      // The sealed password is gone once the outcome is definite.
      if (q.row.secretId) expect(await w.store.secrets.open(q.row.secretId)).toBeNull();
      // A second click after the fact is told it was handled.
      const again = await approveSignup(w.deps, { channelId: 'C1', id: q.row.id, approverId: 'UADMIN' });
      expect(again.kind).toBe('already_handled');
    });

    it('reports building and setup_pending as paid and submitted', async () => {
      for (const outcome of ['building', 'setup_pending'] as const) {
        w.sim.control.setNextSignupOutcome(outcome);
        const q = await quote(w.deps, { serverName: `srv-${outcome.replace('_', '-')}` });
        const { e } = await click(w.deps, q.row.id, 'UAPP');
        expect(e).toMatchObject({
          kind: 'done',
          status: outcome,
          row: { state: 'submitted', providerStatus: outcome },
        });
      }
      expect(w.sim.control.charges()).toHaveLength(2);
    });

    it('refuses self-approval, viewers and unknown users; allows self-approval only by policy', async () => {
      w.roles.set('UREQ', 'approver');
      const q = await quote(w.deps);
      expect((await approveSignup(w.deps, { channelId: 'C1', id: q.row.id, approverId: 'UREQ' })).kind).toBe(
        'self_approval',
      );
      expect((await approveSignup(w.deps, { channelId: 'C1', id: q.row.id, approverId: 'UVIEW' })).kind).toBe(
        'forbidden',
      );
      expect(
        (await approveSignup(w.deps, { channelId: 'C1', id: q.row.id, approverId: 'USTRANGER' })).kind,
      ).toBe('forbidden');
      // The role is read at click time: a demoted approver is refused.
      w.roles.set('UAPP', 'operator');
      expect((await approveSignup(w.deps, { channelId: 'C1', id: q.row.id, approverId: 'UAPP' })).kind).toBe(
        'forbidden',
      );
      expect(realPosts(w.sim)).toHaveLength(0);
      expect((await w.store.signups.get(q.row.id))?.state).toBe('quoted');

      const lenient = signupOf(w.deps, { allowSelfApproval: true });
      const a = await lenient.approvals.approve({ channelId: 'C1', id: q.row.id, approverId: 'UREQ' });
      expect(a.kind === 'approved' ? (await lenient.orders.execute(q.row.id)).kind : a.kind).toBe('done');
      expect(w.sim.control.charges()).toHaveLength(1);
    });

    it('a channel outside the policy list may not ask for a quote', async () => {
      const fenced: SignupDeps = {
        ...w.deps,
        access: w.access({ channels: ['COTHER'] }),
      };
      await expect(quote(fenced)).rejects.toMatchObject({ code: 'channel_not_allowed' });
      expect(w.sim.control.requests({ method: 'POST' })).toHaveLength(0);
    });

    it('a viewer may not even ask for a quote', async () => {
      await expect(
        quoteSignup(w.deps, { request: request(), requesterId: 'UVIEW', channelId: 'C1', locale: null }),
      ).rejects.toMatchObject({ code: 'role_required' });
      expect(w.sim.control.requests({ method: 'POST' })).toHaveLength(0);
    });

    it('twenty concurrent approve clicks give one approval and one charge', async () => {
      const q = await quote(w.deps);
      for (let i = 0; i < 20; i++) w.roles.set(`UAPP${i}`, 'approver');
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => click(w.deps, q.row.id, `UAPP${i}`)),
      );
      const won = results.filter((r) => r.a.kind === 'approved');
      expect(won).toHaveLength(1);
      expect(results.filter((r) => r.a.kind === 'already_handled')).toHaveLength(19);
      const winner = won[0]?.a.kind === 'approved' ? won[0].a.row.approverId : null;
      for (const r of results) {
        if (r.a.kind === 'already_handled')
          expect(['approved', 'executing', 'active']).toContain(r.a.row.state);
      }
      expect(realPosts(w.sim)).toHaveLength(1);
      expect(w.sim.control.charges()).toHaveLength(1);
      expect((await w.store.signups.get(q.row.id))?.approverId).toBe(winner);
    });

    if (kind === 'postgres') {
      it('two replicas on one PostgreSQL, ten clicks each, one charge', async () => {
        const other = await w.replica();
        const q = await quote(w.deps);
        for (let i = 0; i < 20; i++) w.roles.set(`UAPP${i}`, 'approver');
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => click(i % 2 === 0 ? w.deps : other, q.row.id, `UAPP${i}`)),
        );
        expect(results.filter((r) => r.a.kind === 'approved')).toHaveLength(1);
        expect(results.filter((r) => r.e?.kind === 'done')).toHaveLength(1);
        expect(realPosts(w.sim)).toHaveLength(1);
        expect(w.sim.control.charges()).toHaveLength(1);
      });
    }

    it('price drift between quote and approval pays nothing and asks again at the new price', async () => {
      const q = await quote(w.deps);
      w.sim.control.setMonthlyPrice('vps-2gb', 2_500);
      const { e } = await click(w.deps, q.row.id, 'UAPP');
      expect(e?.kind).toBe('price_changed');
      if (e?.kind !== 'price_changed') return;
      expect(e.oldPrice).toBe(q.row.quotedPrice);
      expect(e.row.state).toBe('price_changed');
      expect(w.sim.control.charges()).toHaveLength(0);
      const re = e.requote;
      expect(re).not.toBeNull();
      if (!re) return;
      expect(re.state).toBe('quoted');
      expect(re.quotedPrice).toBeGreaterThan(q.row.quotedPrice);
      expect(re.idempotencyKey).not.toBe(q.row.idempotencyKey);
      expect(re.requesterId).toBe('UREQ');
      // The old message's button can approve nothing any more.
      expect(
        (await approveSignup(w.deps, { channelId: 'C1', id: q.row.id, approverId: 'UADMIN' })).kind,
      ).toBe('already_handled');
      const { e: e2 } = await click(w.deps, re.id, 'UAPP');
      expect(e2?.kind).toBe('done');
      const charges = w.sim.control.charges();
      expect(charges).toHaveLength(1);
      expect(charges[0]?.amount).toBe(re.quotedPrice);
      expect(charges[0]?.idempotencyKey).toBe(re.idempotencyKey);
      // The simulator refuses a repeated key with another body, so the re-sealed password went unchanged.
    });

    it('a click whose confirm dialog showed another amount is refused', async () => {
      const q = await quote(w.deps);
      const r = await approveSignup(w.deps, {
        channelId: 'C1',
        id: q.row.id,
        approverId: 'UAPP',
        shownPrice: q.row.quotedPrice + 1,
      });
      expect(r.kind).toBe('stale');
      expect((await w.store.signups.get(q.row.id))?.state).toBe('quoted');
    });

    it('expires by the clock: TTL, and the day change in Japan', async () => {
      const q = await quote(w.deps);
      w.advance(30 * 60_000);
      const r = await approveSignup(w.deps, { channelId: 'C1', id: q.row.id, approverId: 'UAPP' });
      expect(r.kind).toBe('expired');
      if (q.row.secretId) expect(await w.store.secrets.open(q.row.secretId)).toBeNull();

      // 23:50 JST: the quote dies at 00:00 JST, twenty minutes before its TTL.
      w.sim.control.clock.set(new Date('2026-03-10T14:50:00.000Z'));
      const late = await quote(w.deps);
      expect(late.row.expiresAt.toISOString()).toBe('2026-03-10T15:00:00.000Z');
      w.advance(9 * 60_000);
      expect((await expireDue(w.deps)).map((r) => r.id)).toEqual([]);
      w.advance(60_000);
      const swept = await expireDue(w.deps);
      expect(swept.map((r) => r.id)).toEqual([late.row.id]);
      expect(swept[0]?.state).toBe('expired');
      expect(
        (await approveSignup(w.deps, { channelId: 'C1', id: late.row.id, approverId: 'UAPP' })).kind,
      ).toBe('already_handled');
      expect(realPosts(w.sim)).toHaveLength(0);
      expect(w.sim.control.charges()).toHaveLength(0);
    });

    it('an approval that reaches execution after 00:00 JST expires instead of paying', async () => {
      w.sim.control.clock.set(new Date('2026-03-10T14:59:00.000Z'));
      const q = await quote(w.deps);
      const a = await approveSignup(w.deps, { channelId: 'C1', id: q.row.id, approverId: 'UAPP' });
      expect(a.kind).toBe('approved');
      w.advance(60_000);
      const e = await executeSignup(w.deps, q.row.id);
      expect(e.kind).toBe('expired');
      expect(realPosts(w.sim)).toHaveLength(0);
    });

    it('dry-run refusals come back as typed errors naming the code', async () => {
      w.sim.control.setPlanPaused('vps-2gb', true);
      await expect(quote(w.deps)).rejects.toMatchObject({
        code: 'provider_refused',
        params: { code: 'CAPACITY_UNAVAILABLE' },
      });
      w.sim.control.setPlanPaused('vps-2gb', false);
      w.sim.control.setPlanClosed('vps-2gb', 1, true);
      await expect(quote(w.deps)).rejects.toMatchObject({
        code: 'provider_refused',
        params: { code: 'PLAN_NOT_AVAILABLE' },
      });
      w.sim.control.setPlanClosed('vps-2gb', 1, false);
      w.sim.control.addFault({
        method: 'POST',
        path: '/v1/vps/servers',
        status: 402,
        code: 'PAYMENT_REQUIRED',
      });
      await expect(quote(w.deps)).rejects.toMatchObject({
        code: 'provider_refused',
        params: { code: 'PAYMENT_REQUIRED' },
      });
      w.sim.control.addFault({
        method: 'POST',
        path: '/v1/vps/servers',
        status: 409,
        code: 'DUPLICATE_REQUEST',
      });
      await expect(quote(w.deps)).rejects.toMatchObject({
        code: 'provider_refused',
        params: { code: 'DUPLICATE_REQUEST' },
      });
      w.sim.control.addFault({
        method: 'POST',
        path: '/v1/vps/servers',
        status: 422,
        code: 'VALIDATION_ERROR',
      });
      await expect(quote(w.deps)).rejects.toMatchObject({
        code: 'provider_refused',
        params: { code: 'VALIDATION_ERROR' },
      });
      expect(await listSignups(w.deps)).toEqual([]);
    });

    it('a key without signup permission is refused at the quote (403)', async () => {
      const noSignup = await signupWorld(kind, { apiKey: 'noSignup' });
      try {
        const err = await quote(noSignup.deps).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ServiceError);
        expect(err).toMatchObject({ params: { code: 'FORBIDDEN' } });
      } finally {
        await noSignup.close();
      }
    });

    it('each refusal of the real order ends in failed with its code and pays nothing', async () => {
      const cases: [string, () => void][] = [
        ['PAYMENT_REQUIRED', () => w.sim.control.setBalance(0)],
        ['CAPACITY_UNAVAILABLE', () => w.sim.control.setPlanPaused('vps-2gb', true)],
        ['PLAN_NOT_AVAILABLE', () => w.sim.control.setPlanClosed('vps-2gb', 1, true)],
        [
          'FORBIDDEN',
          () =>
            w.sim.control.addFault({
              method: 'POST',
              path: '/v1/vps/servers',
              status: 403,
              code: 'FORBIDDEN',
            }),
        ],
        [
          'VALIDATION_ERROR',
          () =>
            w.sim.control.addFault({
              method: 'POST',
              path: '/v1/vps/servers',
              status: 422,
              code: 'VALIDATION_ERROR',
            }),
        ],
      ];
      for (const [code, arrange] of cases) {
        w.sim.control.setBalance(50_000);
        w.sim.control.setPlanPaused('vps-2gb', false);
        w.sim.control.setPlanClosed('vps-2gb', 1, false);
        const q = await quote(w.deps);
        arrange();
        const { e } = await click(w.deps, q.row.id, 'UAPP');
        expect(e, code).toMatchObject({ kind: 'failed', code, row: { state: 'failed', errorCode: code } });
        if (q.row.secretId) expect(await w.store.secrets.open(q.row.secretId)).toBeNull();
      }
      expect(w.sim.control.charges()).toHaveLength(0);
    });

    it('409 DUPLICATE_REQUEST means still in process: unknown, then checked again with the same key', async () => {
      const q = await quote(w.deps);
      w.sim.control.addFault({
        method: 'POST',
        path: '/v1/vps/servers',
        status: 409,
        code: 'DUPLICATE_REQUEST',
        times: 2,
      });
      const { e } = await click(w.deps, q.row.id, 'UAPP');
      expect(e).toMatchObject({ kind: 'unknown', code: 'DUPLICATE_REQUEST', row: { state: 'unknown' } });
      expect(await recoverUnknown(w.deps)).toEqual([]); // not due yet
      w.advance(30_000);
      const rec = await recoverUnknown(w.deps);
      expect(rec.map((o) => o.kind)).toEqual(['done']);
      const keys = realPosts(w.sim).map((r) => r.idempotencyKey);
      expect(new Set(keys)).toEqual(new Set([q.row.idempotencyKey]));
      expect(w.sim.control.charges()).toHaveLength(1);
    });

    it('a connection dropped after the charge recovers with the same key and one charge', async () => {
      const q = await quote(w.deps);
      const balance = w.sim.control.balance();
      // Every try of the first click (the client retries once with the same key) loses its answer.
      w.sim.control.addFault({ method: 'POST', path: '/v1/vps/servers', drop: 'after', times: 2 });
      const { e } = await click(w.deps, q.row.id, 'UAPP');
      expect(e).toMatchObject({ kind: 'unknown', code: 'NETWORK', row: { state: 'unknown' } });
      expect(w.sim.control.charges()).toHaveLength(1);
      // The sealed password stays: the retry needs the very same body.
      if (q.row.secretId) expect(await w.store.secrets.open(q.row.secretId)).toBe(TYPED);
      w.advance(30_000);
      const rec = await recoverUnknown(w.deps);
      expect(rec).toHaveLength(1);
      expect(rec[0]).toMatchObject({ kind: 'done', status: 'active', row: { state: 'active' } });
      expect(w.sim.control.charges()).toHaveLength(1);
      expect(w.sim.control.balance()).toBe(balance - q.row.quotedPrice);
      const posts = realPosts(w.sim);
      expect(posts.length).toBe(3);
      expect(new Set(posts.map((p) => p.idempotencyKey))).toEqual(new Set([q.row.idempotencyKey]));
      if (q.row.secretId) expect(await w.store.secrets.open(q.row.secretId)).toBeNull();
    });

    it('5xx keeps checking with back-off until the answer is definite', async () => {
      const q = await quote(w.deps);
      w.sim.control.addFault({
        method: 'POST',
        path: '/v1/vps/servers',
        status: 502,
        code: 'BACKEND_ERROR',
        times: 4,
      });
      const { e } = await click(w.deps, q.row.id, 'UAPP');
      expect(e).toMatchObject({ kind: 'unknown', code: 'BACKEND_ERROR' });
      w.advance(30_000);
      expect((await recoverUnknown(w.deps)).map((o) => o.kind)).toEqual(['unknown']);
      // Second attempt (two tries by the client) failed too: the next check is 60 s later, not 30.
      w.advance(30_000);
      expect(await recoverUnknown(w.deps)).toEqual([]);
      w.advance(30_000);
      expect((await recoverUnknown(w.deps)).map((o) => o.kind)).toEqual(['done']);
      expect(w.sim.control.charges()).toHaveLength(1);
    });

    it('an order orphaned in executing by a dead replica is checked again with its key', async () => {
      const q = await quote(w.deps);
      await approveSignup(w.deps, { channelId: 'C1', id: q.row.id, approverId: 'UAPP' });
      // The replica claimed it and died before sending anything.
      await w.store.signups.transition(q.row.id, ['approved'], 'executing', { attempts: 1 });
      w.advance(5 * 60_000);
      expect(await recoverUnknown(w.deps)).toEqual([]);
      w.advance(5 * 60_000);
      const rec = await recoverUnknown(w.deps);
      expect(rec.map((o) => o.kind)).toEqual(['done']);
      expect(realPosts(w.sim).map((p) => p.idempotencyKey)).toEqual([q.row.idempotencyKey]);
    });

    it('an approval whose click handler died is ordered by the sweep, once', async () => {
      const q = await quote(w.deps);
      expect((await approveSignup(w.deps, { channelId: 'C1', id: q.row.id, approverId: 'UAPP' })).kind).toBe(
        'approved',
      );
      expect(await recoverUnknown(w.deps)).toEqual([]);
      w.advance(60_000);
      const [a, b] = await Promise.all([recoverUnknown(w.deps), recoverUnknown(w.deps)]);
      expect([...(a ?? []), ...(b ?? [])].map((o) => o.kind)).toEqual(['done']);
      expect(w.sim.control.charges()).toHaveLength(1);
    });

    it('reject: by an approver or the requester; others are refused; the password is destroyed', async () => {
      const q = await quote(w.deps);
      expect((await rejectSignup(w.deps, { channelId: 'C1', id: q.row.id, userId: 'UVIEW' })).kind).toBe(
        'forbidden',
      );
      const r = await rejectSignup(w.deps, { channelId: 'C1', id: q.row.id, userId: 'UREQ' });
      expect(r).toMatchObject({ kind: 'rejected', row: { state: 'rejected', secretId: null } });
      if (q.row.secretId) expect(await w.store.secrets.open(q.row.secretId)).toBeNull();
      expect((await approveSignup(w.deps, { channelId: 'C1', id: q.row.id, approverId: 'UAPP' })).kind).toBe(
        'already_handled',
      );
      expect((await rejectSignup(w.deps, { channelId: 'C1', id: q.row.id, userId: 'UAPP' })).kind).toBe(
        'already_handled',
      );
      expect(realPosts(w.sim)).toHaveLength(0);
    });

    it('lists quotes and orders newest first', async () => {
      const a = await quote(w.deps, { serverName: 'one' });
      w.advance(1000);
      const b = await quote(w.deps, { serverName: 'two' });
      await rejectSignup(w.deps, { channelId: 'C1', id: a.row.id, userId: 'UREQ' });
      const rows = await listSignups(w.deps, { channelId: 'C1' });
      expect(rows.map((r) => [r.id, r.state])).toEqual([
        [b.row.id, 'quoted'],
        [a.row.id, 'rejected'],
      ]);
    });

    it('no password, typed or generated, reaches a log line, the audit log, an error or the database', async () => {
      const typed = await quote(w.deps);
      const gen = await quote(w.deps, { rootPassword: null, serverName: 'gen-1' });
      const generated = gen.generatedPassword;
      expect(generated).toMatch(/^.{24}$/);
      if (!generated) return;
      // Some of every path: paid, refused, dropped, drift.
      await click(w.deps, typed.row.id, 'UAPP');
      w.sim.control.addFault({ method: 'POST', path: '/v1/vps/servers', drop: 'after', times: 2 });
      await click(w.deps, gen.row.id, 'UAPP');
      w.advance(30_000);
      await recoverUnknown(w.deps);
      const drift = await quote(w.deps, { serverName: 'drift' });
      w.sim.control.setMonthlyPrice('vps-2gb', 9_999);
      const d = await click(w.deps, drift.row.id, 'UAPP');
      const failed = await quote(w.deps, { serverName: 'poor' });
      w.sim.control.setBalance(0);
      const f = await click(w.deps, failed.row.id, 'UAPP');
      expect(f.e?.kind).toBe('failed');

      const audit = JSON.stringify(await w.store.audit.latest({ limit: 500 }));
      const dbText = await w.databaseText();
      const outcomes = JSON.stringify([d, f]);
      for (const secret of [TYPED, generated]) {
        expect(w.sink.text).not.toContain(secret);
        expect(audit).not.toContain(secret);
        expect(dbText).not.toContain(secret);
        expect(outcomes).not.toContain(secret);
      }
      expect(w.sink.lines.length).toBeGreaterThan(10);
      expect(audit).toContain('signup.execute');
      // Orders and approvals are named by their server in the audit trail, as people know them.
      const rows = await w.store.audit.latest({ limit: 500 });
      const named = (action: string, name: string) =>
        rows.some((r) => r.action === action && r.params.name === name);
      expect(named('signup.execute', 'poor')).toBe(true);
      expect(named('signup.approve', 'drift')).toBe(true);
    });
  });
}
