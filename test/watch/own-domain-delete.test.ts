/**
 * A domain the bot deleted (`/hosting domain delete`, confirmed and audited
 * as every destructive operation is) is never told as removed outside the
 * bot; one removed in the control panel still is, at its second look.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hostingWatchTarget, OUTSIDE_CHANGE_ACTION } from '../../src/store/index.ts';
import { drain, read } from './support/steps.ts';
import { CHANNEL, makeWorld, type World } from './support/world.ts';

const S = 'xs100001.xsrv.jp';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('a domain the bot deleted', () => {
  it('is not told as an outside change; one removed in the control panel is', async () => {
    const w = await makeWorld({ kind: 'sqlite', servers: 1 });
    world = w;
    w.sim.control.addHostingServer(S, { domains: ['shop.jp', 'old.jp', 'gone.jp'] });
    await w.a.store.watches.add({ target: hostingWatchTarget(S), channelId: CHANNEL, createdBy: 'U0OPS' });
    await read(w);
    await drain(w, 3_000);
    expect(w.slack.posts).toHaveLength(0);

    // Deleted through the API and audited as the confirmed operation is (its request's fields).
    await w.a.client.hosting(S).deleteDomain('old.jp', { delete_files: true });
    await w.a.store.audit.append({
      actor: 'U0OPS',
      channelId: CHANNEL,
      action: 'hosting.domain_delete',
      target: S,
      params: { kind: 'hosting.domain_delete', domain: 'old.jp', deleteFiles: true, operation: 'op1' },
      outcome: 'ok',
    });
    w.sim.control.panelRemoveDomain(S, 'gone.jp');
    await read(w);
    await read(w);
    await drain(w, 3_000);
    const told = w.slack.topLevel(CHANNEL).map((p) => p.text);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('*gone.jp*');
    expect(told.join('\n')).not.toContain('old.jp');
    const outside = (await w.a.store.audit.latest({ target: S, limit: 100 })).filter(
      (r) => r.action === OUTSIDE_CHANGE_ACTION,
    );
    expect(outside.map((r) => r.params)).toEqual([{ change: 'domain-removed', domain: 'gone.jp' }]);
  });
});
