/**
 * One pass over the outbox: for every channel that may be told something
 * now, one Slack call per lane (a post, a digest, an edit, a thread reply);
 * rows that need no call any more are marked on the way.
 */
import { parseNotice } from '../../watch/notices.ts';
import type { Parsed } from './candidate.ts';
import type { NotifierContext } from './context.ts';
import { candidatesOf } from './match-posts.ts';
import { reopen } from './parked-channels.ts';
import { planCall } from './plan.ts';
import { sendCall } from './send.ts';

export interface DrainResult {
  /** Calls Slack accepted. */
  posted: number;
  /** When something is waiting: how long until it may go. */
  waitMs: number | undefined;
}

export async function drainPass(ctx: NotifierContext, now: number): Promise<DrainResult> {
  ctx.parkedNow.clear();
  const byChannel = await dueByChannel(ctx, now);
  let posted = 0;
  let waitMs: number | undefined;
  const note = (ms: number) => {
    waitMs = waitMs === undefined ? ms : Math.min(waitMs, ms);
  };
  for (const [channel, items] of byChannel) {
    const candidates = await candidatesOf(ctx, channel, items);
    for (const lane of ctx.pace.lanes(candidates)) {
      if (ctx.parkedNow.has(channel)) break;
      if (lane.all.length === 0) continue;
      const turn = ctx.pace.turn(lane, channel, now);
      if (turn.waitMs !== undefined) {
        note(turn.waitMs);
        continue;
      }
      const call = await planCall(ctx, channel, turn.list, now);
      if (!ctx.isLeader()) return { posted, waitMs };
      const ok = await sendCall(ctx, channel, call, now, lane.nextAt);
      if (ok) posted += 1;
      const next = ctx.pace.settle(lane, channel, { ok, burst: turn.burst, sentRows: call.rows }, now);
      if (next !== undefined) note(next);
    }
  }
  return { posted, waitMs };
}

/**
 * The due rows by channel, read: parked channels whose probe is due are
 * opened first, rows of the others stay parked, and a row that cannot be read
 * is set aside.
 */
async function dueByChannel(ctx: NotifierContext, now: number): Promise<Map<string, Parsed[]>> {
  const at = new Date(now);
  const parked = new Set<string>();
  for (const c of await ctx.store.channels.parked()) {
    if (c.probeAt && c.probeAt.getTime() <= now) await reopen(ctx, c, now);
    else parked.add(c.channelId);
  }
  const rows = await ctx.store.outbox.due(at, 1000);
  if (rows.length >= 1000) {
    // A backlog of edits and replies must not hide a new alert behind it.
    const seen = new Set(rows.map((r) => r.id));
    for (const r of await ctx.store.outbox.due(at, 1000, { kinds: ['open'] })) {
      if (!seen.has(r.id)) rows.push(r);
    }
    rows.sort((a, b) => a.id - b.id);
  }
  const byChannel = new Map<string, Parsed[]>();
  const toPark = new Set<string>();
  for (const row of rows) {
    if (parked.has(row.channelId)) {
      // Written since the channel was parked: it waits with the others.
      toPark.add(row.channelId);
      continue;
    }
    const notice = parseNotice(row.payload);
    if (!notice) {
      // Never post what we cannot read; keep it for a person to look at.
      ctx.log.error(
        { id: row.id, dedupeKey: row.dedupeKey },
        'outbox row with an unreadable payload; set aside',
      );
      await ctx.store.outbox.markFailed(row.id, 'unreadable payload', null);
      continue;
    }
    const list = byChannel.get(row.channelId) ?? [];
    byChannel.set(row.channelId, list);
    list.push({ row, notice, ready: true });
  }
  for (const channel of toPark) await ctx.store.outbox.parkChannel(channel, at);
  return byChannel;
}
