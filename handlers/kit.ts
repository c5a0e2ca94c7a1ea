/**
 * The handler kit: how a listener starts (acknowledge, drop Slack's retry,
 * find who asks and in which language), answers that person, announces a
 * change, opens and settles a form, shows a secret once and reports a
 * failure. Listeners of every feature use these and nothing else for it.
 */
import type {
  AllMiddlewareArgs,
  BlockAction,
  ButtonAction,
  GlobalShortcut,
  RespondFn,
  SlackActionMiddlewareArgs,
  SlackCommandMiddlewareArgs,
  SlackEventMiddlewareArgs,
  SlackShortcutMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
  webApi,
} from '@slack/bolt';
import type { ModalView } from '@slack/types';
import { z } from 'zod';
import type { Clock } from '../src/clock.ts';
import type { Logger } from '../src/log.ts';
import type { AccessService, AccountDirectory, AccountFigures, Actor } from '../src/services/access/index.ts';
import type { DigestService } from '../src/services/digest/index.ts';
import { classifyFailure, ServiceError } from '../src/services/errors.ts';
import type { HomeService } from '../src/services/home/index.ts';
import type { HomeChanges } from '../src/services/home-changes.ts';
import type { HostingService } from '../src/services/hosting/index.ts';
import type { RenewalsService } from '../src/services/renewals/index.ts';
import type { ServersService } from '../src/services/servers/index.ts';
import type { SignupService } from '../src/services/signup/index.ts';
import type { ChannelReach, IncidentService, WatchSubscriptions } from '../src/services/watch/index.ts';
import { failureMessage, parseProblemMessage } from '../src/slack/error-text.ts';
import type { ParseResult } from '../src/slack/grammar/tokens.ts';
import { accountOfBlockId, HOME_IDS } from '../src/slack/ids.ts';
import { decodePayload } from '../src/slack/payloads.ts';
import { isUnreachableChannelError, slackFailure } from '../src/slack/slack-failure.ts';
import { stepActor, WORKFLOW_USER } from '../src/slack/step-actor.ts';
import { type Message, type Ui, uiFor } from '../src/slack/views/format.ts';
import { homeWindowView } from '../src/slack/views/home/home-window.ts';
import { progressView } from '../src/slack/views/messages.ts';
import type { Store } from '../src/store/index.ts';

// What every listener gets, and what its step is handed.

/** What every listener gets from the composition root: one bag for every feature. */
export interface HandlerDeps {
  servers: ServersService;
  signup: SignupService;
  subscriptions: WatchSubscriptions;
  /** Alarms: "I'm on it" and `/vps incidents`. */
  incidents: IncidentService;
  hosting: HostingService;
  renewals: RenewalsService;
  /** `/vps digest`: the last 24 hours, read from the store. */
  digest: DigestService;
  /** Each person's App Home, and who opened theirs (so that later changes publish it again). */
  home: HomeService;
  homeChanges: HomeChanges;
  access: AccessService;
  /**
   * The provider accounts (`/vps accounts`, `/vps account use`): which channel works on which,
   * and each account's key and day as last read (no provider request).
   */
  accounts?: { directory: AccountDirectory; figures(name: string): Promise<AccountFigures> } | undefined;
  /** The user's language and time zone. */
  ui(userId: string): Promise<Ui>;
  /** The bot's default language, for messages the whole channel reads. */
  channelUi: Ui;
  /** Where deliveries are claimed, so that Slack's retries are dropped (`isRetry`). */
  deliveries: Pick<Store['deliveries'], 'firstSeen'>;
  clock: Clock;
  logger: Logger;
  /**
   * With several provider accounts: the deps of the account a channel works
   * on (every service in them reads and writes that account only); refuses a
   * channel bound to none (`account_unbound`). Absent with one account: these
   * deps are that account's.
   */
  forChannel?(channelId: string): Promise<HandlerDeps>;
  /**
   * With several provider accounts: the deps of the account named (a button
   * in that account's part of the App Home); undefined for a name no account has.
   */
  forAccount?(account: string): HandlerDeps | undefined;
}

/**
 * The deps of the account `channelId` works on: a listener resolves them
 * before it reads or changes anything, so that a command, a button or a form
 * only ever reaches its channel's account (a name, id or button value of
 * another account is simply not found there).
 */
export function accountDeps(deps: HandlerDeps, channelId: string): Promise<HandlerDeps> {
  return deps.forChannel ? deps.forChannel(channelId) : Promise.resolve(deps);
}

