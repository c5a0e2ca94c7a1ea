/**
 * The chat in the terminal: one line at a time, what a person would do in
 * Slack. A slash command is sent as Slack sends it (signed, escaped); a
 * button is pressed by its number; a modal is filled field by field at
 * prompts and submitted, its inline errors shown and asked again; `as bob`
 * switches people; `sim …` drives the provider's world. Everything Slack
 * receives from the bot (answers, channel posts, edits, thread replies,
 * direct messages, modals, files) is printed as it arrives, for the person
 * at the keyboard, with who else could see it.
 */
import type { SimulatorControl } from '../simulator/index.ts';
import type { BotDeliveries } from './deliveries.ts';
import { FORM_WORDS, initialState, readAnswer } from './form-answers.ts';
import type { Pending } from './pending.ts';
import { CHANNELS, type Channel, channelNamed, GROUPS, PEOPLE, type Person, personNamed } from './people.ts';
import {
  asJson,
  type Control,
  type InputField,
  inputFields,
  type Json,
  type Reader,
  renderBlocks,
  renderField,
  renderMessage,
  renderMrkdwn,
} from './render.ts';
import { INSTALLED_SHORTCUTS, shortcutNamed } from './shortcuts.ts';
import { runSimCommand, type SimAccounts } from './sim-commands.ts';
import {
  BOT_NAME,
  BOT_USER_ID,
  type OpenView,
  type PostedMessage,
  type SlackStandIn,
  type StandInEvent,
} from './slack-standin.ts';

export const HELP = [
  'Type what you would type in Slack, and a few words of the terminal:',
  '  /vps help, /vps list, /vps show web-1, /vps plans, /vps signup, /hosting xs123456.xsrv.jp info …   as in Slack',
  '  click <n>                press button [n] (click <n> yes: past its confirmation; click <n> <option>: a menu)',
  '  as <name>                become someone else (users lists who, with their roles)',
  '  in #<channel>            type in another channel (channels lists them)',
  '  look [n]                 show the last n messages here again, buttons renumbered',
  '  say <text>               post a message here as yourself (the bot is not told)',
  '  home                     open the app’s Home tab, as the person you are: buttons numbered, click <n> presses one',
  '  shortcuts                the shortcuts the app brings: shortcut find_server, shortcut order_vps …',
  '  shortcut <name> [n]      use one: a global one opens its form; a message one (shortcut message [n])',
  '                           acts on the n-th latest message here, 1 (the default) being the latest',
  '  digest                   the daily digest of the last 24 hours (as /vps digest); it is posted in',
  '                           #ops every day at 09:00 Japan time: sim clock reaches it',
  "  wait [seconds]           wait for the bot's next post (a watcher alert), 30 s at most",
  "  sim …                    drive the provider's world (sim help)",
  '  quit                     leave (Ctrl-D too)',
  'In a form: answer each field; an empty line keeps what it holds, !clear empties it, !cancel closes the form.',
];

interface ControlRef {
  message?: string;
  view?: string;
  blockId: string | undefined;
  element: Json;
}

interface Form {
  viewId: string;
  userId: string;
  /** view.state.values as Slack keeps them: block_id -> action_id -> state. */
  values: Record<string, Record<string, Json>>;
  answered: Set<string>;
  queue: string[];
  /** A multi-line answer being typed (lines ending with `\`). */
  partial: string[];
}

export class Terminal {
  user: Person;
  channel: Channel;
  private readonly numbers = new Map<number, ControlRef>();
  private nextNumber = 1;
  private form: Form | undefined;
  private confirming: { ref: ControlRef; option: string | undefined } | undefined;
  private interaction: { userId: string; channel: string; answered: () => void } | undefined;
  private postWaiters: (() => void)[] = [];
  /** The person whose Home was opened and is awaited: it is shown whole when it arrives. */
  private homeWanted: string | undefined;
  /** A choice sent to the app whose form update is awaited: the next field is asked after it. */
  private dispatching = false;
  private readonly off: () => void;

