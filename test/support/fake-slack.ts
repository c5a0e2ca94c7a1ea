/**
 * A real HTTP server imitating the Slack Web API for the app under test:
 * records every call (`/api/<method>`) and every response_url post
 * (`/response/<id>`), answers like Slack, and can be told to fail like Slack
 * (`ok:false` with an error, or HTTP 429 with Retry-After). Tests await
 * recorded calls through `waitFor`, never a timer. File uploads run as
 * Slack's: files.getUploadURLExternal hands out an upload URL here
 * (`/upload/<file id>`), the bytes are posted to it, and
 * files.completeUploadExternal shares the file; `files` reads them back.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  type BlockKitRefusal,
  blockKitRefusal,
  invalidArguments,
  parseSlackBody,
  tryJson,
  uploadedContent,
} from '../../src/sandbox/slack-wire.ts';
import { seededRandom } from '../../src/simulator/random.ts';

export interface RecordedCall {
  seq: number;
  /** Web API method (`chat.postMessage`), or `response_url` for response_url posts. */
  method: string;
  /** Arguments with JSON-valued fields (blocks, view) decoded. */
  args: Record<string, unknown>;
  /** For response_url posts: the id in the path. */
  responseId?: string;
  token?: string | undefined;
  /** Slack's error when it answered `ok:false` (with HTTP 200, or with a failure's status such as 429). */
  error?: string;
  /** The id of the view a views.open, views.push or views.update answered with. */
  viewId?: string;
  /** When it arrived (wall time, epoch ms): for benchmarks that measure Slack's rates. */
  at?: number;
}

export interface SlackUser {
  locale?: string;
  tz?: string;
}

/** A channel as conversations.info / conversations.members describe it. */
export interface SlackChannel {
  private: boolean;
  members: string[];
}

/** A file uploaded through files.getUploadURLExternal / upload URL / files.completeUploadExternal. */
export interface UploadedFile {
  id: string;
  filename: string;
  /** The length announced to files.getUploadURLExternal. */
  length: number;
  /** The bytes posted to the upload URL, as UTF-8 (undefined until posted). */
  content?: string;
  /** Set by files.completeUploadExternal. */
  completed: boolean;
  title?: string;
  /** Where it was shared (channel_id of files.completeUploadExternal), if anywhere. */
  channelId?: string;
}

/** How long Slack honours a trigger id. */
const TRIGGER_LIFE_MS = 3_000;

interface Failure {
  error?: string;
  status?: number;
  retryAfter?: number;
  times: number;
  share?: number;
}

