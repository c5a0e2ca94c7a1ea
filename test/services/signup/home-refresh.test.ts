/**
 * Which App Homes paid signup refreshes, said where each move is made: a
 * quote and its decision (approved, rejected, expired) are on everyone's Home,
 * where approvers see what waits on them; an order's later steps are on its
 * requester's alone; a click that lost the race, or a write that did not
 * happen, refreshes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Concerned } from '../../../src/services/home-changes.ts';
import type { SignupDeps } from '../../../src/services/signup/index.ts';
import {
  approveSignup,
  executeSignup,
  expireDue,
  quoteSignup,
  recoverUnknown,
  rejectSignup,
  type SignupWorld,
  signupWorld,
} from './harness.ts';

describe('the App Homes paid signup refreshes', () => {
  let w: SignupWorld;
  let deps: SignupDeps;
  let refreshed: Array<[Concerned, string]>;
  /** What was refreshed since the last look. */
  const taken = () => refreshed.splice(0);

  beforeEach(async () => {
    w = await signupWorld('sqlite');
    refreshed = [];
    deps = { ...w.deps, homes: { refresh: (who, why) => refreshed.push([who, why]) } };
  });
  afterEach(async () => {
    await w.close();
  });

  const quote = (serverName = 'web-7') =>
    quoteSignup(deps, {
      request: {
        planId: 'vps-2gb',
        period: 1,
        imageId: 'ubuntu-24.04',
        serverName,
        sshKeyName: null,
        sshPublicKey: null,
        rootPassword: 'Typed-Passw0rd-42',
        autoRenew: true,
        partnerCode: null,
      },
      requesterId: 'UREQ',
      channelId: 'C1',
      locale: 'en',
    });

  it('a quote and its approval: everyone; the order placed and paid: its requester; a late click: nobody', async () => {
    const q = await quote();
    expect(taken()).toEqual([['everyone', 'quote']]);
    expect((await approveSignup(deps, { channelId: 'C1', id: q.row.id, approverId: 'UAPP' })).kind).toBe(
      'approved',
    );
    expect(taken()).toEqual([['everyone', 'quote decided']]);
    expect((await executeSignup(deps, q.row.id)).kind).toBe('done');
    // Claimed (`executing`), then paid (`active`).
    expect(taken()).toEqual([
      [['UREQ'], 'order'],
      [['UREQ'], 'order'],
    ]);
    expect((await approveSignup(deps, { channelId: 'C1', id: q.row.id, approverId: 'UADMIN' })).kind).toBe(
      'already_handled',
    );
    expect(await executeSignup(deps, q.row.id)).toMatchObject({ kind: 'not_executable' });
    expect(taken()).toEqual([]);
  });

  it('a rejection and an expiry: everyone', async () => {
    const rejected = await quote('web-8');
    const expiring = await quote('web-9');
    taken();
    expect((await rejectSignup(deps, { channelId: 'C1', id: rejected.row.id, userId: 'UAPP' })).kind).toBe(
      'rejected',
    );
    expect(taken()).toEqual([['everyone', 'quote decided']]);
    expect(await expireDue(deps)).toEqual([]);
    expect(taken()).toEqual([]);
    w.advance(30 * 60_000);
    expect((await expireDue(deps)).map((r) => r.id)).toEqual([expiring.row.id]);
    expect(taken()).toEqual([['everyone', 'quote decided']]);
  });

  it('an order whose answer was lost: its requester when claimed, and again when the re-check settles it', async () => {
    const q = await quote();
    await approveSignup(deps, { channelId: 'C1', id: q.row.id, approverId: 'UAPP' });
    w.sim.control.addFault({ method: 'POST', path: '/v1/vps/servers', drop: 'after', times: 2 });
    taken();
    expect((await executeSignup(deps, q.row.id)).kind).toBe('unknown');
    // Claimed; the attempt that ends in `unknown` leaves the refresh to the re-check that claims it next.
    expect(taken()).toEqual([[['UREQ'], 'order']]);
    w.advance(30_000);
    expect((await recoverUnknown(deps)).map((o) => o.kind)).toEqual(['done']);
    expect(taken()).toEqual([
      [['UREQ'], 'order'],
      [['UREQ'], 'order'],
    ]);
  });
});
