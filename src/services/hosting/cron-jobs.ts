/**
 * /hosting's cron jobs: the list (and where cron's notices go), a job added,
 * changed (its schedule, command or comment, or turned on or off) at once. A
 * change gives the job a new id: the answer's id is the one named from then
 * on (docs/provider-api.md, Hosting endpoints). A delete is a destructive
 * operation (record-operations.ts): confirmed first.
 */
import { type CronJob, type CronJobChange, READ, WRITE } from '../../provider/index.ts';
import type { Actor } from '../access/index.ts';
import { ServiceError } from '../errors.ts';
import { areaRejection } from './area-rejection.ts';
import { maskCommandSecrets } from './command-secrets.ts';
import type { HostingCalls, WriteResult } from './hosting-calls.ts';
import type { OnServer } from './hosting-reads.ts';
import { type CronForm, checkCronId, checkCronJob } from './record-rules.ts';

export interface CronListing {
  jobs: CronJob[];
  notificationEmail: string | undefined;
  unreadable: number;
}

/** A job's schedule as cron writes it. */
export const schedule = (j: Pick<CronJob, 'minute' | 'hour' | 'day' | 'month' | 'weekday'>): string =>
  `${j.minute} ${j.hour} ${j.day} ${j.month} ${j.weekday}`;

export class HostingCron {
  constructor(private readonly calls: HostingCalls) {}

  async list(actor: Actor, named: string | undefined): Promise<OnServer<CronListing>> {
    const action = 'hosting.cron';
    const { server, api } = await this.calls.begin(actor, action, named);
    const l = await this.calls.read(() => api.listCron(READ), { actor, action, server });
    return {
      server,
      value: { jobs: l.items, notificationEmail: l.notificationEmail, unreadable: l.malformed.length },
    };
  }

  checkJob(f: CronForm) {
    return checkCronJob(f);
  }

  async add(actor: Actor, named: string | undefined, f: CronForm): Promise<WriteResult> {
    const action = 'hosting.cron_add';
    // The audit row keeps the command with its obvious credentials masked (command-secrets.ts).
    const params = { schedule: schedule(f), command: maskCommandSecrets(f.command), comment: f.comment };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(actor, action, server, checkCronJob(f), params);
    const answer = await this.calls.write(
      actor,
      action,
      server,
      params,
      () => api.addCron(cronInput(f), WRITE),
      areaRejection('cron'),
    );
    return {
      server,
      action,
      subject: `${schedule(cronInput(f))} ${maskCommandSecrets(f.command)}`,
      created: answer.id,
    };
  }

  /** The job a change form starts from (one that is not there is refused here). */
  async job(actor: Actor, named: string | undefined, id: string): Promise<OnServer<CronJob>> {
    const action = 'hosting.cron_change';
    const { server, api } = await this.calls.begin(actor, action, named, { id, form: true });
    await this.calls.refuseInvalid(actor, action, server, checkCronId(id), { id });
    const l = await this.calls.read(() => api.listCron(WRITE), { actor, action, server, params: { id } });
    const job = l.items.find((j) => j.id === id.trim());
    if (!job) throw new ServiceError('hosting_not_found', { what: 'cron', id: id.trim() });
    return { server, value: job };
  }

  /**
   * PUT /cron/{id} with the job's new content, or only `enabled` (turned on
   * or off, sent explicitly: the reference's default for it is not said to
   * apply when it is left out). The result names the id the provider answered.
   */
  async change(
    actor: Actor,
    named: string | undefined,
    id: string,
    change: { form: CronForm } | { enabled: boolean },
  ): Promise<WriteResult> {
    const action = 'hosting.cron_change';
    const body: CronJobChange = 'form' in change ? cronInput(change.form) : { enabled: change.enabled };
    const params = {
      id,
      ...body,
      ...(body.command === undefined ? {} : { command: maskCommandSecrets(body.command) }),
    };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    const problems = [...checkCronId(id), ...('form' in change ? checkCronJob(change.form) : [])];
    await this.calls.refuseInvalid(actor, action, server, problems, params);
    const answer = await this.calls.write(
      actor,
      action,
      server,
      params,
      () => api.updateCron(id.trim(), body, WRITE),
      areaRejection('cron'),
    );
    return {
      server,
      action,
      subject: 'form' in change ? id.trim() : `${id.trim()}:${change.enabled ? 'on' : 'off'}`,
      created: answer.id,
    };
  }
}

function cronInput(f: CronForm) {
  return {
    minute: f.minute.trim(),
    hour: f.hour.trim(),
    day: f.day.trim(),
    month: f.month.trim(),
    weekday: f.weekday.trim(),
    command: f.command,
    ...(f.comment.trim() === '' ? {} : { comment: f.comment }),
  };
}
