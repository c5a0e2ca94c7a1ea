import type { Clock } from '../src/clock.ts';
import type { Logger } from '../src/log.ts';
import type { AccessService } from '../src/services/access/index.ts';
import type { DigestService } from '../src/services/digest/index.ts';
import type { HomeService } from '../src/services/home/index.ts';
import type { HomeChanges } from '../src/services/home-changes.ts';
import type { HostingService } from '../src/services/hosting/index.ts';
import type { RenewalsService } from '../src/services/renewals/index.ts';
import type { ServersService } from '../src/services/servers/index.ts';
import type { SignupService } from '../src/services/signup/index.ts';
import type { IncidentService, WatchSubscriptions } from '../src/services/watch/index.ts';
import type { Ui } from '../src/slack/views/format.ts';
import type { Store } from '../src/store/index.ts';

/** What every listener gets from the composition root: one bag for every feature. */
export interface HandlerDeps {
  servers: ServersService;
  signup: SignupService;
  subscriptions: WatchSubscriptions;
  /** Alarms: "I'm on it" and `/vps incidents`. */
  incidents: IncidentService;
  hosting: HostingService;
  renewals: RenewalsService;
  /** `/vps digest`: the last 24 hours, read from the store. */
  digest: DigestService;
  /** Each person's App Home, and who opened theirs (so that later changes publish it again). */
  home: HomeService;
  homeChanges: HomeChanges;
  access: AccessService;
  /** The user's language and time zone. */
  ui(userId: string): Promise<Ui>;
  /** The bot's default language, for messages the whole channel reads. */
  channelUi: Ui;
  /** Where first deliveries are claimed (see kit.firstDelivery). */
  deliveries: Pick<Store['deliveries'], 'firstSeen'>;
  clock: Clock;
  logger: Logger;
}
