/**
 * The one handler kit: how every listener answers a person, announces a
 * change, settles a form, shows a secret once, reads what Slack hands back,
 * drops a retried delivery and reports a failure. Listeners of every feature use these and
 * nothing else for it.
 */
import type { BlockAction, RespondFn, webApi } from '@slack/bolt';
import type { ModalView } from '@slack/types';
import type { Logger } from '../src/log.ts';
import type { Actor } from '../src/services/access/index.ts';
import { classifyFailure } from '../src/services/errors.ts';
import type { ChannelReach } from '../src/services/watch/index.ts';
import { failureMessage } from '../src/slack/error-text.ts';
import { HOME_IDS } from '../src/slack/ids.ts';
import { isUnreachableChannelError, slackFailure } from '../src/slack/slack-failure.ts';
import type { Message, Ui } from '../src/slack/views/format.ts';
import { homeWindowView } from '../src/slack/views/home/home-window.ts';
import type { HandlerDeps } from './deps.ts';
import type { ButtonArgs } from './listener-args.ts';

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

/** An answer to the person who typed or clicked, through the response_url: only they see it. */
export async function replyTo(
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
export async function replyOrEphemeral(
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
 * An answer to one person where there is no response_url (a modal's
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
 * Shows `m` to one person in `channelId` (ephemeral), which is also the check
 * that the bot can post there: Slack answers `not_in_channel`,
 * `channel_not_found` or `is_archived` when it cannot. Any other failure
 * (the person is not in the channel, Slack unreachable) proves nothing
 * either way: `unverified`.
 */
export async function probeChannel(
  client: webApi.WebClient,
  where: { channelId: string; userId: string },
  m: Message,
  log: Logger,
): Promise<ChannelReach> {
  try {
    await ephemeral(client, where, m);
    return 'ok';
  } catch (err) {
    const error = slackFailure(err);
    if (isUnreachableChannelError(error)) return error;
    log.info(
      { err: error, channelId: where.channelId },
      'could not check that the bot can post in the channel',
    );
    return 'unverified';
  }
}

/**
 * Posts a change in the channel for everyone; when the bot may not post there
 * (not a member, a direct message), `toActor` tells the person who made it, so
 * a change is never unreported.
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

/** How a secret reached its person: see `showSecret`. */
export type SecretShown = 'first' | 'ephemeral' | 'direct' | 'nobody';

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
): Promise<SecretShown> {
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
 * then the clicker is told `retry` (press again). True when it was shown.
 */
export async function showInWindow(
  client: webApi.WebClient,
  triggerId: string,
  view: ModalView,
  respond: RespondFn,
  retry: Message,
  log: Logger,
  notShown?: () => Promise<void>,
): Promise<boolean> {
  try {
    await client.views.open({ trigger_id: triggerId, view });
    return true;
  } catch (err) {
    log.warn({ err: slackFailure(err) }, 'secret window not opened');
    await notShown?.();
    await replyTo(respond, retry).catch(() => undefined);
    return false;
  }
}

/**
 * The one rule of every form's outcome. A change made is told first, whatever
 * became of the form: its `announcement` goes to the channel (or to the
 * person when the bot cannot post there). Then the form shows the outcome if
 * it is still open. If it is gone (closed, expired), the announcement has told
 * them already; an outcome without one (a failure, a quote) is told to the
 * person directly (`message`). An outcome holding a secret names
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

/**
 * Opens a form from a command or a click. A trigger id is good for 3 seconds,
 * and what a form needs first (who may, which server, what it holds) may take
 * longer to read from a slow provider: the form opens at once as `loading`,
 * then becomes what `fill` makes of those reads, or the sentence of what
 * refused it (`refused`). Throws only when Slack will not open it (the caller
 * answers that); a form closed while it loaded is left closed.
 */
export async function openForm(
  client: webApi.WebClient,
  triggerId: string,
  loading: ModalView,
  fill: () => Promise<ModalView>,
  refused: (err: unknown) => ModalView,
  log: Logger,
): Promise<void> {
  const opened = await client.views.open({ trigger_id: triggerId, view: loading });
  const viewId = opened.view?.id;
  if (!viewId) return;
  let view: ModalView;
  try {
    view = await fill();
  } catch (err) {
    view = refused(err);
  }
  await client.views
    .update({ view_id: viewId, view })
    .catch((err: unknown) => log.info({ err: slackFailure(err) }, 'form closed while it loaded'));
}

const DELIVERY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Slack redelivers a request it thinks went unanswered (X-Slack-Retry-Num),
 * and a second replica may receive the same one. The first delivery of `key`
 * claims it; later ones get false and must do nothing. A read answered twice
 * is better than none, so `read` fails open when the store is down; anything
 * that changes something (`write`) fails closed.
 */
export async function firstDelivery(
  deps: Pick<HandlerDeps, 'deliveries' | 'logger'>,
  key: string,
  mode: 'read' | 'write',
): Promise<boolean> {
  try {
    return await deps.deliveries.firstSeen(key, DELIVERY_TTL_MS);
  } catch (err) {
    if (mode === 'write') throw err;
    deps.logger.warn({ err: { message: (err as Error).message } }, 'delivery claim failed; answering anyway');
    return true;
  }
}

/** Logs a failure by its classification (never the payload, which may hold secrets) and gives the sentence for the user. */
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

/**
 * The user's language when it is known quickly, else the bot's default: a view
 * submission must be answered within 3 seconds, and users.info (cached, but
 * not forever) must not eat that time.
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

export { slackFailure };

/**
 * Clicked in the person's App Home, or in a window opened from it: no
 * channel, no message, no response_url. The actor of such a click acts from
 * their Home (Actor.fromHome: the decision machine places a decision in the
 * request's own channel, when they may read it).
 */
export function clickedFromHome(body: BlockAction): boolean {
  const view = body.view;
  return view?.type === 'home' || (view?.type === 'modal' && view.callback_id === HOME_IDS.windowCallback);
}

/** Who clicked, and where: the channel of the message, or their Home. */
export function clickActor(body: BlockAction): Actor {
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
export async function answerClick(
  args: Pick<ButtonArgs, 'body' | 'respond' | 'client'>,
  ui: Ui,
  m: Message,
  log: Logger,
  opts: { replaceOriginal?: boolean } = {},
): Promise<void> {
  const { body, client } = args;
  try {
    if (!clickedFromHome(body)) {
      await replyTo(args.respond, m, opts);
      return;
    }
    const view = homeWindowView(ui, m);
    if (body.view?.type === 'modal') await client.views.update({ view_id: body.view.id, view });
    else await client.views.open({ trigger_id: body.trigger_id, view });
  } catch (err) {
    log.warn({ err: slackFailure(err) }, 'the answer to a click did not reach the clicker');
  }
}