  constructor(
    private readonly opts: {
      standIn: SlackStandIn;
      bot: BotDeliveries;
      pending: Pending;
      /** The built-in simulator's controls; undefined when the sandbox uses another provider. */
      sim: SimulatorControl | undefined;
      /** Every account of the built-in simulator, for `sim @<account> …` and `sim accounts`. */
      simAccounts?: SimAccounts;
      /** Where `sim` commands are refused, why (a real provider is in use). */
      noSimReason?: string;
      /**
       * Resolves once the watcher has read everything a channel watches at least
       * once. A `sim` change waits for it: made before that first read, the change
       * would be the watcher's starting point and never be reported.
       */
      watcherCaughtUp?: () => Promise<void>;
      /** Prints lines (each call is a whole block of lines). */
      write(lines: readonly string[]): void;
      /** The time dates are shown against ("today"). */
      now(): Date;
      firstUser: Person;
      firstChannel: Channel;
    },
  ) {
    this.user = opts.firstUser;
    this.channel = opts.firstChannel;
    this.off = opts.standIn.on((e) => this.onEvent(e));
  }

  /** What the prompt says: who types where, or the field being asked. */
  prompt(): string {
    if (this.confirming) return 'confirm? (yes/no) › ';
    const field = this.currentField();
    if (field) return `  ${field.label}${this.form?.partial.length ? ' (…)' : ''} › `;
    return `${this.user.name} #${this.channel.name} › `;
  }

  close(): void {
    this.off();
  }

  /** One line typed; resolves when the bot has answered what it started. */
  async handle(raw: string): Promise<'quit' | undefined> {
    const line = raw.replace(/\r$/, '');
    if (this.confirming) await this.answerConfirm(line.trim());
    else if (this.currentField()) await this.answerField(line);
    else {
      const quit = await this.command(line.trim());
      if (quit) return 'quit';
    }
    await this.opts.pending.settled();
    return undefined;
  }

  private print(lines: readonly string[]): void {
    if (lines.length > 0) this.opts.write(lines);
  }

  private reader(): Reader {
    return {
      userName: (id) => (id === BOT_USER_ID ? BOT_NAME : this.opts.standIn.personOf(id)?.name),
      channelName: (id) => this.opts.standIn.channelOf(id)?.name,
      groupName: (id) => this.opts.standIn.groupOf(id)?.handle,
      tz: this.user.tz,
      dateLocale: this.user.locale,
      now: this.opts.now(),
      channels: CHANNELS,
    };
  }

  private number(where: Pick<ControlRef, 'message' | 'view'>) {
    return (c: Control) => {
      const n = this.nextNumber++;
      this.numbers.set(n, { ...where, blockId: c.blockId, element: c.element });
      return n;
    };
  }

  private renumber(): void {
    this.numbers.clear();
    this.nextNumber = 1;
  }

  // ---- what arrives from the bot ---------------------------------------------------------

  private onEvent(e: StandInEvent): void {
    switch (e.kind) {
      case 'message':
        this.showMessage(e.change, e.message);
        this.relates(e.message.ephemeralTo ?? e.message.channel, e.message.channel);
        if (e.change !== 'deleted' && e.message.author === BOT_USER_ID)
          for (const w of this.postWaiters.splice(0)) w();
        break;
      case 'view':
        if (e.change === 'published') this.showHome(e.view);
        else this.showView(e.change, e.view);
        this.relates(e.view.userId, undefined);
        break;
      case 'file': {
        const lines = e.file.content.split('\n');
        const where = e.file.channel ? this.placeName(e.file.channel) : 'nowhere yet';
        this.print([
          `» ${BOT_NAME} shared a file in ${where}: ${e.file.title ?? e.file.filename} (${e.file.filename}, ${lines.length} lines)`,
          ...lines.slice(0, 5).map((l) => `  | ${l}`),
          ...(lines.length > 5 ? [`  | … ${lines.length - 5} more lines`] : []),
        ]);
        break;
      }
      case 'refused':
        this.print([
          `  (Slack refused the bot's ${e.method}: ${e.error}${e.detail ? ` — ${e.detail}` : ''})`,
        ]);
        break;
    }
  }

  /** An answer for the person or place of the interaction under way. */
  private relates(userOrChannel: string, channel: string | undefined): void {
    const i = this.interaction;
    if (!i) return;
    const dm = this.opts.standIn.dmChannelOf(i.userId);
    if (userOrChannel === i.userId || channel === i.channel || channel === dm || userOrChannel === i.channel)
      i.answered();
  }