/** What a listener's step is handed: who asks, in which words, and how to answer them alone. */
export interface ListenerContext {
  deps: HandlerDeps;
  actor: Actor;
  ui: Ui;
  log: Logger;
  client: webApi.WebClient;
  /** Opens a form while it lives (3 s from the delivery). */
  triggerId: string;
  /**
   * The answer to the person who asked, for them alone: under their command,
   * or under the message whose button they pressed (`inPlace`: instead of
   * it), or in a window when they pressed it in their App Home.
   */
  reply(m: Message, opts?: { inPlace?: boolean }): Promise<void>;
}

/** Bolt's arguments for a form's submission (`app.view`). */
export type SubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;
type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;
type CommandArgs = SlackCommandMiddlewareArgs & AllMiddlewareArgs;
type GlobalShortcutArgs = SlackShortcutMiddlewareArgs<GlobalShortcut> & AllMiddlewareArgs;
type StepArgs = SlackEventMiddlewareArgs<'function_executed'> & AllMiddlewareArgs;

const DELIVERY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Whether this delivery was seen before: Slack sends a request again when it
 * thinks it went unanswered (X-Slack-Retry-Num), and a second replica may
 * receive the same one; only the first of `key` runs. A read answered twice
 * is better than none, so `read` runs when the store is down; anything that
 * changes something (`write`) throws then, and nothing runs.
 */
export async function isRetry(
  deps: Pick<HandlerDeps, 'deliveries' | 'logger'>,
  key: string,
  mode: 'read' | 'write',
): Promise<boolean> {
  try {
    return !(await deps.deliveries.firstSeen(key, DELIVERY_TTL_MS));
  } catch (err) {
    if (mode === 'write') throw err;
    deps.logger.warn({ err: { message: (err as Error).message } }, 'delivery claim failed; answering anyway');
    return false;
  }
}

/**
 * The user's language when it is known quickly, else the bot's default: a
 * form's submission must be answered within 3 seconds, and users.info
 * (cached, but not forever) must not eat that time.
 */
export function uiWithin(
  deps: Pick<HandlerDeps, 'ui' | 'channelUi'>,
  userId: string,
  ms: number,
): Promise<Ui> {
  let timer: NodeJS.Timeout | undefined;
  const fallback = new Promise<Ui>((resolve) => {
    timer = setTimeout(() => resolve(deps.channelUi), ms);
  });
  return Promise.race([deps.ui(userId), fallback]).finally(() => clearTimeout(timer));
}

/** Logs a failure by its kind (never the payload, which may hold secrets) and gives the sentence for the user. */
export function failureReply(log: Logger, ui: Ui, err: unknown, what: string): Message {
  const kind = classifyFailure(err);
  if (kind.kind === 'internal') log.error({ err }, `${what} failed`);
  else
    log.info(
      { failure: kind.kind, code: 'code' in kind ? kind.code : undefined },
      `${what} refused or failed`,
    );
  return failureMessage(ui, err);
}

// The listeners: a slash command, a button, a global shortcut.

/**
 * One handler per word of a command's grammar (`C` its commands); a feature
 * exports the part of the table it owns (`N` its words).
 */
export type CommandTable<C extends { name: string }, N extends C['name'] = C['name']> = {
  [K in N]: (ctx: ListenerContext, c: Extract<C, { name: K }>) => Promise<void>;
};

/** An answer not ready within this shows "reading from the provider…", which the answer then replaces. */
export const PROGRESS_AFTER_MS = 1_000;

/**
 * A slash command's listener: acknowledge at once, parse with the command's
 * one grammar, drop a retry, run the word's handler, answer any failure with
 * the sentence that says what to do. `writes`: the words that change
 * something, whose retry is never answered twice, even with the store down.
 */
export interface SlashSpec<C extends { name: string }> {
  /** As typed in Slack: `/vps`, `/hosting`. */
  slash: string;
  parse(text: string): ParseResult<C>;
  writes: ReadonlySet<C['name']>;
  /** The words that work in any channel, whatever account it is on (help, the accounts themselves). */
  anyAccount?: ReadonlySet<C['name']>;
  handlers: CommandTable<C>;
}

