/**
 * The one Slack call of a lane now, drawn from what is stored: a notice (or
 * a digest of a burst of them), the summary of rows held by a mute, an
 * incident's message (or a digest of several opening at once), an edit of
 * a message showing everything its incidents hold by now, or the replies due
 * in one incident's thread in one reply. Plain notices are folded first into
 * units of one message each (a server's power changes in a row are one chain).
 */
import type { Message } from '../../slack/views/format.ts';
import { renderIncidentDigest } from '../../slack/views/watch/incident-digest.ts';
import {
  broadcasts,
  renderIncidentReplies,
  type ThreadItem,
} from '../../slack/views/watch/incident-replies.ts';
import { renderIncident } from '../../slack/views/watch/incidents.ts';
import { type NoticeUnit, standsAlone } from '../../slack/views/watch/notice-unit.ts';
import { renderDigest, renderUnit } from '../../slack/views/watch/notifications.ts';
import type { OutboxItem, PowerNotice, ReadIncident } from '../../store/index.ts';
import { isAlarm, noticesAlarm, readIncident } from '../../watch/notices.ts';
import type { Candidate, NotifierContext, Parsed } from './notifier-types.ts';

/**
 * A message no view could draw from a row's data (a value beyond every bound,
 * a time no calendar shows): the rows behind it are set aside. A store read
 * that fails is not one of these; that pass fails and the next tries again.
 */
export class UndrawableError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'the message could not be drawn', { cause });
    this.name = 'UndrawableError';
  }
}

function draw<T>(f: () => T): T {
  try {
    return f();
  } catch (err) {
    throw new UndrawableError(err);
  }
}

/** One Slack call the notifier decided on for a channel, and what to record once Slack said ok. */
export interface Call {
  what: 'post' | 'update';
  rows: OutboxItem[];
  message: Message;
  thread?: string | undefined;
  /** `update`: the message edited. */
  ts?: string | undefined;
  digest: boolean;
  /** Incidents the message shows now, with the version of each. */
  shows: { incidentId: string; version: number }[];
  /** The post is these incidents' own message (its ts is recorded as theirs), even inside a thread. */
  opens?: boolean;
  /** A thread reply also sent to the channel (a reminder nobody answered). */
  broadcast?: boolean;
  /** A daily digest's page: its top message's ts is recorded, for the replies. */
  dailyDigest?: { day: string; page: number };
}

/** The call of `first`, the candidate whose turn it is (pacing.ts), with what may go along with it. */
export async function planCall(
  ctx: NotifierContext,
  channel: string,
  first: Candidate,
  candidates: Candidate[],
): Promise<Call> {
  const { ui, oncall } = ctx;
  if (first.drawn) {
    // A daily digest's page: drawn already, posted alone (its replies in the top message's thread).
    return {
      what: 'post',
      rows: [first.row],
      thread: first.row.threadTs ?? undefined,
      message: first.drawn.message,
      digest: false,
      shows: [],
      dailyDigest: { day: first.drawn.day, page: first.drawn.page },
    };
  }
  switch (first.act) {
    case 'thread-notice':
      return {
        what: 'post',
        rows: [first.row],
        thread: first.row.threadTs ?? undefined,
        message: draw(() => renderUnit(ui, unitOf([first.notice]), oncall)),
        digest: false,
        shows: [],
      };
    case 'notice': {
      // Thread replies (signup follow-ups) are never folded into a digest, nor is the provider key's health.
      const units = draw(() =>
        foldUnits(
          candidates.filter((c) => c.act === 'notice' && !c.drawn),
          ctx.settings.flapWindowMs,
        ),
      );
      const alone = units.find((u) => standsAlone(u.unit));
      const digest = !alone && units.length >= ctx.settings.digestThreshold;
      const chosen = alone ? [alone] : digest ? units : [units[0]!];
      return {
        what: 'post',
        rows: chosen.flatMap((u) => u.rows),
        message: draw(() =>
          digest
            ? renderDigest(
                ui,
                chosen.map((u) => u.unit),
                oncall,
              )
            : renderUnit(ui, chosen[0]!.unit, oncall),
        ),
        digest,
        shows: [],
      };
    }
    case 'held': {
      const held = candidates.filter((c) => c.act === 'held');
      return {
        what: 'post',
        rows: held.map((h) => h.row),
        message: draw(() =>
          renderDigest(
            ui,
            foldUnits(held, Number.POSITIVE_INFINITY).map((u) => u.unit),
            oncall,
            { muted: true },
          ),
        ),
        digest: true,
        shows: [],
      };
    }
    case 'open': {
      // A message that lives in a thread (a signup's approval thread) is never folded into a digest.
      const opens = candidates.filter((c) => c.act === 'open' && !c.post?.threadTs);
      const digest = !first.post?.threadTs && opens.length >= ctx.settings.digestThreshold;
      const chosen = digest ? opens : [first];
      // One row per incident and channel opens it; any further ones are updates.
      const incidents = await incidentsById(
        ctx,
        chosen.map((c) => c.row.incidentId!),
      );
      const message = draw(() =>
        digest ? renderIncidentDigest(ui, incidents, oncall) : renderIncident(ui, incidents[0]!, oncall),
      );
      return {
        what: 'post',
        rows: chosen.map((c) => c.row),
        message,
        digest,
        thread: digest ? undefined : (first.post?.threadTs ?? undefined),
        opens: true,
        shows: incidents.map((i) => ({ incidentId: i.id, version: i.version })),
      };
    }
    case 'update': {
      const ts = first.post!.messageTs!;
      const rows = candidates.filter((c) => c.act === 'update' && c.post?.messageTs === ts).map((c) => c.row);
      const members = await ctx.store.incidents.postsOfMessage(channel, ts);
      const incidents = await incidentsById(
        ctx,
        members.map((m) => m.incidentId),
      );
      const digest = members.length > 1;
      return {
        what: 'update',
        rows,
        ts,
        message: draw(() =>
          digest ? renderIncidentDigest(ui, incidents, oncall) : renderIncident(ui, incidents[0]!, oncall),
        ),
        digest,
        shows: incidents.map((i) => ({ incidentId: i.id, version: i.version })),
      };
    }
    case 'reply': {
      const ts = first.post!.messageTs!;
      const replies = candidates.filter((c) => c.act === 'reply' && c.post?.messageTs === ts);
      const incidents = new Map(
        (
          await incidentsById(
            ctx,
            replies.map((r) => r.row.incidentId!),
          )
        ).map((i) => [i.id, i] as const),
      );
      const items: ThreadItem[] = [];
      for (const r of replies) {
        const incident = incidents.get(r.row.incidentId!);
        if (!incident) continue;
        if (r.notice.kind === 'power') items.push({ incident, notice: r.notice, wakes: isAlarm(r.notice) });
        else if (r.notice.kind === 'alarm') items.push({ incident, notice: r.notice });
      }
      return {
        what: 'post',
        rows: replies.map((r) => r.row),
        // A message posted into a thread is answered in that thread.
        thread: first.post!.threadTs ?? ts,
        message: draw(() => renderIncidentReplies(ui, items, oncall)),
        digest: items.length > 1,
        shows: [],
        broadcast: broadcasts(items),
      };
    }
  }
}

