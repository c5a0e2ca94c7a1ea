/**
 * What the provider does not publish decides nothing (docs/provider-api.md,
 * Not published: the bot must not invent): answers shaped otherwise than the simulator's own choices
 * (its fields are not the provider's word) still reach the person whole. A
 * WordPress id the list does not show goes to the provider, which decides; a
 * generated private key is found whatever field holds it; a domain without a
 * name field is listed, not dropped; how to connect over SSH is the spec's
 * fact, not the answer's; an undocumented SSL value is shown as given; and an
 * error code outside the spec's table is named as the provider named it, with
 * its words, never read as the table's code of that status.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/slack/i18n/index.ts';
import { HOSTING_IDS } from '../../../src/slack/ids.ts';
import { type Harness, messageText, OPERATOR, startHarness, VIEWER } from '../../support/app-harness.ts';
import {
  buttonValue,
  clickAndAnswer,
  deleteOptions,
  formOutcome,
  hosting,
  hostingWrites,
  NO_RATE_LIMIT,
  openedForm,
  SERVER,
  submitForm,
  textValues,
} from '../../support/hosting.ts';

const en = catalogs.en;

describe('/hosting and /vps: nothing unpublished decides', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(() => {
    h.sim.control.clearFaults();
  });

  const answer = (method: string, path: RegExp, body: unknown) =>
    h.sim.control.addFault({ method, path, status: 200, rawBody: JSON.stringify(body) });

  it('a WordPress id the site list does not show is no refusal: the form says so, the provider decides', async () => {
    const form = await openedForm(h, 'wp delete 9999');
    expect(JSON.stringify(form.view)).toContain(en['hosting.wp.unlisted']);
    const since = h.slack.lastSeq;
    await submitForm(h, 'wp_delete', form.privateMetadata, deleteOptions(['delete_db', 'delete_cron']));
    const ask = await h.slack.waitFor((c) => c.seq > since && messageText(c).includes('9999'));
    expect(messageText(ask)).toContain(en['hosting.wp.unlisted']);
    const writes = hostingWrites(h);
    const done = await clickAndAnswer(
      h,
      HOSTING_IDS.confirm,
      buttonValue(ask, HOSTING_IDS.confirm),
      OPERATOR,
    );
    // Sent once; the provider's 404 in its own words.
    expect(hostingWrites(h)).toBe(writes + 1);
    expect(h.sim.control.requests({ method: 'DELETE', path: /\/wp\/9999$/ }).at(-1)?.status).toBe(404);
    expect(done.text).toContain('NOT_FOUND');
  });

  it('a site list whose ids are under the path parameter’s name names the site to delete', async () => {
    answer('GET', /\/wp$/, { wordpress: [{ wp_id: 77, url: 'https://seventy-seven.example-shop.com/' }] });
    const form = await openedForm(h, 'wp delete 77');
    const text = JSON.stringify(form.view);
    expect(text).toContain('https://seventy-seven.example-shop.com/');
    expect(text).not.toContain(en['hosting.wp.unlisted']);
  });

  it('a generated private key under a field name of its own still reaches the requester', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    answer('POST', /\/ssh\/key$/, { message: 'ok', key_id: '9100', generated: { secret_material: pem } });
    const r = await hosting(h, 'ssh key generate elsewhere');
    expect(r.call.args.response_type).toBe('ephemeral');
    expect(r.text).toContain(pem.trim().split('\n')[1]);
    expect(r.text).not.toContain(en['hosting.key.missing'].slice(0, 30));
  });

  it('a domain the list gives no name field for is listed by its URL, not dropped', async () => {
    answer('GET', /\/domain$/, {
      domains: [{ url: 'https://nameless.example.jp/', ssl_status: 'pending_validation' }],
    });
    const r = await hosting(h, 'domains', VIEWER);
    expect(r.text).toContain('https://nameless.example.jp/');
    // An SSL value the provider does not publish, as it gave it.
    expect(r.text).toContain('pending_validation');
  });

  it('how to connect over SSH is the spec’s fact, whatever the answer carries', async () => {
    answer('GET', /\/ssh$/, { ssh_enabled: true, host: 'elsewhere.example', user: 'root', port: 22 });
    const r = await hosting(h, 'ssh', VIEWER);
    expect(r.text).toContain(`ssh -p 10022 xs123456@${SERVER}`);
    expect(r.text).not.toContain('elsewhere.example');
  });

  it('an SSH key of a type the bot has no list for is sent: the provider judges the type', async () => {
    const type = 'ssh-dss';
    const blob = Buffer.concat([Buffer.from([0, 0, 0, type.length]), Buffer.from(type), Buffer.alloc(9, 7)]);
    const form = await openedForm(h, 'ssh key add');
    const sent = await submitForm(
      h,
      'ssh_key_add',
      form.privateMetadata,
      textValues({ public_key: `${type} ${blob.toString('base64')} old@host`, label: 'old' }),
    );
    const notice = messageText(await formOutcome(h, sent.viewId));
    // The simulator takes no DSA key (its own choice): its refusal, in its words.
    expect(h.sim.control.requests({ method: 'POST', path: /\/ssh\/key$/ }).at(-1)?.status).toBe(422);
    expect(notice).toContain('VALIDATION_ERROR');
  });

  it('an error code outside the spec’s table is named as given, with the provider’s words', async () => {
    h.sim.control.addFault({ method: 'POST', path: /\/subdomain$/, status: 409, code: 'LOCKED_BY_PANEL' });
    const w = await hosting(h, 'subdomain add x.example-shop.com');
    expect(w.text).toContain('LOCKED_BY_PANEL');
    expect(w.text).not.toContain('OPERATION_ERROR');
    h.sim.control.addFault({ method: 'PUT', path: /\/memo$/, status: 409, code: 'LOCKED_BY_PANEL' });
    const memo = messageText(await (await h.command('memo web-1 locked', { user: OPERATOR })).reply());
    expect(memo).toContain('LOCKED_BY_PANEL');
    // Not the table's 409 of memo changes (power state or a running process): that would be a guess.
    expect(memo).not.toContain(en['provider.OPERATION_ERROR']);
    expect((await h.bot.store.audit.latest({ limit: 1 }))[0]).toMatchObject({
      action: 'memo',
      outcome: 'failed',
      errorCode: 'LOCKED_BY_PANEL',
    });
  });
});
