/**
 * The daily digest with several accounts: one per account, each in its own
 * account's digest channel and telling that account's day only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.ts';
import { type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';

const HOUR = 3_600_000;
/** 10 March 2026, 11:30 in Japan: the digests below are due at 12:00. */
const SEEDED_AT = new Date('2026-03-10T02:30:00.000Z');
const DIGEST_AT = new Date('2026-03-10T03:00:01.000Z');
const MAIN_DIGEST = 'C0MAINDIG';
const SHOP_DIGEST = 'C0SHOPDIG';

const POLICY = `accounts:
  main: { label: Production, key_env: PROVIDER_API_KEY_MAIN, digest_channel: ${MAIN_DIGEST} }
  shop: { label: Shop A, key_env: PROVIDER_API_KEY_SHOP, digest_channel: ${SHOP_DIGEST} }
default_account: main
`;

/** A paid order of the day, as the bot writes it in its account's rows. */
async function order(store: Store, name: string, price: number): Promise<void> {
  const row = await store.signups.create({
    planId: 'vps-4gb',
    period: 3,
    imageId: 'ubuntu',
    serverName: name,
    quotedPrice: price,
    requesterId: OPERATOR,
    channelId: 'C0OPS0001',
    expiresAt: new Date(SEEDED_AT.getTime() + HOUR),
  });
  await store.audit.append({
    actor: 'U0APPROVE',
    channelId: 'C0OPS0001',
    action: 'signup.execute',
    target: row.id,
    params: { name, price, status: 'active' },
    outcome: 'ok',
    at: new Date(SEEDED_AT.getTime() - HOUR),
  });
}

describe('the daily digest with several accounts', () => {
  let dataDir: string;
  let h: Harness | undefined;
  afterAll(async () => {
    await h?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("posts each account's day in its own digest channel, and nothing of the other", async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'accounts-digest-'));
    const opts = { simAccounts: ['main', 'shop'], policy: POLICY, env: { DATA_DIR: dataDir } };
    const first = await startHarness({ ...opts, manualClockAt: SEEDED_AT });
    await order(first.bot.store.forAccount('main'), 'main-db', 3_960);
    await order(first.bot.store.forAccount('shop'), 'shop-only-db', 9_900);
    await first.close();
    h = await startHarness({
      ...opts,
      manualClockAt: DIGEST_AT,
      watcher: true,
      env: { ...opts.env, DIGEST_TIME: '12:00' },
    });
    const top = (channel: string) => (c: RecordedCall) =>
      c.method === 'chat.postMessage' && c.args.channel === channel && c.args.thread_ts === undefined;
    const main = messageText(await h.slack.waitFor(top(MAIN_DIGEST)));
    const shop = messageText(await h.slack.waitFor(top(SHOP_DIGEST)));
    expect(main).toContain('*Orders placed: 1*, ¥3,960 in all (tax included)');
    expect(shop).toContain('*Orders placed: 1*, ¥9,900 in all (tax included)');
  });
});