export class FakeSlack {
  readonly calls: RecordedCall[] = [];
  readonly users = new Map<string, SlackUser>();
  readonly groups = new Map<string, string[]>();
  /** Channels described by `setChannel`; any other `C…` id is a public channel, a `G…` id a private one, both without members. */
  readonly channels = new Map<string, SlackChannel>();
  /** The Enterprise Grid organisation auth.test names (none: a workspace outside any grid). */
  enterpriseId: string | undefined;
  /** Each person's App Home as last published (views.publish). */
  readonly homes = new Map<string, Record<string, unknown>>();
  /** Whether the app's Home tab is enabled (manifest.yml); views.publish answers `not_enabled` when not. */
  homeTabEnabled = true;
  private readonly failures = new Map<string, Failure[]>();
  /** Seeded, so a run that fails a share of calls fails the same ones again. */
  private readonly random = seededRandom(1);
  /** Channels the bot cannot post in, with the error Slack answers there. */
  private readonly closed = new Map<string, string>();
  // A test may wait for many answers at once (a flood of commands): no listener limit.
  private readonly events = new EventEmitter().setMaxListeners(0);
  private server: Server | undefined;
  private socketModeLink: Duplex | undefined;
  private envelopeSeq = 0;
  private seq = 0;
  private viewSeq = 0;
  private fileSeq = 0;
  /** Workflow step executions told their outcome (functions.completeSuccess / completeError). */
  private readonly stepsOver = new Set<string>();
  /** Workflow tokens (`xwfp-`) Slack handed out, by the step execution each belongs to. */
  private readonly workflowTokens = new Map<string, string>();
  /** Every file whose upload was started, by id. */
  readonly files = new Map<string, UploadedFile>();
  /** When each trigger id handed to the app was made (see `issueTrigger`). */
  private readonly triggers = new Map<string, number>();
  private triggerClock: (() => number) | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        res.writeHead(500);
        res.end();
      });
    });
    // Socket Mode: apps.connections.open hands out ws://…/link, upgraded here.
    this.server.on('upgrade', (req, socket) => this.upgrade(req, socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  get apiUrl(): string {
    return `${this.url}/api/`;
  }

  responseUrl(id: string): string {
    return `${this.url}/response/${id}`;
  }

  async close(): Promise<void> {
    this.socketModeLink?.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /**
   * Trigger ids expire as Slack's do, 3 seconds after they were made, on
   * `now` (a test's manual clock, so that time passes only when the test
   * moves it): views.open and views.push with an older one answer
   * `expired_trigger_id`. Only triggers made after this call are timed.
   */
  timeTriggers(now: () => number): void {
    this.triggerClock = now;
  }

  /** A trigger id handed to the app (a command, a click, a submission) was made now. */
  issueTrigger(id: string): void {
    if (this.triggerClock) this.triggers.set(id, this.triggerClock());
  }

  private triggerExpired(args: Record<string, unknown>): boolean {
    const made = typeof args.trigger_id === 'string' ? this.triggers.get(args.trigger_id) : undefined;
    return (
      made !== undefined && this.triggerClock !== undefined && this.triggerClock() - made > TRIGGER_LIFE_MS
    );
  }

  setUser(id: string, user: SlackUser): void {
    this.users.set(id, user);
  }

  /** The id of the bot's direct message channel with a user (what chat.postMessage to the user id answers). */
  dmChannelOf(userId: string): string {
    return `D${userId.replace(/^[UW]/, '')}`;
  }

  /** Files shared by files.completeUploadExternal, in upload order. */
  completedFiles(): UploadedFile[] {
    return [...this.files.values()].filter((f) => f.completed);
  }

  setGroup(id: string, members: string[]): void {
    this.groups.set(id, members);
  }

  setChannel(id: string, channel: SlackChannel): void {
    this.channels.set(id, channel);
  }

  private channelOf(id: string): SlackChannel {
    return this.channels.get(id) ?? { private: id.startsWith('G'), members: [] };
  }

  /**
   * The next `times` calls of `method` fail: `ok:false` with `error`, or HTTP
   * `status` (429 with Retry-After). `response_url` posts fail too (HTTP 404,
   * `expired_url`, unless `status` and `error` say otherwise). With `share` (0-1), each call fails with
   * that chance (a seeded draw) and only the calls that fail use up `times`.
   */
  fail(
    method: string,
    f: { error?: string; status?: number; retryAfter?: number; times?: number; share?: number },
  ): void {
    const list = this.failures.get(method) ?? [];
    list.push({ ...f, times: f.times ?? 1 });
    this.failures.set(method, list);
  }

  /** Forgets the failures still to come (of one method, or all). */
  clearFailures(method?: string): void {
    if (method === undefined) this.failures.clear();
    else this.failures.delete(method);
  }

  /**
   * Every chat.* call to `channel` fails with `error` (`not_in_channel`,
   * `channel_not_found`, `is_archived`) until `openChannel`, as Slack answers
   * a bot that is not a member of it.
   */
  closeChannel(channel: string, error = 'not_in_channel'): void {
    this.closed.set(channel, error);
  }

  /** The bot was invited (or the channel unarchived): chat.* calls succeed again. */
  openChannel(channel: string): void {
    this.closed.delete(channel);
  }

  callsOf(method: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** Resolves with the first recorded call (past or future) that matches. */
  waitFor(match: (c: RecordedCall) => boolean, timeoutMs = 10_000): Promise<RecordedCall> {
    const found = this.calls.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const onCall = (c: RecordedCall) => {
        if (!match(c)) return;
        clearTimeout(timer);
        this.events.off('call', onCall);
        resolve(c);
      };
      // A guard against a test hanging forever, not a wait for something to happen.
      const timer = setTimeout(() => {
        this.events.off('call', onCall);
        reject(
          new Error(
            `no matching Slack call within ${timeoutMs} ms; calls: ${this.calls.map((c) => c.method).join(', ')}`,
          ),
        );
      }, timeoutMs);
      this.events.on('call', onCall);
    });
  }

  waitForResponse(id: string): Promise<RecordedCall> {
    return this.waitFor((c) => c.method === 'response_url' && c.responseId === id);
  }

  waitForMethod(method: string, after = 0): Promise<RecordedCall> {
    return this.waitFor((c) => c.method === method && c.seq > after);
  }

  get lastSeq(): number {
    return this.seq;
  }

  /**
   * A workflow token Slack hands out with a step's event or a step-scoped
   * interaction: it lives only while its step runs, and Slack revokes it when
   * the step is completed (or failed), so a call made with it afterwards is
   * refused with `token_revoked`.
   */
  bindWorkflowToken(token: string, executionId: string): void {
    this.workflowTokens.set(token, executionId);
  }

  /** Resolves once a Socket Mode client is connected and has been sent `hello`. */
  socketModeConnected(): Promise<RecordedCall> {
    return this.waitFor((c) => c.method === 'socket_mode.hello');
  }

  /**
   * Sends an envelope over the Socket Mode link as Slack does (slash_commands,
   * interactive) and resolves with the app's ack for it.
   */
  async sendEnvelope(
    type: 'slash_commands' | 'interactive' | 'events_api',
    payload: Record<string, unknown>,
  ): Promise<RecordedCall> {
    const link = this.socketModeLink;
    if (!link) throw new Error('no Socket Mode client is connected');
    const envelopeId = `env-${++this.envelopeSeq}`;
    const acked = this.waitFor((c) => c.method === 'socket_mode.ack' && c.args.envelope_id === envelopeId);
    writeFrame(
      link,
      1,
      Buffer.from(JSON.stringify({ envelope_id: envelopeId, type, payload, accepts_response_payload: true })),
    );
    return acked;
  }

  private upgrade(req: IncomingMessage, socket: Duplex): void {
    const key = req.headers['sec-websocket-key'];
    if (typeof key !== 'string' || !req.url?.startsWith('/link')) {
      socket.destroy();
      return;
    }
    const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    this.socketModeLink = socket;
    let buffered = Buffer.alloc(0);
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const frame = readFrame(buffered);
        if (!frame) break;
        buffered = buffered.subarray(frame.size);
        if (frame.opcode === 1) {
          const msg = tryJson(frame.payload.toString('utf8'));
          this.record({ method: 'socket_mode.ack', args: (msg ?? {}) as Record<string, unknown> });
        } else if (frame.opcode === 9) writeFrame(socket, 10, frame.payload);
        else if (frame.opcode === 8) {
          writeFrame(socket, 8, Buffer.alloc(0));
          socket.end();
        }
      }
    });
    writeFrame(socket, 1, Buffer.from(JSON.stringify({ type: 'hello', num_connections: 1 })));
    this.record({ method: 'socket_mode.hello', args: {} });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    const raw = bytes.toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname.startsWith('/upload/')) {
      await this.upload(url.pathname.slice('/upload/'.length), bytes, req, res);
      return;
    }
    const args = parseSlackBody(raw, req.headers['content-type']);
    const auth = req.headers.authorization;
    const token =
      typeof auth === 'string' ? auth.replace(/^Bearer /, '') : (args.token as string | undefined);
    if (url.pathname.startsWith('/response/')) {
      const responseId = url.pathname.slice('/response/'.length);
      // `fail('response_url', …)`: an expired or refused response_url (HTTP 404 unless told otherwise).
      const failed = this.takeFailure('response_url');
      if (failed) {
        const error = failed.error ?? 'expired_url';
        this.record({ method: 'response_url', args, responseId, token: undefined, error });
        res.writeHead(failed.status ?? 404, { 'content-type': 'text/plain' });
        res.end(error);
        return;
      }
      // A message posted to a response_url is held to Block Kit's limits like chat.postMessage.
      const refusal = slackRefusal('chat.postMessage', args);
      this.record({
        method: 'response_url',
        args,
        responseId,
        token: undefined,
        ...(refusal ? { error: refusal.error } : {}),
      });
      if (refusal) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: false, error: refusal.error, detail: refusal.detail }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
      return;
    }
    if (!url.pathname.startsWith('/api/')) {
      res.writeHead(404);
      res.end();
      return;
    }
    const method = url.pathname.slice('/api/'.length);
    const failure = this.takeFailure(method);
    if (failure?.status) {
      const error = failure.error ?? 'ratelimited';
      this.record({ method, args, token, error });
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (failure.retryAfter !== undefined) headers['retry-after'] = String(failure.retryAfter);
      res.writeHead(failure.status, headers);
      res.end(JSON.stringify({ ok: false, error }));
      return;
    }
    const execution = token === undefined ? undefined : this.workflowTokens.get(token);
    if (!failure && execution !== undefined && this.stepsOver.has(execution)) {
      this.record({ method, args, token, error: 'token_revoked' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error: 'token_revoked' }));
      return;
    }
    const shut = method.startsWith('chat.') ? this.closed.get(String(args.channel ?? '')) : undefined;
    const refusal = failure || shut ? undefined : slackRefusal(method, args);
    const expired = (method === 'views.open' || method === 'views.push') && this.triggerExpired(args);
    const body = failure
      ? { ok: false, error: failure.error ?? 'internal_error' }
      : shut
        ? { ok: false, error: shut }
        : refusal
          ? { ok: false, error: refusal.error, response_metadata: { messages: [refusal.detail] } }
          : expired
            ? { ok: false, error: 'expired_trigger_id' }
            : this.answer(method, args);
    const error = body.ok === false && typeof body.error === 'string' ? body.error : undefined;
    const viewId = (body.view as { id?: unknown } | undefined)?.id;
    this.record({
      method,
      args,
      token,
      ...(error ? { error } : {}),
      ...(typeof viewId === 'string' ? { viewId } : {}),
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  /**
   * The upload URL: Slack takes the file's bytes (raw, or as the one file of a
   * multipart form, as @slack/web-api sends them) for a file id it handed out,
   * once, and answers 200 `OK - <length>`; anything else is a 404.
   */
  private async upload(id: string, bytes: Buffer, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const file = this.files.get(id);
    const content = await uploadedContent(bytes, String(req.headers['content-type'] ?? ''));
    this.record({ method: 'upload_url', args: { file_id: id, bytes: content.length } });
    if (req.method !== 'POST' || !file || file.content !== undefined || file.completed) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    file.content = content.toString('utf8');
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`OK - ${content.length}`);
  }

  /** files.getUploadURLExternal: `filename` and a positive integer `length` are required, as in Slack. */
  private uploadUrl(args: Record<string, unknown>): Record<string, unknown> {
    const length = Number(args.length);
    const missing = [
      ...(typeof args.filename === 'string' && args.filename !== '' ? [] : ['filename']),
      ...(args.length !== undefined && args.length !== '' && Number.isInteger(length) && length > 0
        ? []
        : ['length']),
    ];
    if (missing.length > 0) return invalidArguments(missing);
    const id = `F${String(++this.fileSeq).padStart(9, '0')}`;
    this.files.set(id, { id, filename: String(args.filename), length, completed: false });
    return { ok: true, upload_url: `${this.url}/upload/${id}`, file_id: id };
  }

  /**
   * files.completeUploadExternal: `files` (a JSON array of `{ id, title? }`) is
   * required; each id must have been handed out and its bytes posted, whole
   * (as long as announced), and not completed before.
   */
  private completeUpload(args: Record<string, unknown>): Record<string, unknown> {
    const list = args.files;
    if (!Array.isArray(list) || list.length === 0) return invalidArguments(['files']);
    const entries = list as { id?: unknown; title?: unknown }[];
    const found = entries.map((e) => (typeof e?.id === 'string' ? this.files.get(e.id) : undefined));
    if (found.some((f) => !f || f.content === undefined || f.completed)) {
      return { ok: false, error: 'file_not_found' };
    }
    if (found.some((f) => Buffer.byteLength(f!.content!, 'utf8') !== f!.length)) {
      return { ok: false, error: 'invalid_arguments', response_metadata: { messages: ['[ERROR] length'] } };
    }
    const channelId =
      typeof args.channel_id === 'string' && args.channel_id !== '' ? args.channel_id : undefined;
    entries.forEach((e, i) => {
      const f = found[i]!;
      f.completed = true;
      if (typeof e.title === 'string') f.title = e.title;
      if (channelId) f.channelId = channelId;
    });
    return {
      ok: true,
      files: found.map((f) => ({ id: f!.id, name: f!.filename, title: f!.title ?? f!.filename })),
    };
  }

  /**
   * views.publish as Slack validates it: a person's user id, a view of type
   * `home` with its blocks (Block Kit's limits are checked before this, as
   * for every view), at most 250 kB, and the Home tab enabled.
   */
  private publish(args: Record<string, unknown>): Record<string, unknown> {
    const user = args.user_id;
    if (typeof user !== 'string' || !/^[UW][A-Z0-9]{2,}$/.test(user))
      return {
        ok: false,
        error: 'invalid_arguments',
        response_metadata: { messages: ['invalid `user_id`'] },
      };
    const view = args.view;
    if (typeof view !== 'object' || view === null || Array.isArray(view)) return invalidArguments(['view']);
    const v = view as Record<string, unknown>;
    if (v.type !== 'home')
      return {
        ok: false,
        error: 'invalid_arguments',
        response_metadata: { messages: ['invalid `view.type`'] },
      };
    if (!Array.isArray(v.blocks)) return invalidArguments(['view.blocks']);
    if (JSON.stringify(view).length > 250_000) return { ok: false, error: 'view_too_large' };
    if (!this.homeTabEnabled) return { ok: false, error: 'not_enabled' };
    this.homes.set(user, v);
    return { ok: true, view: { ...v, id: `VH${user.slice(1)}`, team_id: 'T0FAKE', hash: `h${this.seq}` } };
  }

  /** Resolves with the next views.publish Slack took for `userId` after `after` (a seq). */
  waitForHome(userId: string, after = 0, timeoutMs = 10_000): Promise<RecordedCall> {
    return this.waitFor(
      (c) => c.method === 'views.publish' && !c.error && c.args.user_id === userId && c.seq > after,
      timeoutMs,
    );
  }

  private takeFailure(method: string): Failure | undefined {
    const list = this.failures.get(method);
    // The first failure that applies to this call: one without a share always does.
    const f = list?.find((x) => x.share === undefined || this.random() < x.share);
    if (!f || !list) return undefined;
    f.times -= 1;
    if (f.times <= 0) list.splice(list.indexOf(f), 1);
    return f;
  }

  private record(c: Omit<RecordedCall, 'seq'>): void {
    this.seq += 1;
    const call = { ...c, seq: this.seq, at: Date.now() };
    this.calls.push(call);
    this.events.emit('call', call);
  }

  private answer(method: string, args: Record<string, unknown>): Record<string, unknown> {
    switch (method) {
      case 'auth.test':
        return {
          ok: true,
          url: 'https://fake.slack.com/',
          team: 'Fake',
          user: 'vpsbot',
          team_id: 'T0FAKE',
          user_id: 'UBOT0001',
          bot_id: 'BBOT0001',
          ...(this.enterpriseId ? { enterprise_id: this.enterpriseId } : {}),
        };
      case 'chat.postMessage': {
        // Posted to a user id, the message goes to the bot's DM with them, whose id Slack answers.
        const to = String(args.channel ?? '');
        const channel = /^[UW][A-Z0-9]+$/.test(to) ? this.dmChannelOf(to) : args.channel;
        return { ok: true, channel, ts: `${Date.now() / 1000}`, message: { text: args.text } };
      }
      case 'files.getUploadURLExternal':
        return this.uploadUrl(args);
      case 'files.completeUploadExternal':
        return this.completeUpload(args);
      case 'chat.postEphemeral':
        return { ok: true, message_ts: `${Date.now() / 1000}` };
      case 'chat.update':
        return { ok: true, channel: args.channel, ts: args.ts };
      case 'views.open':
      case 'views.push':
      case 'views.update': {
        const id =
          typeof args.view_id === 'string' ? args.view_id : `V${String(++this.viewSeq).padStart(8, '0')}`;
        return { ok: true, view: { ...(args.view as object), id, hash: `h${this.seq}` } };
      }
      case 'views.publish':
        return this.publish(args);
      case 'users.info': {
        const id = String(args.user);
        const u = this.users.get(id);
        if (!u) return { ok: false, error: 'user_not_found' };
        return { ok: true, user: { id, name: id.toLowerCase(), locale: u.locale, tz: u.tz ?? 'Asia/Tokyo' } };
      }
      case 'usergroups.users.list': {
        const members = this.groups.get(String(args.usergroup));
        return members ? { ok: true, users: members } : { ok: false, error: 'no_such_subteam' };
      }
      // A step is told its outcome once: Slack refuses a second one.
      case 'functions.completeSuccess':
      case 'functions.completeError': {
        const id = args.function_execution_id;
        if (typeof id !== 'string' || id === '') return invalidArguments(['function_execution_id']);
        if (method === 'functions.completeError' && (typeof args.error !== 'string' || args.error === ''))
          return invalidArguments(['error']);
        if (this.stepsOver.has(id)) return { ok: false, error: 'execution_not_in_running_state' };
        this.stepsOver.add(id);
        return { ok: true };
      }
      case 'apps.connections.open':
        return { ok: true, url: `${this.url.replace(/^http/, 'ws')}/link` };
      case 'conversations.info': {
        const c = this.channelOf(String(args.channel));
        return {
          ok: true,
          channel: {
            id: args.channel,
            name: `channel-${String(args.channel).toLowerCase()}`,
            is_channel: true,
            is_private: c.private,
          },
        };
      }
      case 'conversations.members':
        return { ok: true, members: this.channelOf(String(args.channel)).members };
      default:
        return { ok: true };
    }
  }
}