export function slashCommand<C extends { name: string }>(deps: HandlerDeps, command: SlashSpec<C>) {
  return async ({ command: typed, ack, respond, client }: CommandArgs): Promise<void> => {
    await ack();
    // A signed delivery without `text` (not one Slack sends) is read as an empty command.
    const parsed = command.parse(typeof typed.text === 'string' ? typed.text : '');
    const mode = parsed.ok && command.writes.has(parsed.command.name) ? 'write' : 'read';
    if (await isRetry(deps, `command:${typed.trigger_id}`, mode)) return;
    const actor = { userId: typed.user_id, channelId: typed.channel_id };
    const log = deps.logger.child({ component: `${command.slash.slice(1)}-command`, user: actor.userId });
    const ui = await deps.ui(actor.userId);
    // A slow provider must not leave the person looking at nothing: after a moment they see
    // that the bot is asking, and the first answer takes that line's place.
    let answered = false;
    let progress: Promise<void> | undefined;
    const timer = setTimeout(() => {
      if (answered) return;
      progress = replyTo(respond, progressView(ui)).catch((err: unknown) => {
        log.info({ err: err instanceof Error ? err.name : 'error' }, 'progress line not shown');
      });
    }, PROGRESS_AFTER_MS);
    const reply = async (m: Message) => {
      clearTimeout(timer);
      const first = !answered;
      answered = true;
      const shown = progress;
      if (first && shown) await shown;
      await replyOrEphemeral(respond, client, actor, m, log, {
        replaceOriginal: first && shown !== undefined,
      });
    };
    if (!parsed.ok) {
      await reply(parseProblemMessage(ui, parsed.error, command.slash));
      return;
    }
    const c = parsed.command;
    const started = performance.now();
    try {
      const own = command.anyAccount?.has(c.name) ? deps : await accountDeps(deps, actor.channelId);
      const ctx: ListenerContext = { deps: own, actor, ui, log, client, triggerId: typed.trigger_id, reply };
      const handler = command.handlers[c.name as C['name']] as (ctx: ListenerContext, c: C) => Promise<void>;
      await handler(ctx, c);
      log.info({ command: c.name, ms: Math.round(performance.now() - started) }, `${command.slash} answered`);
    } catch (err) {
      await reply(failureReply(log, ui, err, `${command.slash} ${c.name}`));
    } finally {
      clearTimeout(timer);
      // Answered elsewhere (a form opened, a message in the channel): the progress line goes.
      if (!answered && progress) {
        await progress;
        await respond({ delete_original: true }).catch(() => undefined);
      }
    }
  };
}

/**
 * A button's listener, in a channel's message or in the App Home: acknowledge,
 * drop a retry (`retry`: `read` answers even with the store down, `write`
 * never acts twice, `false` leaves it to the service, which decides by one
 * conditional UPDATE), run, answer a failure under the message. `reply`
 * replaces the message the button was on unless `inPlace: false` (a
 * channel's alert stays for everyone); from the Home it answers in a window.
 */
export function button(
  deps: HandlerDeps,
  what: string,
  run: (ctx: ListenerContext & { value: string | undefined; args: ButtonArgs }) => Promise<void>,
  { retry = 'read', inPlace = true }: { retry?: 'read' | 'write' | false; inPlace?: boolean } = {},
) {
  return async (args: ButtonArgs): Promise<void> => {
    const { ack, body, action, client } = args;
    await ack();
    if (retry !== false && (await isRetry(deps, `action:${body.trigger_id}`, retry))) return;
    const actor = clickActor(body);
    const log = deps.logger.child({ component: 'button', button: what, user: actor.userId });
    const ui = await deps.ui(actor.userId);
    let account: string | undefined;
    const reply = (m: Message, opts: { inPlace?: boolean } = {}) =>
      answerClick(args, ui, m, log, { replaceOriginal: opts.inPlace ?? inPlace, account });
    try {
      const own = await clickDeps(deps, actor, action.block_id);
      account = own.account;
      await run({
        deps: own.deps,
        actor,
        ui,
        log,
        client,
        triggerId: body.trigger_id,
        reply,
        value: action.value,
        args,
      });
    } catch (err) {
      await answerClick(args, ui, failureReply(log, ui, err, what), log);
    }
  };
}

/** How long the person's language may take to read before the bot's default is used: the trigger id lives 3 s. */
const SHORTCUT_UI_WAIT_MS = 1_000;

/**
 * A global shortcut's listener (opened from Slack's composer or search, in no
 * channel: the person's own id stands for it, as in a direct message with
 * the bot): acknowledge, drop a retry, run. A modal is the one place it can
 * answer: `open` opens one with the shortcut's trigger id (once), a failure
 * logged.
 */
