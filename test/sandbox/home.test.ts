/**
 * The App Home in the sandbox: `home` opens the Home of the person you are
 * (the event Slack sends, the Home the bot publishes, its buttons numbered),
 * a button of it is pressed like a message's, and a change republishes it.
 * The real bot behind the sandbox's Slack, the simulator behind the bot,
 * driven through the terminal's script mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './support.ts';

describe('the App Home through the sandbox', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('home shows the Home of the person you are, with numbered buttons that can be pressed', async () => {
    const home = await t.type('home');
    expect(home).toContain('your Home in vps-bot');
    expect(home).toContain('Waiting for you');
    expect(home).toContain('Now');
    expect(home).toContain('The API key');
    expect(home).toMatch(/\[\d+\] Order a VPS/);
    // The sandbox's two accounts: one part each, headed by its label, production first.
    const production = home.indexOf('Account: Production');
    const shop = home.indexOf('Account: Shop A');
    expect(production).toBeGreaterThan(-1);
    expect(shop).toBeGreaterThan(production);
    const price = home.match(/\[(\d+)\] Price list/);
    expect(price).not.toBeNull();
    // The price list opens in a window, as a Home button answers.
    const window = await t.type(`click ${price![1]}`);
    expect(window).toContain('a form opens: VPS ChatOps');
    expect(window).toMatch(/VPS 1GB/);
  });

  it('kenji, who reads Japanese, gets his Home in Japanese; someone else’s Home is not printed', async () => {
    const home = await t.type('as kenji', 'home');
    expect(home).toContain('kenji');
    expect(home).toContain('あなたの対応待ち');
    expect(home).toContain('現在の状況');
  });
});