  private placeName(channel: string): string {
    const c = this.opts.standIn.channelOf(channel);
    if (c) return `#${c.name}`;
    const p = this.opts.standIn.dmPartner(channel);
    if (p) return p.id === this.user.id ? 'your direct messages' : `${p.name}'s direct messages`;
    return channel;
  }

  private showMessage(change: 'posted' | 'edited' | 'deleted', m: PostedMessage): void {
    const reader = this.reader();
    const place = this.placeName(m.channel);
    const verb =
      change === 'posted' ? 'in' : change === 'edited' ? 'edited a message in' : 'deleted a message in';
    const visible = m.ephemeralTo
      ? m.ephemeralTo === this.user.id
        ? ' · only visible to you'
        : ` · only visible to ${this.opts.standIn.personOf(m.ephemeralTo)?.name ?? m.ephemeralTo}`
      : '';
    let thread = '';
    if (m.threadTs && m.threadTs !== m.ts) {
      const parent = this.opts.standIn.message(`${m.channel}:${m.threadTs}`);
      const first = parent ? renderMessage(parent, reader, () => 0)[0] : undefined;
      thread = first
        ? ` · in the thread of "${first.length > 60 ? `${first.slice(0, 59)}…` : first}"`
        : ' · in a thread';
      if (m.broadcast) thread += ', also sent to the channel';
    }
    const author =
      m.author === BOT_USER_ID ? BOT_NAME : (this.opts.standIn.personOf(m.author)?.name ?? m.author);
    const head = `» ${author} ${verb} ${place}${thread}${visible}`;
    if (change === 'deleted') {
      this.print([head]);
      return;
    }
    const body = renderMessage(m, reader, this.number({ message: m.key }));
    this.print([head, ...body.map((l) => indent(l))]);
  }

  private showView(change: 'opened' | 'updated' | 'pushed', v: OpenView): void {
    const reader = this.reader();
    const who =
      v.userId === this.user.id ? '' : ` (${this.opts.standIn.personOf(v.userId)?.name ?? v.userId}'s)`;
    const title = textOf(v.view.title, reader);
    const head =
      change === 'updated' ? `┌ the form${who} now shows: ${title}` : `┌ a form opens${who}: ${title}`;
    const body = renderBlocks(v.view.blocks, reader, this.number({ view: v.id }));
    const fields = inputFields(v.view, reader);
    const lines = [head, ...body.map((l) => `│ ${l.replace(/\n/g, '\n│ ')}`)];
    if (fields.length === 0) {
      lines.push('└');
      this.print(lines);
      if (this.form && this.sameStack(this.form.viewId, v.id)) this.form = undefined;
      return;
    }
    const submit = textOf(v.view.submit, reader);
    lines.push(
      `│ ${fields.length} field${fields.length === 1 ? '' : 's'} to fill${submit ? `, then ${submit}` : ''}`,
    );
    this.print(lines);
    this.startOrRefreshForm(v, fields);
    if (!this.dispatching) this.askCurrent();
  }

  /**
   * A Home published: shown whole when its person just opened it (`home`);
   * for the person at the keyboard otherwise, one line (it changed while they
   * were elsewhere); someone else's, nothing, as in Slack.
   */
  private showHome(v: OpenView): void {
    if (this.homeWanted === v.userId) {
      this.homeWanted = undefined;
      this.renumber();
      const who =
        v.userId === this.user.id ? 'your' : `${this.opts.standIn.personOf(v.userId)?.name ?? v.userId}'s`;
      const body = renderBlocks(v.view.blocks, this.reader(), this.number({ view: v.id }));
      this.print([`┌ ${who} Home in ${BOT_NAME}`, ...body.map((l) => `│ ${l.replace(/\n/g, '\n│ ')}`), '└']);
      return;
    }
    if (v.userId === this.user.id) this.print([`  (your Home in ${BOT_NAME} was updated; home shows it)`]);
  }

  /** Opens the app's Home tab as Slack does: the event to the bot, which publishes the Home. */
  private async home(): Promise<void> {
    const user = this.user;
    this.homeWanted = user.id;
    const held = this.opts.standIn.home(user.id);
    await this.deliver(user, undefined, () =>
      this.opts.bot.appHomeOpened({
        user,
        dmChannel: this.opts.standIn.dmChannelOf(user.id),
        view: held ? this.opts.standIn.viewBody(held) : undefined,
      }),
    );
  }

