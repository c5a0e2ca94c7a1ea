import type { Logger } from 'pino';
import { BACKGROUND, type ProviderClient, type SignupStatus } from '../provider/index.ts';
import type { Notice, ProviderSignupStatus, SignupRow, Store } from '../store/index.ts';
import { raiseAlarm, resolveAlarm } from './alarms.ts';

/**
 * Follow-up of a paid signup the provider accepted as `building` or
 * `setup_pending`: completion is posted once in the approval message's thread
 * with the new uuid and IP and a mention of the requester; a `setup_pending`
 * that lasts past the escalation time is an alarm (alarms.ts) advising to
 * contact the provider's support (docs/provider-api.md, Signup status: one that
 * stays pending for a long time needs the provider's support), posted in the
 * approval thread and NOTIFY_CHANNEL, and resolved when the server is ready.
 */
export type SignupOutcome = 'active' | 'escalated' | 'status-changed' | 'unchanged';

/** A signup the provider accepted (`submitted`, with its service id) and has not finished yet. */
export type TrackedSignup = SignupRow & { providerServiceId: number };

/** Signups in state `submitted` that carry the provider's service id. */
export async function trackedSignups(store: Pick<Store, 'signups'>): Promise<TrackedSignup[]> {
  const rows = await store.signups.listByState(['submitted']);
  return rows.filter((r): r is TrackedSignup => r.providerServiceId !== null);
}

/** The provider's statuses on the way to `active`. */
export function isPendingStatus(s: string): s is Exclude<ProviderSignupStatus, 'active'> {
  return s === 'building' || s === 'setup_pending';
}

/**
 * One look at a tracked signup: its status and, once it is active, one detail
 * read for the new server's IP (`another`: a second request inside the
 * watcher's budget), then what it means (recordSignupStatus).
 */
export async function followSignup(
  signup: TrackedSignup,
  deps: {
    provider: Pick<ProviderClient, 'signupStatus' | 'getServer'>;
    store: Pick<Store, 'signups' | 'transaction'>;
    log: Pick<Logger, 'warn'>;
    another: <T>(call: () => Promise<T>) => Promise<T>;
    now: () => Date;
    escalateAfterMs: number;
    notifyChannel?: string | undefined;
    flapMs: number;
    /** Told every status answer first (the contract's date is in it). */
    noteStatus?: (status: SignupStatus) => Promise<void>;
  },
): Promise<{ outcome: SignupOutcome; status: string }> {
  const status = await deps.provider.signupStatus(signup.providerServiceId, BACKGROUND);
  await deps.noteStatus?.(status);
  let ip: string | null = null;
  const uuid = status.status === 'active' ? status.uuid : null;
  if (uuid) {
    // The IP is not in signup-status. Posting the completion matters more: the message says it is unknown.
    ip = await deps
      .another(async () => (await deps.provider.getServer(uuid, BACKGROUND)).ip_address ?? null)
      .catch((err: unknown) => {
        deps.log.warn({ err, signup: signup.id }, 'could not read the new server for its IP');
        return null;
      });
  }
  const outcome = await recordSignupStatus(deps.store, signup, status, ip, {
    now: deps.now(),
    escalateAfterMs: deps.escalateAfterMs,
    notifyChannel: deps.notifyChannel,
    flapMs: deps.flapMs,
  });
  return { outcome, status: status.status };
}

export async function recordSignupStatus(
  store: Pick<Store, 'signups' | 'transaction'>,
  signup: TrackedSignup,
  status: Pick<SignupStatus, 'uuid' | 'name' | 'status'>,
  ip: string | null,
  opts: { now: Date; escalateAfterMs: number; notifyChannel?: string | undefined; flapMs?: number },
): Promise<SignupOutcome> {
  const alarmCtx = { now: opts.now, flapMs: opts.flapMs ?? 30_000 };
  const subject = `signup:${signup.id}`;
  const at = opts.now.getTime();
  const serviceId = String(signup.providerServiceId);
  // The approval message; follow-ups are posted in its thread.
  const threadTs = signup.threadTs ?? signup.messageTs;
  // The store keeps no submission time: the quote's creation is at most its expiry
  // older, which makes the setup_pending escalation early, never late.
  const submittedAt = signup.createdAt.getTime();
  // NOTIFY_CHANNEL receives everything: a copy of each follow-up, outside the thread.
  const copyTo =
    opts.notifyChannel && opts.notifyChannel !== signup.channelId ? opts.notifyChannel : undefined;
  if (status.status === 'active' && status.uuid) {
    const uuid = status.uuid;
    const notice: Notice = {
      kind: 'signup-active',
      signupId: signup.id,
      serviceId,
      uuid,
      name: status.name || signup.serverName || uuid,
      ip,
      requesterId: signup.requesterId,
      at,
    };
    // The conditional state change and the message commit together: whoever wins
    // `submitted -> active` (this process, a restarted one, another replica) posts.
    await store.transaction(async (tx) => {
      const { won } = await tx.signups.transition(signup.id, ['submitted'], 'active', {
        uuid,
        ipAddress: ip,
        providerStatus: 'active',
      });
      if (!won) return;
      await resolveAlarm(
        tx,
        { kind: 'signup-stuck', subject, key: `signup:${signup.id}:active`, at },
        alarmCtx,
      );
      await tx.outbox.enqueue({
        dedupeKey: `signup:${signup.id}:active`,
        channelId: signup.channelId,
        threadTs,
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
  if (status.status !== (signup.providerStatus ?? 'building') && isPendingStatus(status.status)) {
    // A self-transition: records the provider's status, no state change.
    await store.signups.transition(signup.id, ['submitted'], 'submitted', { providerStatus: status.status });
    outcome = 'status-changed';
  }
  if (status.status === 'setup_pending' && at - submittedAt >= opts.escalateAfterMs) {
    const channels = [{ channelId: signup.channelId, threadTs }, ...(copyTo ? [{ channelId: copyTo }] : [])];
    const raised = await store.transaction((tx) =>
      raiseAlarm(
        tx,
        {
          kind: 'signup-stuck',
          subject,
          name: status.name || signup.serverName || '',
          detail: { signupId: signup.id, serviceId, requesterId: signup.requesterId, since: submittedAt },
          // One alarm per signup, whoever sees it and however often.
          key: `signup:${signup.id}:stuck`,
          at,
          channels,
        },
        alarmCtx,
      ),
    );
    if (raised.outcome === 'opened') outcome = 'escalated';
  }
  return outcome;
}
