/**
 * Who may do what with /hosting: reads for viewers except the error log,
 * every write for operators, the policy raising any action's role, and the
 * key's own permission (a read key) turning writes off before anyone types
 * them. Every refusal comes before any request and is audited.
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
import {
  answerOf,
  buttonValue,
  formsFilled,
  hosting,
  hostingRequests,
  NO_RATE_LIMIT,
  SERVER,
} from '../../support/hosting.ts';

const en = catalogs.en;
const roleRequired = (role: string, yours: string) =>
  en['error.role_required']
    .replace('{role}', en[`role.${role}` as keyof typeof en])
    .replace('{yours}', en[`role.${yours}` as keyof typeof en])
    .replace('{how}', en[`error.role_required.how.${role}` as keyof typeof en]);

/** The writes that open a form. */
const FORMS = new Set(['wp install', 'wp delete 1001', 'db create', 'db user create', 'ssh key add']);

/** Every write, typed as a person would (forms and confirmations included). */
const WRITES = [
  'domain add shop2.example.jp',
  'domain reset example-shop.com',
  'subdomain add a.example-shop.com',
  'wp install',
  'wp delete 1001',
  'db create',
  'db user create',
  'db grant xs123456_app xs123456_wp1',
  'ssh on',
  'ssh off',
  'ssh key add',
  'ssh key generate',
  'ssh key delete 2001',
];

describe('roles', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses every write to a viewer, before any request and without a form to fill', async () => {
    const before = hostingRequests(h);
    for (const text of WRITES) {
      const r = await answerOf(h, text, VIEWER);
      expect(r.text, text).toContain(roleRequired('operator', 'viewer'));
      // A form opens at once (its trigger lives 3 s) and says the refusal in its place.
      expect(r.form, text).toBe(FORMS.has(text));
    }
    expect(hostingRequests(h)).toBe(before);
    expect(formsFilled(h)).toEqual([]);
    expect(await h.bot.store.operations.listByState(['pending'])).toEqual([]);
  });

  it('audits each refusal against the server', async () => {
    const rows = await h.bot.store.audit.latest({ target: SERVER, limit: 50 });
    const refused = rows.filter((r) => r.actor === VIEWER && r.outcome === 'refused');
    expect(new Set(refused.map((r) => r.action))).toEqual(
      new Set([
        'hosting.domain_add',
        'hosting.domain_reset',
        'hosting.subdomain_add',
        'hosting.wp_install',
        'hosting.wp_delete',
        'hosting.db_create',
        'hosting.db_user_create',
        'hosting.db_grant',
        'hosting.ssh_on',
        'hosting.ssh_off',
        'hosting.ssh_key_add',
        'hosting.ssh_key_generate',
        'hosting.ssh_key_delete',
      ]),
    );
    for (const r of refused) expect(r.errorCode).toBe('role_required');
  });

  it('refuses the error log to a viewer (an operator reads it), and its pager too', async () => {
    const before = hostingRequests(h);
    const r = await hosting(h, 'errorlog example-shop.com', VIEWER);
    expect(r.text).toContain(roleRequired('operator', 'viewer'));
    expect(hostingRequests(h)).toBe(before);

    h.sim.control.addFault({
      method: 'GET',
      path: /\/error-log$/,
      status: 200,
      rawBody: JSON.stringify({ domain: 'example-shop.com', log: Array(30).fill('[error] x').join('\n') }),
    });
    const mine = await hosting(h, 'errorlog example-shop.com 30', OPERATOR);
    const prev = `${HOSTING_IDS.errorLogPage}:prev`;
    const n = hostingRequests(h);
    const click = await h.click(prev, buttonValue(mine.call, prev), { user: VIEWER });
    expect(messageText(await click.reply())).toContain(roleRequired('operator', 'viewer'));
    expect(hostingRequests(h)).toBe(n);
  });

  it('help shows a viewer the reads and names the commands that need a higher role', async () => {
    const r = await hosting(h, 'help', VIEWER);
    expect(r.text).toContain(en['hosting.help.cmd.hosting.domains']);
    expect(r.text).not.toContain(en['hosting.help.cmd.hosting.errorlog']);
    expect(r.text).not.toContain(en['hosting.help.cmd.hosting.ssh_on']);
    expect(r.text).toMatch(/Needs a higher role: .*`errorlog`/);
    const op = await hosting(h, 'help', OPERATOR);
    expect(op.text).toContain(en['hosting.help.cmd.hosting.errorlog']);
    expect(op.text).toContain(en['hosting.help.cmd.hosting.ssh_key_delete']);
    expect(op.text).toContain(en['hosting.help.confirm_note']);
  });
});

