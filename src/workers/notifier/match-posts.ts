/**
 * What may be done in a channel now: incident rows are matched with their
 * post; an update the message already shows is marked sent here (no call),
 * and updates and replies whose message has no ts yet wait for it; a
 * daily digest's replies wait for its top message's ts likewise.
 */
import type { DailyDigestRow } from '../../store/index.ts';
import type { DailyDigestNotice } from '../../watch/notices.ts';
import type { Candidate, Parsed } from './candidate.ts';
import type { NotifierContext } from './context.ts';
import { drawDigestPage } from './daily-digest-page.ts';

export async function candidatesOf(
  ctx: NotifierContext,
  channel: string,
  items: readonly Parsed[],
): Promise<Candidate[]> {
  const ids = [
    ...new Set(
      items
        .filter((i) => i.row.incidentId && i.row.kind !== 'held' && i.row.kind !== 'notice')
        .map((i) => i.row.incidentId!),
    ),
  ];
  const posts = new Map(
    (await ctx.store.incidents.posts(channel, ids)).map((p) => [p.incidentId, p] as const),
  );
  const out: Candidate[] = [];
  const revived = new Set<string>();
  const digests = new Map<string, DailyDigestRow | null>();
  for (const item of items) {
    const { row } = item;
    if (row.kind === 'notice' && item.notice.kind === 'daily-digest') {
      const c = await digestPage(ctx, item, item.notice, digests);
      if (c) out.push(c);
      continue;
    }
    if (row.kind === 'notice') {
      out.push({ ...item, act: row.threadTs ? 'thread-notice' : 'notice', post: undefined });
      continue;
    }
    if (row.kind === 'held') {
      out.push({ ...item, act: 'held', post: undefined });
      continue;
    }
    const post = row.incidentId ? posts.get(row.incidentId) : undefined;
    if (!post) {
      // The watcher writes the post's record with the row; without it there is nothing to attach to.
      ctx.log.error({ id: row.id, dedupeKey: row.dedupeKey }, 'incident row without its post; set aside');
      await ctx.store.outbox.markFailed(row.id, 'no incident post', null);
      continue;
    }
    const act = row.kind === 'open' && post.messageTs ? 'update' : row.kind;
    if (act === 'update' && post.messageTs && post.renderedVersion >= (row.incidentVersion ?? 0)) {
      // The message already shows it (posted or edited later): nothing to call.
      await ctx.store.outbox.markSent(row.id, post.messageTs);
      ctx.counters.rowsSent += 1;
      continue;
    }
    if ((act === 'update' || act === 'reply') && !post.messageTs) {
      if (post.summarisedAt) {
        // The backlog summary told this incident. What it already covered is done; a change
        // since then is the incident's first word here again: a new message.
        if (row.createdAt < post.summarisedAt) {
          await ctx.store.outbox.markSummarised([row.id], null);
        } else if (!revived.has(post.incidentId)) {
          revived.add(post.incidentId);
          out.push({ ...item, act: 'open', post });
        }
      }
      continue;
    }
    out.push({ ...item, act, post });
  }
  return out;
}

/**
 * A daily digest's page: drawn from the stored digest. The top message goes
 * as a notice; a reply waits for the top message's ts and goes into its
 * thread. A page that cannot be drawn (the digest is gone or unreadable) is
 * set aside, never posted half.
 */
async function digestPage(
  ctx: NotifierContext,
  item: Parsed,
  n: DailyDigestNotice,
  digests: Map<string, DailyDigestRow | null>,
): Promise<Candidate | undefined> {
  if (!digests.has(n.day)) digests.set(n.day, await ctx.store.dailyDigests.get(n.day));
  const digest = digests.get(n.day) ?? null;
  const message = digest ? drawDigestPage(ctx.ui, digest, n.page) : undefined;
  if (!message) {
    ctx.log.error(
      { id: item.row.id, day: n.day, page: n.page },
      'daily digest page cannot be drawn; set aside',
    );
    await ctx.store.outbox.markFailed(item.row.id, 'digest page not drawable', null);
    return undefined;
  }
  const drawn = { message, day: n.day, page: n.page };
  if (n.page === 0) return { ...item, act: 'notice', post: undefined, drawn };
  // Its thread is the top message's: until Slack accepted that one, the reply waits.
  if (!digest?.messageTs) return undefined;
  return {
    ...item,
    row: { ...item.row, threadTs: digest.messageTs },
    act: 'thread-notice',
    post: undefined,
    drawn,
  };
}
