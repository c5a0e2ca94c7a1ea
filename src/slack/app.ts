/**
 * The Bolt app: Socket Mode when an app-level token is configured, else HTTP
 * on PORT with `/slack/events` (signature and timestamp verified by Bolt's
 * receiver; future timestamps, bodies that are not objects and unparsable
 * URLs refused in front of it: request-guard.ts), plus `/healthz` and
 * `/metrics` on the same port in both modes. Every delivery is answered, in
 * both modes, however malformed (guarded-app.ts).
 * `/healthz` answers 503 only when the store is down; whether the bot can do
 * its work (the provider key) is its `ready` field.
 * Listeners are registered by the caller (src/main.ts passes handlers/);
 * before all of them, the app refuses requests from other workspaces.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type App, type CustomRoute, HTTPReceiver, SocketModeReceiver } from '@slack/bolt';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import { boltLogger } from './bolt-logger.ts';
import { answerHttpRefusal, answerSocketRefusal, GuardedApp } from './guarded-app.ts';
import type { BotIdentity } from './identity.ts';
import { guardSlackRequests, pathOf, refuse } from './request-guard.ts';
import { teamGuard } from './team-guard.ts';
import type { Ui } from './views/format.ts';

export type { HealthReport } from '../services/health.ts';

import type { HealthReport } from '../services/health.ts';

export interface SlackAppOptions {
  slack: Config['slack'];
  /** From fetchBotIdentity(): Bolt then never calls auth.test itself; its team is the only one served. */
  identity: BotIdentity;
  /** The bot's language, for the refusal of a request from another workspace. */
  ui: Ui;
  /** 0 picks a free port (tests). */
  port: number;
  logger: Logger;
  health: () => Promise<HealthReport>;
  /** `/metrics`: the exposition and its content type (prom-client's registry). */
  metrics: { text(): Promise<string>; contentType: string };
  /** The WebClients' fetch (counts Slack's errors for /metrics); default the global one. */
  fetch?: typeof fetch;
}

export interface SlackApp {
  app: App;
  mode: 'socket' | 'http';
  /** Starts listening; resolves with the HTTP port actually bound. */
  start(): Promise<{ port: number }>;
  stop(): Promise<void>;
}

function operationalRoutes(opts: SlackAppOptions): CustomRoute[] {
  const log = opts.logger.child({ component: 'http' });
  return [
    {
      path: '/healthz',
      method: ['GET'],
      handler: (_req: IncomingMessage, res: ServerResponse) => {
        opts.health().then(
          (report) => {
            res.writeHead(report.store === 'ok' ? 200 : 503, { 'content-type': 'application/json' });
            res.end(JSON.stringify(report));
          },
          (err: unknown) => {
            log.error({ err }, 'health check failed');
            res.writeHead(503, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ ok: false, store: 'down', ready: false, provider: {} }));
          },
        );
      },
    },
    {
      path: '/metrics',
      method: ['GET'],
      handler: (_req: IncomingMessage, res: ServerResponse) => {
        opts.metrics.text().then(
          (text) => {
            res.writeHead(200, { 'content-type': opts.metrics.contentType });
            res.end(text);
          },
          (err: unknown) => {
            log.error({ err }, 'metrics failed');
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end('metrics failed\n');
          },
        );
      },
    },
  ];
}

export function createSlackApp(opts: SlackAppOptions): SlackApp {
  const { slack } = opts;
  if (!slack.botToken) throw new Error('SLACK_BOT_TOKEN is required to run the Slack app');
  const logger = boltLogger(opts.logger);
  const customRoutes = operationalRoutes(opts);
  const botIds = { botId: opts.identity.botId, botUserId: opts.identity.botUserId };
  const clientOptions = {
    ...(slack.apiUrl ? { slackApiUrl: slack.apiUrl } : {}),
    // Slack's 429s are retried by the client after Retry-After; give up after a few.
    retryConfig: { retries: 3, factor: 2, minTimeout: 200, maxTimeout: 5000 },
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  };
  // No conversation store: nothing of the bot keeps state per conversation, and Bolt's default
  // one builds an Error (its stack included) for every delivery that finds none.
  const appOptions = {
    token: slack.botToken,
    ...botIds,
    logger,
    clientOptions,
    convoStore: false as const,
    // Bolt 5.1.0 otherwise hands the listeners of a Workflow Builder step, and of a click or form
    // inside one (`function_data`), a client with the step's own token, which Slack revokes once
    // the step is completed: what follows a decision (the approval redrawn, the outcome in its
    // thread) would then fail. The bot's token does all of it, completing the step included.
    attachFunctionToken: false,
    guardLogger: opts.logger,
  };
  let httpServer: Server | undefined;

  if (slack.socketMode && slack.appToken) {
    const receiver = new SocketModeReceiver({
      appToken: slack.appToken,
      logger,
      // The Socket Mode client opens its connection with apps.connections.open:
      // it must use the same Web API address as everything else.
      installerOptions: { clientOptions },
      processEventErrorHandler: answerSocketRefusal,
    });
    const app = new GuardedApp({ ...appOptions, receiver });
    app.use(teamGuard({ identity: opts.identity, ui: opts.ui, logger: opts.logger }));
    // The routes on a server of our own: Bolt 5.1.0's Socket Mode route server parses the URL
    // in a promise nobody handles, and never answers a request line it cannot parse.
    const server = createServer((req, res) => {
      const path = pathOf(req.url);
      if (path === undefined) return refuse(res, 400);
      const route = customRoutes.find((r) => r.path === path && r.method.includes(req.method ?? ''));
      if (route) route.handler(Object.assign(req, { params: {} }), res);
      else refuse(res, 404);
    });
    return {
      app,
      mode: 'socket',
      async start() {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(opts.port, () => resolve());
        });
        await app.start().catch(async (err: unknown) => {
          await new Promise<void>((resolve) => server.close(() => resolve()));
          throw err;
        });
        return { port: (server.address() as AddressInfo).port };
      },
      async stop() {
        await app.stop();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  if (!slack.signingSecret) throw new Error('SLACK_SIGNING_SECRET is required in HTTP mode');
  const receiver = new HTTPReceiver({
    signingSecret: slack.signingSecret,
    endpoints: '/slack/events',
    customRoutes,
    logger,
    // The HTTP answer leaves as soon as a listener calls ack(); its work goes on after.
    processBeforeResponse: false,
    processEventErrorHandler: answerHttpRefusal,
  });
  guardSlackRequests(receiver, { endpoint: '/slack/events', logger: opts.logger });
  const app = new GuardedApp({ ...appOptions, receiver });
  // Bolt runs global middleware before every listener: no listener has to remember it.
  app.use(teamGuard({ identity: opts.identity, ui: opts.ui, logger: opts.logger }));
  return {
    app,
    mode: 'http',
    async start() {
      httpServer = (await app.start(opts.port)) as Server;
      return { port: (httpServer.address() as AddressInfo).port };
    },
    stop: () => app.stop().then(() => undefined),
  };
}
