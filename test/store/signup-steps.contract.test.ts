/**
 * The store's contract for orders placed by a Workflow Builder step, on
 * SQLite and PostgreSQL alike: the step's execution kept with the quote, the
 * ended orders whose step was not told listed, the telling claimed by one
 * caller of many, a claim given back or left by a dead holder taken again
 * once stale, and a told step never listed again.
 */
import { describe, expect, it } from 'vitest';
import type { SignupQuote, Store } from '../../src/store/index.ts';
import { type Kind, type Place, storePerTest } from './harness.ts';

describe.each<[Kind]>([['sqlite'], ['postgres']])('signup steps contract on %s', (kind) => {
  let place: Place;
  let store: Store;

  storePerTest(kind, (p, s) => {
    place = p;
    store = s;
  });

  const quote = (over: Partial<SignupQuote> = {}): SignupQuote => ({
    planId: 'vps-2gb',
    period: 1,
    imageId: 'ubuntu-24.04',
    quotedPrice: 1200,
    requesterId: 'U0REQUEST1',
    channelId: 'C0OPS0001',
    expiresAt: new Date(place.clock.now().getTime() + 60_000),
    ...over,
  });

  it('keeps the step with its quote and lists it only once the order ended', async () => {
    const plain = await store.signups.create(quote());
    const stepped = await store.signups.create(quote({ stepExecutionId: 'Fx0001' }));
    expect(plain.stepExecutionId).toBeNull();
    expect(stepped.stepExecutionId).toBe('Fx0001');
    expect(await store.signups.stepsToComplete(10)).toEqual([]);
    await store.signups.transition(plain.id, ['quoted'], 'rejected');
    await store.signups.transition(stepped.id, ['quoted'], 'price_changed');
    expect((await store.signups.stepsToComplete(10)).map((r) => r.id)).toEqual([stepped.id]);
  });

  it('one claim of many wins; told, it is never listed or claimed again', async () => {
    const row = await store.signups.create(quote({ stepExecutionId: 'Fx0002' }));
    const stale = new Date(place.clock.now().getTime() - 60_000);
    // Not ended yet: nothing to claim.
    expect(await store.signups.claimStep(row.id, stale)).toBeNull();
    await store.signups.transition(row.id, ['quoted'], 'expired');
    const claims = await Promise.all([1, 2, 3, 4].map(() => store.signups.claimStep(row.id, stale)));
    expect(claims.filter((c) => c !== null)).toHaveLength(1);
    await store.signups.settleStep(row.id, true);
    expect(await store.signups.stepsToComplete(10)).toEqual([]);
    place.clock.advance(3_600_000);
    expect(await store.signups.claimStep(row.id, place.clock.now())).toBeNull();
  });

  it('a claim given back, or left by a holder that died, is taken again', async () => {
    const row = await store.signups.create(quote({ stepExecutionId: 'Fx0003' }));
    await store.signups.transition(row.id, ['quoted'], 'rejected');
    const long = new Date(place.clock.now().getTime() - 60_000);
    expect(await store.signups.claimStep(row.id, long)).not.toBeNull();
    await store.signups.settleStep(row.id, false);
    expect(await store.signups.claimStep(row.id, long)).not.toBeNull();
    // Held now: not taken until the claim is older than the stale bound.
    expect(await store.signups.claimStep(row.id, long)).toBeNull();
    place.clock.advance(120_000);
    expect(
      await store.signups.claimStep(row.id, new Date(place.clock.now().getTime() - 60_000)),
    ).not.toBeNull();
  });
});
