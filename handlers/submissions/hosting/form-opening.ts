/**
 * How every /hosting form's submission starts: who submitted it, in their
 * language when it is known within a second (the submission must be answered
 * within 3 s), what the form was opened for (its private_metadata), the
 * fields the rules refuse answered inline, and Slack's re-delivery of a
 * submission dropped (one change per submission). Then each form's own
 * change, and the way it ends, which is again the same for all: a change
 * announced and the form saying done, a generated password shown to its
 * requester alone, or the sentence of what went wrong.
 */
import type { webApi } from '@slack/bolt';
import type { ModalView } from '@slack/types';
import type { Logger } from '../../../src/log.ts';
import type { WriteResult } from '../../../src/services/hosting/index.ts';
import { decodePayload, type HostingFormPayload, hostingFormPayload } from '../../../src/slack/payloads.ts';
import type { Message, Ui } from '../../../src/slack/views/format.ts';
import { doneText, doneView } from '../../../src/slack/views/hosting/writes.ts';
import {
  announce,
  failureReply,
  type HandlerDeps,
  isRetry,
  type SubmitArgs,
  settleForm,
  tellUser,
  uiWithin,
} from '../../kit.ts';

export interface OpenedForm<M, T> {
  userId: string;
  log: Logger;
  ui: Ui;
  meta: M;
  /** What `read` made of the form's fields. */
  read: T;
  /** Where its outcome goes (`settleDone`, `settleFailed`, `settleWithSecret`). */
  end: FormEnd;
}

export interface FormOpening<N extends boolean, T> {
  /** The log's component (`hosting-ftp-form`), and the form when one listener serves several. */
  component: string;
  form?: string;
  /** How the log names the form when its private_metadata is unreadable (`ftp form`). */
  name: string;
  /** The form with a sentence in place of its fields. */
  notice(ui: Ui, text: string): ModalView;
  /** A form about something that exists (a change): its private_metadata must name its id. */
  needsId: N;
  /** The fields read, and the inline error of each field the rules refuse (none: it goes on). */
  read(meta: HostingFormMeta<N>, ui: Ui): { value: T; errors: Record<string, string> };
}

type HostingFormMeta<N extends boolean> = N extends true
  ? HostingFormPayload & { id: string }
  : HostingFormPayload;

/**
 * The opening of a /hosting form's submission, acknowledged already when it
 * ends there: undefined when the private_metadata is unreadable (the form
 * says so), a field is refused (inline errors) or the submission is Slack's
 * retry of one seen before. Otherwise the submission is not yet acknowledged.
 */
export async function openHostingForm<N extends boolean, T>(
  deps: HandlerDeps,
  { ack, body, view, client }: SubmitArgs,
  spec: FormOpening<N, T>,
): Promise<OpenedForm<HostingFormMeta<N>, T> | undefined> {
  const userId = body.user.id;
  const bindings =
    spec.form === undefined
      ? { component: spec.component, user: userId }
      : { component: spec.component, form: spec.form, user: userId };
  const log = deps.logger.child(bindings);
  const ui = await uiWithin(deps, userId, 1000);
  const decoded = decodePayload(hostingFormPayload, view.private_metadata);
  if (!decoded || (spec.needsId && !decoded.id)) {
    log.error({}, `${spec.name} private_metadata unreadable`);
    await ack({ response_action: 'update', view: spec.notice(ui, ui.t('error.internal')) });
    return undefined;
  }
  const meta = decoded as HostingFormMeta<N>;
  const { value, errors } = spec.read(meta, ui);
  if (Object.keys(errors).length > 0) {
    await ack({ response_action: 'errors', errors });
    return undefined;
  }
  // Slack re-delivers a submission it thinks went unanswered: one change per submission.
  if (await isRetry(deps, `hosting-form:${view.id}:${view.hash}`, 'write')) {
    await ack();
    return undefined;
  }
  const end: FormEnd = {
    deps,
    client,
    log,
    ui,
    userId,
    channelId: meta.channelId,
    viewId: view.id,
    notice: (text) => spec.notice(ui, text),
  };
  return { userId, log, ui, meta, read: value, end };
}

/** Where a form's outcome goes: the form (`viewId`, by `notice`), the channel, the person who submitted it. */
export interface FormEnd {
  deps: HandlerDeps;
  client: webApi.WebClient;
  log: Logger;
  ui: Ui;
  userId: string;
  channelId: string;
  viewId: string;
  notice(text: string): ModalView;
}

const settledOf = (end: FormEnd) => ({ viewId: end.viewId, channelId: end.channelId, userId: end.userId });

/** A change made: announced in the channel, and the form says done (kit.settleForm). */
export async function settleDone(end: FormEnd, result: WriteResult): Promise<void> {
  const announcement = doneView(end.deps.channelUi, end.userId, result);
  const done = end.ui.t('hosting.modal.done', { what: doneText(end.ui, end.userId, result) });
  await settleForm(end.client, settledOf(end), { announcement, view: end.notice(done) }, end.log);
}

/** A change refused or failed: the form, or the person, gets the sentence that says why. */
export async function settleFailed(end: FormEnd, err: unknown, what: string): Promise<void> {
  const m = failureReply(end.log, end.ui, err, what);
  await settleForm(end.client, settledOf(end), { view: end.notice(m.text), message: m }, end.log);
}

/**
 * A change that may have made a password: announced without it, the password
 * shown to its requester alone once (their form, else an ephemeral message,
 * never a direct message: `notShown` goes there instead), then forgotten.
 */
export async function settleWithSecret<R extends WriteResult & { generatedPassword?: string | undefined }>(
  end: FormEnd,
  result: R,
  secret: {
    shown(r: R & { generatedPassword: string }): Message;
    notShown(r: R): Message;
    forget(password: string | undefined): void;
  },
): Promise<void> {
  const password = result.generatedPassword;
  try {
    if (password === undefined) {
      await settleDone(end, result);
      return;
    }
    const { client, log } = end;
    const where = { channelId: end.channelId, userId: end.userId };
    const announcement = doneView(end.deps.channelUi, end.userId, result);
    await announce(client, end.channelId, announcement, (m) => tellUser(client, where, m, log), log);
    const shown = secret.shown({ ...result, generatedPassword: password });
    await settleForm(
      client,
      settledOf(end),
      { view: end.notice(shown.text), message: shown, withoutSecret: secret.notShown(result) },
      log,
    );
  } finally {
    secret.forget(password);
  }
}