/** One unfragmented WebSocket frame from the server (never masked). */
function writeFrame(socket: Duplex, opcode: number, payload: Buffer): void {
  const len = payload.length;
  const head =
    len < 126
      ? Buffer.from([0x80 | opcode, len])
      : len < 65_536
        ? Buffer.from([0x80 | opcode, 126, len >> 8, len & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 127]), bigLength(len)]);
  socket.write(Buffer.concat([head, payload]));
}

function bigLength(len: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(len));
  return b;
}

/** One client frame (masked, as clients must) from the front of `buf`, or undefined until it is complete. */
function readFrame(buf: Buffer): { opcode: number; payload: Buffer; size: number } | undefined {
  if (buf.length < 2) return undefined;
  const opcode = buf[0]! & 0x0f;
  const masked = (buf[1]! & 0x80) !== 0;
  let len = buf[1]! & 0x7f;
  let offset = 2;
  if (len === 126) {
    if (buf.length < 4) return undefined;
    len = buf.readUInt16BE(2);
    offset = 4;
  } else if (len === 127) {
    if (buf.length < 10) return undefined;
    len = Number(buf.readBigUInt64BE(2));
    offset = 10;
  }
  const maskKey = masked ? buf.subarray(offset, offset + 4) : undefined;
  if (masked) offset += 4;
  if (buf.length < offset + len) return undefined;
  const payload = Buffer.from(buf.subarray(offset, offset + len));
  if (maskKey) for (let i = 0; i < payload.length; i++) payload[i]! ^= maskKey[i % 4]!;
  return { opcode, payload, size: offset + len };
}