export function globalShortcut(
  deps: HandlerDeps,
  run: (ctx: Omit<ListenerContext, 'reply'> & { open(view: ModalView): Promise<void> }) => Promise<void>,
) {
  return async ({ ack, shortcut, client }: GlobalShortcutArgs): Promise<void> => {
    await ack();
    if (await isRetry(deps, `shortcut:${shortcut.trigger_id}`, 'read')) return;
    const userId = shortcut.user.id;
    const log = deps.logger.child({ component: 'shortcut', shortcut: shortcut.callback_id, user: userId });
    const ui = await uiWithin(deps, userId, SHORTCUT_UI_WAIT_MS);
    const open = async (view: ModalView) => {
      await client.views.open({ trigger_id: shortcut.trigger_id, view }).then(
        () => undefined,
        (err: unknown) => log.warn({ err: slackFailure(err) }, 'shortcut modal not opened'),
      );
    };
    try {
      const actor = { userId, channelId: userId };
      const own = await accountDeps(deps, actor.channelId);
      await run({ deps: own, actor, ui, log, client, triggerId: shortcut.trigger_id, open });
    } catch (err) {
      log.error({ err }, 'shortcut failed');
    }
  };
}

/** What every form's private_metadata names: the channel it was opened for (empty: chosen in the form). */
const formChannel = z.object({ channelId: z.string() });

/**
 * A form's submission listener on the account of the channel the form was
 * opened for (its private_metadata's `channelId`; `chosen` reads a channel
 * picked in the form itself, else the person's own id stands for it). A
 * channel bound to no account closes nothing: the form shows why.
 */
export function accountForm(
  deps: HandlerDeps,
  make: (deps: HandlerDeps) => (args: SubmitArgs) => Promise<void>,
  chosen?: (args: SubmitArgs) => string | undefined,
) {
  if (!deps.forChannel) return make(deps);
  const made = new Map<HandlerDeps, (args: SubmitArgs) => Promise<void>>();
  return async (args: SubmitArgs): Promise<void> => {
    const meta = decodePayload(formChannel, args.view.private_metadata);
    const channelId = meta?.channelId || chosen?.(args) || args.body.user.id;
    let own: HandlerDeps;
    try {
      own = await accountDeps(deps, channelId);
    } catch (err) {
      const ui = await uiWithin(deps, args.body.user.id, 1000);
      const m = failureReply(deps.logger.child({ component: 'form' }), ui, err, 'form');
      await args.ack({ response_action: 'update', view: homeWindowView(ui, m) });
      return;
    }
    let listener = made.get(own);
    if (!listener) {
      listener = make(own);
      made.set(own, listener);
    }
    await listener(args);
  };
}

// Workflow Builder steps.

/** A step refused before it did anything (an input missing or wrong, nobody to act): it fails with this sentence. */
export class StepRefusal extends Error {
  constructor(readonly sentence: string) {
    super('step refused');
    this.name = 'StepRefusal';
  }
}

/** What a step's work is handed besides the listener's context. */
export interface StepContext extends ListenerContext {
  /** Slack's id of this run of the step: `complete` and `fail` name it, and an order keeps it. */
  executionId: string;
  /** A person named by Slack's user context, or none (a scheduled workflow). */
  person: string | null;
  /** A text input, trimmed; a missing one (unless `optional`) fails the step with a sentence. */
  text(name: string, opts?: { optional?: boolean }): string;
}

/**
 * A Workflow Builder step's listener (`app.function`; Bolt 5.1.0 acknowledges
 * the event itself): drop a retry, find who acts and where by the actor rule
 * (src/slack/step-actor.ts), refuse a change nobody started and a channel
 * the person cannot read, run, then complete with the outputs or fail with
 * the sentence that says why (the person's language, else English: a
 * workflow's owner reads it). `run` answering `later` completes elsewhere
 * (an order: from the signup's own state, src/workers/posting/step-outcomes.ts).
 */
