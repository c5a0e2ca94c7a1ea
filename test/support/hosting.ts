/**
 * /hosting as a user meets it, on top of the app harness: a command and its
 * private answer, a write and its announcement, a form opened and submitted,
 * the buttons of a confirmation or an approval, and the provider requests
 * the simulator saw (to prove that nothing was sent).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { HOSTING_CALLBACKS, HOSTING_IDS, type HostingForm, hostingBlockId } from '../../src/slack/ids.ts';
import { SQLITE_FILE_NAME } from '../../src/store/index.ts';
import { CHANNEL, type Harness, messageText, OPERATOR } from './app-harness.ts';
import type { RecordedCall } from './fake-slack.ts';
import type { Delivery } from './slack-request.ts';

export const SERVER = 'xs123456.xsrv.jp';
export const OTHER_SERVER = 'xs654321.xsrv.jp';
/** The simulator's 60 requests a minute would stop a file of tests half way: lifted. */
export const NO_RATE_LIMIT = { limit: 100_000, windowSeconds: 60, concurrent: 100 };

export interface Answer {
  call: RecordedCall;
  text: string;
  triggerId: string;
  responseId: string;
}

/** `/hosting <text>` and the answer to its response_url (the person alone). */
export async function hosting(
  h: Harness,
  text: string,
  user = OPERATOR,
  opts: { channel?: string } = {},
): Promise<Answer> {
  const c = await h.command(text, { user, command: '/hosting', ...opts });
  const call = await c.reply();
  return { call, text: messageText(call), triggerId: c.triggerId, responseId: c.responseId };
}

/**
 * What a command answered the person: its reply, or, for a command that opens
 * a form, what the form became (the form itself, or the sentence of what
 * refused it, in the form's place). `form` says which.
 */
export async function answerOf(
  h: Harness,
  text: string,
  user = OPERATOR,
): Promise<{ text: string; form: boolean; call: RecordedCall }> {
  const c = await h.command(text, { user, command: '/hosting' });
  const progress = catalogs.en['command.progress'];
  const first = await h.slack.waitFor(
    (x) =>
      (x.responseId === c.responseId && !messageText(x).includes(progress)) ||
      (x.method === 'views.open' && x.args.trigger_id === c.triggerId),
  );
  if (first.method !== 'views.open') return { text: messageText(first), form: false, call: first };
  const viewId = first.viewId;
  // Only after this views.open: a submission sent earlier may have named the same id.
  const call = await h.slack.waitFor(
    (x) => x.seq > first.seq && x.method === 'views.update' && x.args.view_id === viewId,
  );
  return { text: messageText(call), form: true, call };
}

/** Forms that opened with fields to fill (not a loading view nor a refusal in a form's place). */
export function formsFilled(h: Harness): RecordedCall[] {
  return h.slack.calls.filter(
    (c) =>
      (c.method === 'views.open' || c.method === 'views.update') &&
      Array.isArray((c.args.view as { blocks?: unknown } | undefined)?.blocks) &&
      !String((c.args.view as { callback_id?: unknown }).callback_id).endsWith('_notice'),
  );
}

/** A write typed as a command whose success is announced in the channel: the announcement. */
export async function announced(
  h: Harness,
  text: string,
  user = OPERATOR,
  opts: { channel?: string } = {},
): Promise<RecordedCall> {
  const since = h.slack.lastSeq;
  await h.command(text, { user, command: '/hosting', ...opts });
  return h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since);
}

