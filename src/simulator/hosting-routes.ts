/**
 * Routes of the hosting API under /v1/server/{servername}/...: the 56
 * endpoints of the provider's hosting reference (docs/provider-api.md,
 * Hosting endpoints) and the SSH endpoints of the older partial spec.
 *
 * Answers carry exactly the reference's fields. Where the reference is
 * silent, the simulator's choices (the bot must not lean on any of them; see
 * src/simulator/README.md, Simulator assumptions):
 * - a failed ownership check (POST /domain, POST /mail) is 409
 *   OPERATION_ERROR; the record is seen 60 s (VERIFICATION_DELAY_MS) after it
 *   could first be resolved;
 * - a temporary error for subdomains made in quick succession (more than 3
 *   within 10 s) is 409 OPERATION_ERROR; so is free SSL refused on other
 *   name servers, one already set, a paid certificate's DELETE, the initial
 *   domain's DELETE, a grant given twice or revoked when absent;
 * - `ssl_status` is left out of the creation answer when SSL was not asked for;
 * - unknown body fields and query parameters are a 422; a raw `@` in a mail
 *   address path is a 400; a domain in a path or a query must be Punycode
 *   (404 in a path, 422 in a query), in a body too except POST /domain;
 * - the limits the reference states only for creation also hold for the PUT,
 *   and memos other than WordPress's are at most 255 characters.
 */
import { cronRoutes } from './cron-routes.ts';
import { databaseRoutes } from './database-routes.ts';
import { dnsRoutes } from './dns-routes.ts';
import { domainRoutes } from './domain-routes.ts';
import { ftpRoutes } from './ftp-routes.ts';
import { mailRoutes } from './mail-routes.ts';
import type { Route } from './routing.ts';
import { siteRoutes } from './site-routes.ts';
import { sshRoutes } from './ssh-routes.ts';
import { wordpressRoutes } from './wordpress-routes.ts';

export const hostingRoutes: Route[] = [
  ...domainRoutes,
  ...cronRoutes,
  ...wordpressRoutes,
  ...mailRoutes,
  ...ftpRoutes,
  ...databaseRoutes,
  ...siteRoutes,
  ...dnsRoutes,
  ...sshRoutes,
];
