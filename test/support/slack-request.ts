/**
 * Slack's side of an HTTP delivery: payloads for slash commands, block actions
 * and view submissions, signed the way Slack signs them (v0 HMAC-SHA256 over
 * `v0:<timestamp>:<body>` with the signing secret).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { connect } from 'node:net';

export function sign(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

export interface DeliveryOptions {
  /** Seconds since epoch; default now. */
  timestamp?: number;
  /** Replaces the computed signature (forgery tests). */
  signature?: string;
  retryNum?: number;
  /** The body's type: a form (interactions, commands) by default; Events API deliveries are JSON. */
  contentType?: string;
}

export interface Delivery {
  status: number;
  text: string;
  /** Milliseconds from sending to the HTTP answer (the ack). */
  ms: number;
}

export async function deliver(
  url: string,
  secret: string,
  body: string,
  opts: DeliveryOptions = {},
): Promise<Delivery> {
  const ts = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    'content-type': opts.contentType ?? 'application/x-www-form-urlencoded',
    'x-slack-request-timestamp': String(ts),
    'x-slack-signature': opts.signature ?? sign(secret, ts, body),
  };
  if (opts.retryNum !== undefined) {
    headers['x-slack-retry-num'] = String(opts.retryNum);
    headers['x-slack-retry-reason'] = 'http_timeout';
  }
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - started };
}

/**
 * One request written as raw bytes on its own connection (a request line Node
 * parses but `fetch` would never send); resolves with the status of the
 * answer, or 0 when none came within `ms`.
 */
export function rawStatus(port: number, requestLine: string, ms = 5_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${requestLine}\r\nhost: 127.0.0.1\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
    });
    let text = '';
    socket.setTimeout(ms, () => {
      socket.destroy();
      resolve(0);
    });
    socket.on('data', (d: Buffer) => {
      text += d.toString();
    });
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

export interface CommandFields {
  command?: string;
  text: string;
  userId?: string;
  channelId?: string;
  responseUrl: string;
  triggerId?: string;
  /** The workspace the request comes from; default the bot's own (T0FAKE). */
  teamId?: string;
  /** Its Enterprise Grid organisation; none by default (a workspace outside any grid). */
  enterpriseId?: string;
}

/** The fake Slack's workspace (auth.test answers it). */
export const TEAM_ID = 'T0FAKE';

export function slashCommandBody(f: CommandFields): string {
  return new URLSearchParams({
    token: 'legacy-verification-token',
    team_id: f.teamId ?? TEAM_ID,
    team_domain: 'fake',
    channel_id: f.channelId ?? 'C0OPS0001',
    channel_name: 'ops',
    user_id: f.userId ?? 'U0VIEWER1',
    user_name: 'someone',
    command: f.command ?? '/vps',
    text: f.text,
    api_app_id: 'A0FAKE',
    is_enterprise_install: 'false',
    response_url: f.responseUrl,
    trigger_id: f.triggerId ?? `trig.${randomUUID()}`,
    ...(f.enterpriseId ? { enterprise_id: f.enterpriseId, enterprise_name: 'Grid' } : {}),
  }).toString();
}

/** `team` and `enterprise` of an interactive payload, as Slack writes them in and outside a grid. */
function teamOf(teamId: string, enterpriseId: string | undefined) {
  return enterpriseId
    ? {
        team: { id: teamId, domain: 'fake', enterprise_id: enterpriseId },
        enterprise: { id: enterpriseId, name: 'Grid' },
      }
    : { team: { id: teamId, domain: 'fake' }, enterprise: null };
}

export interface ButtonFields {
  actionId: string;
  value: string;
  userId?: string;
  channelId?: string;
  responseUrl: string;
  triggerId?: string;
  blockId?: string;
  teamId?: string;
  enterpriseId?: string;
}