/** Requests the simulator saw under /v1/server (hosting), optionally of one method. */
export function hostingRequests(h: Harness, method?: string): number {
  return h.sim.control.requests({ path: /^\/v1\/server\//, ...(method ? { method } : {}) }).length;
}

/** Hosting requests that change something (everything but GET). */
export function hostingWrites(h: Harness): number {
  return h.sim.control.requests({ path: /^\/v1\/server\// }).filter((r) => r.method !== 'GET').length;
}

/**
 * The modal a command opened: views.open with its trigger (a loading view,
 * at once), then the form itself, or what refused it, put in its place.
 */
export async function openedView(
  h: Harness,
  text: string,
  user = OPERATOR,
): Promise<{ view: Record<string, unknown>; privateMetadata: string; triggerId: string; viewId: string }> {
  const c = await h.command(text, { user, command: '/hosting' });
  const open = await h.slack.waitFor((x) => x.method === 'views.open' && x.args.trigger_id === c.triggerId);
  if (!open.viewId) throw new Error(`the form did not open: ${open.error ?? '?'}`);
  const viewId = open.viewId;
  // Only after this views.open: a submission sent earlier may have named the same id.
  const call = await h.slack.waitFor(
    (x) => x.seq > open.seq && x.method === 'views.update' && x.args.view_id === viewId,
  );
  const view = call.args.view as Record<string, unknown>;
  return { view, privateMetadata: String(view.private_metadata), triggerId: c.triggerId, viewId };
}

/** A form a command opened and filled (see openedView); throws when it was refused instead. */
export async function openedForm(
  h: Harness,
  text: string,
  user = OPERATOR,
): Promise<{ view: Record<string, unknown>; privateMetadata: string; triggerId: string }> {
  const opened = await openedView(h, text, user);
  if (String(opened.view.callback_id).endsWith('_notice'))
    throw new Error(`the form was refused: ${JSON.stringify(opened.view.blocks)}`);
  return opened;
}

/** The state values of a text form, as Slack sends them. */
export function textValues(fields: Record<string, string>): Record<string, Record<string, never>> {
  return Object.fromEntries(
    Object.entries(fields).map(([f, value]) => [
      hostingBlockId(f),
      { [f]: { type: 'plain_text_input', value } },
    ]),
  ) as Record<string, Record<string, never>>;
}

/** The WordPress delete form's ticked options. */
export function deleteOptions(ticked: readonly string[]) {
  return {
    [hostingBlockId('options')]: {
      options: { type: 'checkboxes', selected_options: ticked.map((value) => ({ value })) },
    },
  };
}

/** Submits a form as Slack does; each submission is a new view (Slack's retries reuse id and hash). */
export function submitForm(
  h: Harness,
  form: HostingForm,
  privateMetadata: string,
  values: Parameters<Harness['submit']>[0]['values'],
  user = OPERATOR,
  viewId = `V${randomUUID().slice(0, 8).toUpperCase()}`,
): Promise<Delivery & { viewId: string }> {
  return h
    .submit({ callbackId: HOSTING_CALLBACKS[form], privateMetadata, values, userId: user, viewId })
    .then((d) => ({ ...d, viewId }));
}

/** The notice a form became once its change ran (views.update of that view). */
export function formOutcome(h: Harness, viewId: string, notWorking = true): Promise<RecordedCall> {
  return h.slack.waitFor(
    (c) =>
      c.method === 'views.update' &&
      c.args.view_id === viewId &&
      (!notWorking || !messageText(c).includes('Sending to the provider')),
  );
}

interface ButtonLike {
  type: string;
  action_id?: string;
  value?: string;
}

/** The buttons of a message. */
export function buttonsOf(call: RecordedCall): ButtonLike[] {
  const blocks = (call.args.blocks ?? []) as { type: string; elements?: ButtonLike[] }[];
  return blocks.flatMap((b) => (b.type === 'actions' ? (b.elements ?? []) : []));
}

/** The value of one button of a message (confirmation, approval, pager). */
export function buttonValue(call: RecordedCall, actionId: string): string {
  const b = buttonsOf(call).find((x) => x.action_id === actionId);
  if (!b?.value) throw new Error(`no ${actionId} button in: ${messageText(call)}`);
  return b.value;
}

/** A click on a confirmation / approval button, and the answer to its response_url. */
export async function clickAndAnswer(
  h: Harness,
  actionId: string,
  value: string,
  user: string,
): Promise<{ call: RecordedCall; text: string }> {
  const click = await h.click(actionId, value, { user });
  const call = await click.reply();
  return { call, text: messageText(call) };
}

/** The approval request the bot posted in the channel for an operation. */
export function approvalPost(h: Harness, since: number): Promise<RecordedCall> {
  return h.slack.waitFor(
    (c) =>
      c.method === 'chat.postMessage' &&
      c.seq > since &&
      c.args.channel === CHANNEL &&
      buttonsOf(c).some((b) => b.action_id === HOSTING_IDS.approve),
  );
}

/** Every row of every table of the bot's SQLite file, as text (to search for what must not be kept). */
export function everyDatabaseRow(h: Harness): string {
  const db = new Database(join(h.dataDir, SQLITE_FILE_NAME), { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string }[];
    return tables
      .map((t) => `${t.name}: ${JSON.stringify(db.prepare(`SELECT * FROM "${t.name}"`).all())}`)
      .join('\n');
  } finally {
    db.close();
  }
}

/** The spellings a secret may take in a JSON text (as is, and JSON-escaped). */
export function spellings(secret: string): string[] {
  const escaped = JSON.stringify(secret).slice(1, -1);
  return escaped === secret ? [secret] : [secret, escaped];
}
