/**
 * What a delivery must look like before Bolt reads it (guarded-app.ts runs
 * this in front of App.processEvent, in both modes). Bolt 5.1.0 reads a
 * payload's fields before any middleware and outside its error handling
 * (`body.user.id`, `'channel' in event`, `action_id.match(…)`,
 * `response_urls[0].response_url`): a throw there is HTTP 500 (in Socket Mode
 * an envelope never acknowledged), and a field of the wrong type reaches the
 * listeners, which then fail before they acknowledge. So a delivery is checked
 * here by the fields Bolt and the listeners read:
 * - `malformed` (such a field is missing or of the wrong type, or the person
 *   is not a Slack user id: a user group's id must never act with its role):
 *   answered 400, nothing runs;
 * - `not_served` (a kind the app does not subscribe to: other events, legacy
 *   dialogs and attachments, types Slack may add): answered 200, nothing runs.
 * Served: slash commands, block actions and options, view submissions and
 * closes, global and message shortcuts, and the events of manifest.yml's
 * `event_subscriptions` (SERVED_EVENTS). The workspace is the team guard's
 * (team-guard.ts), what a listener reads beyond these fields the listener's.
 */
import { isUserId } from '../services/access/index.ts';

export type DeliveryVerdict = { ok: true } | { ok: false; kind: 'malformed' | 'not_served'; reason: string };

type Loose = Record<string, unknown>;

const OK: DeliveryVerdict = { ok: true };
const malformed = (reason: string): DeliveryVerdict => ({ ok: false, kind: 'malformed', reason });
const notServed = (reason: string): DeliveryVerdict => ({ ok: false, kind: 'not_served', reason });

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isId = (v: unknown): v is string => typeof v === 'string' && v !== '';
const absentOr = (v: unknown, test: (x: unknown) => boolean): boolean => v === undefined || test(v);
/** Slack writes "none" as an absent field or as null (`enterprise: null` outside a grid). */
const noneOr = (v: unknown, test: (x: unknown) => boolean): boolean =>
  v === undefined || v === null || test(v);
const objectWithId = (v: unknown): boolean => isObject(v) && isId(v.id);

/** The events the app subscribes to (manifest.yml `settings.event_subscriptions.bot_events`). */
export const SERVED_EVENTS: readonly string[] = ['app_home_opened', 'function_executed', 'message.im'];

/** An event's type as Slack sends it: `message.im` subscribes to `message` events in direct messages. */
const SERVED_TYPES: readonly string[] = ['app_home_opened', 'function_executed', 'message'];

/** What a log line may say about a delivery: its kind, never its content. */
export function deliveryKind(body: unknown): string {
  if (!isObject(body)) return 'unknown';
  if (body.command !== undefined) return 'command';
  if (isObject(body.event) && typeof body.event.type === 'string')
    return `event:${body.event.type.slice(0, 40)}`;
  return typeof body.type === 'string' ? body.type.slice(0, 40) : 'unknown';
}

/** The person behind every interactive payload, and where Bolt looks for the workspace and channel. */
function checkInteractive(b: Loose): DeliveryVerdict {
  if (!isObject(b.user)) return malformed('no user');
  if (!isUserId(b.user.id)) return malformed('user id is not a Slack user id');
  if (!noneOr(b.team, objectWithId)) return malformed('team is not an object with an id');
  if (!noneOr(b.enterprise, objectWithId)) return malformed('enterprise is not an object with an id');
  // Bolt reads `channel.id` whenever `channel` is not undefined.
  if (!absentOr(b.channel, objectWithId)) return malformed('channel is not an object with an id');
  if (!absentOr(b.response_url, isText)) return malformed('response_url is not text');
  if (
    !absentOr(
      b.response_urls,
      (v) => Array.isArray(v) && v.every((u) => isObject(u) && isText(u.response_url)),
    )
  )
    return malformed('response_urls is not a list of response urls');
  return OK;
}