describe('a policy raising a read’s role', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      key: 'selected',
      rateLimit: NO_RATE_LIMIT,
      policy: ['actions:', '  hosting.domains: operator', '  hosting.info: admin'].join('\n'),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses the read to a viewer, before any request', async () => {
    const before = hostingRequests(h);
    expect((await hosting(h, 'domains', VIEWER)).text).toContain(roleRequired('operator', 'viewer'));
    expect((await hosting(h, 'info', OPERATOR)).text).toContain(roleRequired('admin', 'operator'));
    expect(hostingRequests(h)).toBe(before);
    // Reads the policy did not raise stay open to viewers.
    expect((await hosting(h, 'subdomains', VIEWER)).text).toContain('1 subdomain on');
  });

  it('lets an operator read what the policy gave operators', async () => {
    expect((await hosting(h, 'domains', OPERATOR)).text).toContain(`domains on ${SERVER}`);
  });

  it('help follows the policy', async () => {
    const r = await hosting(h, 'help', VIEWER);
    expect(r.text).not.toContain(en['hosting.help.cmd.hosting.domains']);
    expect(r.text).toMatch(/Needs a higher role: .*`domains`/);
  });
});

describe('a policy limiting the channels', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT, policy: `channels: [${CHANNEL}]` });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses /hosting elsewhere in /hosting’s words, before any request', async () => {
    const r = await hosting(h, 'info', OPERATOR, { channel: 'C0RANDOM1' });
    expect(r.text).toContain(en['error.channel_not_allowed'].replace('{channels}', `<#${CHANNEL}>`));
    expect(r.text).not.toContain('/vps');
    const help = await hosting(h, 'help', OPERATOR, { channel: 'C0RANDOM1' });
    expect(help.text).toContain(en['hosting.help.channel_not_allowed']);
    expect(help.text).not.toContain('/vps');
    expect(hostingRequests(h)).toBe(0);
    expect((await hosting(h, 'info', OPERATOR)).text).toContain(`Server ${SERVER}`);
  });
});

describe('a read-only key', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      rateLimit: NO_RATE_LIMIT,
      keyOf: (sim) =>
        sim.control.createKey({
          name: 'read-one',
          services: { server: { permission_type: 'read', target_mode: 'selected', targets: [SERVER] } },
        }),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('turns every write off for an operator, before any request and without a form to fill', async () => {
    const before = hostingRequests(h);
    for (const text of WRITES) {
      const r = await answerOf(h, text, OPERATOR);
      expect(r.text, text).toContain(en['error.key_read_only']);
    }
    expect(hostingRequests(h)).toBe(before);
    expect(formsFilled(h)).toEqual([]);
  });

  it('still reads', async () => {
    expect((await hosting(h, 'domains', VIEWER)).text).toContain(`domains on ${SERVER}`);
    expect((await hosting(h, 'errorlog example-shop.com', OPERATOR)).text).toContain('Error log of');
  });

  it('help offers no write and says why', async () => {
    const r = await hosting(h, 'help', OPERATOR);
    expect(r.text).toContain(en['hosting.help.key_read_only']);
    for (const a of [
      'domain_add',
      'wp_install',
      'db_create',
      'ssh_on',
      'ssh_key_generate',
      'ssh_off',
    ] as const)
      expect(r.text).not.toContain(en[`hosting.help.cmd.hosting.${a}`]);
    expect(r.text).toContain(en['hosting.help.cmd.hosting.domains']);
  });
});

describe('the preset read key (every service read-only)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'read', rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses a write on a named server before any request', async () => {
    const r = await hosting(h, `${SERVER} ssh on`, OPERATOR);
    expect(r.text).toContain(en['error.key_read_only']);
    expect(hostingRequests(h)).toBe(0);
  });
});

// A custom key is never refused on a guessed category name: test/handlers/hosting/custom-key.test.ts.
