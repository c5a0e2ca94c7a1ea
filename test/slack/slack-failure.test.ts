/**
 * Slack and network failures in log lines name their cause: Slack's own code,
 * `ratelimited`, the HTTP status, or the network failure's cause (refused, not
 * found, timed out), never "fetch failed" and never the payload.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webApi } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { slackFailure } from '../../src/slack/slack-failure.ts';

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

const client = (url: string) =>
  new webApi.WebClient('xoxb-test', {
    slackApiUrl: url,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    logLevel: webApi.LogLevel.ERROR,
  });

describe('slackFailure', () => {
  it('names a refused connection by its cause, not "fetch failed", and keeps the message out', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/api/`;
    const err = await client(url)
      .chat.postMessage({ channel: 'C1', text: 'secret-payload-text' })
      .catch((e: unknown) => e);
    expect(slackFailure(err)).toBe('connection refused (ECONNREFUSED)');
    expect(slackFailure(err)).not.toContain('secret-payload-text');
  });

  it('names Slack’s own code, a rate limit and an HTTP error', async () => {
    const server = createServer((req, res) => {
      if (req.url?.endsWith('chat.update')) {
        res.writeHead(429, { 'retry-after': '3', 'content-type': 'application/json' });
        res.end('{"ok":false,"error":"ratelimited"}');
      } else if (req.url?.endsWith('users.info')) {
        res.writeHead(503);
        res.end('busy');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":false,"error":"account_inactive"}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const c = client(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`);
      const failure = (p: Promise<unknown>) => p.then(() => 'ok', slackFailure);
      expect(await failure(c.chat.postMessage({ channel: 'C1', text: 'x' }))).toBe('account_inactive');
      expect(await failure(c.chat.update({ channel: 'C1', ts: '1.2', text: 'x' }))).toBe('ratelimited');
      expect(await failure(c.users.info({ user: 'U1' }))).toBe('http_503');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