export function workflowStep(
  deps: HandlerDeps,
  step: { callbackId: string; writes: boolean },
  run: (ctx: StepContext) => Promise<Record<string, string | number> | 'later'>,
) {
  return async ({ event, inputs, complete, fail, client }: StepArgs): Promise<void> => {
    const executionId = event.function_execution_id;
    if (await isRetry(deps, `step:${executionId}`, step.writes ? 'write' : 'read')) return;
    const who = stepActor(inputs);
    const userId = who.person ?? WORKFLOW_USER;
    const actor: Actor = { userId, channelId: who.channel ?? userId };
    const log = deps.logger.child({ component: 'step', step: step.callbackId, user: userId });
    const ui = who.person ? await deps.ui(who.person) : uiFor('en', 'UTC');
    const text = (name: string, opts: { optional?: boolean } = {}): string => {
      const v = inputs[name];
      const typed = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
      if (typed === '' && opts.optional !== true)
        throw new StepRefusal(ui.t('step.input_missing', { input: name }));
      return typed;
    };
    const reply = async (m: Message) => {
      if (who.person) await tellUser(client, actor, m, log);
    };
    const started = performance.now();
    let outputs: Record<string, string | number> | 'later';
    try {
      if (step.writes && !who.person) throw new StepRefusal(ui.t('step.needs_person'));
      const own = await accountDeps(deps, actor.channelId);
      // As if they had typed the command there: a channel they cannot read is not theirs to act in.
      if (
        who.person &&
        who.channel &&
        !(await own.access.maySeeChannel({ userId, channelId: userId }, who.channel))
      )
        throw new ServiceError('target_channel_not_visible');
      const ctx: StepContext = {
        deps: own,
        actor,
        ui,
        log,
        client,
        triggerId: who.triggerId ?? '',
        reply,
        executionId,
        person: who.person,
        text,
      };
      outputs = await run(ctx);
    } catch (err) {
      const error =
        err instanceof StepRefusal ? err.sentence : failureReply(log, ui, err, step.callbackId).text;
      if (err instanceof StepRefusal) log.info({}, 'step refused');
      await fail({ error }).catch((e: unknown) =>
        log.warn({ err: slackFailure(e) }, 'step failure not reported'),
      );
      return;
    }
    if (outputs !== 'later')
      await complete({ outputs }).catch((e: unknown) =>
        log.warn({ err: slackFailure(e) }, 'step outputs not reported'),
      );
    log.info({ ms: Math.round(performance.now() - started), later: outputs === 'later' }, 'step run');
  };
}

// Answering a person, and announcing a change to the channel.

/** A message only one person in the channel sees, and which does not stay. */
function ephemeral(
  client: webApi.WebClient,
  where: { channelId: string; userId: string },
  m: Message,
): Promise<unknown> {
  return client.chat.postEphemeral({
    channel: where.channelId,
    user: where.userId,
    text: m.text,
    blocks: m.blocks,
  });
}

/** An answer through the response_url: only the person who typed or clicked sees it. */
async function replyTo(
  respond: RespondFn,
  m: Message,
  opts: { replaceOriginal?: boolean } = {},
): Promise<void> {
  await respond({
    response_type: 'ephemeral',
    text: m.text,
    blocks: m.blocks,
    replace_original: opts.replaceOriginal === true,
  });
}

/**
 * `replyTo`, and when Slack refuses the response_url (it expired, or was
 * used up) an ephemeral message in the channel instead, which is the same to
 * them: only they see it, and it does not stay (so it may carry a secret).
 * Throws only when neither reached them.
 */
async function replyOrEphemeral(
  respond: RespondFn,
  client: webApi.WebClient,
  where: { channelId: string; userId: string },
  m: Message,
  log: Logger,
  opts: { replaceOriginal?: boolean } = {},
): Promise<void> {
  try {
    await replyTo(respond, m, opts);
  } catch (err) {
    log.info({ err: slackFailure(err) }, 'response_url refused; answering ephemerally');
    await ephemeral(client, where, m);
  }
}

/**
 * Clicked in the person's App Home, or in a window opened from it: no
 * channel, no message, no response_url. The actor of such a click acts from
 * their Home (Actor.fromHome: the decision machine places a decision in the
 * request's own channel, when they may read it).
 */
function clickedFromHome(body: BlockAction): boolean {
  const view = body.view;
  return view?.type === 'home' || (view?.type === 'modal' && view.callback_id === HOME_IDS.windowCallback);
}

/**
 * The deps a click acts with: those of its channel's account, or, clicked in
 * one account's part of the App Home (or a window opened from it), those of
 * the account its block_id names (src/slack/ids.ts `accountBlockId`). A name
 * the person has no role in, or no account has, is refused as a missing role:
 * a block_id is the clicker's to write, so it is never taken on trust.
 */
