import type { Notice } from './notices.ts';
import type { SignupStatusView, TrackedSignup, WatchStore } from './ports.ts';

/**
 * Follow-up of a paid signup the provider accepted as `building` or
 * `setup_pending`: completion is posted once in the approval message's thread
 * with the new uuid and IP and a mention of the requester; a `setup_pending`
 * that lasts past the escalation time gets one message advising to contact
 * the provider's support (vps-api.md: "if it stays pending for a long time the
 * operator's support must be contacted").
 */
export type SignupOutcome = 'active' | 'escalated' | 'status-changed' | 'unchanged';

export async function recordSignupStatus(
  store: WatchStore,
  signup: TrackedSignup,
  status: SignupStatusView,
  ip: string | null,
  opts: { now: number; escalateAfterMs: number; notifyChannel?: string | undefined },
): Promise<SignupOutcome> {
  // NOTIFY_CHANNEL receives everything: a copy of each follow-up, outside the thread.
  const copyTo =
    opts.notifyChannel && opts.notifyChannel !== signup.channelId ? opts.notifyChannel : undefined;
  if (status.status === 'active' && status.uuid) {
    const uuid = status.uuid;
    const notice: Notice = {
      kind: 'signup-active',
      signupId: signup.id,
      serviceId: signup.providerServiceId,
      uuid,
      name: status.name || signup.name || uuid,
      ip,
      requesterId: signup.requesterId,
      at: opts.now,
    };
    // The conditional state change and the message commit together: whoever wins
    // `submitted -> active` (this process, a restarted one, another replica) posts.
    await store.transaction(async (tx) => {
      if (!(await tx.signups.markActive(signup.id, uuid, ip))) return;
      await tx.outbox.enqueue({
        dedupeKey: `signup:${signup.id}:active`,
        channelId: signup.channelId,
        threadTs: signup.messageTs,
        payload: notice,
        nextAttemptAt: opts.now,
      });
      if (copyTo) {
        await tx.outbox.enqueue({
          dedupeKey: `signup:${signup.id}:active@${copyTo}`,
          channelId: copyTo,
          threadTs: null,
          payload: notice,
          nextAttemptAt: opts.now,
        });
      }
    });
    return 'active';
  }
  let outcome: SignupOutcome = 'unchanged';
  if (
    status.status !== signup.providerStatus &&
    (status.status === 'building' || status.status === 'setup_pending')
  ) {
    await store.signups.setProviderStatus(signup.id, status.status);
    outcome = 'status-changed';
  }
  if (status.status === 'setup_pending' && opts.now - signup.submittedAt >= opts.escalateAfterMs) {
    const notice: Notice = {
      kind: 'signup-stuck',
      signupId: signup.id,
      serviceId: signup.providerServiceId,
      name: status.name || signup.name,
      requesterId: signup.requesterId,
      since: signup.submittedAt,
      at: opts.now,
    };
    const fresh = await store.transaction(async (tx) => {
      const first = await tx.outbox.enqueue({
        dedupeKey: `signup:${signup.id}:stuck`,
        channelId: signup.channelId,
        threadTs: signup.messageTs,
        payload: notice,
        nextAttemptAt: opts.now,
      });
      if (first && copyTo) {
        await tx.outbox.enqueue({
          dedupeKey: `signup:${signup.id}:stuck@${copyTo}`,
          channelId: copyTo,
          threadTs: null,
          payload: notice,
          nextAttemptAt: opts.now,
        });
      }
      return first;
    });
    if (fresh) outcome = 'escalated';
  }
  return outcome;
}
