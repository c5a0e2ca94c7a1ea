/**
 * The sandbox's Slack: a real HTTP server answering the Web API calls the bot
 * makes (`/api/<method>`: chat.postMessage, chat.postEphemeral, chat.update,
 * views.open/update/push, views.publish (each person's App Home), users.info,
 * usergroups.users.list, the file upload
 * pair) and the response_url posts (`/response/<id>`), keeping what a
 * workspace keeps: channels and their threads, ephemeral messages, direct
 * messages, open modals, shared files. It refuses what Slack refuses (a
 * channel the bot is not in, an unknown or reused trigger, a stale view hash,
 * a message over Block Kit's limits) and notifies its listener of every
 * change, which the terminal prints.
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Channel, Group, Person } from './people.ts';
import { asJson, type Json } from './render.ts';
import {
  blockKitRefusal,
  invalidArguments,
  parseSlackBody,
  uploadedContent,
  withBlockIds,
} from './slack-wire.ts';

export const BOT_USER_ID = 'U0SBVPSBOT';
export const BOT_ID = 'B0SBVPSBOT';
export const BOT_NAME = 'vps-bot';
export const TEAM = { id: 'T0SANDBOX', domain: 'sandbox' };

export interface PostedMessage {
  /** Unique for the workspace: `<channel>:<ts>` for a message, `eph:<n>` for an ephemeral one. */
  key: string;
  channel: string;
  ts: string;
  threadTs: string | undefined;
  /** A thread reply also sent to the channel (`reply_broadcast`). */
  broadcast?: boolean;
  /** A user id, or BOT_USER_ID for the bot. */
  author: string;
  text: string;
  blocks: unknown[];
  /** Set for an ephemeral message: the one person who sees it. */
  ephemeralTo: string | undefined;
  deleted: boolean;
}

export interface OpenView {
  id: string;
  userId: string;
  view: Json;
  hash: string;
  /** The first view of its stack (views.push adds above it). */
  rootId: string;
  previousId: string | undefined;
  closed: boolean;
}

export interface SharedFile {
  id: string;
  filename: string;
  title: string | undefined;
  channel: string | undefined;
  content: string;
}

export type StandInEvent =
  | { kind: 'message'; change: 'posted' | 'edited' | 'deleted'; message: PostedMessage }
  | { kind: 'view'; change: 'opened' | 'updated' | 'pushed' | 'published'; view: OpenView }
  | { kind: 'file'; file: SharedFile }
  | { kind: 'refused'; method: string; error: string; detail?: string | undefined };

interface ResponseUrl {
  userId: string;
  channel: string;
  /** The message a button was pressed on, which `replace_original` replaces. */
  source: string | undefined;
  uses: number;
}

interface Upload {
  id: string;
  filename: string;
  length: number;
  content: string | undefined;
  completed: boolean;
}

/** Slack lets a response_url be used five times. */
const RESPONSE_URL_USES = 5;

export class SlackStandIn {
  private readonly events = new EventEmitter();
  private server: Server | undefined;
  private readonly messages = new Map<string, PostedMessage>();
  private readonly views = new Map<string, OpenView>();
  /** Each person's App Home as last published: its view's id. */
  private readonly homes = new Map<string, string>();
  private readonly triggers = new Map<string, { userId: string; used: boolean }>();
  private readonly responseUrls = new Map<string, ResponseUrl>();
  private readonly uploads = new Map<string, Upload>();
  private readonly channels: Map<string, Channel>;
  private seq = 0;
  private tsSeq = 0;
  url = '';