async function clickDeps(
  deps: HandlerDeps,
  actor: Actor,
  blockId: string | undefined,
): Promise<{ deps: HandlerDeps; account?: string }> {
  const account = actor.fromHome === true && deps.forAccount ? accountOfBlockId(blockId) : undefined;
  if (account === undefined) return { deps: await accountDeps(deps, actor.channelId) };
  const own = deps.forAccount?.(account);
  if (!own || (await own.access.roleOf(actor.userId)) === 'none')
    throw new ServiceError('role_required', { role: 'viewer', yours: 'none' });
  return { deps: own, account };
}

/** Who clicked, and where: the channel of the message, or their Home. */
function clickActor(body: BlockAction): Actor {
  const userId = body.user.id;
  return clickedFromHome(body)
    ? { userId, channelId: userId, fromHome: true }
    : { userId, channelId: body.channel?.id ?? userId };
}

/**
 * The answer to a click, for the clicker alone: under the message through its
 * response_url (`replaceOriginal`: in place of it); a click in the App Home
 * opens it in a window, and one in that window replaces the window's content.
 * A failure to answer is logged, never thrown.
 */
async function answerClick(
  args: ButtonArgs,
  ui: Ui,
  m: Message,
  log: Logger,
  opts: { replaceOriginal?: boolean; account?: string | undefined } = {},
): Promise<void> {
  const { body, client } = args;
  try {
    if (!clickedFromHome(body)) {
      await replyTo(args.respond, m, opts);
      return;
    }
    const view = homeWindowView(ui, m, opts.account);
    if (body.view?.type === 'modal') await client.views.update({ view_id: body.view.id, view });
    else await client.views.open({ trigger_id: body.trigger_id, view });
  } catch (err) {
    log.warn({ err: slackFailure(err) }, 'the answer to a click did not reach the clicker');
  }
}

/**
 * An answer to one person where there is no response_url (a form's
 * submission, a background outcome): ephemeral in the channel, else a direct
 * message. False when neither reached them.
 */
export async function tellUser(
  client: webApi.WebClient,
  where: { channelId: string; userId: string },
  m: Message,
  log: Logger,
): Promise<boolean> {
  try {
    await ephemeral(client, where, m);
    return true;
  } catch (err) {
    log.info({ err: slackFailure(err) }, 'ephemeral not possible; sending a direct message');
  }
  try {
    await client.chat.postMessage({ channel: where.userId, text: m.text, blocks: m.blocks });
    return true;
  } catch (err) {
    log.warn({ err: slackFailure(err) }, 'could not reach the user');
    return false;
  }
}

/**
 * Shows `m` to the person alone in `channelId` (ephemeral), which also checks
 * that the bot can post there: Slack answers `not_in_channel`,
 * `channel_not_found` or `is_archived` when it cannot. Any other failure
 * (the person is not in the channel, Slack unreachable) proves nothing
 * either way: `unverified`.
 */
export async function probeChannel(
  ctx: ListenerContext,
  channelId: string,
  m: Message,
): Promise<ChannelReach> {
  try {
    await ephemeral(ctx.client, { channelId, userId: ctx.actor.userId }, m);
    return 'ok';
  } catch (err) {
    const error = slackFailure(err);
    if (isUnreachableChannelError(error)) return error;
    ctx.log.info({ err: error, channelId }, 'could not check that the bot can post in the channel');
    return 'unverified';
  }
}

/**
 * Posts a change in the channel for everyone; when the bot may not post there
 * (not a member, a direct message), `toActor` notifies the person who made it, so
 * a change always reaches someone.
 */
export async function announce(
  client: webApi.WebClient,
  channelId: string,
  m: Message,
  toActor: (m: Message) => Promise<unknown>,
  log: Logger,
): Promise<void> {
  try {
    await client.chat.postMessage({ channel: channelId, text: m.text, blocks: m.blocks });
  } catch (err) {
    log.warn({ err: slackFailure(err), channelId }, 'announcement to channel failed; telling the actor');
    await toActor(m);
  }
}

// Secrets, shown to one person once.

/**
 * A secret (a generated password or private key) shown to one person alone,
 * through the first way that works: `first` (their own form, or their
 * response_url), then an ephemeral message in the channel (only they see it,
 * and it does not stay), then a direct message WITHOUT the secret: a direct
 * message stays for good, so it carries `withoutSecret` instead (a button
 * that shows the secret once, in a window). Made only when it is needed (it
 * may seal the secret first). 'nobody' when no way worked.
 */
