/**
 * Routes of the VPS API (docs/provider-api.md, VPS endpoints): /v1/me, /v1/logs,
 * plans, signup, signup status, VPS information and power state.
 */

import { type AnswerPatch, patchAnswer } from './answer-faults.ts';
import { ApiError, validationError } from './api-error.ts';
import {
  type Category,
  checkPermission,
  checkSignupAllowed,
  checkTarget,
  renderKeyInfo,
} from './api-keys.ts';
import { periodPrice } from './pricing.ts';
import type { RequestContext, Route } from './routing.ts';
import type { VpsServerState } from './types.ts';
import {
  asObject,
  checkHostname,
  checkMemo,
  checkServerName,
  rejectUnknown,
  requireString,
} from './validation.ts';
import { handleSignup, renderSignupStatus } from './vps-signup.ts';

/** What the simulator answers about a server: its state, through any answer fault set on it. */
interface Answers {
  answerPatches: ReadonlyMap<string, AnswerPatch>;
}

function summary(s: VpsServerState, w: Answers): Record<string, unknown> {
  return patchAnswer(summaryOf(s), w.answerPatches.get(s.uuid));
}

function detail(s: VpsServerState, w: Answers): Record<string, unknown> {
  return patchAnswer(detailOf(s), w.answerPatches.get(s.uuid));
}

function summaryOf(s: VpsServerState): Record<string, unknown> {
  return {
    uuid: s.uuid,
    name: s.name,
    vps_type: s.vpsType,
    plan_name: s.planName,
    status: s.status,
    ip_address: s.ipAddress,
    os: s.os,
    memo: s.memo,
  };
}

function detailOf(s: VpsServerState): Record<string, unknown> {
  return {
    uuid: s.uuid,
    name: s.name,
    vps_type: s.vpsType,
    status: s.status,
    plan: { name: s.planName, vcpu: s.vcpu, memory_gb: s.memoryGb, disk_gb: s.diskGb },
    os: s.os,
    application: s.application,
    hostname: s.hostname,
    reverse_hostname: s.reverseHostname,
    ip_address: s.ipAddress,
    power: { status: s.power },
    memo: s.memo,
  };
}

/** Permission, then target range (403 for a non-target), then existence (404). */
function findServer(ctx: RequestContext, category: Category<'vps'>, scope: 'read' | 'write'): VpsServerState {
  const grant = checkPermission(ctx.key, 'vps', category, scope);
  const uuid = ctx.params.uuid ?? '';
  checkTarget(grant, uuid);
  const s = ctx.core.world.vps.get(uuid);
  if (!s) throw new ApiError('NOT_FOUND', '指定されたVPSが見つかりません。');
  return s;
}

/** memo/name/reverse-dns cannot complete while a power operation is being applied. */
function assertNotProcessing(s: VpsServerState): void {
  if (s.power === 'processing') {
    throw new ApiError(
      'OPERATION_ERROR',
      '電源操作などの処理中のため操作を完了できませんでした。時間をおいて再度お試しください。',
    );
  }
}

function oneStringField(ctx: RequestContext, field: string): string {
  const body = asObject(ctx.body());
  const errors: string[] = [];
  rejectUnknown(body, [field], errors);
  const v = requireString(body, field, errors);
  if (v === undefined || errors.length > 0) throw validationError(errors);
  return v;
}