export async function startFakeSlack(opts: { enterpriseId?: string } = {}): Promise<FakeSlack> {
  const slack = new FakeSlack();
  slack.enterpriseId = opts.enterpriseId;
  return slack.start();
}

/**
 * Slack refuses a whole message or view that breaks one of Block Kit's limits
 * (`invalid_blocks` / `invalid_arguments`). This fake does the same, on the
 * reading of the limits the sandbox's Slack uses (not the app's limits
 * module), so a view the app builds wrong fails the test instead of passing
 * here and breaking in Slack. Slack also refuses two blocks with one
 * `block_id` in a message or view, and two elements with one `action_id` in
 * a block (a Home with two orders waiting, each with its own buttons, once
 * was): so does this.
 */
export function slackRefusal(method: string, args: Record<string, unknown>): BlockKitRefusal | undefined {
  const limits = blockKitRefusal(method, args);
  if (limits) return limits;
  const isView = method.startsWith('views.');
  if (!isView && !method.startsWith('chat.')) return undefined;
  const view = args.view as { blocks?: unknown } | undefined;
  const blocks = isView ? view?.blocks : args.blocks;
  const twice = duplicateIds(blocks);
  if (twice.length === 0) return undefined;
  return { error: isView ? 'invalid_arguments' : 'invalid_blocks', detail: twice.join('; ') };
}