  private sameStack(a: string, b: string): boolean {
    const va = this.opts.standIn.view(a);
    const vb = this.opts.standIn.view(b);
    return va !== undefined && vb !== undefined && va.rootId === vb.rootId;
  }

  // ---- forms -----------------------------------------------------------------------------

  private startOrRefreshForm(v: OpenView, fields: InputField[]): void {
    const keep = this.form && this.form.viewId === v.id ? this.form : undefined;
    const values: Form['values'] = {};
    for (const f of fields) {
      const kept = keep?.values[f.blockId]?.[f.actionId];
      const initial = initialState(f);
      const state = kept ?? initial;
      if (state) values[f.blockId] = { ...values[f.blockId], [f.actionId]: state };
    }
    const answered = new Set([...(keep?.answered ?? [])].filter((b) => fields.some((f) => f.blockId === b)));
    this.form = {
      viewId: v.id,
      userId: v.userId,
      values,
      answered,
      queue: fields.filter((f) => !answered.has(f.blockId)).map((f) => f.blockId),
      partial: [],
    };
  }

  private formFields(): InputField[] {
    const v = this.form ? this.opts.standIn.view(this.form.viewId) : undefined;
    return v ? inputFields(v.view, this.reader()) : [];
  }

  private currentField(): InputField | undefined {
    const form = this.form;
    if (!form || form.queue.length === 0) return undefined;
    return this.formFields().find((f) => f.blockId === form.queue[0]);
  }

  private askCurrent(error?: string): void {
    const f = this.currentField();
    if (!f) return;
    const fields = this.formFields();
    const index = fields.findIndex((x) => x.blockId === f.blockId);
    this.print(renderField(f, index + 1, error).map((l) => `│ ${l}`));
  }

  private async answerField(line: string): Promise<void> {
    const form = this.form!;
    const f = this.currentField()!;
    if (line.trim() === FORM_WORDS.cancel) {
      this.opts.standIn.closeView(form.viewId);
      this.form = undefined;
      this.print(['└ form closed; nothing was sent']);
      return;
    }
    if (f.multiline && line.endsWith('\\')) {
      form.partial.push(line.slice(0, -1));
      return;
    }
    const typed = [...form.partial, line].join('\n');
    form.partial = [];
    const read = readAnswer(f, typed, form.values[f.blockId]?.[f.actionId]);
    if ('error' in read) {
      this.askCurrent(read.error);
      return;
    }
    const block = { ...form.values[f.blockId] };
    if (read.state === undefined) delete block[f.actionId];
    else block[f.actionId] = read.state;
    form.values[f.blockId] = block;
    form.answered.add(f.blockId);
    form.queue.shift();
    if (f.dispatch && read.state) {
      // A choice the app wants at once (its form follows it): sent now, and its update awaited.
      await this.dispatchChoice(form, f, read.state);
      return;
    }
    if (form.queue.length > 0) {
      this.askCurrent();
      return;
    }
    await this.submit(form);
  }

  private async dispatchChoice(form: Form, f: InputField, state: Json): Promise<void> {
    const v = this.opts.standIn.view(form.viewId);
    const user = this.opts.standIn.personOf(form.userId);
    if (!v || !user) return;
    const action = { ...state, action_id: f.actionId, block_id: f.blockId, action_ts: actionTs() };
    this.dispatching = true;
    await this.deliver(user, undefined, () =>
      this.opts.bot.viewAction({
        user,
        view: this.opts.standIn.viewBody(v, form.values),
        action,
        triggerId: this.opts.standIn.newTrigger(user.id),
      }),
    );
    await this.opts.pending.settled();
    this.dispatching = false;
    // The form may have been redrawn meanwhile (a new Form for the same view): go on with it.
    const now = this.form;
    if (!now || now.viewId !== form.viewId) return;
    if (now.queue.length > 0) this.askCurrent();
    else await this.submit(now);
  }

