import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type NewOperation,
  OPERATION_STATES,
  OPERATION_TRANSITIONS,
  type OperationRow,
  type OperationState,
  type SignupQuote,
  type Store,
  StoreError,
  WATCH_ALL,
} from '../../src/store/index.ts';
import { dropSharedDatabase, type Kind, newPlace, type Place } from './harness.ts';

const MIN = 60_000;

function quote(over: Partial<SignupQuote> = {}): SignupQuote {
  return {
    planId: 'vps-2gb',
    period: 3,
    imageId: 'ubuntu-24.04',
    serverName: 'web-1',
    sshKeyName: 'deploy',
    sshPublicKey: 'ssh-ed25519 AAAAC3Nza test@example',
    autoRenew: false,
    partnerCode: 'PARTNER1',
    quotedPrice: 3960,
    regularPrice: 4620,
    campaignApplied: true,
    requesterId: 'U0REQ',
    channelId: 'C0OPS',
    threadTs: '1700000000.000100',
    locale: 'ja',
    expiresAt: new Date(Date.parse('2026-01-15T09:00:00.000Z') + 15 * MIN),
    ...over,
  };
}

function operation(over: Partial<NewOperation> = {}): NewOperation {
  return {
    kind: 'hosting.domain_reset',
    target: 'sv1234.example.ne.jp',
    params: { domain: 'example.com', lose: ['document_root', 'ssl'], keepMail: false, depth: { n: 2 } },
    requesterId: 'U0REQ',
    channelId: 'C0OPS',
    needsApproval: true,
    expiresAt: new Date(Date.parse('2026-01-15T09:00:00.000Z') + 15 * MIN),
    ...over,
  };
}

