/**
 * Channels the bot cannot post in (`not_in_channel`, `channel_not_found`,
 * `is_archived`) are parked, not retried: their rows wait (new ones are
 * parked on sight), the people who set up watches there are notified once by
 * direct message (an outbox row, so once across restarts and replicas), and
 * the channel is tried again every `reprobeMs`, or at once when `/vps watch`
 * proved the bot can post there. Then rows older than `summariseAfterMs` are
 * summarised in one backlog message instead of posted one by one; alerts that were
 * never posted are marked summarised, so their follow-ups are dropped, and a
 * change after that starts a new message.
 */
import { type ChannelRow, type Notice, type OutboxItem, parseNotice } from '../../store/index.ts';
import { isAlarm } from '../../watch/notices.ts';
import type { NotifierContext } from './notifier-types.ts';

/**
 * The bot cannot post in the channel: its rows wait, and the people who set
 * up watches there are notified (once a day at most) by direct message.
 */
export async function park(ctx: NotifierContext, channel: string, error: string, now: number): Promise<void> {
  const { reprobeMs, summariseAfterMs, tellAgainAfterMs } = ctx.settings;
  const at = new Date(now);
  const r = await ctx.store.transaction(async (tx) => {
    const parked = await tx.channels.park(channel, error, {
      at,
      probeAt: new Date(now + reprobeMs),
      tellAgainAfter: new Date(now - tellAgainAfterMs),
      sameSpellAfter: new Date(now - reprobeMs),
    });
    const rows = await tx.outbox.parkChannel(channel, at);
    const told = parked.tell ? [...new Set((await tx.watches.list(channel)).map((w) => w.createdBy))] : [];
    for (const user of told) {
      const notice: Notice = {
        kind: 'channel-parked',
        channelId: channel,
        error,
        summariseAfterMs,
        at: now,
      };
      await tx.outbox.enqueue({
        dedupeKey: `parked:${channel}:${at.toISOString()}:${user}`,
        channelId: user,
        payload: notice,
      });
    }
    return { ...parked, rows, told: told.length };
  });
  ctx.parkedNow.add(channel);
  if (!r.parked) return;
  ctx.counters.parked += 1;
  ctx.lookAgain();
  const fields = { channel, error, rows: r.rows, told: r.told };
  if (r.tell && r.told === 0) {
    ctx.log.error(fields, 'cannot post in the channel and no watch there names anyone to tell; parked it');
  } else ctx.log.warn(fields, 'cannot post in the channel; parked it');
}

/**
 * A parked channel's turn to be tried again: its rows become due, those
 * older than `summariseAfterMs` folded into one backlog message. If Slack
 * still refuses, the first call parks it again (without telling anyone again).
 */
export async function reopen(ctx: NotifierContext, c: ChannelRow, now: number): Promise<void> {
  const at = new Date(now);
  const cutoff = now - ctx.settings.summariseAfterMs;
  const r = await ctx.store.transaction(async (tx) => {
    if (!c.probeAt || !(await tx.channels.open(c.channelId, c.probeAt))) return undefined;
    // Rows written since the last pass are judged with the others.
    await tx.outbox.parkChannel(c.channelId, at);
    const rows = await tx.outbox.parkedRows(c.channelId);
    const old = (row: OutboxItem) => row.createdAt.getTime() < cutoff;
    // An alert never posted and older than the cut is summarised with all that followed it.
    const oldIncidents = new Set(
      rows.filter((row) => row.kind === 'open' && row.incidentId && old(row)).map((row) => row.incidentId!),
    );
    let summarised = rows.filter(
      (row) =>
        (row.incidentId !== null && oldIncidents.has(row.incidentId)) ||
        (row.kind !== 'open' && row.kind !== 'update' && old(row)),
    );
    const isBacklog = (row: OutboxItem) => parseNotice(row.payload)?.kind === 'backlog';
    if (summarised.every(isBacklog)) summarised = [];
    else summarised = [...new Set([...summarised, ...rows.filter(isBacklog)])];
    if (summarised.length > 0) {
      await tx.outbox.markSummarised(
        summarised.map((row) => row.id),
        null,
      );
      await tx.incidents.markSummarised(c.channelId, [...oldIncidents], at);
      await tx.outbox.enqueue({
        dedupeKey: `backlog:${c.channelId}:${at.toISOString()}`,
        channelId: c.channelId,
        payload: backlogOf(summarised, c.parkedAt.getTime(), now),
      });
    }
    const waiting = await tx.outbox.unparkChannel(c.channelId, at);
    return { summarised: summarised.length, waiting };
  });
  if (!r) return;
  ctx.counters.reopened += 1;
  ctx.log.info(
    { channel: c.channelId, summarised: r.summarised, waiting: r.waiting },
    'trying a parked channel again',
  );
}

/**
 * One backlog notice for rows that will not be posted one by one: the power
 * changes (each counted once, however many rows carried it), the alarms among
 * them and their servers, the other notices, and earlier backlogs folded in.
 */
function backlogOf(rows: readonly OutboxItem[], since: number, at: number): Notice {
  const changes = new Set<string>();
  const servers: string[] = [];
  let earlier = 0;
  let alarms = 0;
  let others = 0;
  let from = since;
  const server = (name: string) => {
    if (!servers.includes(name)) servers.push(name);
  };
  for (const row of rows) {
    const n = parseNotice(row.payload);
    if (n?.kind === 'backlog') {
      earlier += n.changes;
      alarms += n.alarms;
      others += n.others;
      from = Math.min(from, n.since);
      for (const s of n.servers) server(s);
    } else if (n?.kind === 'power') {
      const key = `${n.uuid}:${n.at}:${n.from}:${n.to}`;
      if (changes.has(key)) continue;
      changes.add(key);
      if (isAlarm(n)) alarms += 1;
      server(n.name);
    } else others += 1;
  }
  return { kind: 'backlog', since: from, changes: earlier + changes.size, alarms, servers, others, at };
}