  private async submit(form: Form): Promise<void> {
    const v = this.opts.standIn.view(form.viewId);
    const user = this.opts.standIn.personOf(form.userId);
    if (!v || !user || v.closed) {
      this.form = undefined;
      return;
    }
    const submit = textOf(v.view.submit, this.reader()) || 'Submit';
    this.print([`│ (${submit})`]);
    const answer = await this.opts.pending.track(
      this.opts.bot
        .viewSubmission({
          user,
          view: this.opts.standIn.viewBody(v, form.values),
          triggerId: this.opts.standIn.newTrigger(user.id),
        })
        .catch((err: unknown) => ({ status: 0, body: String(err) })),
    );
    if (answer.status !== 200) {
      this.print([`└ the bot did not take the form (HTTP ${answer.status}); it stays open`]);
      form.queue = [];
      this.form = undefined;
      return;
    }
    const ack = answer.body.trim() === '' ? undefined : asJson(safeJson(answer.body));
    if (ack?.response_action === 'errors') {
      const errors = asJson(ack.errors) ?? {};
      const fields = this.formFields();
      const wrong = fields.filter((x) => typeof errors[x.blockId] === 'string');
      this.print([
        '│ the form came back with problems:',
        ...wrong.map((x) => `│ ✗ ${x.label}: ${String(errors[x.blockId])}`),
      ]);
      for (const x of wrong) form.answered.delete(x.blockId);
      form.queue = wrong.map((x) => x.blockId);
      this.askCurrent(wrong[0] ? String(errors[wrong[0].blockId]) : undefined);
      return;
    }
    // A new form (update, push) is asked from its first field; a cleared or closed one ends here.
    form.answered.clear();
    form.queue = [];
    this.form = undefined;
    const next = this.opts.standIn.applySubmission(form.viewId, ack);
    if (!next) this.print(['└ form sent and closed']);
  }

  // ---- commands --------------------------------------------------------------------------

  private async command(line: string): Promise<boolean> {
    if (line === '') return false;
    const [word = '', ...rest] = line.split(/\s+/);
    if (word.startsWith('/')) {
      await this.slash(word, line.slice(word.length).trim());
      return false;
    }
    switch (word.toLowerCase()) {
      case 'quit':
      case 'exit':
        return true;
      case 'help':
      case '?':
        this.print(HELP);
        return false;
      case 'click':
      case 'press':
        await this.click(rest);
        return false;
      case 'as':
        this.switchUser(rest[0]);
        return false;
      case 'users':
      case 'who':
        this.print(
          PEOPLE.map(
            (p) =>
              `${p.id === this.user.id ? '*' : ' '} ${p.name.padEnd(6)} ${p.role.padEnd(9)} ${p.how} (${p.locale}, ${p.tz})`,
          ),
        );
        return false;
      case 'channels':
        this.print(
          CHANNELS.map(
            (c) =>
              `${c.id === this.channel.id ? '*' : ' '} #${c.name.padEnd(8)} ${c.botIsMember ? 'the bot is a member' : 'the bot is not a member (it cannot post here)'}`,
          ),
        );
        return false;
      case 'in': {
        const c = rest[0] ? channelNamed(rest[0]) : undefined;
        if (!c) this.print([`no such channel; channels lists them`]);
        else {
          this.channel = c;
          this.print([`you are typing in #${c.name}`]);
        }
        return false;
      }
      case 'look':
        this.look(rest[0]);
        return false;
      case 'wait':
        await this.waitForPost(rest[0]);
        return false;
      case 'say':
        this.say(line.slice(word.length).trim());
        return false;
      case 'shortcuts':
        this.print(
          INSTALLED_SHORTCUTS.map(
            (s) =>
              `  ${s.name.padEnd(12)} ${s.type === 'global' ? 'global ' : 'message'}  shortcut ${s.callbackId}${s.type === 'message' ? ' [n]' : ''}  — ${s.description}`,
          ),
        );
        return false;
      case 'shortcut':
        await this.shortcut(rest);
        return false;
      case 'digest':
        await this.slash('/vps', 'digest');
        return false;
      case 'home':
        await this.home();
        return false;
      case 'sim':
        await this.opts.watcherCaughtUp?.();
        this.sim(rest);
        return false;
      default:
        this.print([`"${word}" is not something to do here; type a slash command (/vps help) or help`]);
        return false;
    }
  }

  private switchUser(name: string | undefined): void {
    const p = name ? personNamed(name) : undefined;
    if (!p) {
      this.print([`who? ${PEOPLE.map((x) => x.name).join(', ')} (users lists their roles)`]);
      return;
    }
    this.user = p;
    this.print([`you are now ${p.name} (${p.role}) in #${this.channel.name}`]);
  }