/** What Slack would name as repeated: a block_id across the blocks, an action_id within one block. */
export function duplicateIds(blocks: unknown): string[] {
  if (!Array.isArray(blocks)) return [];
  const problems: string[] = [];
  const blockIds = new Set<string>();
  blocks.forEach((b: unknown, i) => {
    if (typeof b !== 'object' || b === null) return;
    const block = b as { block_id?: unknown; elements?: unknown; accessory?: unknown; element?: unknown };
    if (typeof block.block_id === 'string') {
      if (blockIds.has(block.block_id))
        problems.push(`[ERROR] duplicate block_id ${block.block_id} [json-pointer:/blocks/${i}/block_id]`);
      blockIds.add(block.block_id);
    }
    const elements = [
      ...(Array.isArray(block.elements) ? block.elements : []),
      ...(block.accessory ? [block.accessory] : []),
      ...(block.element ? [block.element] : []),
    ];
    const actionIds = new Set<string>();
    for (const e of elements) {
      const id = (e as { action_id?: unknown } | null)?.action_id;
      if (typeof id !== 'string') continue;
      if (actionIds.has(id)) problems.push(`[ERROR] duplicate action_id ${id} [json-pointer:/blocks/${i}]`);
      actionIds.add(id);
    }
  });
  return problems;
}