  constructor(
    private readonly opts: {
      people: readonly Person[];
      groups: readonly Group[];
      channels: readonly Channel[];
    },
  ) {
    this.channels = new Map(opts.channels.map((c) => [c.id, c]));
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  get apiUrl(): string {
    return `${this.url}/api/`;
  }

  on(listener: (e: StandInEvent) => void): () => void {
    this.events.on('event', listener);
    return () => this.events.off('event', listener);
  }

  /** Called on every request, before it is answered (the terminal's measure of "still busy"). */
  onRequest(listener: () => void): () => void {
    this.events.on('request', listener);
    return () => this.events.off('request', listener);
  }

  /** A trigger for one interaction of `userId` (a slash command, a click), good for one views.open. */
  newTrigger(userId: string): string {
    const id = `${Date.now()}.${++this.seq}.sandbox${this.seq.toString(16)}`;
    this.triggers.set(id, { userId, used: false });
    return id;
  }

  /** A response_url for one interaction; `source` is the message a button was on. */
  newResponseUrl(userId: string, channel: string, source?: string): string {
    const id = `R${(++this.seq).toString().padStart(8, '0')}`;
    this.responseUrls.set(id, { userId, channel, source, uses: 0 });
    return `${this.url}/response/${id}`;
  }

  message(key: string): PostedMessage | undefined {
    return this.messages.get(key);
  }

  /** The last `n` messages of a channel that `userId` can see (threads' replies included), oldest first. */
  history(channel: string, userId: string, n: number): PostedMessage[] {
    const seen = [...this.messages.values()].filter(
      (m) => m.channel === channel && !m.deleted && (!m.ephemeralTo || m.ephemeralTo === userId),
    );
    return seen.slice(-n);
  }

  view(id: string): OpenView | undefined {
    return this.views.get(id);
  }

  /**
   * A person's own message in a channel, as their Slack client posts it (its
   * text escaped, its rich text block). The bot does not know: the app
   * subscribes to no message events; a message shortcut can be used on it.
   */
  postAs(userId: string, channel: string, text: string, blocks: unknown[]): PostedMessage {
    const ts = this.nextTs();
    const m: PostedMessage = {
      key: `${channel}:${ts}`,
      channel,
      ts,
      threadTs: undefined,
      author: userId,
      text,
      blocks,
      ephemeralTo: undefined,
      deleted: false,
    };
    this.messages.set(m.key, m);
    this.emit({ kind: 'message', change: 'posted', message: m });
    return m;
  }

  /** What a client does with a view_submission's `response_action`. */
  applySubmission(viewId: string, answer: Json | undefined): OpenView | undefined {
    const v = this.views.get(viewId);
    if (!v) return undefined;
    const action = answer?.response_action;
    if (action === 'errors') return v;
    if (action === 'update' && asJson(answer?.view)) {
      this.setView(v, asJson(answer?.view)!);
      this.emit({ kind: 'view', change: 'updated', view: v });
      return v;
    }
    if (action === 'push' && asJson(answer?.view)) {
      const pushed = this.addView(v.userId, asJson(answer?.view)!, v.rootId, v.id);
      this.emit({ kind: 'view', change: 'pushed', view: pushed });
      return pushed;
    }
    if (action === 'clear') {
      for (const x of this.views.values()) if (x.rootId === v.rootId) x.closed = true;
      return undefined;
    }
    this.closeView(viewId);
    return undefined;
  }

  /** The person closed the view (its Cancel), or the client closed it after a submission. */
  closeView(viewId: string): void {
    const v = this.views.get(viewId);
    if (v) v.closed = true;
  }

  /** The view the person sees now: the top of the stack with `viewId` in it, if still open. */
  topView(viewId: string): OpenView | undefined {
    const v = this.views.get(viewId);
    if (!v) return undefined;
    const open = [...this.views.values()].filter((x) => x.rootId === v.rootId && !x.closed);
    return open.at(-1);
  }

  personOf(id: string): Person | undefined {
    return this.opts.people.find((p) => p.id === id);
  }

  channelOf(id: string): Channel | undefined {
    return this.channels.get(id);
  }

  groupOf(id: string): Group | undefined {
    return this.opts.groups.find((g) => g.id === id);
  }

  /** The bot's direct-message channel with a person. */
  dmChannelOf(userId: string): string {
    return `D${userId.slice(1)}`;
  }

  /** The person a direct-message channel is with. */
  dmPartner(channel: string): Person | undefined {
    return this.opts.people.find((p) => this.dmChannelOf(p.id) === channel);
  }

  private emit(e: StandInEvent): void {
    this.events.emit('event', e);
  }

  private nextTs(): string {
    this.tsSeq += 1;
    return `${Math.floor(Date.now() / 1000)}.${this.tsSeq.toString().padStart(6, '0')}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.events.emit('request');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', this.url);
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
      this.events.emit('request');
    };
    if (url.pathname.startsWith('/upload/')) {
      const answer = await this.upload(url.pathname.slice('/upload/'.length), bytes, req);
      send(answer.status, answer.body, 'text/plain');
      return;
    }
    const args = parseSlackBody(bytes.toString('utf8'), req.headers['content-type']);
    if (url.pathname.startsWith('/response/')) {
      const answer = this.responsePost(url.pathname.slice('/response/'.length), args);
      send(answer.status, answer.body, answer.status === 200 ? 'text/plain' : 'application/json');
      return;
    }
    if (!url.pathname.startsWith('/api/')) {
      send(404, { ok: false, error: 'unknown_method' });
      return;
    }
    const method = url.pathname.slice('/api/'.length);
    const refusal = blockKitRefusal(method, args);
    let body: Record<string, unknown>;
    if (refusal) {
      body = { ok: false, error: refusal.error, response_metadata: { messages: [refusal.detail] } };
    } else {
      body = this.answer(method, args);
    }
    if (body.ok === false) {
      const detail = (body.response_metadata as { messages?: string[] } | undefined)?.messages?.join('; ');
      this.emit({ kind: 'refused', method, error: String(body.error), detail });
    }
    send(200, body);
  }

  private answer(method: string, args: Record<string, unknown>): Record<string, unknown> {
    switch (method) {
      case 'auth.test':
        return {
          ok: true,
          url: `https://${TEAM.domain}.slack.invalid/`,
          team: 'Sandbox',
          user: BOT_NAME,
          team_id: TEAM.id,
          user_id: BOT_USER_ID,
          bot_id: BOT_ID,
        };
      case 'chat.postMessage':
        return this.postMessage(args);
      case 'chat.postEphemeral':
        return this.postEphemeral(args);
      case 'chat.update':
        return this.update(args);
      case 'chat.delete':
        return this.remove(args);
      case 'views.open':
      case 'views.push':
        return this.openView(method, args);
      case 'views.update':
        return this.updateView(args);
      case 'views.publish':
        return this.publishHome(args);
      case 'users.info':
        return this.userInfo(args);
      case 'usergroups.users.list': {
        const g = this.groupOf(String(args.usergroup ?? ''));
        return g ? { ok: true, users: g.members } : { ok: false, error: 'no_such_subteam' };
      }
      case 'conversations.info':
        return this.conversationInfo(String(args.channel ?? ''));
      case 'conversations.members':
        return this.conversationMembers(String(args.channel ?? ''));
      case 'files.getUploadURLExternal':
        return this.uploadUrl(args);
      case 'files.completeUploadExternal':
        return this.completeUpload(args);
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  /** Every channel here is public; a direct message is the bot's with one person. */
  private conversationInfo(id: string): Record<string, unknown> {
    const c = this.channels.get(id);
    if (c) {
      const channel = { id, name: c.name, is_channel: true, is_private: false, is_im: false, is_mpim: false };
      return { ok: true, channel: { ...channel, is_archived: false, is_member: c.botIsMember } };
    }
    const partner = this.dmPartner(id);
    if (partner) return { ok: true, channel: { id, is_im: true, is_channel: false, user: partner.id } };
    return { ok: false, error: 'channel_not_found' };
  }

  /** Everyone is in every channel (the bot only where it was invited); a direct message has its two. */
  private conversationMembers(id: string): Record<string, unknown> {
    const c = this.channels.get(id);
    const partner = c ? undefined : this.dmPartner(id);
    if (!c && !partner) return { ok: false, error: 'channel_not_found' };
    const people = c ? this.opts.people.map((p) => p.id) : [partner!.id];
    const members = [...people, ...(c?.botIsMember === false ? [] : [BOT_USER_ID])];
    return { ok: true, members, response_metadata: { next_cursor: '' } };
  }

  /** Where a chat.* call may post: a channel the bot is in, or a person's DM (their id or its D… id). */
  private target(channel: string): { channel: string } | { error: string } {
    if (/^[UW][A-Z0-9]+$/.test(channel)) {
      return this.personOf(channel) ? { channel: this.dmChannelOf(channel) } : { error: 'channel_not_found' };
    }
    if (channel.startsWith('D'))
      return this.dmPartner(channel) ? { channel } : { error: 'channel_not_found' };
    const c = this.channels.get(channel);
    if (!c) return { error: 'channel_not_found' };
    return c.botIsMember ? { channel } : { error: 'not_in_channel' };
  }

  private postMessage(args: Record<string, unknown>): Record<string, unknown> {
    const where = this.target(String(args.channel ?? ''));
    if ('error' in where) return { ok: false, error: where.error };
    if (typeof args.text !== 'string' && !Array.isArray(args.blocks)) return { ok: false, error: 'no_text' };
    const threadTs = typeof args.thread_ts === 'string' && args.thread_ts !== '' ? args.thread_ts : undefined;
    // Slack takes the flag as a boolean in JSON, or as text in a form.
    const broadcast = threadTs !== undefined && String(args.reply_broadcast) === 'true';
    const m = this.addMessage(where.channel, args, { threadTs, broadcast });
    const { ts } = m;
    return {
      ok: true,
      channel: where.channel,
      ts,
      message: { type: 'message', text: m.text, user: BOT_USER_ID, bot_id: BOT_ID, ts },
    };
  }

  private postEphemeral(args: Record<string, unknown>): Record<string, unknown> {
    const user = String(args.user ?? '');
    if (!this.personOf(user)) return { ok: false, error: 'user_not_found' };
    const where = this.target(String(args.channel ?? ''));
    if ('error' in where) return { ok: false, error: where.error };
    const m = this.addEphemeral(where.channel, user, args);
    return { ok: true, message_ts: m.ts };
  }

  private addEphemeral(channel: string, user: string, args: Record<string, unknown>): PostedMessage {
    return this.addMessage(channel, args, { ephemeralTo: user });
  }

  /** A message by the bot, kept and shown: in the channel (or a thread), or to one person alone. */
  private addMessage(
    channel: string,
    args: Record<string, unknown>,
    opts: { threadTs?: string | undefined; ephemeralTo?: string; broadcast?: boolean },
  ): PostedMessage {
    const ts = this.nextTs();
    const m: PostedMessage = {
      key: opts.ephemeralTo ? `eph:${++this.seq}` : `${channel}:${ts}`,
      channel,
      ts,
      threadTs: opts.threadTs,
      ...(opts.broadcast ? { broadcast: true } : {}),
      author: BOT_USER_ID,
      text: typeof args.text === 'string' ? args.text : '',
      blocks: withBlockIds(args.blocks),
      ephemeralTo: opts.ephemeralTo,
      deleted: false,
    };
    this.messages.set(m.key, m);
    this.emit({ kind: 'message', change: 'posted', message: m });
    return m;
  }

  private update(args: Record<string, unknown>): Record<string, unknown> {
    const channel = String(args.channel ?? '');
    const m = this.messages.get(`${channel}:${String(args.ts ?? '')}`);
    if (!m || m.deleted) return { ok: false, error: 'message_not_found' };
    if (m.author !== BOT_USER_ID) return { ok: false, error: 'cant_update_message' };
    if (typeof args.text === 'string') m.text = args.text;
    if (Array.isArray(args.blocks)) m.blocks = withBlockIds(args.blocks);
    this.emit({ kind: 'message', change: 'edited', message: m });
    return { ok: true, channel, ts: m.ts, text: m.text };
  }

  private remove(args: Record<string, unknown>): Record<string, unknown> {
    const m = this.messages.get(`${String(args.channel ?? '')}:${String(args.ts ?? '')}`);
    if (!m || m.deleted) return { ok: false, error: 'message_not_found' };
    m.deleted = true;
    this.emit({ kind: 'message', change: 'deleted', message: m });
    return { ok: true, channel: m.channel, ts: m.ts };
  }

  /**
   * A post to a response_url: a new ephemeral answer (the default), a message
   * in the channel (`in_channel`), or, with `replace_original` /
   * `delete_original`, a change to the message the button was on.
   */
  private responsePost(id: string, args: Record<string, unknown>): { status: number; body: unknown } {
    const r = this.responseUrls.get(id);
    if (!r) return { status: 404, body: { ok: false, error: 'expired_url' } };
    if (r.uses >= RESPONSE_URL_USES) return { status: 404, body: { ok: false, error: 'used_url' } };
    r.uses += 1;
    const refusal = blockKitRefusal('chat.postMessage', args);
    if (refusal) {
      this.emit({ kind: 'refused', method: 'response_url', error: refusal.error, detail: refusal.detail });
      return { status: 400, body: { ok: false, error: refusal.error } };
    }
    const source = r.source ? this.messages.get(r.source) : undefined;
    if (source && !source.deleted && args.delete_original === true) {
      source.deleted = true;
      this.emit({ kind: 'message', change: 'deleted', message: source });
      return { status: 200, body: 'ok' };
    }
    if (source && !source.deleted && args.replace_original === true) {
      source.text = typeof args.text === 'string' ? args.text : '';
      source.blocks = withBlockIds(args.blocks);
      this.emit({ kind: 'message', change: 'edited', message: source });
      return { status: 200, body: 'ok' };
    }
    if (args.response_type === 'in_channel') {
      const ts = this.nextTs();
      const m: PostedMessage = {
        key: `${r.channel}:${ts}`,
        channel: r.channel,
        ts,
        threadTs: typeof args.thread_ts === 'string' ? args.thread_ts : undefined,
        author: BOT_USER_ID,
        text: typeof args.text === 'string' ? args.text : '',
        blocks: withBlockIds(args.blocks),
        ephemeralTo: undefined,
        deleted: false,
      };
      this.messages.set(m.key, m);
      this.emit({ kind: 'message', change: 'posted', message: m });
      return { status: 200, body: 'ok' };
    }
    this.addEphemeral(r.channel, r.userId, args);
    return { status: 200, body: 'ok' };
  }

  private openView(method: string, args: Record<string, unknown>): Record<string, unknown> {
    const triggerId = String(args.trigger_id ?? '');
    const view = asJson(args.view);
    if (!view) return invalidArguments(['view']);
    const trigger = this.triggers.get(triggerId);
    if (!trigger) return { ok: false, error: 'invalid_trigger_id' };
    if (trigger.used) return { ok: false, error: 'exchanged_trigger_id' };
    trigger.used = true;
    if (method === 'views.push') {
      const under = [...this.views.values()].filter((v) => v.userId === trigger.userId && !v.closed).at(-1);
      if (!under) return { ok: false, error: 'not_found' };
      const pushed = this.addView(trigger.userId, view, under.rootId, under.id);
      this.emit({ kind: 'view', change: 'pushed', view: pushed });
      return { ok: true, view: this.viewBody(pushed) };
    }
    const opened = this.addView(trigger.userId, view, undefined, undefined);
    this.emit({ kind: 'view', change: 'opened', view: opened });
    return { ok: true, view: this.viewBody(opened) };
  }

  private addView(userId: string, view: Json, rootId: string | undefined, previousId: string | undefined) {
    const id = `V${(++this.seq).toString().padStart(9, '0')}`;
    const v: OpenView = {
      id,
      userId,
      view: { ...view, blocks: withBlockIds(view.blocks) },
      hash: `${Date.now()}.${this.seq}`,
      rootId: rootId ?? id,
      previousId,
      closed: false,
    };
    this.views.set(id, v);
    return v;
  }

  private setView(v: OpenView, view: Json): void {
    v.view = { ...view, blocks: withBlockIds(view.blocks) };
    v.hash = `${Date.now()}.${++this.seq}`;
  }

  private updateView(args: Record<string, unknown>): Record<string, unknown> {
    const view = asJson(args.view);
    if (!view) return invalidArguments(['view']);
    const byId = typeof args.view_id === 'string' ? this.views.get(args.view_id) : undefined;
    const byExternal =
      typeof args.external_id === 'string'
        ? [...this.views.values()].find((v) => v.view.external_id === args.external_id)
        : undefined;
    const v = byId ?? byExternal;
    if (!v || v.closed) return { ok: false, error: 'not_found' };
    if (typeof args.hash === 'string' && args.hash !== '' && args.hash !== v.hash)
      return { ok: false, error: 'hash_conflict' };
    this.setView(v, view);
    this.emit({ kind: 'view', change: 'updated', view: v });
    return { ok: true, view: this.viewBody(v) };
  }

  /** A person's App Home as last published, if it ever was. */
  home(userId: string): OpenView | undefined {
    const id = this.homes.get(userId);
    return id ? this.views.get(id) : undefined;
  }

  /**
   * views.publish as Slack takes it: a person of the workspace (`user_id`), a
   * view of type `home` (Block Kit's limits were checked before this), at
   * most 250 kB. The person's Home keeps its id from one publish to the next.
   */
  private publishHome(args: Record<string, unknown>): Record<string, unknown> {
    const user = String(args.user_id ?? '');
    if (!this.personOf(user))
      return {
        ok: false,
        error: 'invalid_arguments',
        response_metadata: { messages: ['invalid `user_id`'] },
      };
    const view = asJson(args.view);
    if (!view) return invalidArguments(['view']);
    if (view.type !== 'home' || !Array.isArray(view.blocks))
      return {
        ok: false,
        error: 'invalid_arguments',
        response_metadata: { messages: ['invalid `view.type`'] },
      };
    if (JSON.stringify(view).length > 250_000) return { ok: false, error: 'view_too_large' };
    const kept = this.home(user);
    let v: OpenView;
    if (kept) {
      this.setView(kept, view);
      v = kept;
    } else {
      v = this.addView(user, view, undefined, undefined);
      this.homes.set(user, v.id);
    }
    this.emit({ kind: 'view', change: 'published', view: v });
    return { ok: true, view: this.viewBody(v) };
  }

  /** A view as Slack describes it to the app (and in a submission). */
  viewBody(v: OpenView, values: Json = {}): Json {
    return {
      ...v.view,
      id: v.id,
      team_id: TEAM.id,
      type: v.view.type ?? 'modal',
      private_metadata: v.view.private_metadata ?? '',
      callback_id: v.view.callback_id ?? '',
      state: { values },
      hash: v.hash,
      clear_on_close: v.view.clear_on_close ?? false,
      notify_on_close: v.view.notify_on_close ?? false,
      root_view_id: v.rootId,
      previous_view_id: v.previousId ?? null,
      app_id: 'A0SANDBOX',
      external_id: v.view.external_id ?? '',
      app_installed_team_id: TEAM.id,
      bot_id: BOT_ID,
    };
  }

  private userInfo(args: Record<string, unknown>): Record<string, unknown> {
    const p = this.personOf(String(args.user ?? ''));
    if (!p) return { ok: false, error: 'user_not_found' };
    const withLocale = args.include_locale === true || args.include_locale === 'true';
    return {
      ok: true,
      user: {
        id: p.id,
        team_id: TEAM.id,
        name: p.name,
        real_name: p.name,
        tz: p.tz,
        is_bot: false,
        profile: { display_name: p.name, real_name: p.name },
        ...(withLocale ? { locale: p.locale } : {}),
      },
    };
  }

  /** files.getUploadURLExternal: `filename` and a positive integer `length` are required. */
  private uploadUrl(args: Record<string, unknown>): Record<string, unknown> {
    const length = Number(args.length);
    const missing = [
      ...(typeof args.filename === 'string' && args.filename !== '' ? [] : ['filename']),
      ...(Number.isInteger(length) && length > 0 ? [] : ['length']),
    ];
    if (missing.length > 0) return invalidArguments(missing);
    const id = `F${(++this.seq).toString().padStart(9, '0')}`;
    this.uploads.set(id, {
      id,
      filename: String(args.filename),
      length,
      content: undefined,
      completed: false,
    });
    return { ok: true, upload_url: `${this.url}/upload/${id}`, file_id: id };
  }

  private async upload(
    id: string,
    bytes: Buffer,
    req: IncomingMessage,
  ): Promise<{ status: number; body: string }> {
    const file = this.uploads.get(id);
    const content = await uploadedContent(bytes, String(req.headers['content-type'] ?? ''));
    if (req.method !== 'POST' || !file || file.content !== undefined || file.completed)
      return { status: 404, body: 'not found' };
    file.content = content.toString('utf8');
    return { status: 200, body: `OK - ${content.length}` };
  }

  private completeUpload(args: Record<string, unknown>): Record<string, unknown> {
    const list = Array.isArray(args.files) ? (args.files as { id?: unknown; title?: unknown }[]) : [];
    if (list.length === 0) return invalidArguments(['files']);
    const found = list.map((e) => (typeof e?.id === 'string' ? this.uploads.get(e.id) : undefined));
    if (found.some((f) => !f || f.content === undefined || f.completed))
      return { ok: false, error: 'file_not_found' };
    const channelId =
      typeof args.channel_id === 'string' && args.channel_id !== '' ? args.channel_id : undefined;
    if (channelId) {
      const where = this.target(channelId);
      if ('error' in where) return { ok: false, error: where.error };
    }
    list.forEach((e, i) => {
      const f = found[i]!;
      f.completed = true;
      this.emit({
        kind: 'file',
        file: {
          id: f.id,
          filename: f.filename,
          title: typeof e.title === 'string' ? e.title : undefined,
          channel: channelId,
          content: f.content ?? '',
        },
      });
    });
    return { ok: true, files: found.map((f) => ({ id: f!.id, name: f!.filename, title: f!.filename })) };
  }
}