  private look(count: string | undefined): void {
    const n = count === undefined ? 5 : Number(count);
    if (!Number.isInteger(n) || n < 1) {
      this.print(['look [n]: how many messages, a whole number']);
      return;
    }
    this.renumber();
    const messages = this.opts.standIn.history(this.channel.id, this.user.id, n);
    if (messages.length === 0) this.print([`nothing in #${this.channel.name} yet`]);
    for (const m of messages) this.showMessage('posted', m);
  }

  private waitForPost(seconds: string | undefined): Promise<void> {
    const s = seconds === undefined ? 30 : Number(seconds);
    if (!(s > 0)) {
      this.print(['wait [seconds]: a number of seconds']);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.postWaiters = this.postWaiters.filter((w) => w !== done);
        this.print([`(nothing arrived within ${s} s)`]);
        resolve();
      }, s * 1000);
      this.postWaiters.push(done);
    });
  }

  private sim(words: string[]): void {
    const control = this.opts.sim;
    if (!control) {
      this.print([this.opts.noSimReason ?? 'no built-in simulator here']);
      return;
    }
    try {
      this.print(runSimCommand(control, words, this.opts.simAccounts).map((l) => `sim: ${l}`));
    } catch (err) {
      this.print([`sim: ${err instanceof Error ? err.message : String(err)}`]);
    }
  }

  /** A message typed by the person at the keyboard, posted in the channel they are in. */
  private say(text: string): void {
    if (text === '') {
      this.print(['say <text>: what to post here']);
      return;
    }
    // A Slack client posts the text escaped, and the words as a rich text block.
    const block = {
      type: 'rich_text',
      block_id: `say${Date.now().toString(36)}`,
      elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text }] }],
    };
    this.opts.standIn.postAs(this.user.id, this.channel.id, slackEscape(text), [block]);
  }

  /**
   * A shortcut as Slack starts it: a global one from the composer (its answer
   * is a modal), a message one from the n-th latest message here that Slack
   * offers it on (not an ephemeral one), its answer for the person alone.
   */
  private async shortcut(args: string[]): Promise<void> {
    const s = args[0] ? shortcutNamed(args[0]) : undefined;
    if (!s) {
      this.print([
        `which shortcut? ${INSTALLED_SHORTCUTS.map((x) => x.callbackId).join(', ')} (shortcuts lists them)`,
      ]);
      return;
    }
    const user = this.user;
    if (s.type === 'global') {
      this.print([`(${s.name})`]);
      await this.deliver(user, undefined, () =>
        this.opts.bot.globalShortcut({
          user,
          callbackId: s.callbackId,
          triggerId: this.opts.standIn.newTrigger(user.id),
        }),
      );
      return;
    }
    const n = args[1] === undefined ? 1 : Number(args[1]);
    const here = this.opts.standIn
      .history(this.channel.id, user.id, Number.MAX_SAFE_INTEGER)
      .filter((m) => m.ephemeralTo === undefined);
    const m = Number.isInteger(n) && n >= 1 ? here.at(-n) : undefined;
    if (!m) {
      this.print([
        here.length === 0
          ? `no message in #${this.channel.name} to use it on (say <text> posts one)`
          : `shortcut ${s.callbackId} [n]: n from 1 (the latest message here) to ${here.length}`,
      ]);
      return;
    }
    const author =
      m.author === BOT_USER_ID ? BOT_NAME : (this.opts.standIn.personOf(m.author)?.name ?? m.author);
    const first = renderMessage(m, this.reader(), () => 0)[0] ?? '';
    this.renumber();
    this.print([
      `(${s.name} on ${author}'s message "${first.length > 60 ? `${first.slice(0, 59)}…` : first}")`,
    ]);
    const channel = this.channel;
    await this.deliver(user, channel.id, () =>
      this.opts.bot.messageShortcut({
        user,
        callbackId: s.callbackId,
        channel: { id: channel.id, name: channel.name },
        message: m,
        responseUrl: this.opts.standIn.newResponseUrl(user.id, channel.id),
        triggerId: this.opts.standIn.newTrigger(user.id),
      }),
    );
  }

  private async slash(command: string, text: string): Promise<void> {
    if (command !== '/vps' && command !== '/hosting') {
      this.print([`${command} is not a valid command here: the bot's commands are /vps and /hosting`]);
      return;
    }
    this.renumber();
    const user = this.user;
    const channel = this.channel;
    const responseUrl = this.opts.standIn.newResponseUrl(user.id, channel.id);
    const answer = await this.deliver(user, channel.id, () =>
      this.opts.bot.slashCommand({
        command,
        text: slackEscape(text),
        user,
        channel,
        responseUrl,
        triggerId: this.opts.standIn.newTrigger(user.id),
      }),
    );
    // An ack may carry the answer itself.
    const inline = answer && answer.body.trim() !== '' ? asJson(safeJson(answer.body)) : undefined;
    if (inline && (inline.text || inline.blocks)) {
      this.print([
        `» ${BOT_NAME} in #${channel.name} · only visible to you`,
        ...renderMessage(inline, this.reader(), this.number({})).map((l) => indent(l)),
      ]);
    }
  }

  /**
   * Sends one delivery and keeps the terminal busy until the bot's first
   * answer to it arrives (or the wait is given up, which is said).
   */
  private async deliver(
    user: Person,
    channel: string | undefined,
    send: () => Promise<{ status: number; body: string }>,
  ): Promise<{ status: number; body: string } | undefined> {
    const expectation = this.opts.pending.expectAnswer(() =>
      this.print(['  (no answer from the bot yet; it may still come)']),
    );
    this.interaction = {
      userId: user.id,
      channel: channel ?? this.opts.standIn.dmChannelOf(user.id),
      ...expectation,
    };
    try {
      const answer = await this.opts.pending.track(send());
      if (answer.status !== 200) {
        expectation.answered();
        this.print([
          `  (the bot answered HTTP ${answer.status}${answer.body ? `: ${answer.body.slice(0, 200)}` : ''})`,
        ]);
      } else if (answer.body.trim() !== '') expectation.answered();
      return answer;
    } catch (err) {
      expectation.answered();
      this.print([`  (the bot could not be reached: ${err instanceof Error ? err.message : String(err)})`]);
      return undefined;
    }
  }

  private async click(args: string[]): Promise<void> {
    const n = Number(args[0]);
    const ref = Number.isInteger(n) ? this.numbers.get(n) : undefined;
    if (!ref) {
      this.print([`no button [${args[0] ?? ''}] on screen (look shows this channel again)`]);
      return;
    }
    const yes = args[1] === 'yes' || args[1] === 'y';
    const option = yes ? undefined : args[1];
    const current = this.currentElement(ref);
    if (typeof current === 'string') {
      this.print([current]);
      return;
    }
    const confirm = asJson(current.confirm);
    if (confirm && !yes) {
      const reader = this.reader();
      this.print([
        `┌ ${textOf(confirm.title, reader)}`,
        ...textOf(confirm.text, reader)
          .split('\n')
          .map((l) => `│ ${l}`),
        `└ yes: ${textOf(confirm.confirm, reader) || 'Yes'} · no: ${textOf(confirm.deny, reader) || 'Cancel'}`,
      ]);
      this.confirming = { ref, option };
      return;
    }
    await this.press(ref, current, option);
  }

  private async answerConfirm(line: string): Promise<void> {
    const c = this.confirming!;
    this.confirming = undefined;
    if (line !== 'yes' && line !== 'y') {
      this.print(['not pressed']);
      return;
    }
    const current = this.currentElement(c.ref);
    if (typeof current === 'string') this.print([current]);
    else await this.press(c.ref, current, c.option);
  }

  /** The element as it is now on its message or view (a message may have been redrawn since). */
  private currentElement(ref: ControlRef): Json | string {
    const id = asString(ref.element.action_id);
    const value = asString(ref.element.value);
    const same = (e: Json) => asString(e.action_id) === id && asString(e.value) === value;
    if (ref.message) {
      const m = this.opts.standIn.message(ref.message);
      if (!m || m.deleted) return 'that message is gone';
      if (m.ephemeralTo && m.ephemeralTo !== this.user.id)
        return `only ${this.opts.standIn.personOf(m.ephemeralTo)?.name} can see that message, and press its buttons`;
      return findElement(m.blocks, same) ?? 'that button is no longer on the message (it has changed since)';
    }
    if (ref.view) {
      const v = this.opts.standIn.view(ref.view);
      if (!v || v.closed) return 'that form is closed';
      if (v.userId !== this.user.id) return 'that form is open for someone else';
      return findElement(asArray(v.view.blocks), same) ?? 'that button is no longer on the form';
    }
    return 'that button cannot be pressed';
  }

  private async press(ref: ControlRef, element: Json, option: string | undefined): Promise<void> {
    const type = asString(element.type) ?? 'button';
    const action: Json = {
      type,
      action_id: element.action_id,
      block_id: ref.blockId,
      action_ts: actionTs(),
    };
    if (type === 'button') {
      action.text = element.text;
      if (element.value !== undefined) action.value = element.value;
      if (element.style !== undefined) action.style = element.style;
    } else {
      const options = [
        ...asArray(element.options),
        ...asArray(element.option_groups).flatMap((g) => asArray(asJson(g)?.options)),
      ]
        .map(asJson)
        .filter((o): o is Json => o !== undefined);
      const i = Number(option) - 1;
      const chosen = options[i];
      if (!chosen) {
        const reader = this.reader();
        this.print([
          'choose with click <n> <option>:',
          ...options.map((o, k) => `  ${k + 1}) ${textOf(o.text, reader)}`),
        ]);
        return;
      }
      action.selected_option = chosen;
    }
    const user = this.user;
    if (ref.message) {
      const m = this.opts.standIn.message(ref.message)!;
      const channel = this.opts.standIn.channelOf(m.channel) ?? { id: m.channel, name: 'directmessage' };
      await this.deliver(user, m.channel, () =>
        this.opts.bot.messageAction({
          user,
          channel: { id: channel.id, name: channel.name },
          message: m,
          action,
          responseUrl: this.opts.standIn.newResponseUrl(user.id, m.channel, m.key),
          triggerId: this.opts.standIn.newTrigger(user.id),
        }),
      );
      return;
    }
    const v = this.opts.standIn.view(ref.view!)!;
    const values = this.form?.viewId === v.id ? this.form.values : {};
    await this.deliver(user, undefined, () =>
      this.opts.bot.viewAction({
        user,
        view: this.opts.standIn.viewBody(v, values),
        action,
        triggerId: this.opts.standIn.newTrigger(user.id),
      }),
    );
  }
}

