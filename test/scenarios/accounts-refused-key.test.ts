/**
 * A key refused at start with several accounts stops only its account: the
 * bot starts, the other account answers, /healthz says which key is refused,
 * and the refused account's channel is told by its key's alarm.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, CHANNEL, type Harness, messageText, startHarness, VIEWER } from '../support/app-harness.ts';

const OPS = CHANNEL;
const SHOP = 'C0SHOP001';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a refused key among several accounts', () => {
  it('stops only its account: the others answer, /healthz is degraded, its channel is told', async () => {
    h = await startHarness({
      simAccounts: ['main', 'shop'],
      // A key the provider never issued: refused (401) at the start-up check.
      env: { PROVIDER_API_KEY_SHOP: 'xs_neverissued0123456789' },
      policy: `roles:
  admin: [${ADMIN}]
accounts:
  main: { label: Production, key_env: PROVIDER_API_KEY_MAIN, notify_channel: ${OPS} }
  shop: { label: Shop A, key_env: PROVIDER_API_KEY_SHOP, notify_channel: ${SHOP} }
default_account: main
channels:
  - { id: ${OPS}, account: main }
  - { id: ${SHOP}, account: shop }
`,
      watcher: true,
    });
    expect(h.logs.text).toContain('the provider refused the key of account shop (Shop A)');
    expect(h.logs.text).not.toContain('xs_neverissued0123456789');

    const main = h.sim.account('main');
    const inOps = messageText(await (await h.command('show web-1', { channel: OPS, user: VIEWER })).reply());
    expect(inOps).toContain(main.control.servers().find((s) => s.name === 'web-1')!.ipAddress!);
    const inShop = messageText(
      await (await h.command('show web-1', { channel: SHOP, user: VIEWER })).reply(),
    );
    expect(inShop).toMatch(/key/i);
    expect(inShop).not.toContain('xs_neverissued');

    const health = (await (await fetch(h.url.replace('/slack/events', '/healthz'))).json()) as {
      ready: boolean;
      degraded: boolean;
      accounts: { name: string; key: string }[];
    };
    expect(health.ready).toBe(true);
    expect(health.degraded).toBe(true);
    expect(health.accounts.find((a) => a.name === 'shop')?.key).toBe('refused');
    expect(health.accounts.find((a) => a.name === 'main')?.key).toBe('ok');

    // Its key's alarm goes to its own channel at once, never to #ops.
    const told = await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && c.args.channel === SHOP && /key/i.test(messageText(c)),
      15_000,
    );
    expect(messageText(told)).not.toContain('xs_neverissued');
    expect(
      h.slack.calls.filter(
        (c) =>
          c.method === 'chat.postMessage' && c.args.channel === OPS && /refused|拒否/.test(messageText(c)),
      ),
    ).toHaveLength(0);
  });
});