export async function showSecret(
  client: webApi.WebClient,
  first: () => Promise<unknown>,
  where: { channelId: string; userId: string },
  secret: Message,
  withoutSecret: () => Promise<Message>,
  log: Logger,
): Promise<'first' | 'ephemeral' | 'direct' | 'nobody'> {
  try {
    await first();
    return 'first';
  } catch (err) {
    log.info({ err: slackFailure(err) }, 'secret not shown where asked; trying an ephemeral message');
  }
  try {
    await ephemeral(client, where, secret);
    return 'ephemeral';
  } catch (err) {
    log.info({ err: slackFailure(err) }, 'ephemeral not possible; a direct message without the secret');
  }
  try {
    const m = await withoutSecret();
    await client.chat.postMessage({ channel: where.userId, text: m.text, blocks: m.blocks });
    return 'direct';
  } catch (err) {
    log.warn({ err: slackFailure(err) }, 'could not reach the user');
    return 'nobody';
  }
}

/**
 * A secret shown once in a private window (a modal) opened from the button of
 * a direct message that holds none (see `showSecret`). When Slack will not
 * open it, `notShown` runs (a secret taken for the window is given back) and
 * the clicker is asked to press again (`retry`). True when it was shown.
 */
export async function showInWindow(
  ctx: ListenerContext,
  view: ModalView,
  retry: Message,
  notShown?: () => Promise<void>,
): Promise<boolean> {
  try {
    await ctx.client.views.open({ trigger_id: ctx.triggerId, view });
    return true;
  } catch (err) {
    ctx.log.warn({ err: slackFailure(err) }, 'secret window not opened');
    await notShown?.();
    await ctx.reply(retry, { inPlace: false });
    return false;
  }
}

// Forms.

/**
 * Opens a form from a command or a click. A trigger id is good for 3 seconds,
 * and what a form needs first (who may, which server, what it holds) may take
 * longer to read from a slow provider: the form opens at once as `loading`,
 * then becomes what `fill` makes of those reads, or the sentence of what
 * refused it (`refused`). Throws only when Slack will not open it (the caller
 * answers that); a form closed while it loaded is left closed.
 */
export async function openForm(
  ctx: ListenerContext,
  loading: ModalView,
  fill: () => Promise<ModalView>,
  refused: (err: unknown) => ModalView,
): Promise<void> {
  const opened = await ctx.client.views.open({ trigger_id: ctx.triggerId, view: loading });
  const viewId = opened.view?.id;
  if (!viewId) return;
  let view: ModalView;
  try {
    view = await fill();
  } catch (err) {
    view = refused(err);
  }
  await ctx.client.views
    .update({ view_id: viewId, view })
    .catch((err: unknown) => ctx.log.info({ err: slackFailure(err) }, 'form closed while it loaded'));
}

/**
 * The one rule of every form's outcome. A change made is announced first,
 * whatever became of the form: its `announcement` goes to the channel (or to
 * the person when the bot cannot post there). Then the form shows the outcome
 * if it is still open. If it is gone (closed, expired), the announcement has
 * reached them already; an outcome without one (a failure, a quote) goes to
 * the person directly (`message`). An outcome holding a secret names
 * `withoutSecret` too: the secret then goes through `showSecret`, never into
 * a direct message.
 */
export async function settleForm(
  client: webApi.WebClient,
  form: { viewId: string; channelId: string; userId: string },
  outcome:
    | { view: ModalView; announcement: Message }
    | { view: ModalView; message: Message; withoutSecret?: Message },
  log: Logger,
): Promise<void> {
  const where = { channelId: form.channelId, userId: form.userId };
  const update = () => client.views.update({ view_id: form.viewId, view: outcome.view });
  if ('announcement' in outcome) {
    await announce(client, form.channelId, outcome.announcement, (m) => tellUser(client, where, m, log), log);
    await update().catch((err: unknown) => log.info({ err: slackFailure(err) }, 'form gone; announced'));
    return;
  }
  const hidden = outcome.withoutSecret;
  if (hidden) {
    await showSecret(client, update, where, outcome.message, async () => hidden, log);
    return;
  }
  try {
    await update();
  } catch (err) {
    log.info({ err: slackFailure(err) }, 'form gone; telling the user directly');
    await tellUser(client, where, outcome.message, log);
  }
}
