/**
 * Slack's deliveries to the bot, as Slack makes them in HTTP mode: a slash
 * command (form fields), a block action, a view submission and a global or
 * message shortcut (a `payload` field of JSON), each signed with the signing secret (v0 HMAC-SHA256 over
 * `v0:<timestamp>:<body>`) and posted to the bot's `/slack/events`.
 */
import { createHmac } from 'node:crypto';
import type { Channel, Person } from './people.ts';
import type { Json } from './render.ts';
import { BOT_ID, BOT_USER_ID, type PostedMessage, TEAM } from './slack-standin.ts';

export interface Answer {
  status: number;
  /** The HTTP answer's body: the ack (empty, or a view submission's response_action). */
  body: string;
}

const APP_ID = 'A0SANDBOX';

function signature(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

const actionTs = () => (Date.now() / 1000).toFixed(6);

const userOf = (p: Person) => ({ id: p.id, username: p.name, name: p.name, team_id: TEAM.id });

export class BotDeliveries {
  constructor(
    private readonly url: string,
    private readonly signingSecret: string,
  ) {}

  private async post(body: string): Promise<Answer> {
    const ts = Math.floor(Date.now() / 1000);
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(ts),
        'x-slack-signature': signature(this.signingSecret, ts, body),
      },
      body,
    });
    return { status: res.status, body: await res.text() };
  }

  /** An Events API delivery: JSON, signed the same way. */
  private async event(event: Json): Promise<Answer> {
    const body = JSON.stringify({
      token: 'sandbox-verification-token',
      team_id: TEAM.id,
      api_app_id: APP_ID,
      event,
      type: 'event_callback',
      event_id: `Ev${Date.now().toString(36).toUpperCase()}`,
      event_time: Math.floor(Date.now() / 1000),
      authorizations: [
        {
          enterprise_id: null,
          team_id: TEAM.id,
          user_id: BOT_USER_ID,
          is_bot: true,
          is_enterprise_install: false,
        },
      ],
      is_ext_shared_channel: false,
    });
    const ts = Math.floor(Date.now() / 1000);
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': String(ts),
        'x-slack-signature': signature(this.signingSecret, ts, body),
      },
      body,
    });
    return { status: res.status, body: await res.text() };
  }

  /** The person opened the app's Home tab (with the view Slack holds for them, if one was published). */
  appHomeOpened(a: { user: Person; dmChannel: string; view?: Json | undefined }): Promise<Answer> {
    return this.event({
      type: 'app_home_opened',
      user: a.user.id,
      channel: a.dmChannel,
      tab: 'home',
      event_ts: actionTs(),
      ...(a.view ? { view: a.view } : {}),
    });
  }

  /** A Workflow Builder step to run (`function_executed`), with the inputs Workflow Builder would fill. */
  functionExecuted(f: { callbackId: string; executionId: string; inputs: Json }): Promise<Answer> {
    return this.event({
      type: 'function_executed',
      function: {
        id: `Fn${f.callbackId.toUpperCase().slice(0, 10)}`,
        callback_id: f.callbackId,
        title: f.callbackId,
        type: 'app',
        input_parameters: [],
        output_parameters: [],
        app_id: APP_ID,
        date_created: 0,
        date_updated: 0,
        date_deleted: 0,
      },
      inputs: f.inputs,
      function_execution_id: f.executionId,
      workflow_execution_id: `Wx${f.executionId.slice(2)}`,
      event_ts: actionTs(),
    });
  }

  private payload(p: Json): Promise<Answer> {
    return this.post(new URLSearchParams({ payload: JSON.stringify(p) }).toString());
  }

  slashCommand(c: {
    command: string;
    text: string;
    user: Person;
    channel: Channel | { id: string; name: string };
    responseUrl: string;
    triggerId: string;
  }): Promise<Answer> {
    return this.post(
      new URLSearchParams({
        token: 'sandbox-verification-token',
        team_id: TEAM.id,
        team_domain: TEAM.domain,
        channel_id: c.channel.id,
        channel_name: c.channel.name,
        user_id: c.user.id,
        user_name: c.user.name,
        command: c.command,
        text: c.text,
        api_app_id: APP_ID,
        is_enterprise_install: 'false',
        response_url: c.responseUrl,
        trigger_id: c.triggerId,
      }).toString(),
    );
  }

  /** A press on a message's button (or a choice in its select). */
  messageAction(a: {
    user: Person;
    channel: { id: string; name: string };
    message: PostedMessage;
    action: Json;
    responseUrl: string;
    triggerId: string;
  }): Promise<Answer> {
    const ephemeral = a.message.ephemeralTo !== undefined;
    return this.payload({
      type: 'block_actions',
      user: userOf(a.user),
      api_app_id: APP_ID,
      token: 'sandbox-verification-token',
      container: {
        type: 'message',
        message_ts: a.message.ts,
        channel_id: a.channel.id,
        is_ephemeral: ephemeral,
        ...(a.message.threadTs ? { thread_ts: a.message.threadTs } : {}),
      },
      trigger_id: a.triggerId,
      team: TEAM,
      enterprise: null,
      is_enterprise_install: false,
      channel: a.channel,
      // Slack sends the message itself only when it is not ephemeral.
      ...(ephemeral
        ? {}
        : {
            message: {
              type: 'message',
              user: BOT_USER_ID,
              bot_id: BOT_ID,
              ts: a.message.ts,
              text: a.message.text,
              blocks: a.message.blocks,
              ...(a.message.threadTs ? { thread_ts: a.message.threadTs } : {}),
            },
          }),
      state: { values: {} },
      response_url: a.responseUrl,
      actions: [a.action],
    });
  }

  /** A press or a choice inside a modal (a `dispatch_action` input, a button). */
  viewAction(a: { user: Person; view: Json; action: Json; triggerId: string }): Promise<Answer> {
    return this.payload({
      type: 'block_actions',
      user: userOf(a.user),
      api_app_id: APP_ID,
      token: 'sandbox-verification-token',
      container: { type: 'view', view_id: a.view.id },
      trigger_id: a.triggerId,
      team: TEAM,
      enterprise: null,
      is_enterprise_install: false,
      view: a.view,
      actions: [a.action],
    });
  }

  /** A global shortcut, started from the composer: no channel, no response_url, a trigger for a modal. */
  globalShortcut(s: { user: Person; callbackId: string; triggerId: string }): Promise<Answer> {
    return this.payload({
      type: 'shortcut',
      token: 'sandbox-verification-token',
      action_ts: actionTs(),
      team: TEAM,
      user: userOf(s.user),
      is_enterprise_install: false,
      enterprise: null,
      callback_id: s.callbackId,
      trigger_id: s.triggerId,
    });
  }

  /** A message shortcut on a message of a channel: the message as Slack hands it over, and a response_url. */
  messageShortcut(s: {
    user: Person;
    callbackId: string;
    channel: { id: string; name: string };
    message: PostedMessage;
    responseUrl: string;
    triggerId: string;
  }): Promise<Answer> {
    const m = s.message;
    const byBot = m.author === BOT_USER_ID;
    return this.payload({
      type: 'message_action',
      token: 'sandbox-verification-token',
      action_ts: actionTs(),
      team: TEAM,
      user: userOf(s.user),
      channel: s.channel,
      is_enterprise_install: false,
      enterprise: null,
      callback_id: s.callbackId,
      trigger_id: s.triggerId,
      message_ts: m.ts,
      message: {
        type: 'message',
        user: m.author,
        ...(byBot ? { bot_id: BOT_ID } : {}),
        ts: m.ts,
        text: m.text,
        blocks: m.blocks,
        ...(m.threadTs ? { thread_ts: m.threadTs } : {}),
      },
      response_url: s.responseUrl,
    });
  }

  viewSubmission(s: { user: Person; view: Json; triggerId: string }): Promise<Answer> {
    return this.payload({
      type: 'view_submission',
      team: TEAM,
      user: userOf(s.user),
      api_app_id: APP_ID,
      token: 'sandbox-verification-token',
      trigger_id: s.triggerId,
      view: s.view,
      response_urls: [],
      is_enterprise_install: false,
      enterprise: null,
    });
  }
}