describe.each<[Kind]>([['sqlite'], ['postgres']])('store contract on %s', (kind) => {
  let place: Place;
  let store: Store;

  beforeEach(async () => {
    place = await newPlace(kind, { shared: true });
    store = await place.open();
  });

  afterEach(async () => {
    await place.dispose();
  });

  afterAll(async () => {
    await dropSharedDatabase();
  });

  it('reports its kind and answers ping', async () => {
    expect(store.kind).toBe(kind);
    await expect(store.ping()).resolves.toBeUndefined();
  });

  describe('signups', () => {
    it('stores a quote and reads it back with camelCase fields and Dates', async () => {
      const created = await store.signups.create(quote());
      expect(created.state).toBe('quoted');
      expect(created.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      const got = await store.signups.get(created.id);
      expect(got).toEqual(created);
      expect(got).toMatchObject({
        planId: 'vps-2gb',
        period: 3,
        autoRenew: false,
        campaignApplied: true,
        quotedPrice: 3960,
        regularPrice: 4620,
        threadTs: '1700000000.000100',
        locale: 'ja',
        approverId: null,
        attempts: 0,
        providerServiceId: null,
        nextCheckAt: null,
      });
      expect(got?.expiresAt).toBeInstanceOf(Date);
      expect(got?.expiresAt.toISOString()).toBe('2026-01-15T09:15:00.000Z');
      expect(got?.createdAt.toISOString()).toBe('2026-01-15T09:00:00.000Z');
      expect(await store.signups.get('no-such-id')).toBeNull();
    });

    it('gives every quote a fresh idempotency key', async () => {
      const a = await store.signups.create(quote());
      const b = await store.signups.create(quote());
      expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
      expect(a.id).not.toBe(b.id);
    });

    it('walks the happy path with patches', async () => {
      const s = await store.signups.create(quote());
      place.clock.advance(1000);
      const approved = await store.signups.transition(s.id, ['quoted'], 'approved', { approverId: 'U0APP' });
      expect(approved.won).toBe(true);
      expect(approved.row).toMatchObject({ state: 'approved', approverId: 'U0APP' });
      expect(approved.row?.updatedAt.getTime()).toBe(s.createdAt.getTime() + 1000);
      expect((await store.signups.transition(s.id, ['approved'], 'executing')).won).toBe(true);
      const submitted = await store.signups.transition(s.id, ['executing', 'unknown'], 'submitted', {
        providerServiceId: 4_000_000_123,
        providerStatus: 'building',
        attempts: 1,
        nextCheckAt: new Date(place.clock.now().getTime() + MIN),
      });
      expect(submitted.row).toMatchObject({
        state: 'submitted',
        providerServiceId: 4_000_000_123,
        providerStatus: 'building',
        attempts: 1,
      });
      const again = await store.signups.transition(s.id, ['submitted'], 'submitted', { attempts: 2 });
      expect(again).toMatchObject({ won: true, row: { state: 'submitted', attempts: 2 } });
      const active = await store.signups.transition(s.id, ['submitted'], 'active', {
        uuid: 'b7f1c2de-0000-4000-8000-000000000001',
        ipAddress: '203.0.113.10',
        providerStatus: 'active',
        nextCheckAt: null,
      });
      expect(active.row).toMatchObject({ state: 'active', ipAddress: '203.0.113.10', nextCheckAt: null });
    });

    it('lets exactly one of 50 concurrent approvals win', async () => {
      const s = await store.signups.create(quote());
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          store.signups.transition(
            s.id,
            ['quoted'],
            'approved',
            { approverId: `U0APP${i}` },
            { unexpired: true },
          ),
        ),
      );
      const winners = results.filter((r) => r.won);
      expect(winners).toHaveLength(1);
      const winner = winners[0]?.row?.approverId;
      for (const r of results) {
        expect(r.row?.state).toBe('approved');
        expect(r.row?.approverId).toBe(winner);
      }
      expect((await store.signups.get(s.id))?.approverId).toBe(winner);
    });

    it('lets exactly one of 50 concurrent callers win across two stores on the same data', async () => {
      const other = await place.open();
      const s = await store.signups.create(quote());
      const seen = await other.signups.get(s.id);
      expect(seen?.id).toBe(s.id);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 === 0 ? store : other).signups.transition(s.id, ['quoted'], 'approved', {
            approverId: `U${i}`,
          }),
        ),
      );
      expect(results.filter((r) => r.won)).toHaveLength(1);
      // The second store loses a later race it runs alone, and says so.
      const late = await other.signups.transition(s.id, ['quoted'], 'rejected');
      expect(late).toMatchObject({ won: false, row: { state: 'approved' } });
    });

    it('refuses an approval after expiry', async () => {
      const s = await store.signups.create(quote());
      place.clock.advance(15 * MIN);
      const r = await store.signups.transition(
        s.id,
        ['quoted'],
        'approved',
        { approverId: 'U0APP' },
        { unexpired: true },
      );
      expect(r).toMatchObject({ won: false, row: { state: 'quoted', approverId: null } });
    });

    it('reports a missing id as a lost race with no row', async () => {
      expect(await store.signups.transition('nope', ['quoted'], 'approved')).toEqual({
        won: false,
        row: null,
      });
    });

    it('rejects an edge the state machine does not have', async () => {
      const s = await store.signups.create(quote());
      const err = await store.signups.transition(s.id, ['quoted'], 'executing').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StoreError);
      expect((err as StoreError).code).toBe('STORE_INVALID_TRANSITION');
      await expect(store.signups.transition(s.id, ['active'], 'quoted')).rejects.toThrow(StoreError);
      expect((await store.signups.get(s.id))?.state).toBe('quoted');
    });

    it('lists recent signups newest first, by channel and requester', async () => {
      const a = await store.signups.create(quote({ channelId: 'C0A' }));
      place.clock.advance(1000);
      const b = await store.signups.create(quote({ channelId: 'C0B', requesterId: 'U0OTHER' }));
      place.clock.advance(1000);
      const c = await store.signups.create(quote({ channelId: 'C0A' }));
      expect((await store.signups.listRecent({ limit: 10 })).map((r) => r.id)).toEqual([c.id, b.id, a.id]);
      expect((await store.signups.listRecent({ channelId: 'C0A', limit: 10 })).map((r) => r.id)).toEqual([
        c.id,
        a.id,
      ]);
      expect((await store.signups.listRecent({ limit: 1 })).map((r) => r.id)).toEqual([c.id]);
      expect((await store.signups.listRecent({ requesterId: 'U0OTHER', limit: 5 })).map((r) => r.id)).toEqual(
        [b.id],
      );
    });

    it('lists by state, stalest check first, filtered by due time', async () => {
      const now = place.clock.now().getTime();
      const mk = async (nextCheckAt: Date | null) => {
        const s = await store.signups.create(quote());
        await store.signups.transition(s.id, ['quoted'], 'approved');
        await store.signups.transition(s.id, ['approved'], 'executing');
        return (await store.signups.transition(s.id, ['executing'], 'submitted', { nextCheckAt })).row;
      };
      const later = await mk(new Date(now + 10 * MIN));
      const soon = await mk(new Date(now + MIN));
      const never = await mk(null);
      const quoted = await store.signups.create(quote());
      const all = await store.signups.listByState(['submitted']);
      expect(all.map((r) => r.id)).toEqual([never?.id, soon?.id, later?.id]);
      const due = await store.signups.listByState(['submitted', 'unknown'], {
        dueBefore: new Date(now + 2 * MIN),
      });
      expect(due.map((r) => r.id)).toEqual([never?.id, soon?.id]);
      expect((await store.signups.listByState(['quoted'])).map((r) => r.id)).toEqual([quoted.id]);
      expect(await store.signups.listByState([])).toEqual([]);
    });

    it('expires due quotes and destroys their sealed passwords', async () => {
      const secretId = await store.secrets.seal('Root-pass-123!', {
        purpose: 'signup.root_password',
        expiresAt: new Date(place.clock.now().getTime() + 60 * MIN),
      });
      const old = await store.signups.create(
        quote({ secretId, expiresAt: new Date(place.clock.now().getTime() + MIN) }),
      );
      const fresh = await store.signups.create(
        quote({ expiresAt: new Date(place.clock.now().getTime() + 30 * MIN) }),
      );
      const done = await store.signups.create(
        quote({ expiresAt: new Date(place.clock.now().getTime() + MIN) }),
      );
      await store.signups.transition(done.id, ['quoted'], 'rejected');
      place.clock.advance(2 * MIN);
      const expired = await store.signups.expireDue();
      expect(expired.map((r) => r.id)).toEqual([old.id]);
      expect(expired[0]).toMatchObject({ state: 'expired', secretId: null });
      expect(await store.secrets.open(secretId)).toBeNull();
      expect(await store.signups.get(old.id)).toMatchObject({ state: 'expired', secretId: null });
      expect((await store.signups.get(fresh.id))?.state).toBe('quoted');
      expect((await store.signups.get(done.id))?.state).toBe('rejected');
      expect(await store.signups.expireDue()).toEqual([]);
    });

    it('records the approval message place', async () => {
      const s = await store.signups.create(quote({ threadTs: null }));
      await store.signups.setMessage(s.id, { messageTs: '1700000001.000200', threadTs: '1700000001.000100' });
      expect(await store.signups.get(s.id)).toMatchObject({
        messageTs: '1700000001.000200',
        threadTs: '1700000001.000100',
        state: 'quoted',
      });
    });
  });

  describe('operations', () => {
    const T0 = Date.parse('2026-01-15T09:00:00.000Z');

    /** An operation walked to `state` along the machine's own edges. */
    async function at(state: OperationState, over: Partial<NewOperation> = {}): Promise<OperationRow> {
      const op = await store.operations.create(operation(over));
      const path: Record<string, OperationState[]> = {
        pending: [],
        approved: ['approved'],
        executing: ['approved', 'executing'],
      };
      let row = op;
      let from: OperationState = 'pending';
      for (const to of path[state] ?? []) {
        const r = await store.operations.transition(op.id, [from], to);
        expect(r.won).toBe(true);
        row = r.row as OperationRow;
        from = to;
      }
      expect(row.state).toBe(state);
      return row;
    }

    it('stores an operation and reads it back with JSON params, flags and Dates', async () => {
      const created = await store.operations.create(operation());
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(created).toEqual({
        id: created.id,
        kind: 'hosting.domain_reset',
        target: 'sv1234.example.ne.jp',
        params: { domain: 'example.com', lose: ['document_root', 'ssl'], keepMail: false, depth: { n: 2 } },
        requesterId: 'U0REQ',
        channelId: 'C0OPS',
        state: 'pending',
        needsApproval: true,
        approverId: null,
        messageTs: null,
        expiresAt: new Date(T0 + 15 * MIN),
        createdAt: new Date(T0),
        updatedAt: new Date(T0),
        errorCode: null,
        result: null,
      });
      expect(await store.operations.get(created.id)).toEqual(created);
      const plain = await store.operations.create(
        operation({ id: 'op-fixed-id', needsApproval: false, params: {}, messageTs: '1700000000.000300' }),
      );
      expect(await store.operations.get('op-fixed-id')).toEqual(plain);
      expect(plain).toMatchObject({ needsApproval: false, params: {}, messageTs: '1700000000.000300' });
      expect(await store.operations.get('no-such-id')).toBeNull();
    });

    it('takes every edge of the machine', async () => {
      let edges = 0;
      for (const from of OPERATION_STATES) {
        for (const to of OPERATION_TRANSITIONS[from]) {
          const row = await at(from);
          const r = await store.operations.transition(row.id, [from], to);
          expect(r, `${from} -> ${to}`).toMatchObject({ won: true, row: { id: row.id, state: to } });
          expect((await store.operations.get(row.id))?.state).toBe(to);
          edges++;
        }
      }
      expect(edges).toBe(9);
    });

    it('walks to done and to failed with patches', async () => {
      const op = await at('pending');
      place.clock.advance(1000);
      const approved = await store.operations.transition(
        op.id,
        ['pending'],
        'approved',
        { approverId: 'U0APP', expiresAt: new Date(T0 + 30 * MIN) },
        { unexpired: true },
      );
      expect(approved).toMatchObject({ won: true, row: { state: 'approved', approverId: 'U0APP' } });
      expect(approved.row?.expiresAt.toISOString()).toBe('2026-01-15T09:30:00.000Z');
      expect(approved.row?.updatedAt.getTime()).toBe(T0 + 1000);
      expect(approved.row?.createdAt.getTime()).toBe(T0);
      await store.operations.transition(op.id, ['approved'], 'executing', {}, { unexpired: true });
      const done = await store.operations.transition(op.id, ['executing'], 'done', {
        result: { reset: true, domain: 'example.com', removed: { wordpress: 1 } },
      });
      expect(done.row).toMatchObject({
        state: 'done',
        approverId: 'U0APP',
        result: { reset: true, domain: 'example.com', removed: { wordpress: 1 } },
        params: operation().params,
      });
      expect(await store.operations.get(op.id)).toEqual(done.row);

      const other = await at('executing');
      const failed = await store.operations.transition(other.id, ['executing'], 'failed', {
        errorCode: 'HOSTING_NOT_FOUND',
        result: { message: 'domain not found' },
      });
      expect(failed.row).toMatchObject({
        state: 'failed',
        errorCode: 'HOSTING_NOT_FOUND',
        result: { message: 'domain not found' },
      });
    });

    it('rejects an edge the machine does not have, and leaves the row as it was', async () => {
      const op = await at('pending');
      const refused = async (from: OperationState[], to: OperationState, id = op.id) => {
        const err = await store.operations.transition(id, from, to).catch((e: unknown) => e);
        expect(err, `${from.join('|')} -> ${to}`).toBeInstanceOf(StoreError);
        expect((err as StoreError).code).toBe('STORE_INVALID_TRANSITION');
      };
      await refused(['pending'], 'executing');
      await refused(['pending'], 'done');
      await refused(['pending'], 'pending');
      await refused(['pending', 'approved'], 'cancelled');
      await refused([], 'approved');
      await refused(['pending'], 'bogus' as OperationState);
      const running = await at('executing');
      await refused(['executing'], 'executing', running.id);
      await refused(['unknown'], 'executing', running.id);
      await refused(['done'], 'pending', running.id);
      await refused(['expired'], 'approved', running.id);
      expect(await store.operations.get(op.id)).toEqual(op);
      expect(await store.operations.get(running.id)).toEqual(running);
    });

    it('reports a lost race with the row as it is now, and a missing id with no row', async () => {
      const op = await at('approved');
      expect(await store.operations.transition(op.id, ['pending'], 'cancelled')).toEqual({
        won: false,
        row: op,
      });
      expect(await store.operations.transition('nope', ['pending'], 'approved')).toEqual({
        won: false,
        row: null,
      });
    });

    it('lets exactly one of 50 concurrent approvals win', async () => {
      const op = await at('pending');
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          store.operations.transition(
            op.id,
            ['pending'],
            'approved',
            { approverId: `U0APP${i}` },
            { unexpired: true },
          ),
        ),
      );
      const winners = results.filter((r) => r.won);
      expect(winners).toHaveLength(1);
      const winner = winners[0]?.row?.approverId;
      expect(winner).toMatch(/^U0APP\d+$/);
      for (const r of results) {
        expect(r.row?.state).toBe('approved');
        expect(r.row?.approverId).toBe(winner);
      }
      expect((await store.operations.get(op.id))?.approverId).toBe(winner);
    });

    it('lets exactly one of 50 concurrent callers win across two stores on the same data', async () => {
      const other = await place.open();
      const op = await at('pending');
      expect(await other.operations.get(op.id)).toEqual(op);
      // Approvals, rejections and cancellations all racing for the one decision.
      const decisions: OperationState[] = ['approved', 'rejected', 'cancelled'];
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 === 0 ? store : other).operations.transition(
            op.id,
            ['pending'],
            decisions[i % 3] as OperationState,
            { approverId: `U${i}` },
            { unexpired: true },
          ),
        ),
      );
      const winners = results.filter((r) => r.won);
      expect(winners).toHaveLength(1);
      const final = await store.operations.get(op.id);
      expect(final).toEqual(winners[0]?.row);
      for (const r of results)
        expect(r.row).toMatchObject({ state: final?.state, approverId: final?.approverId });
      // The second store loses a later race it runs alone, and says so.
      const late = await other.operations.transition(op.id, ['pending'], 'cancelled');
      expect(late).toMatchObject({ won: false, row: { state: final?.state } });
    });

    it('refuses an approval, or a start, once the store clock reaches the expiry', async () => {
      const pending = await at('pending');
      const approved = await at('approved');
      place.clock.advance(15 * MIN - 1);
      const early = await at('pending');
      // One millisecond before: still open.
      expect(
        (await store.operations.transition(early.id, ['pending'], 'approved', {}, { unexpired: true })).won,
      ).toBe(true);
      place.clock.advance(1);
      const late = await store.operations.transition(
        pending.id,
        ['pending'],
        'approved',
        { approverId: 'U0APP' },
        { unexpired: true },
      );
      expect(late).toMatchObject({ won: false, row: { state: 'pending', approverId: null } });
      expect(
        await store.operations.transition(approved.id, ['approved'], 'executing', {}, { unexpired: true }),
      ).toMatchObject({ won: false, row: { state: 'approved' } });
      // The guard is opt-in: a rejection needs no time left.
      expect((await store.operations.transition(pending.id, ['pending'], 'rejected')).won).toBe(true);
    });

    it('expires due pending and approved operations, and nothing else', async () => {
      const exp = (m: number) => new Date(T0 + m * MIN);
      const pendingLate = await at('pending', { expiresAt: exp(2) });
      const approvedSoon = await at('approved', { expiresAt: exp(1) });
      const fresh = await at('pending', { expiresAt: exp(30) });
      const running = await at('executing', { expiresAt: exp(1) });
      const rejected = await at('pending', { expiresAt: exp(1) });
      await store.operations.transition(rejected.id, ['pending'], 'rejected');
      place.clock.advance(2 * MIN);
      const expired = await store.operations.expireDue();
      expect(expired.map((r) => r.id)).toEqual([approvedSoon.id, pendingLate.id]);
      for (const r of expired) expect(r).toMatchObject({ state: 'expired', updatedAt: place.clock.now() });
      expect(expired[0]).toEqual(await store.operations.get(approvedSoon.id));
      expect((await store.operations.get(fresh.id))?.state).toBe('pending');
      expect((await store.operations.get(running.id))?.state).toBe('executing');
      expect((await store.operations.get(rejected.id))?.state).toBe('rejected');
      expect(await store.operations.expireDue()).toEqual([]);
      // An explicit instant instead of the clock.
      expect((await store.operations.expireDue(exp(29))).map((r) => r.id)).toEqual([]);
      expect((await store.operations.expireDue(exp(30))).map((r) => r.id)).toEqual([fresh.id]);
      // An expired operation is decided: a late click loses.
      expect(await store.operations.transition(fresh.id, ['pending'], 'approved')).toMatchObject({
        won: false,
        row: { state: 'expired' },
      });
    });

    it('lists by state, soonest expiry first, filtered by expiry and limited', async () => {
      const exp = (m: number) => new Date(T0 + m * MIN);
      const later = await at('pending', { expiresAt: exp(20) });
      const soon = await at('pending', { expiresAt: exp(5) });
      const approved = await at('approved', { expiresAt: exp(10) });
      await at('executing');
      expect((await store.operations.listByState(['pending'])).map((r) => r.id)).toEqual([soon.id, later.id]);
      expect((await store.operations.listByState(['pending', 'approved'])).map((r) => r.id)).toEqual([
        soon.id,
        approved.id,
        later.id,
      ]);
      expect(
        (await store.operations.listByState(['pending', 'approved'], { expiresBefore: exp(10) })).map(
          (r) => r.id,
        ),
      ).toEqual([soon.id, approved.id]);
      expect(
        (await store.operations.listByState(['pending', 'approved'], { limit: 1 })).map((r) => r.id),
      ).toEqual([soon.id]);
      expect(await store.operations.listByState(['done'])).toEqual([]);
      expect(await store.operations.listByState([])).toEqual([]);
      expect((await store.operations.listByState(['approved']))[0]).toEqual(approved);
    });

    it('records the message ts without a state change', async () => {
      const op = await at('pending');
      place.clock.advance(1000);
      await store.operations.setMessage(op.id, '1700000001.000200');
      expect(await store.operations.get(op.id)).toEqual({
        ...op,
        messageTs: '1700000001.000200',
        updatedAt: new Date(T0 + 1000),
      });
      await store.operations.setMessage('no-such-id', '1700000001.000300');
    });

    it('is bound to a transaction inside store.transaction', async () => {
      const kept = await store.transaction(async (tx) => {
        const op = await tx.operations.create(operation());
        return (await tx.operations.transition(op.id, ['pending'], 'approved', { approverId: 'U0APP' })).row;
      });
      expect(await store.operations.get(kept?.id ?? '')).toEqual(kept);
      let lostId = '';
      const err = await store
        .transaction(async (tx) => {
          lostId = (await tx.operations.create(operation())).id;
          throw new Error('post failed');
        })
        .catch((e: unknown) => e);
      expect((err as Error).message).toBe('post failed');
      expect(await store.operations.get(lostId)).toBeNull();
    });
  });

  describe('secrets', () => {
    const PLAIN = 'Zq9-unique-Root-Passw0rd!';

    it('seals, opens, destroys', async () => {
      const id = await store.secrets.seal(PLAIN, {
        purpose: 'signup.root_password',
        expiresAt: new Date(Date.now() + 1e9),
      });
      expect(await store.secrets.open(id)).toBe(PLAIN);
      // Asked for with its purpose it opens; with another, it is not there.
      expect(await store.secrets.open(id, 'signup.root_password')).toBe(PLAIN);
      expect(await store.secrets.open(id, 'hosting.ssh_private_key:U0OTHER')).toBeNull();
      const s = await store.signups.create(quote({ secretId: id }));
      await store.secrets.destroy(id);
      await store.secrets.destroy(id);
      expect(await store.secrets.open(id)).toBeNull();
      expect((await store.signups.get(s.id))?.secretId).toBeNull();
      expect(await store.secrets.open('never-was')).toBeNull();
    });

    it('is taken by one of many takers at once, given back, and then taken again', async () => {
      const purpose = 'hosting.ssh_private_key:U0ME';
      const id = await store.secrets.seal(PLAIN, { purpose, expiresAt: new Date(Date.now() + 1e9) });
      expect(await store.secrets.take(id, 'hosting.ssh_private_key:U0OTHER')).toBeNull();
      const takes = await Promise.all(Array.from({ length: 5 }, () => store.secrets.take(id, purpose)));
      expect(takes.filter((t) => t === PLAIN)).toHaveLength(1);
      expect(takes.filter((t) => t === null)).toHaveLength(4);
      // While it is out, nobody opens or takes it for that purpose; the sealer's own read still opens it.
      expect(await store.secrets.open(id, purpose)).toBeNull();
      expect(await store.secrets.take(id, purpose)).toBeNull();
      expect(await store.secrets.open(id)).toBe(PLAIN);
      expect(await store.secrets.giveBack(id, purpose)).toBe(true);
      expect(await store.secrets.giveBack(id, purpose)).toBe(false);
      expect(await store.secrets.open(id, purpose)).toBe(PLAIN);
      expect(await store.secrets.take(id, purpose)).toBe(PLAIN);
      await store.secrets.destroy(id);
      expect(await store.secrets.giveBack(id, purpose)).toBe(false);
      expect(await store.secrets.take(id, purpose)).toBeNull();
      // An expired one is not taken.
      const t = place.clock.now().getTime();
      const short = await store.secrets.seal(PLAIN, { purpose, expiresAt: new Date(t + MIN) });
      place.clock.advance(MIN);
      expect(await store.secrets.take(short, purpose)).toBeNull();
    });

    it('stops opening at expiry and destroys expired ones', async () => {
      const t = place.clock.now().getTime();
      const short = await store.secrets.seal('short-lived-1', { purpose: 'p', expiresAt: new Date(t + MIN) });
      const long = await store.secrets.seal('long-lived-22', {
        purpose: 'p',
        expiresAt: new Date(t + 10 * MIN),
      });
      place.clock.advance(MIN);
      expect(await store.secrets.open(short)).toBeNull();
      expect(await store.secrets.open(long)).toBe('long-lived-22');
      expect(await store.secrets.destroyExpired()).toBe(1);
      expect(await store.secrets.destroyExpired()).toBe(0);
      expect(await store.secrets.open(long)).toBe('long-lived-22');
    });

    it('keeps only ciphertext at rest', async () => {
      const id = await store.secrets.seal(PLAIN, {
        purpose: 'signup.root_password',
        expiresAt: new Date(Date.now() + 1e9),
      });
      await store.signups.create(quote({ secretId: id }));
      expect(await store.secrets.open(id)).toBe(PLAIN);
      const { readAtRest } = await import('./at-rest.ts');
      const raw = await readAtRest(place, store);
      expect(raw.length).toBeGreaterThan(0);
      expect(raw.includes(PLAIN)).toBe(false);
      expect(raw.includes(Buffer.from(PLAIN).toString('base64'))).toBe(false);
    });

    it('does not open with a different key', async () => {
      const id = await store.secrets.seal(PLAIN, { purpose: 'p', expiresAt: new Date(Date.now() + 1e9) });
      const other = await place.open({ encryptionKey: Buffer.alloc(32, 7).toString('base64') });
      const err = await other.secrets.open(id).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StoreError);
      expect((err as StoreError).code).toBe('SECRET_UNREADABLE');
      expect(String((err as Error).message)).not.toContain(PLAIN);
    });

    it('makes a 0600 key file once when no key is given, and reuses it', async () => {
      const { statSync } = await import('node:fs');
      const path = await import('node:path');
      const a = await place.open({ encryptionKey: undefined });
      const id = await a.secrets.seal(PLAIN, { purpose: 'p', expiresAt: new Date(Date.now() + 1e9) });
      const keyFile = path.join(place.dataDir, 'encryption.key');
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      await a.close();
      const b = await place.open({ encryptionKey: undefined });
      expect(await b.secrets.open(id)).toBe(PLAIN);
      // The store opened with the explicit key cannot read it.
      await expect(store.secrets.open(id)).rejects.toMatchObject({ code: 'SECRET_UNREADABLE' });
    });
  });

  describe('watches', () => {
    it('adds idempotently, lists, finds by server, removes', async () => {
      expect(await store.watches.add({ target: 'uuid-1', channelId: 'C0A', createdBy: 'U1' })).toBe(true);
      expect(await store.watches.add({ target: 'uuid-1', channelId: 'C0A', createdBy: 'U2' })).toBe(false);
      place.clock.advance(1000);
      expect(await store.watches.add({ target: WATCH_ALL, channelId: 'C0B', createdBy: 'U1' })).toBe(true);
      expect(await store.watches.add({ target: 'uuid-2', channelId: 'C0A', createdBy: 'U1' })).toBe(true);
      expect(await store.watches.list()).toHaveLength(3);
      const a = await store.watches.list('C0A');
      expect(a.map((w) => w.target)).toEqual(['uuid-1', 'uuid-2']);
      expect(a[0]).toMatchObject({ createdBy: 'U1', channelId: 'C0A' });
      expect(a[0]?.createdAt).toBeInstanceOf(Date);
      const f = await store.watches.forServer('uuid-1');
      expect(f.map((w) => [w.target, w.channelId])).toEqual([
        ['uuid-1', 'C0A'],
        ['all', 'C0B'],
      ]);
      expect(await store.watches.remove('uuid-1', 'C0A')).toBe(true);
      expect(await store.watches.remove('uuid-1', 'C0A')).toBe(false);
      expect((await store.watches.forServer('uuid-1')).map((w) => w.target)).toEqual(['all']);
    });
  });

  describe('snapshots', () => {
    it('upserts, keeps changedAt until a status changes, removes', async () => {
      const t0 = place.clock.now();
      const first = await store.snapshots.upsert({
        serverUuid: 'uuid-1',
        name: 'web-1',
        powerStatus: 'running',
        contractStatus: 'active',
        observedAt: t0,
      });
      expect(first.previous).toBeNull();
      expect(first.row).toMatchObject({
        name: 'web-1',
        powerStatus: 'running',
        changedAt: t0,
        observedAt: t0,
      });
      const t1 = new Date(t0.getTime() + MIN);
      const same = await store.snapshots.upsert({
        serverUuid: 'uuid-1',
        powerStatus: 'running',
        observedAt: t1,
      });
      expect(same.previous?.powerStatus).toBe('running');
      expect(same.row).toMatchObject({
        name: 'web-1',
        contractStatus: 'active',
        observedAt: t1,
        changedAt: t0,
      });
      const t2 = new Date(t0.getTime() + 2 * MIN);
      const changed = await store.snapshots.upsert({
        serverUuid: 'uuid-1',
        powerStatus: 'stopped',
        observedAt: t2,
      });
      expect(changed.row).toMatchObject({ powerStatus: 'stopped', changedAt: t2 });
      await store.snapshots.upsert({
        serverUuid: 'uuid-0',
        name: 'db-1',
        powerStatus: 'running',
        observedAt: t2,
      });
      expect((await store.snapshots.all()).map((s) => s.serverUuid)).toEqual(['uuid-0', 'uuid-1']);
      expect(await store.snapshots.get('uuid-1')).toEqual(changed.row);
      expect(await store.snapshots.remove('uuid-1')).toBe(true);
      expect(await store.snapshots.get('uuid-1')).toBeNull();
    });
  });

  describe('outbox', () => {
    it('enqueues once per dedupe key', async () => {
      const a = await store.outbox.enqueue({
        dedupeKey: 'power:uuid-1:7',
        channelId: 'C0A',
        payload: { kind: 'power', to: 'stopped' },
      });
      const b = await store.outbox.enqueue({
        dedupeKey: 'power:uuid-1:7',
        channelId: 'C0B',
        payload: { other: true },
      });
      expect(a.created).toBe(true);
      expect(a.id).toEqual(expect.any(Number));
      expect(b).toEqual({ created: false, id: null });
      const due = await store.outbox.due(place.clock.now(), 10);
      expect(due).toHaveLength(1);
      expect(due[0]).toMatchObject({
        channelId: 'C0A',
        payload: { kind: 'power', to: 'stopped' },
        attempts: 0,
        sentAt: null,
      });
    });

    it('returns due items in queue order, retries and sends', async () => {
      const now = place.clock.now();
      const first = await store.outbox.enqueue({
        dedupeKey: 'k1',
        channelId: 'C0A',
        threadTs: '1.2',
        payload: [1],
      });
      const second = await store.outbox.enqueue({ dedupeKey: 'k2', channelId: 'C0A', payload: [2] });
      await store.outbox.enqueue({
        dedupeKey: 'k3',
        channelId: 'C0A',
        payload: [3],
        nextAttemptAt: new Date(now.getTime() + MIN),
      });
      expect((await store.outbox.due(now, 10)).map((i) => i.dedupeKey)).toEqual(['k1', 'k2']);
      expect((await store.outbox.due(now, 1)).map((i) => i.dedupeKey)).toEqual(['k1']);
      await store.outbox.markFailed(first.id ?? -1, 'ratelimited', new Date(now.getTime() + 2 * MIN));
      await store.outbox.markSent(second.id ?? -1, '1700000000.000900');
      expect(await store.outbox.due(now, 10)).toEqual([]);
      place.clock.advance(2 * MIN);
      const later = await store.outbox.due(place.clock.now(), 10);
      expect(later.map((i) => i.dedupeKey)).toEqual(['k1', 'k3']);
      expect(later[0]).toMatchObject({ attempts: 1, lastError: 'ratelimited', threadTs: '1.2' });
      expect(await store.outbox.get(second.id ?? -1)).toMatchObject({
        sentTs: '1700000000.000900',
        attempts: 1,
      });
      // Giving up: no next attempt.
      await store.outbox.markFailed(first.id ?? -1, 'channel_not_found', null);
      expect((await store.outbox.due(place.clock.now(), 10)).map((i) => i.dedupeKey)).toEqual(['k3']);
      expect(await store.outbox.get(first.id ?? -1)).toMatchObject({
        attempts: 2,
        nextAttemptAt: null,
        sentAt: null,
      });
      place.clock.advance(MIN);
      expect(await store.outbox.purgeSent(place.clock.now())).toBe(1);
      expect(await store.outbox.get(second.id ?? -1)).toBeNull();
    });

    it('lets two concurrent claimers take disjoint items', async () => {
      const other = await place.open();
      for (let i = 0; i < 20; i++)
        await store.outbox.enqueue({ dedupeKey: `c${i}`, channelId: 'C0A', payload: i });
      const now = place.clock.now();
      const [a, b] = await Promise.all([
        store.outbox.claimDue(now, 15, MIN),
        other.outbox.claimDue(now, 15, MIN),
      ]);
      // Whatever the interleaving, no item goes to both, and a later claim finds the rest.
      const rest = await store.outbox.claimDue(now, 50, MIN);
      const ids = [...(a ?? []), ...(b ?? []), ...rest].map((i) => i.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(20);
      expect(await store.outbox.claimDue(now, 15, MIN)).toEqual([]);
      place.clock.advance(MIN);
      expect(await store.outbox.claimDue(place.clock.now(), 50, MIN)).toHaveLength(20);
    });
  });

  describe('outbox kinds', () => {
    it('keeps a row’s kind, incident and subject, and moves held rows when a mute changes', async () => {
      const now = place.clock.now();
      const later = new Date(now.getTime() + 60 * MIN);
      await store.outbox.enqueue({ dedupeKey: 'n1', channelId: 'C0A', payload: 1 });
      await store.outbox.enqueue({
        dedupeKey: 'o1',
        channelId: 'C0A',
        payload: 2,
        kind: 'open',
        incidentId: 'inc-1',
        incidentVersion: 1,
        subject: 'uuid-1',
      });
      for (const [key, subject, channelId] of [
        ['h1', 'uuid-1', 'C0A'],
        ['h2', 'uuid-2', 'C0A'],
        ['h3', 'uuid-1', 'C0B'],
      ] as const) {
        await store.outbox.enqueue({
          dedupeKey: key,
          channelId,
          payload: 3,
          kind: 'held',
          subject,
          nextAttemptAt: later,
        });
      }
      const due = await store.outbox.due(now, 10);
      expect(due.map((r) => [r.dedupeKey, r.kind, r.incidentId, r.incidentVersion, r.subject])).toEqual([
        ['n1', 'notice', null, null, null],
        ['o1', 'open', 'inc-1', 1, 'uuid-1'],
      ]);
      // One server's held rows in one channel come due now; the others keep waiting.
      expect(await store.outbox.rescheduleHeld({ channelId: 'C0A', subject: 'uuid-1', at: now })).toBe(1);
      expect((await store.outbox.due(now, 10)).map((r) => r.dedupeKey)).toEqual(['n1', 'o1', 'h1']);
      // The channel's whole mute moves: every held row of it.
      expect(await store.outbox.rescheduleHeld({ channelId: 'C0A', at: now })).toBe(2);
      expect((await store.outbox.due(now, 10)).map((r) => r.dedupeKey)).toEqual(['n1', 'o1', 'h1', 'h2']);
      const sent = (await store.outbox.due(now, 10)).find((r) => r.dedupeKey === 'h1')!;
      await store.outbox.markSent(sent.id, '1.1');
      expect(await store.outbox.rescheduleHeld({ channelId: 'C0A', subject: 'uuid-1', at: later })).toBe(0);
    });
  });

  describe('incidents', () => {
    const change = (key: string, from: string, to: string, at: number, later = false) => ({
      key,
      from,
      to,
      at,
      later,
    });

    it('creates an incident once per first change, appends changes, finds the latest per server', async () => {
      const t0 = place.clock.now().getTime();
      const input = {
        id: 'power:uuid-1:0:running>stopped',
        subject: 'uuid-1',
        name: 'web-1',
        ipAddress: '203.0.113.5',
        plan: '2GB',
        baseline: 'running',
        baselineSince: new Date(t0 - 3_600_000),
        baselineSinceKnown: false,
        state: 'stopped',
        changes: [change('power:uuid-1:0:running>stopped', 'running', 'stopped', t0)],
      };
      const a = await store.incidents.create(input);
      expect(a.created).toBe(true);
      expect(a.row).toMatchObject({
        subject: 'uuid-1',
        baseline: 'running',
        baselineSinceKnown: false,
        state: 'stopped',
        startedAt: new Date(t0),
        lastChangeAt: new Date(t0),
      });
      // A second observer of the same change gets the stored row.
      const b = await store.incidents.create({ ...input, name: 'other' });
      expect(b.created).toBe(false);
      expect(b.row.name).toBe('web-1');
      const next = {
        ...a.row,
        state: 'running',
        changes: [...a.row.changes, change('k2', 'stopped', 'running', t0 + 56_000, true)],
      };
      await store.incidents.save(next);
      const got = await store.incidents.get(input.id);
      expect(got?.changes.map((c) => [c.to, c.later])).toEqual([
        ['stopped', false],
        ['running', true],
      ]);
      expect(got?.lastChangeAt).toEqual(new Date(t0 + 56_000));
      place.clock.advance(1000);
      await store.incidents.create({
        ...input,
        id: 'power:uuid-1:56000:running>error',
        changes: [change('x', 'running', 'error', t0 + 120_000)],
      });
      expect((await store.incidents.latestFor('power', 'uuid-1'))?.id).toBe(
        'power:uuid-1:56000:running>error',
      );
      expect(await store.incidents.latestFor('power', 'uuid-2')).toBeNull();
      expect((await store.incidents.getMany([input.id, 'nope'])).map((i) => i.id)).toEqual([input.id]);
    });

    it('records each channel’s post once, its ts once, and never lowers what it shows', async () => {
      const t0 = place.clock.now().getTime();
      for (const id of ['i1', 'i2', 'i3']) {
        await store.incidents.create({
          id,
          subject: `uuid-${id}`,
          name: id,
          ipAddress: null,
          plan: null,
          baseline: 'running',
          baselineSince: new Date(t0),
          baselineSinceKnown: true,
          state: 'error',
          changes: [change(id, 'running', 'error', t0)],
        });
      }
      expect(await store.incidents.addPost('i1', 'C0A')).toBe(true);
      expect(await store.incidents.addPost('i1', 'C0A')).toBe(false);
      expect(await store.incidents.addPost('i1', 'C0B')).toBe(true);
      await store.incidents.addPost('i2', 'C0A');
      await store.incidents.addPost('i3', 'C0A');
      expect(await store.incidents.post('i1', 'C0A')).toMatchObject({ messageTs: null, renderedVersion: 0 });
      // A digest: three incidents, one message.
      await store.incidents.markPosted('C0A', '100.1', [
        { incidentId: 'i1', version: 1 },
        { incidentId: 'i2', version: 1 },
        { incidentId: 'i3', version: 1 },
      ]);
      // A replayed post keeps the first ts.
      await store.incidents.markPosted('C0A', '999.9', [{ incidentId: 'i1', version: 1 }]);
      expect((await store.incidents.postsOfMessage('C0A', '100.1')).map((p) => p.incidentId)).toEqual([
        'i1',
        'i2',
        'i3',
      ]);
      expect(await store.incidents.postsOfMessage('C0A', '999.9')).toEqual([]);
      await store.incidents.markRendered('C0A', [{ incidentId: 'i1', version: 3 }]);
      await store.incidents.markRendered('C0A', [{ incidentId: 'i1', version: 2 }]);
      expect(await store.incidents.post('i1', 'C0A')).toMatchObject({
        messageTs: '100.1',
        renderedVersion: 3,
      });
      expect(await store.incidents.post('i1', 'C0B')).toMatchObject({ messageTs: null, renderedVersion: 0 });
      expect((await store.incidents.posts('C0A', ['i1', 'i3', 'x'])).map((p) => p.incidentId).sort()).toEqual(
        ['i1', 'i3'],
      );
    });

    it('purges settled incidents past their time with their posts, and keeps open ones', async () => {
      const t0 = place.clock.now().getTime();
      const base = {
        subject: 'uuid-1',
        name: 'web-1',
        ipAddress: null,
        plan: null,
        baseline: 'running',
        baselineSince: new Date(t0),
        baselineSinceKnown: true,
      };
      await store.incidents.create({
        ...base,
        id: 'settled',
        state: 'running',
        changes: [change('a', 'running', 'stopped', t0), change('b', 'stopped', 'running', t0 + 1000)],
      });
      await store.incidents.create({
        ...base,
        id: 'open',
        state: 'stopped',
        changes: [change('c', 'running', 'stopped', t0)],
      });
      await store.incidents.addPost('settled', 'C0A');
      expect(await store.incidents.purgeSettled(new Date(t0))).toBe(0);
      expect(await store.incidents.purgeSettled(new Date(t0 + 2000))).toBe(1);
      expect(await store.incidents.get('settled')).toBeNull();
      expect(await store.incidents.post('settled', 'C0A')).toBeNull();
      expect(await store.incidents.get('open')).not.toBeNull();
    });
  });

  describe('mutes', () => {
    it('sets, extends, finds the mutes covering a server, ends them and purges the ended', async () => {
      const now = place.clock.now();
      const at = (min: number) => new Date(now.getTime() + min * MIN);
      await store.mutes.set({ target: 'uuid-1', channelId: 'C0A', until: at(30), createdBy: 'U1' });
      await store.mutes.set({ target: WATCH_ALL, channelId: 'C0B', until: at(60), createdBy: 'U2' });
      await store.mutes.set({ target: 'uuid-2', channelId: 'C0A', until: at(10), createdBy: 'U1' });
      // Muting again moves the end.
      const moved = await store.mutes.set({
        target: 'uuid-1',
        channelId: 'C0A',
        until: at(90),
        createdBy: 'U3',
      });
      expect(moved).toMatchObject({ until: at(90), createdBy: 'U3' });
      expect((await store.mutes.activeFor('uuid-1', now)).map((m) => [m.target, m.channelId])).toEqual([
        ['uuid-1', 'C0A'],
        ['all', 'C0B'],
      ]);
      expect((await store.mutes.active(now, 'C0A')).map((m) => m.target)).toEqual(['uuid-2', 'uuid-1']);
      expect((await store.mutes.active(at(20))).map((m) => m.target)).toEqual(['all', 'uuid-1']);
      // Its own mute has ended; the other channel's `all` still covers it.
      expect((await store.mutes.activeFor('uuid-2', at(10))).map((m) => m.channelId)).toEqual(['C0B']);
      expect((await store.mutes.remove('C0A', 'uuid-1')).map((m) => m.target)).toEqual(['uuid-1']);
      expect(await store.mutes.remove('C0A', 'uuid-1')).toEqual([]);
      expect(await store.mutes.purgeEnded(at(15))).toBe(1);
      expect((await store.mutes.remove('C0B')).map((m) => m.target)).toEqual(['all']);
      expect(await store.mutes.active(now)).toEqual([]);
    });
  });

  describe('snapshots and power changes', () => {
    it('knows when the power was last seen to change, and not for the state first seen', async () => {
      const t0 = place.clock.now();
      const t = (min: number) => new Date(t0.getTime() + min * MIN);
      await store.snapshots.upsert({ serverUuid: 'u', powerStatus: null, observedAt: t0 });
      const first = await store.snapshots.upsert({
        serverUuid: 'u',
        powerStatus: 'running',
        observedAt: t(1),
      });
      expect(first.row.powerChangedAt).toBeNull();
      const stop = await store.snapshots.upsert({
        serverUuid: 'u',
        powerStatus: 'stopped',
        observedAt: t(2),
      });
      expect(stop.row.powerChangedAt).toEqual(t(2));
      const same = await store.snapshots.upsert({
        serverUuid: 'u',
        contractStatus: 'suspended',
        observedAt: t(3),
      });
      expect(same.row).toMatchObject({ powerChangedAt: t(2), changedAt: t(3) });
    });
  });

  describe('transaction', () => {
    it('commits a snapshot and its outbox item together', async () => {
      const now = place.clock.now();
      await store.transaction(async (tx) => {
        await tx.snapshots.upsert({ serverUuid: 'uuid-9', powerStatus: 'stopped', observedAt: now });
        await tx.outbox.enqueue({
          dedupeKey: 'power:uuid-9:1',
          channelId: 'C0A',
          payload: { to: 'stopped' },
        });
      });
      expect((await store.snapshots.get('uuid-9'))?.powerStatus).toBe('stopped');
      expect(await store.outbox.due(now, 10)).toHaveLength(1);
    });

    it('rolls both back when the work throws', async () => {
      const now = place.clock.now();
      const err = await store
        .transaction(async (tx) => {
          await tx.snapshots.upsert({ serverUuid: 'uuid-8', powerStatus: 'stopped', observedAt: now });
          const r = await tx.outbox.enqueue({ dedupeKey: 'power:uuid-8:1', channelId: 'C0A', payload: {} });
          expect(r.created).toBe(true);
          // Nested calls join the same transaction.
          await tx.transaction(async (inner) => {
            await inner.audit.append({ actor: 'watcher', action: 'power.changed', outcome: 'ok' });
          });
          throw new Error('notifier exploded');
        })
        .catch((e: unknown) => e);
      expect((err as Error).message).toBe('notifier exploded');
      expect(await store.snapshots.get('uuid-8')).toBeNull();
      expect(await store.outbox.due(now, 10)).toEqual([]);
      expect(await store.audit.latest({ limit: 10 })).toEqual([]);
      // The dedupe key is free again.
      expect(
        (await store.outbox.enqueue({ dedupeKey: 'power:uuid-8:1', channelId: 'C0A', payload: {} })).created,
      ).toBe(true);
    });

    it('returns the callback value and refuses to close a transaction store', async () => {
      const v = await store.transaction(async (tx) => {
        await expect(tx.close()).rejects.toMatchObject({ code: 'STORE_CLOSED' });
        return 42;
      });
      expect(v).toBe(42);
    });
  });

  describe('audit', () => {
    it('appends without secrets and lists newest first', async () => {
      const row = await store.audit.append({
        actor: 'U0REQ',
        channelId: 'C0OPS',
        action: 'signup.quote',
        target: 'web-1',
        params: {
          plan_id: 'vps-2gb',
          root_password: 'Secret-1234',
          nested: {
            password: 'x',
            apiKey: 'k',
            private_key: 'pk',
            keep: 'yes',
            list: [{ token: 't', ok: 1 }],
          },
          ssh_public_key: 'ssh-ed25519 AAAA',
        },
        outcome: 'ok',
      });
      expect(row.params).toEqual({
        plan_id: 'vps-2gb',
        nested: { keep: 'yes', list: [{ ok: 1 }] },
        ssh_public_key: 'ssh-ed25519 AAAA',
      });
      place.clock.advance(1000);
      await store.audit.append({
        actor: 'U0APP',
        action: 'signup.approve',
        target: 'web-1',
        outcome: 'refused',
        errorCode: 'EXPIRED',
      });
      await store.audit.append({
        actor: 'U0APP',
        action: 'server.rename',
        target: 'db-1',
        outcome: 'failed',
      });
      const web = await store.audit.latest({ target: 'web-1', limit: 10 });
      expect(web.map((r) => r.action)).toEqual(['signup.approve', 'signup.quote']);
      expect(web[0]).toMatchObject({ outcome: 'refused', errorCode: 'EXPIRED', channelId: null, params: {} });
      expect(web[0]?.at.toISOString()).toBe('2026-01-15T09:00:01.000Z');
      expect((await store.audit.latest({ limit: 1 })).map((r) => r.action)).toEqual(['server.rename']);
      expect((await store.audit.latest({ actor: 'U0REQ', limit: 5 })).map((r) => r.action)).toEqual([
        'signup.quote',
      ]);
      const { readAtRest } = await import('./at-rest.ts');
      expect((await readAtRest(place, store)).includes('Secret-1234')).toBe(false);
    });
  });

  describe('leases', () => {
    it('is held by one, renewed by its holder, taken over after expiry', async () => {
      expect(await store.leases.acquire('watcher', 'replica-a', 30_000)).toBe(true);
      expect(await store.leases.acquire('watcher', 'replica-b', 30_000)).toBe(false);
      expect(await store.leases.holder('watcher')).toMatchObject({ holder: 'replica-a' });
      place.clock.advance(20_000);
      expect(await store.leases.acquire('watcher', 'replica-a', 30_000)).toBe(true);
      place.clock.advance(20_000);
      expect(await store.leases.acquire('watcher', 'replica-b', 30_000)).toBe(false);
      place.clock.advance(10_000);
      expect(await store.leases.holder('watcher')).toBeNull();
      expect(await store.leases.acquire('watcher', 'replica-b', 30_000)).toBe(true);
      expect((await store.leases.holder('watcher'))?.holder).toBe('replica-b');
      expect(await store.leases.release('watcher', 'replica-a')).toBe(false);
      expect(await store.leases.release('watcher', 'replica-b')).toBe(true);
      expect(await store.leases.acquire('watcher', 'replica-a', 30_000)).toBe(true);
      expect(await store.leases.acquire('other', 'replica-b', 30_000)).toBe(true);
    });

    it('goes to exactly one of many replicas racing for a lapsed lease', async () => {
      const other = await place.open();
      expect(await store.leases.acquire('watcher', 'old', 1000)).toBe(true);
      place.clock.advance(1000);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? store : other).leases.acquire('watcher', `replica-${i}`, 30_000),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = `replica-${results.indexOf(true)}`;
      expect((await other.leases.holder('watcher'))?.holder).toBe(winner);
    });
  });

  describe('deliveries', () => {
    it('recognises a delivery seen before, until its time is up', async () => {
      expect(await store.deliveries.firstSeen('evt:Ev01', 5 * MIN)).toBe(true);
      expect(await store.deliveries.firstSeen('evt:Ev01', 5 * MIN)).toBe(false);
      expect(await store.deliveries.firstSeen('evt:Ev02', MIN)).toBe(true);
      const racers = await Promise.all(
        Array.from({ length: 20 }, () => store.deliveries.firstSeen('evt:Ev03', MIN)),
      );
      expect(racers.filter(Boolean)).toHaveLength(1);
      place.clock.advance(MIN);
      expect(await store.deliveries.purgeExpired()).toBe(2);
      expect(await store.deliveries.firstSeen('evt:Ev01', 5 * MIN)).toBe(false);
      place.clock.advance(4 * MIN);
      expect(await store.deliveries.firstSeen('evt:Ev01', 5 * MIN)).toBe(true);
    });
  });

  describe('lifecycle', () => {
    it('keeps data across close and reopen', async () => {
      const s = await store.signups.create(quote());
      await store.watches.add({ target: 'uuid-1', channelId: 'C0A', createdBy: 'U1' });
      await store.close();
      await store.close();
      const again = await place.open();
      expect(await again.signups.get(s.id)).toEqual(s);
      expect(await again.watches.list()).toHaveLength(1);
    });
  });
});
