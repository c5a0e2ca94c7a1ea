/**
 * Cron (docs/provider-api.md, Cron). A job's id is a hash of its content: a
 * change of content is a new id, which the answer carries.
 */
import { ApiError } from './api-error.ts';
import { body, checkQuery, fail, noBody, P, server } from './hosting-common.ts';
import { addCronJob, type CronFields, changeCronJob } from './hosting-model.ts';
import type { CronJobState } from './hosting-state.ts';
import type { Route } from './routing.ts';
import {
  type Body,
  checkMaxLength,
  optionalBoolean,
  optionalString,
  rejectUnknown,
  requireText,
} from './validation.ts';

export const SCHEDULE_FIELDS = ['minute', 'hour', 'day', 'month', 'weekday'] as const;
export type ScheduleField = (typeof SCHEDULE_FIELDS)[number];

/** Each field's range, as the reference gives it (weekday 0-7: 0 and 7 are Sunday). */
export const SCHEDULE_RANGES: Record<ScheduleField, [number, number]> = {
  minute: [0, 59],
  hour: [0, 23],
  day: [1, 31],
  month: [1, 12],
  weekday: [0, 7],
};

/**
 * One schedule field in cron's own syntax: `*`, `*\/n`, a number, `a-b`,
 * `a-b/n`, lists of those, every number in the field's range (names such as
 * `mon`: the simulator does not take them; the reference shows numbers only).
 */
export function scheduleFieldOk(field: ScheduleField, value: string): boolean {
  const [lo, hi] = SCHEDULE_RANGES[field];
  const inRange = (s: string) => /^\d{1,2}$/.test(s) && Number(s) >= lo && Number(s) <= hi;
  return value.split(',').every((item) => {
    const m = /^(\*|(\d{1,2})(?:-(\d{1,2}))?)(?:\/(\d{1,2}))?$/.exec(item);
    if (!m) return false;
    if (m[4] !== undefined && Number(m[4]) < 1) return false;
    if (m[1] === '*') return true;
    if (!inRange(m[2]!)) return false;
    return m[3] === undefined || (inRange(m[3]) && Number(m[3]) >= Number(m[2]));
  });
}

export function checkCronFields(f: Partial<CronFields>, errors: string[]): void {
  for (const k of SCHEDULE_FIELDS) {
    const v = f[k];
    if (v !== undefined && !scheduleFieldOk(k, v)) {
      const [lo, hi] = SCHEDULE_RANGES[k];
      errors.push(`${k}: ${lo}〜${hi}、*、*/n、範囲（a-b）またはそれらのカンマ区切りで指定してください。`);
    }
  }
  checkMaxLength(f.command, 1024, 'command', errors);
  checkMaxLength(f.comment, 255, 'comment', errors);
}

function render(j: CronJobState): Record<string, unknown> {
  return {
    id: j.id,
    minute: j.minute,
    hour: j.hour,
    day: j.day,
    month: j.month,
    weekday: j.weekday,
    command: j.command,
    comment: j.comment,
    enabled: j.enabled,
  };
}

function optionalFields(b: Body, errors: string[]): Partial<CronFields> {
  const out: Partial<CronFields> = {};
  for (const k of [...SCHEDULE_FIELDS, 'command', 'comment'] as const) {
    const v = optionalString(b, k, errors);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

export const cronRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${P}/cron`,
    handle: (ctx) => {
      const h = server(ctx, 'cron', 'read');
      checkQuery(ctx, []);
      return { crons: [...h.cronJobs.values()].map(render), notification_email: h.notificationEmail };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/cron`,
    handle: (ctx) => {
      const h = server(ctx, 'cron', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, [...SCHEDULE_FIELDS, 'command', 'comment'], errors);
      for (const k of [...SCHEDULE_FIELDS, 'command'] as const) requireText(b, k, errors);
      const f = optionalFields(b, errors);
      checkCronFields(f, errors);
      fail(errors);
      const job = addCronJob(ctx.core.world, h, {
        minute: f.minute ?? '',
        hour: f.hour ?? '',
        day: f.day ?? '',
        month: f.month ?? '',
        weekday: f.weekday ?? '',
        command: f.command ?? '',
        comment: f.comment ?? '',
        enabled: true,
      });
      return { id: job.id, message: 'Cronを追加しました。' };
    },
  },
  {
    method: 'PUT',
    pattern: `${P}/cron/:cron_id`,
    handle: (ctx) => {
      const h = server(ctx, 'cron', 'write');
      const job = h.cronJobs.get(ctx.params.cron_id ?? '');
      if (!job) throw new ApiError('NOT_FOUND', '指定されたCronが見つかりません。');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, [...SCHEDULE_FIELDS, 'command', 'comment', 'enabled'], errors);
      const f = optionalFields(b, errors);
      for (const k of [...SCHEDULE_FIELDS, 'command'] as const)
        if (f[k] !== undefined && f[k].trim() === '') errors.push(`${k}: 空にはできません。`);
      // `enabled` left out keeps its value, as every field left out does (the reference also calls it "default: true").
      const enabled = optionalBoolean(b, 'enabled', errors);
      checkCronFields(f, errors);
      fail(errors);
      const next = changeCronJob(h, job, { ...f, ...(enabled === undefined ? {} : { enabled }) });
      return { id: next.id, message: 'Cronを変更しました。' };
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/cron/:cron_id`,
    handle: (ctx) => {
      const h = server(ctx, 'cron', 'write');
      const job = h.cronJobs.get(ctx.params.cron_id ?? '');
      if (!job) throw new ApiError('NOT_FOUND', '指定されたCronが見つかりません。');
      noBody(ctx);
      h.cronJobs.delete(job.id);
      return { message: 'Cronを削除しました。' };
    },
  },
];
