/**
 * When the log scrubber knows a root password: only once the order passed the
 * role check (the form's checks come before, in the modal's handler), while
 * its sealed copy exists, and no longer once the quote is refused or the copy
 * is destroyed (issue 12: a refused form must not teach it words to blank).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SignupRequest } from '../../../src/services/signup/index.ts';
import {
  approveSignup,
  executeSignup,
  expireDue,
  quoteSignup,
  rejectSignup,
  type SignupWorld,
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

describe('the scrubber and a typed root password', () => {
  let w: SignupWorld;
  beforeEach(async () => {
    w = await signupWorld('sqlite');
  });
  afterEach(async () => {
    await w.close();
  });

  const quote = (requesterId = 'UREQ', over: Partial<SignupRequest> = {}) =>
    quoteSignup(w.deps, { request: request(over), requesterId, channelId: 'C1', locale: 'en' });

  it('is not learned when the role check refuses the order', async () => {
    await expect(quote('UVIEW')).rejects.toMatchObject({ code: 'role_required' });
    expect(w.registry.has(TYPED)).toBe(false);
  });

  it('is forgotten when the provider refuses the quote', async () => {
    w.sim.control.addFault({
      method: 'POST',
      path: '/v1/vps/servers',
      status: 402,
      code: 'PAYMENT_REQUIRED',
    });
    await expect(quote()).rejects.toBeTruthy();
    expect(w.registry.has(TYPED)).toBe(false);
    // Nothing else was logged with it in the meantime either.
    expect(w.sink.text).not.toContain(TYPED);
  });

  it('is held while the quote waits and forgotten when it is rejected', async () => {
    const q = await quote();
    expect(w.registry.has(TYPED)).toBe(true);
    expect(
      (await rejectSignup(w.deps, { id: q.row.id, userId: 'UAPP', channelId: q.row.channelId })).kind,
    ).toBe('rejected');
    expect(w.registry.has(TYPED)).toBe(false);
  });

  it('is forgotten when the quote expires', async () => {
    await quote();
    w.advance(31 * 60_000);
    expect(await expireDue(w.deps)).toHaveLength(1);
    expect(w.registry.has(TYPED)).toBe(false);
  });

  it('is forgotten once the order is paid', async () => {
    const q = await quote();
    expect(
      (await approveSignup(w.deps, { id: q.row.id, approverId: 'UAPP', channelId: q.row.channelId })).kind,
    ).toBe('approved');
    expect((await executeSignup(w.deps, q.row.id)).kind).toBe('done');
    expect(w.registry.has(TYPED)).toBe(false);
  });

  it('stays held by the new quote a price change makes from the same password', async () => {
    const q = await quote();
    w.sim.control.setMonthlyPrice('vps-2gb', 2_500);
    await approveSignup(w.deps, { id: q.row.id, approverId: 'UAPP', channelId: q.row.channelId });
    const e = await executeSignup(w.deps, q.row.id);
    expect(e.kind).toBe('price_changed');
    expect(w.registry.has(TYPED)).toBe(true);
    if (e.kind !== 'price_changed' || !e.requote) throw new Error('no new quote');
    await rejectSignup(w.deps, { id: e.requote.id, userId: 'UREQ', channelId: e.requote.channelId });
    expect(w.registry.has(TYPED)).toBe(false);
  });

  it('is held again when an order waiting after a restart is run', async () => {
    const q = await quote();
    await approveSignup(w.deps, { id: q.row.id, approverId: 'UAPP', channelId: q.row.channelId });
    // A restart: the new process's scrubber has never seen the password.
    w.registry.release(`signup-secret:${q.row.secretId}`);
    w.sim.control.addFault({
      method: 'POST',
      path: '/v1/vps/servers',
      status: 500,
      code: 'INTERNAL_ERROR',
      times: 5,
    });
    const e = await executeSignup(w.deps, q.row.id);
    expect(e.kind).toBe('unknown');
    // The sealed copy is kept for the retry with the same body, and so is the scrubber's hold.
    expect(w.registry.has(TYPED)).toBe(true);
  });
});
