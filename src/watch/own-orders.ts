/**
 * The bot's own orders in the server list. A server the bot ordered (a paid
 * signup, approved) is announced in its order's thread when it is ready
 * (signups.ts); the list that names it then is no news, just as the bot's
 * own renames are not (outside-or-own.ts): what the bot did is its own.
 *
 * - A server new in the list is the bot's when one of its orders names the
 *   uuid: taken silently (its snapshot is written, nothing is posted).
 * - While an order may still turn out to be it (the provider's answer not
 *   recorded yet, `executing` or `unknown`; or `submitted` and its status not
 *   asked since the server appeared: the watcher asks it at the signup
 *   cadence, sooner than the next list), the server waits: nothing of it is
 *   written, so the next list looks again (a restart, or another replica,
 *   does too), at most `maxWaitMs` after it was first seen.
 * - Otherwise it was made outside the bot (the control panel, another API
 *   client): "a new server appeared in the list", as before.
 */
import type { SignupRow, SignupState, SnapshotRow, Store } from '../store/index.ts';

/** How a server new in the list is taken. */
export type NewServer = 'own' | 'wait' | 'outside';

/** Orders that are, or may still become, a server. */
const ORDERS: readonly SignupState[] = ['active', 'submitted', 'executing', 'unknown'];

/** The longest a new server waits for an order to claim it. */
export const OWN_ORDER_WAIT_MS = 10 * 60_000;

export class OwnOrders {
  /** Servers waiting, and when each was first seen (epoch ms). */
  private readonly firstSeen = new Map<string, number>();

  /** `checkedAt`: when the watcher last asked about each order's status (by signup id, epoch ms). */
  constructor(private readonly checkedAt: ReadonlyMap<string, number>) {}

  /** How each server of the list that the store does not know is taken, at `now` (epoch ms). */
  async sort(
    store: Pick<Store, 'signups'>,
    listed: readonly { uuid: string | null }[],
    known: readonly SnapshotRow[],
    now: number,
  ): Promise<Map<string, NewServer>> {
    const stored = new Set(known.map((s) => s.serverUuid));
    const fresh = listed.flatMap((s) => (s.uuid !== null && !stored.has(s.uuid) ? [s.uuid] : []));
    const out = new Map<string, NewServer>();
    for (const uuid of this.firstSeen.keys()) if (!fresh.includes(uuid)) this.firstSeen.delete(uuid);
    if (fresh.length === 0) return out;
    const orders = await store.signups.listByState(ORDERS);
    const ordered = new Set(orders.flatMap((r) => (r.uuid === null ? [] : [r.uuid])));
    for (const uuid of fresh) {
      const first = this.firstSeen.get(uuid) ?? now;
      const kind: NewServer = ordered.has(uuid)
        ? 'own'
        : now - first < OWN_ORDER_WAIT_MS && orders.some((r) => mayBecome(r, first, this.checkedAt))
          ? 'wait'
          : 'outside';
      if (kind === 'wait') this.firstSeen.set(uuid, first);
      else this.firstSeen.delete(uuid);
      out.set(uuid, kind);
    }
    return out;
  }
}

/** Whether order `r`, which names no server yet, may still be the one first seen at `first`. */
function mayBecome(r: SignupRow, first: number, checkedAt: ReadonlyMap<string, number>): boolean {
  if (r.uuid !== null) return false;
  if (r.state === 'executing' || r.state === 'unknown') return true;
  // Submitted: until its status was asked once the server had appeared (only one the watcher follows).
  return r.state === 'submitted' && r.providerServiceId !== null && (checkedAt.get(r.id) ?? 0) < first;
}
