/**
 * How every /hosting form's submission starts: who submitted it, in their
 * language when it is known within a second (the submission must be answered
 * within 3 s), what the form was opened for (its private_metadata), the
 * fields the rules refuse answered inline, and Slack's re-delivery of a
 * submission dropped (one change per submission). What follows is each
 * form's own.
 */
import type { ModalView } from '@slack/types';
import type { Logger } from '../../../src/log.ts';
import { decodePayload, type HostingFormPayload, hostingFormPayload } from '../../../src/slack/payloads.ts';
import type { Ui } from '../../../src/slack/views/format.ts';
import { type HandlerDeps, isRetry, type SubmitArgs, uiWithin } from '../../kit.ts';

export interface OpenedForm<M, T> {
  userId: string;
  log: Logger;
  ui: Ui;
  meta: M;
  /** What `read` made of the form's fields. */
  read: T;
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
  { ack, body, view }: SubmitArgs,
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
  return { userId, log, ui, meta, read: value };
}