// ---- helpers -------------------------------------------------------------------------------

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const indent = (l: string) => l.replace(/^/gm, '  ');

function textOf(v: unknown, reader: Reader): string {
  const t = asJson(v);
  if (!t || typeof t.text !== 'string') return '';
  return renderMrkdwn(t.text, reader, { mrkdwn: t.type === 'mrkdwn' });
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

function actionTs(): string {
  return (Date.now() / 1000).toFixed(6);
}

function findElement(blocks: unknown[], match: (e: Json) => boolean): Json | undefined {
  for (const raw of blocks) {
    const b = asJson(raw);
    if (!b) continue;
    const candidates = [asJson(b.accessory), ...asArray(b.elements).map(asJson)];
    for (const e of candidates) if (e && match(e)) return e;
  }
  return undefined;
}

/**
 * The text of a slash command as Slack sends it with escaping on: `&`, `<`,
 * `>` as entities, a known #channel, @person or @group as its mention, a web
 * address or a domain name as a link.
 */
export function slackEscape(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word) => {
      if (/^\s*$/.test(word)) return word;
      const channel = word.startsWith('#') ? channelNamed(word) : undefined;
      if (channel) return `<#${channel.id}|${channel.name}>`;
      if (word.startsWith('@')) {
        const person = personNamed(word);
        if (person) return `<@${person.id}|${person.name}>`;
        const group = GROUPS.find((g) => `@${g.handle}` === word.toLowerCase());
        if (group) return `<!subteam^${group.id}|@${group.handle}>`;
      }
      const escaped = word.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      if (/^https?:\/\/\S+$/.test(word)) return `<${escaped}>`;
      if (/^(?:[a-z0-9-]+\.)+[a-z]{2,}$/i.test(word) && !/^\d/.test(word.split('.').at(-1)!))
        return `<http://${escaped}|${escaped}>`;
      return escaped;
    })
    .join('');
}
