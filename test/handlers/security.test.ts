import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GuardedApp } from '../../src/slack/guarded-app.ts';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { CHANNEL, type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import { rawStatus, sign, slashCommandBody } from '../support/slack-request.ts';

describe('the app’s HTTP surface', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const body = () => slashCommandBody({ text: 'list', responseUrl: h.slack.responseUrl('forged') });

  it('refuses a forged signature with 401 and does nothing', async () => {
    const before = h.sim.control.requests().length;
    const r = await h.deliverRaw(body(), {
      signature: sign('not-the-secret', Math.floor(Date.now() / 1000), body()),
    });
    expect(r.status).toBe(401);
    expect(h.sim.control.requests().length).toBe(before);
  });

  it('refuses a stale timestamp with 401 even when correctly signed', async () => {
    const stale = Math.floor(Date.now() / 1000) - 10 * 60;
    const r = await h.deliverRaw(body(), { timestamp: stale });
    expect(r.status).toBe(401);
  });

  it('refuses a timestamp ten minutes in the future with 401 even when correctly signed', async () => {
    const before = h.sim.control.requests().length;
    const ahead = Math.floor(Date.now() / 1000) + 10 * 60;
    const r = await h.deliverRaw(body(), { timestamp: ahead });
    expect(r.status).toBe(401);
    expect(h.sim.control.requests().length).toBe(before);
    // Within Slack's five minutes either way, a skewed clock is still served.
    const near = await h.deliverRaw(body(), { timestamp: Math.floor(Date.now() / 1000) + 60 });
    expect(near.status).toBe(200);
  });

  it('refuses a request without signature headers', async () => {
    const r = await fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body(),
    });
    expect(r.status).toBe(401);
  });

  it('answers Slack’s unsigned ssl_check 200 and hands nothing of what comes with it to the app', async () => {
    // Every delivery the receiver hands the app goes through its door.
    const arrived = vi.spyOn(GuardedApp.prototype, 'processEvent');
    try {
      const r = await fetch(h.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `ssl_check=1&${body()}`,
      });
      expect(r.status).toBe(200);
      expect(arrived).not.toHaveBeenCalled();
      // The same command signed is handed over, the spy sees it.
      expect((await h.deliverRaw(body())).status).toBe(200);
      expect(arrived).toHaveBeenCalledTimes(1);
    } finally {
      arrived.mockRestore();
    }
  });

  it('refuses a signature in capitals or of another version, as Slack never sends one', async () => {
    const ts = Math.floor(Date.now() / 1000);
    const good = sign(h.signingSecret, ts, body());
    for (const signature of [`v0=${good.slice(3).toUpperCase()}`, `v1=${good.slice(3)}`]) {
      const r = await h.deliverRaw(body(), { timestamp: ts, signature });
      expect(r.status).toBe(401);
    }
  });

  it('answers 400, never 500, a request line whose URL Node cannot parse, on every route', async () => {
    for (const line of [
      'GET http://[::1 HTTP/1.1',
      'GET http://[::1/healthz HTTP/1.1',
      'GET http://[::1/metrics HTTP/1.1',
      'POST http://[::1/slack/events HTTP/1.1',
    ])
      expect(await rawStatus(h.bot.port, line), line).toBe(400);
    expect((await fetch(`http://127.0.0.1:${h.bot.port}/healthz`)).status).toBe(200);
  });

  it('serves /healthz with store and provider status', async () => {
    await (await h.command('list')).reply();
    const r = await fetch(`http://127.0.0.1:${h.bot.port}/healthz`);
    expect(r.status).toBe(200);
    const j = (await r.json()) as { ok: boolean; store: string; provider: { requests: number } };
    expect(j).toMatchObject({ ok: true, store: 'ok' });
    expect(j.provider.requests).toBeGreaterThan(0);
  });

  it('serves /metrics in Prometheus text', async () => {
    const r = await fetch(`http://127.0.0.1:${h.bot.port}/metrics`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/plain');
    const text = await r.text();
    expect(text).toContain('# TYPE vps_provider_requests_total counter');
    expect(text).toMatch(
      /vps_provider_requests_total\{account="default",endpoint="GET \/v1\/vps\/servers",status="200"\} \d+/,
    );
    expect(text).toContain('vps_provider_request_duration_seconds_bucket');
    // The whole app's: process metrics, the outbox, and the audit trail's actions.
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^vps_outbox_depth \d+$/m);
    expect(text).toContain('# TYPE vps_actions_total counter');
    // Nothing of the secrets the bot holds.
    expect(text).not.toContain(h.apiKey);
  });

  it('tells the actor when the channel announcement cannot be posted', async () => {
    h.slack.fail('chat.postMessage', { error: 'not_in_channel' });
    const { reply } = await h.command('memo web-2 hello', { user: OPERATOR });
    const r = await reply();
    expect(r.args.response_type).toBe('ephemeral');
    expect(messageText(r)).toContain('changed the memo of *web-2*');
  });

  it('rides out a Slack 429 on the announcement', async () => {
    h.slack.fail('chat.postMessage', { status: 429, retryAfter: 0 });
    const before = h.slack.lastSeq;
    await h.command('memo web-2 again', { user: OPERATOR });
    const isAnnouncement = (c: { method: string; seq: number; args: Record<string, unknown> }) =>
      c.method === 'chat.postMessage' && c.seq > before && c.args.channel === CHANNEL;
    const refused = await h.slack.waitFor(isAnnouncement);
    // The web client waits Retry-After (0 s here) and posts again.
    const retried = await h.slack.waitFor((c) => isAnnouncement(c) && c.seq > refused.seq);
    expect(messageText(retried)).toContain('changed the memo of *web-2*: again');
  });

  it('never lets a secret reach a log line, a Slack call or a reply', async () => {
    h.sim.control.addFault({
      method: 'GET',
      path: '/v1/vps/servers',
      status: 401,
      code: 'UNAUTHORIZED',
      times: 1,
    });
    const r = await (await h.command('list')).reply();
    expect(messageText(r)).toContain(catalogs.en['provider.UNAUTHORIZED']);
    const everything = `${h.logs.text}\n${JSON.stringify(h.slack.calls.filter((c) => c.method !== 'auth.test'))}`;
    expect(everything).not.toContain(h.apiKey);
    expect(everything).not.toContain(h.signingSecret);
    const botToken = h.slack.calls.find((c) => c.method === 'auth.test')?.token;
    expect(botToken).toMatch(/^xoxb-/);
    expect(h.logs.text).not.toContain(botToken!);
  });

  it('answers 503 on /healthz when the store is down', async () => {
    await h.bot.store.close();
    const r = await fetch(`http://127.0.0.1:${h.bot.port}/healthz`);
    expect(r.status).toBe(503);
    expect(await r.json()).toMatchObject({ ok: false, store: 'down' });
  });
});