/**
 * The call of `first` as planCall draws it, or the rows that cannot be drawn
 * (a value no view can show, a damaged row): the first candidate alone, or
 * else those that break the call it would have gone with. The caller sets
 * them aside and the lane goes on with the rest, so one such row never holds
 * another channel's or another incident's posts. When every row draws alone
 * but not together, the first goes alone. Any other failure (the store)
 * fails the pass as before, and the next pass tries again.
 */
export async function drawCall(
  ctx: NotifierContext,
  channel: string,
  first: Candidate,
  candidates: Candidate[],
): Promise<{ call: Call } | { undrawable: { candidate: Candidate; err: UndrawableError }[] }> {
  const alone = async (c: Candidate): Promise<UndrawableError | undefined> => {
    try {
      await planCall(ctx, channel, c, [c]);
      return undefined;
    } catch (err) {
      if (err instanceof UndrawableError) return err;
      throw err;
    }
  };
  try {
    return { call: await planCall(ctx, channel, first, candidates) };
  } catch (err) {
    if (!(err instanceof UndrawableError)) throw err;
    const own = await alone(first);
    if (own !== undefined) return { undrawable: [{ candidate: first, err: own }] };
    const undrawable: { candidate: Candidate; err: UndrawableError }[] = [];
    for (const c of candidates) {
      if (c === first || c.act !== first.act) continue;
      const e = await alone(c);
      if (e !== undefined) undrawable.push({ candidate: c, err: e });
    }
    if (undrawable.length > 0) return { undrawable };
    ctx.log.warn({ err, id: first.row.id, channel }, 'rows draw alone but not together; this one goes alone');
    return { call: await planCall(ctx, channel, first, [first]) };
  }
}

/** The incidents by id, in the order asked, each with the watch's reading of it. */
async function incidentsById(ctx: NotifierContext, ids: readonly string[]): Promise<ReadIncident[]> {
  const rows = new Map((await ctx.store.incidents.getMany(ids)).map((r) => [r.id, readIncident(r)] as const));
  const out = ids.map((id) => rows.get(id)).filter((r): r is ReadIncident => r !== undefined);
  if (out.length === 0) throw new Error(`incidents not found: ${ids.slice(0, 3).join(', ')}`);
  return out;
}

/** A unit of one message, with the rows it answers. */
interface Planned {
  unit: NoticeUnit;
  rows: OutboxItem[];
  ready: boolean;
}

/** Folds a server's power notices that follow each other within the window into chains. */
export function foldUnits(items: readonly Parsed[], flapWindowMs: number): Planned[] {
  const out: Planned[] = [];
  const chains = new Map<string, Parsed[]>();
  for (const p of items) {
    if (p.notice.kind !== 'power') {
      out.push({ unit: unitOf([p.notice]), rows: [p.row], ready: p.ready });
      continue;
    }
    const list = chains.get(p.notice.uuid) ?? [];
    chains.set(p.notice.uuid, list);
    list.push(p);
  }
  for (const list of chains.values()) {
    const sorted = [...list].sort((a, b) => a.notice.at - b.notice.at);
    let cur: Parsed[] = [];
    const flush = () => {
      if (cur.length === 0) return;
      out.push({
        unit: unitOf(cur.map((c) => c.notice)),
        rows: cur.map((c) => c.row),
        ready: cur[0]!.ready,
      });
      cur = [];
    };
    for (const p of sorted) {
      const prev = cur[cur.length - 1];
      const pn = prev?.notice as PowerNotice | undefined;
      const n = p.notice as PowerNotice;
      if (pn && (n.at - pn.at > flapWindowMs || n.from !== pn.to)) flush();
      cur.push(p);
    }
    flush();
  }
  return out.sort((a, b) => firstId(a) - firstId(b));
}

/** Notices posted in one message, with the watch's reading of whether they wake on-call. */
function unitOf(notices: NoticeUnit['notices']): NoticeUnit {
  return { notices, alarm: noticesAlarm(notices) };
}

function firstId(p: Planned): number {
  return Math.min(...p.rows.map((r) => r.id));
}