function checkBlockActions(b: Loose): DeliveryVerdict {
  if (!isId(b.trigger_id)) return malformed('no trigger_id');
  if (!Array.isArray(b.actions) || b.actions.length === 0) return malformed('no actions');
  for (const a of b.actions) {
    if (!isObject(a) || !isId(a.action_id) || !isText(a.block_id))
      return malformed('an action without a text action_id and block_id');
    if (!absentOr(a.value, isText)) return malformed('an action value is not text');
    if (!absentOr(a.selected_option, (o) => isObject(o) && isText(o.value)))
      return malformed('a selected option without a text value');
  }
  // A button of a Workflow Builder step: Bolt reads the execution id and the inputs.
  if (!absentOr(b.function_data, (f) => isObject(f) && isId(f.execution_id) && absentOr(f.inputs, isObject)))
    return malformed('function_data is not a step execution');
  // A button inside a modal carries its view: what the listener reads of it must be there.
  if (!absentOr(b.view, (v) => isObject(v) && isId(v.id))) return malformed('view is not a view with an id');
  if (!absentOr(b.message, (m) => isObject(m) && absentOr(m.ts, isText)))
    return malformed('message is not a message');
  return OK;
}

function checkView(b: Loose, submission: boolean): DeliveryVerdict {
  const v = b.view;
  if (!isObject(v)) return malformed('no view');
  if (!isId(v.id) || !isId(v.callback_id)) return malformed('view without a text id and callback_id');
  if (!absentOr(v.private_metadata, isText) || !absentOr(v.hash, isText))
    return malformed('view private_metadata or hash is not text');
  if (!absentOr(v.app_installed_team_id, isId)) return malformed('view app_installed_team_id is not an id');
  if (!absentOr(b.function_data, (f) => isObject(f) && isId(f.execution_id) && absentOr(f.inputs, isObject)))
    return malformed('function_data is not a step execution');
  if (submission) {
    if (!isObject(v.state) || !isObject(v.state.values)) return malformed('view without state values');
    if (!Object.values(v.state.values).every(isObject)) return malformed('view state values are not blocks');
  }
  return OK;
}

/**
 * A shortcut: the callback_id its listener is matched by, and the trigger a
 * modal opens with (and a retried delivery is known by). Bolt matches a
 * callback_id on `view.callback_id` whenever the body has a `view`, which a
 * shortcut never has. A message shortcut answers in the message's channel,
 * through its response_url, from the message it carries.
 */
function checkShortcut(b: Loose, onMessage: boolean): DeliveryVerdict {
  if (!isId(b.callback_id)) return malformed('shortcut without a text callback_id');
  if (!isId(b.trigger_id)) return malformed('no trigger_id');
  if (b.view !== undefined) return malformed('a shortcut with a view');
  if (!onMessage) return OK;
  if (!objectWithId(b.channel)) return malformed('message shortcut without a channel');
  if (!isText(b.response_url)) return malformed('message shortcut without a response_url');
  if (!isObject(b.message)) return malformed('message shortcut without its message');
  return OK;
}

/**
 * An Events API delivery. Bolt takes anything with an `event` for one: it
 * reads the event with `in` (an event that is not an object throws), the
 * first authorization's team and enterprise (`authorizations[0].team_id`:
 * null there throws), and the person as `event.user`; the team guard needs a
 * workspace (`team_id`). Of the events, only those the app subscribes to are
 * served: `app_home_opened`, whose listener reads the person, the tab, and
 * the channel Bolt gives `say`.
 */