export function blockActionBody(f: ButtonFields): string {
  const team = f.teamId ?? TEAM_ID;
  const payload = {
    type: 'block_actions',
    ...teamOf(team, f.enterpriseId),
    user: { id: f.userId ?? 'U0VIEWER1', username: 'someone', team_id: team },
    api_app_id: 'A0FAKE',
    token: 'legacy-verification-token',
    container: {
      type: 'message',
      message_ts: '1.000',
      channel_id: f.channelId ?? 'C0OPS0001',
      is_ephemeral: true,
    },
    trigger_id: f.triggerId ?? `trig.${randomUUID()}`,
    channel: { id: f.channelId ?? 'C0OPS0001', name: 'ops' },
    response_url: f.responseUrl,
    actions: [
      {
        type: 'button',
        action_id: f.actionId,
        block_id: f.blockId ?? 'b1',
        text: { type: 'plain_text', text: 'x' },
        value: f.value,
        action_ts: '1.000',
      },
    ],
  };
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

/** One input's state in a submission, as Slack sends it for its element type. */
export interface SubmittedState {
  type: string;
  value?: string | null;
  selected_option?: { value: string } | null;
  selected_options?: { value: string }[];
  selected_conversation?: string | null;
}

export interface SubmissionFields {
  callbackId: string;
  privateMetadata: string;
  values: Record<string, Record<string, SubmittedState>>;
  userId?: string;
  viewId?: string;
  /** The view's hash, which Slack changes with every update of the view; default `h1`. */
  hash?: string;
  triggerId?: string;
  teamId?: string;
  enterpriseId?: string;
}

export function viewSubmissionBody(f: SubmissionFields): string {
  const team = f.teamId ?? TEAM_ID;
  const payload = {
    type: 'view_submission',
    ...teamOf(team, f.enterpriseId),
    user: { id: f.userId ?? 'U0VIEWER1', username: 'someone', team_id: team },
    api_app_id: 'A0FAKE',
    token: 'legacy-verification-token',
    trigger_id: f.triggerId ?? `trig.${randomUUID()}`,
    view: {
      id: f.viewId ?? 'V00000001',
      team_id: team,
      type: 'modal',
      callback_id: f.callbackId,
      private_metadata: f.privateMetadata,
      hash: f.hash ?? 'h1',
      state: { values: f.values },
      blocks: [],
      title: { type: 'plain_text', text: 't' },
      app_id: 'A0FAKE',
      bot_id: 'BBOT0001',
    },
    response_urls: [],
  };
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

export interface GlobalShortcutFields {
  callbackId: string;
  userId?: string;
  triggerId?: string;
  teamId?: string;
  enterpriseId?: string;
}

/** A global shortcut (from the composer): no channel, no response_url. */
export function globalShortcutBody(f: GlobalShortcutFields): string {
  const team = f.teamId ?? TEAM_ID;
  const payload = {
    type: 'shortcut',
    token: 'legacy-verification-token',
    action_ts: '1.000',
    ...teamOf(team, f.enterpriseId),
    user: { id: f.userId ?? 'U0VIEWER1', username: 'someone', team_id: team },
    is_enterprise_install: false,
    callback_id: f.callbackId,
    trigger_id: f.triggerId ?? `trig.${randomUUID()}`,
  };
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

export interface MessageShortcutFields extends GlobalShortcutFields {
  channelId?: string;
  responseUrl: string;
  /** The message the shortcut was used on, as Slack sends it (text, blocks, attachments…). */
  message: Record<string, unknown>;
}

/** A message shortcut: the message, its channel, and a response_url. */
export function messageShortcutBody(f: MessageShortcutFields): string {
  const team = f.teamId ?? TEAM_ID;
  const payload = {
    type: 'message_action',
    token: 'legacy-verification-token',
    action_ts: '1.000',
    ...teamOf(team, f.enterpriseId),
    user: { id: f.userId ?? 'U0VIEWER1', username: 'someone', name: 'someone', team_id: team },
    channel: { id: f.channelId ?? 'C0OPS0001', name: 'ops' },
    is_enterprise_install: false,
    callback_id: f.callbackId,
    trigger_id: f.triggerId ?? `trig.${randomUUID()}`,
    message_ts: '1700000000.000100',
    message: { type: 'message', user: 'U0AUTHOR01', ts: '1700000000.000100', ...f.message },
    response_url: f.responseUrl,
  };
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

export const JSON_CONTENT = 'application/json';

export interface HomeOpenedFields {
  userId?: string;
  /** `home` (default) or `messages`. */
  tab?: string;
  teamId?: string;
  enterpriseId?: string;
  /** The Home view Slack holds for the person, when one was published before. */
  viewId?: string;
  eventId?: string;
}

/** An `app_home_opened` event (Events API, sent as JSON), as Slack sends it. */
export function appHomeOpenedBody(f: HomeOpenedFields = {}): string {
  const team = f.teamId ?? TEAM_ID;
  const user = f.userId ?? 'U0VIEWER1';
  const body = {
    token: 'legacy-verification-token',
    team_id: team,
    ...(f.enterpriseId ? { enterprise_id: f.enterpriseId } : {}),
    api_app_id: 'A0FAKE',
    event: {
      type: 'app_home_opened',
      user,
      channel: `D${user.slice(1)}`,
      tab: f.tab ?? 'home',
      event_ts: '1700000000.000100',
      ...(f.viewId
        ? {
            view: {
              id: f.viewId,
              team_id: team,
              type: 'home',
              blocks: [],
              private_metadata: '',
              callback_id: '',
              hash: 'h1',
              app_installed_team_id: team,
            },
          }
        : {}),
    },
    type: 'event_callback',
    event_id: f.eventId ?? `Ev${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`,
    event_time: 1700000000,
    authorizations: [
      {
        enterprise_id: f.enterpriseId ?? null,
        team_id: team,
        user_id: 'UBOT0001',
        is_bot: true,
        is_enterprise_install: false,
      },
    ],
    is_ext_shared_channel: false,
  };
  return JSON.stringify(body);
}

export interface HomeClickFields {
  actionId: string;
  value: string;
  userId?: string;
  triggerId?: string;
  viewId?: string;
  teamId?: string;
  /** The block the button is in (with several accounts, it names the account's part of the Home). */
  blockId?: string;
  /** Pressed in the window a Home click opened (a modal), not in the Home itself. */
  inWindow?: boolean;
}

/**
 * A button pressed in the person's App Home: the view is the container, and
 * there is no channel, no message and no response_url (as Slack sends it).
 */
export function homeClickBody(f: HomeClickFields): string {
  const team = f.teamId ?? TEAM_ID;
  const viewId = f.viewId ?? 'VHOME0001';
  const payload = {
    type: 'block_actions',
    ...teamOf(team, undefined),
    user: { id: f.userId ?? 'U0VIEWER1', username: 'someone', team_id: team },
    api_app_id: 'A0FAKE',
    token: 'legacy-verification-token',
    container: { type: 'view', view_id: viewId },
    trigger_id: f.triggerId ?? `trig.${randomUUID()}`,
    view: {
      id: viewId,
      team_id: team,
      type: f.inWindow ? 'modal' : 'home',
      blocks: [],
      private_metadata: '',
      callback_id: f.inWindow ? 'vps_home_window' : 'vps_home',
      state: { values: {} },
      hash: 'h1',
      app_id: 'A0FAKE',
      app_installed_team_id: team,
      bot_id: 'BBOT0001',
    },
    actions: [
      {
        type: 'button',
        action_id: f.actionId,
        block_id: f.blockId ?? 'b1',
        text: { type: 'plain_text', text: 'x' },
        value: f.value,
        action_ts: '1.000',
      },
    ],
  };
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

export interface StepFields {
  callbackId: string;
  inputs: Record<string, unknown>;
  executionId?: string;
  teamId?: string;
  eventId?: string;
}

/** A `function_executed` event (a Workflow Builder step to run), sent as JSON, as Slack sends it. */
export function functionExecutedBody(f: StepFields): Record<string, unknown> {
  const team = f.teamId ?? TEAM_ID;
  return {
    token: 'legacy-verification-token',
    team_id: team,
    api_app_id: 'A0FAKE',
    event: {
      type: 'function_executed',
      function: {
        id: `Fn${f.callbackId.toUpperCase().slice(0, 8)}`,
        callback_id: f.callbackId,
        title: f.callbackId,
        type: 'app',
        input_parameters: [],
        output_parameters: [],
        app_id: 'A0FAKE',
        date_created: 1700000000,
        date_updated: 1700000000,
        date_deleted: 0,
      },
      inputs: f.inputs,
      function_execution_id:
        f.executionId ?? `Fx${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`,
      workflow_execution_id: `Wx${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`,
      event_ts: '1700000000.000100',
      bot_access_token: `xwfp-test-${randomUUID()}`,
    },
    type: 'event_callback',
    event_id: f.eventId ?? `Ev${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`,
    event_time: 1700000000,
    authorizations: [
      { enterprise_id: null, team_id: team, user_id: 'UBOT0001', is_bot: true, is_enterprise_install: false },
    ],
    is_ext_shared_channel: false,
  };
}

/** A person's message in their direct message with the bot (`message.im`), sent as JSON. */
export function directMessageBody(f: { userId: string; text: string; ts?: string; teamId?: string }): string {
  const team = f.teamId ?? TEAM_ID;
  return JSON.stringify({
    token: 'legacy-verification-token',
    team_id: team,
    api_app_id: 'A0FAKE',
    event: {
      type: 'message',
      user: f.userId,
      text: f.text,
      ts: f.ts ?? `${Date.now() / 1000}`,
      channel: `D${f.userId.slice(1)}`,
      channel_type: 'im',
      event_ts: '1700000000.000100',
    },
    type: 'event_callback',
    event_id: `Ev${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`,
    event_time: 1700000000,
    authorizations: [
      { enterprise_id: null, team_id: team, user_id: 'UBOT0001', is_bot: true, is_enterprise_install: false },
    ],
    is_ext_shared_channel: false,
  });
}
