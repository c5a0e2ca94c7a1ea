/**
 * A notice (not an incident) queued for every channel that watches its
 * subject, in the caller's transaction: one outbox row per channel, keyed
 * `<key>@<channel>`, so a restarted process or a second replica that saw the
 * same change queues nothing twice. A channel that muted the subject (or
 * everything) gets it held until its mute ends, for the summary.
 */
import type { Notice, Store } from '../store/index.ts';

export type NoticeTx = Pick<Store, 'outbox' | 'mutes'>;

/** Queues `notice` for `channels`; returns how many rows were new. */
export async function enqueueNotice(
  tx: NoticeTx,
  key: string,
  notice: Notice,
  subject: string,
  channels: readonly string[],
  now: Date,
): Promise<number> {
  let fresh = 0;
  const mutes = channels.length > 0 ? await tx.mutes.activeFor(subject, now) : [];
  for (const channelId of channels) {
    const muted = mutes.filter((m) => m.channelId === channelId);
    const until = muted.length > 0 ? Math.max(...muted.map((m) => m.until.getTime())) : undefined;
    const { created } = await tx.outbox.enqueue({
      dedupeKey: `${key}@${channelId}`,
      channelId,
      threadTs: null,
      payload: notice,
      subject,
      kind: until === undefined ? 'notice' : 'held',
      nextAttemptAt: until === undefined ? now : new Date(until),
    });
    if (created) fresh += 1;
  }
  return fresh;
}