function checkEvent(b: Loose): DeliveryVerdict {
  if (b.type !== 'event_callback') return malformed('an event outside an event_callback');
  const e = b.event;
  if (!isObject(e)) return malformed('event is not an object');
  if (!isText(e.type) || e.type === '') return malformed('event without a type');
  if (!SERVED_TYPES.includes(e.type)) return notServed('an event the app does not subscribe to');
  if (!isId(b.team_id)) return malformed('event without a team_id');
  if (!noneOr(b.enterprise_id, isId)) return malformed('enterprise_id is not an id');
  const authorizations = b.authorizations;
  if (
    !absentOr(
      authorizations,
      (v) =>
        Array.isArray(v) &&
        v.every((a) => isObject(a) && noneOr(a.team_id, isId) && noneOr(a.enterprise_id, isId)),
    )
  )
    return malformed('authorizations is not a list of authorizations');
  if (e.type === 'function_executed') return checkFunctionExecuted(e);
  if (e.type === 'message') {
    // Edits, deletions, joins and the bot's own posts carry a subtype (and often no person): not served.
    if (e.subtype !== undefined || e.bot_id !== undefined)
      return notServed('a message that is not a person’s');
    if (e.channel_type !== 'im') return notServed('a message outside a direct message');
    if (!isText(e.text)) return malformed('message text is not text');
  }
  if (!isUserId(e.user)) return malformed('user id is not a Slack user id');
  if (!isId(e.channel)) return malformed('event without its channel');
  if (!absentOr(e.tab, isText)) return malformed('tab is not text');
  if (!absentOr(e.view, (v) => isObject(v) && isId(v.id))) return malformed('view is not a view with an id');
  // Bolt reads `'channel' in event.item` whenever there is an item.
  if (!absentOr(e.item, isObject)) return malformed('item is not an object');
  return OK;
}

/**
 * A Workflow Builder step to run (`function_executed`): Bolt 5.1.0 matches
 * the listener on `function.callback_id` and reads the execution id (which
 * `complete` and `fail` name) and `inputs`, whose fields the step reads one
 * by one (src/slack/step-actor.ts). No person is needed here: who acts is the
 * step's business, from Slack's user context alone.
 */
function checkFunctionExecuted(e: Loose): DeliveryVerdict {
  if (!isObject(e.function) || !isId(e.function.callback_id))
    return malformed('function_executed without a function callback_id');
  if (!isId(e.function_execution_id)) return malformed('function_executed without an execution id');
  if (!isObject(e.inputs)) return malformed('function_executed inputs are not an object');
  if (!absentOr(e.bot_access_token, isText)) return malformed('bot_access_token is not text');
  return OK;
}

function checkCommand(b: Loose): DeliveryVerdict {
  if (!isText(b.command) || !b.command.startsWith('/')) return malformed('command is not a slash command');
  if (!isUserId(b.user_id)) return malformed('user id is not a Slack user id');
  if (!isId(b.channel_id)) return malformed('no channel_id');
  if (!absentOr(b.text, isText)) return malformed('text is not text');
  if (!isText(b.response_url) || !isId(b.trigger_id)) return malformed('no response_url or trigger_id');
  return OK;
}

/** The verdict on a delivery's body; the kinds are told apart in Bolt's own order, as Bolt will take it. */
export function checkDeliveryShape(body: unknown): DeliveryVerdict {
  if (!isObject(body)) return malformed('body is not an object');
  if (body.event !== undefined) return checkEvent(body);
  if (body.command !== undefined) return checkCommand(body);
  const type = body.type;
  if (body.name !== undefined) return notServed('a legacy dialog or attachment options request');
  if (type === 'block_suggestion') {
    const shared = checkInteractive(body);
    if (!shared.ok) return shared;
    return isId(body.action_id) && isText(body.value)
      ? OK
      : malformed('options request without a text action_id and value');
  }
  // Bolt takes anything with `actions` for a click, whatever its type says.
  if (body.actions !== undefined || type === 'block_actions') {
    if (type !== 'block_actions') return notServed('actions of a legacy attachment or dialog');
    const shared = checkInteractive(body);
    return shared.ok ? checkBlockActions(body) : shared;
  }
  if (type === 'shortcut' || type === 'message_action') {
    const shared = checkInteractive(body);
    return shared.ok ? checkShortcut(body, type === 'message_action') : shared;
  }
  if (type === 'view_submission' || type === 'view_closed') {
    const shared = checkInteractive(body);
    return shared.ok ? checkView(body, type === 'view_submission') : shared;
  }
  if (typeof type === 'string' && type !== '')
    return notServed('a delivery of a type the app does not serve');
  return malformed('no type');
}
