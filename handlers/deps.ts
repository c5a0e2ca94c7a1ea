import type { Clock } from '../src/clock.ts';
import type { Logger } from '../src/log.ts';
import type { AccessService } from '../src/services/access.ts';
import type { DeliveryGuard } from '../src/services/delivery-guard.ts';
import type { ServersService } from '../src/services/servers/index.ts';
import type { Ui } from '../src/slack/views/format.ts';
import type { WatchHandlerDeps } from './commands/watch.ts';
import type { SignupHandlerDeps } from './signup-deps.ts';

/** What the listeners get from the composition root. */
export interface HandlerDeps {
  servers: ServersService;
  access: AccessService;
  /** The user's language and time zone. */
  ui(userId: string): Promise<Ui>;
  /** The bot's default language, for messages the whole channel reads. */
  channelUi: Ui;
  /** Drops a redelivered interaction (same trigger id). */
  deliveries: DeliveryGuard;
  clock: Clock;
  logger: Logger;
  /** Paid signup's own deps (its service, store and access ports). */
  signup: SignupHandlerDeps;
  /** `/vps watch|unwatch|watches`. */
  watch: WatchHandlerDeps;
}
