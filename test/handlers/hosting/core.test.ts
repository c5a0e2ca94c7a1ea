/**
 * /hosting through the real app (signed requests, the simulator behind): the
 * server a command is about, reads, a write announced in the channel, and a
 * destructive operation confirmed by its requester.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/slack/i18n/index.ts';
import { HOSTING_IDS } from '../../../src/slack/ids.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../../support/app-harness.ts';
import { hosting, SERVER } from '../../support/hosting.ts';

const en = catalogs.en;
describe('/hosting with a key limited to one server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('uses the key’s only server when none is named, and refuses another before any request', async () => {
    const info = await hosting(h, 'info', VIEWER);
    expect(info.text).toContain(`Server ${SERVER}`);
    const n = h.sim.control.requests({ path: /^\/v1\/server\// }).length;
    const other = await hosting(h, 'xs999999.xsrv.jp info', VIEWER);
    expect(other.text).toContain('The key does not cover `xs999999.xsrv.jp`. It covers: xs123456.xsrv.jp.');
    expect(h.sim.control.requests({ path: /^\/v1\/server\// }).length).toBe(n);
  });

  it('lists domains and shows help for what this person may do', async () => {
    expect((await hosting(h, 'domains', VIEWER)).text).toMatch(/domains on xs123456\.xsrv\.jp/);
    const help = await hosting(h, 'help', VIEWER);
    expect(help.text).toContain(en['hosting.help.cmd.hosting.domains']);
    expect(help.text).not.toContain(en['hosting.help.cmd.hosting.domain_add']);
    expect(help.text).toContain('Needs a higher role');
  });

  it('refuses a viewer’s write and audits it', async () => {
    const r = await hosting(h, 'ssh on', VIEWER);
    expect(r.text).toContain('This needs the *operator* role');
    const audit = await h.bot.store.audit.latest({ target: SERVER, limit: 5 });
    expect(audit[0]).toMatchObject({
      action: 'hosting.ssh_on',
      outcome: 'refused',
      actor: VIEWER,
      errorCode: 'role_required',
    });
  });

  it('adds a subdomain and announces it in the channel', async () => {
    const before = h.slack.lastSeq;
    await h.command('subdomain add news.example-shop.com ssl', { user: OPERATOR, command: '/hosting' });
    const post = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > before);
    expect(post.args.channel).toBe(CHANNEL);
    expect(messageText(post)).toContain(
      `<@${OPERATOR}> added the subdomain \`news.example-shop.com\` to ${SERVER}.`,
    );
  });

  it('asks to confirm turning SSH off, sends nothing before, and turns it off on the click', async () => {
    const on = h.slack.lastSeq;
    await h.command('ssh on', { user: OPERATOR, command: '/hosting' });
    await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > on);
    const puts = () => h.sim.control.requests({ method: 'PUT', path: /\/ssh$/ }).length;
    const n = puts();
    const ask = await hosting(h, 'ssh off');
    expect(ask.text).toContain('Turn SSH off on xs123456.xsrv.jp?');
    expect(ask.text).toContain('nobody can connect over SSH');
    expect(puts()).toBe(n);
    const [op] = await h.bot.store.operations.listByState(['pending']);
    if (!op) throw new Error('no pending operation');
    const click = await h.click(HOSTING_IDS.confirm, JSON.stringify({ id: op.id }), { user: OPERATOR });
    const outcome = await click.reply();
    expect(outcome.args.replace_original).toBe(true);
    expect(messageText(outcome)).toContain(`<@${OPERATOR}> turned SSH off for ${SERVER}.`);
    expect(puts()).toBe(n + 1);
    expect((await hosting(h, 'ssh', VIEWER)).text).toContain('is *off*');
    // A second click decides nothing more.
    const again = await h.click(HOSTING_IDS.confirm, JSON.stringify({ id: op.id }), { user: OPERATOR });
    expect(messageText(await again.reply())).toContain('Already decided');
    expect(puts()).toBe(n + 1);
  });
});
