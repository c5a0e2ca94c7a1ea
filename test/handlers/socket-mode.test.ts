import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import { rawStatus } from '../support/slack-request.ts';

describe('Socket Mode (SLACK_APP_TOKEN set)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ socketMode: true });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('connects through apps.connections.open on SLACK_API_URL with the app-level token', async () => {
    await h.slack.socketModeConnected();
    const open = h.slack.callsOf('apps.connections.open')[0];
    expect(open?.token).toMatch(/^xapp-/);
  });

  it('acks a slash command envelope, then answers on the response_url', async () => {
    const { ack, reply } = await h.envelopeCommand('list');
    expect(ack.args.envelope_id).toBeTruthy();
    const r = await reply();
    expect(r.args.response_type).toBe('ephemeral');
    expect(messageText(r)).toContain('12 servers');
  });

  it('serves /healthz and /metrics on PORT in Socket Mode too', async () => {
    const health = await fetch(`http://127.0.0.1:${h.bot.port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ store: 'ok' });
    const metrics = await fetch(`http://127.0.0.1:${h.bot.port}/metrics`);
    expect(await metrics.text()).toContain('vps_provider_requests_total');
  });

  it('answers 400 on that port to a request line whose URL Node cannot parse', async () => {
    for (const line of ['GET http://[::1 HTTP/1.1', 'GET http://[::1/healthz HTTP/1.1'])
      expect(await rawStatus(h.bot.port, line), line).toBe(400);
    expect((await fetch(`http://127.0.0.1:${h.bot.port}/nowhere`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${h.bot.port}/healthz`)).status).toBe(200);
  });

  it('makes and announces a change', async () => {
    const before = h.slack.lastSeq;
    await h.envelopeCommand('memo web-1 via socket', { user: OPERATOR });
    const post = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > before);
    expect(messageText(post)).toContain('changed the memo of *web-1*: via socket');
  });
});