export const vpsRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v1/me',
    handle: (ctx) => renderKeyInfo(ctx.key),
  },
  {
    method: 'GET',
    pattern: '/v1/logs',
    handle: (ctx) => ctx.core.apiLog.query(ctx.key.name, ctx.query, ctx.core.now()),
  },
  {
    method: 'GET',
    pattern: '/v1/vps/plans',
    handle: (ctx) => {
      checkSignupAllowed(checkPermission(ctx.key, 'vps', 'signup', 'read'));
      const now = ctx.core.now();
      const plans = [...ctx.core.world.plans.values()]
        .filter((p) => !p.closed)
        .map((p) => ({
          plan_id: p.planId,
          vps_type: p.vpsType,
          plan_name: p.planName,
          memory_mb: p.memoryMb,
          vcpu: p.vcpu,
          disk_gb: p.diskGb,
          currency: 'JPY',
          // Closed periods are omitted like ended plans; a paused plan stays listed.
          periods: p.periods.filter((m) => !p.closedPeriods.has(m)).map((m) => periodPrice(p, m, now)),
        }));
      const osImages = ctx.core.world.images.map((i) => ({
        image_id: i.imageId,
        name: i.name,
        version: i.version,
        minimum_memory_mb: i.minimumMemoryMb,
      }));
      return { plans, os_images: osImages };
    },
  },
  { method: 'POST', pattern: '/v1/vps/servers', signup: true, handle: handleSignup },
  {
    method: 'GET',
    pattern: '/v1/vps/signup-status/:id',
    handle: (ctx) => {
      checkSignupAllowed(checkPermission(ctx.key, 'vps', 'signup', 'read'));
      const raw = ctx.params.id ?? '';
      const s = /^\d+$/.test(raw) ? ctx.core.world.signupList.find((x) => x.id === Number(raw)) : undefined;
      if (!s) throw new ApiError('NOT_FOUND', '指定された申し込みが見つかりません。');
      return renderSignupStatus(s);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/vps/servers',
    handle: (ctx) => {
      const grant = checkPermission(ctx.key, 'vps', 'server', 'read');
      const all = [...ctx.core.world.vps.values()];
      const visible =
        grant.target_mode === 'selected' ? all.filter((s) => grant.targets.includes(s.uuid)) : all;
      return { servers: visible.map((s) => summary(s, ctx.core.world)) };
    },
  },
  {
    method: 'GET',
    pattern: '/v1/vps/servers/:uuid',
    handle: (ctx) => ({ server: detail(findServer(ctx, 'server', 'read'), ctx.core.world) }),
  },
  {
    method: 'PUT',
    pattern: '/v1/vps/servers/:uuid/memo',
    handle: (ctx) => {
      const s = findServer(ctx, 'settings', 'write');
      const memo = oneStringField(ctx, 'memo');
      const errors: string[] = [];
      checkMemo(memo, errors);
      if (errors.length > 0) throw validationError(errors);
      assertNotProcessing(s);
      s.memo = memo === '' ? null : memo;
      return { message: memo === '' ? 'メモを削除しました。' : 'メモを更新しました。' };
    },
  },
  {
    method: 'PUT',
    pattern: '/v1/vps/servers/:uuid/name',
    handle: (ctx) => {
      const s = findServer(ctx, 'settings', 'write');
      const name = oneStringField(ctx, 'name');
      const errors: string[] = [];
      checkServerName(name, errors);
      if (errors.length > 0) throw validationError(errors);
      assertNotProcessing(s);
      s.name = name;
      return { message: 'サーバー名を変更しました。' };
    },
  },
  {
    method: 'PUT',
    pattern: '/v1/vps/servers/:uuid/reverse-dns',
    handle: (ctx) => {
      const s = findServer(ctx, 'settings', 'write');
      const hostname = oneStringField(ctx, 'hostname');
      const errors: string[] = [];
      checkHostname(hostname, errors);
      if (errors.length > 0) throw validationError(errors);
      assertNotProcessing(s);
      // Giving the standard hostname restores the default; either way the PTR is that name.
      s.reverseHostname = hostname;
      return { message: '逆引きホスト名を設定しました。' };
    },
  },
  {
    method: 'GET',
    pattern: '/v1/vps/servers/:uuid/power',
    // Simulator assumption: the body of this endpoint is not shown by the spec;
    // the simulator answers {"power":{"status":...}} like the detail's power
    // object. Clients must parse it leniently.
    handle: (ctx) => {
      const s = findServer(ctx, 'power', 'read');
      return patchAnswer({ power: { status: s.power } }, ctx.core.world.answerPatches.get(s.uuid));
    },
  },
];
