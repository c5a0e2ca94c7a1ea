/**
 * The submissions of the DNS record and cron job forms (the /hosting command
 * opens them): checked by the reference's rules field by field (nothing is
 * sent before they pass). A record's change leads to the confirmation (or
 * the approval request), not to the change; a cron job added or changed is
 * sent at once, announced in the channel, and the form says done or what
 * went wrong (kit.settleForm).
 */
import type { App } from '@slack/bolt';
import { checkCronJob, checkDnsChange } from '../../../src/services/hosting/index.ts';
import { fieldErrors } from '../../../src/slack/error-text.ts';
import {
  HOSTING_RECORD_CALLBACKS,
  HOSTING_RECORD_FORMS,
  type HostingRecordForm,
  hostingBlockId,
} from '../../../src/slack/ids.ts';
import { confirmationView } from '../../../src/slack/views/hosting/operations.ts';
import {
  readCronForm,
  readDnsChangeForm,
  recordNoticeView,
} from '../../../src/slack/views/hosting/record-forms.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import { postOperationApproval } from '../../../src/workers/posting/hosting-posts.ts';
import { accountForm, failureReply, type HandlerDeps, type SubmitArgs, tellUser } from '../../kit.ts';
import { openHostingForm, settleDone, settleFailed } from './form-opening.ts';

function submit(deps: HandlerDeps, form: HostingRecordForm) {
  return async (args: SubmitArgs): Promise<void> => {
    const { ack, view, client } = args;
    const opened = await openHostingForm(deps, args, {
      component: 'hosting-record-form',
      form,
      name: 'hosting record form',
      notice: (ui, text) => recordNoticeView(ui, form, text),
      needsId: false,
      read: (_meta, ui) => {
        const values = view.state.values as Parameters<typeof readCronForm>[0];
        const dnsChange = form === 'dns_change' ? readDnsChangeForm(values) : undefined;
        const cron = form === 'dns_change' ? undefined : readCronForm(values);
        const problems = dnsChange ? checkDnsChange(dnsChange) : cron ? checkCronJob(cron) : [];
        return { value: { dnsChange, cron }, errors: fieldErrors(ui, problems, hostingBlockId) };
      },
    });
    if (!opened) return;
    const { userId, log, ui, meta, end } = opened;
    const { dnsChange, cron } = opened.read;
    const actor = { userId, channelId: meta.channelId };
    const where = { channelId: meta.channelId, userId };
    if (dnsChange) {
      // The next step is the confirmation (or the approval request): the form has done its part.
      await ack({ response_action: 'clear' });
      try {
        const { op, loss, needsApproval } = await deps.hosting.operations.request(actor, meta.server, {
          kind: 'hosting.dns_change',
          id: meta.id ?? '',
          change: {
            ...(dnsChange.host === undefined ? {} : { host: dnsChange.host }),
            ...(dnsChange.type === undefined ? {} : { type: dnsChange.type }),
            ...(dnsChange.content === undefined ? {} : { content: dnsChange.content }),
            ...(dnsChange.ttl === undefined ? {} : { ttl: dnsChange.ttl }),
            ...(dnsChange.priority === undefined ? {} : { priority: dnsChange.priority }),
          },
        });
        if (!needsApproval) await tellUser(client, where, confirmationView(ui, op, loss), log);
        else if (await postOperationApproval(deps, client, op, log))
          await tellUser(
            client,
            where,
            textView(ui.t('hosting.approval.sent', { channel: op.channelId })),
            log,
          );
        else {
          await deps.hosting.operations.withdraw(op.id);
          await tellUser(client, where, textView(ui.t('hosting.approval.not_posted')), log);
        }
      } catch (err) {
        await tellUser(client, where, failureReply(log, ui, err, 'hosting dns change'), log);
      }
      return;
    }
    if (!cron) return;
    await ack({ response_action: 'update', view: recordNoticeView(ui, form, ui.t('hosting.modal.working')) });
    try {
      const result =
        form === 'cron_add'
          ? await deps.hosting.cron.add(actor, meta.server, cron)
          : await deps.hosting.cron.change(actor, meta.server, meta.id ?? '', { form: cron });
      await settleDone(end, result);
    } catch (err) {
      await settleFailed(end, err, `hosting ${form}`);
    }
  };
}

export function registerHostingRecordForms(app: App, deps: HandlerDeps): void {
  for (const form of HOSTING_RECORD_FORMS)
    app.view(
      HOSTING_RECORD_CALLBACKS[form],
      accountForm(deps, (d) => submit(d, form)),
    );
}
