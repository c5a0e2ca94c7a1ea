/**
 * Slack redelivers a request it thinks went unanswered (X-Slack-Retry-Num),
 * and a second replica may receive the same one. Each interaction has a trigger
 * id; the first delivery claims it and later ones are dropped. Changes are
 * additionally claimed inside ServersService.change, where it is never skipped.
 */
import type { Logger } from '../log.ts';
import type { Store } from '../store/index.ts';

const TTL_MS = 60 * 60 * 1000;

export class DeliveryGuard {
  constructor(
    private readonly deliveries: Pick<Store['deliveries'], 'firstSeen'>,
    private readonly logger: Logger,
  ) {}

  /** True when this delivery is the first of its interaction. */
  async first(kind: 'command' | 'action', triggerId: string | undefined): Promise<boolean> {
    if (!triggerId) return true;
    try {
      return await this.deliveries.firstSeen(`${kind}:${triggerId}`, TTL_MS);
    } catch (err) {
      // A read answered twice is better than none when the store is down;
      // changes stay guarded by their own claim, which does not fail open.
      this.logger.warn(
        { err: { message: (err as Error).message } },
        'delivery claim failed; answering anyway',
      );
      return true;
    }
  }
}
