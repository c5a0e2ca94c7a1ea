/**
 * What a daily digest says, as plain data: the read model of one window of
 * time (24 hours) built from the store and what the watcher holds. It is
 * kept as posted (the store's `daily_digests`) and read back through
 * `parseDigestReport`, so a row written by another version (or damaged) is
 * recognised rather than trusted. Times are epoch ms.
 *
 * Every list is capped (`DIGEST_LISTED`) beside its `total`: a day with three
 * hundred incidents is counted whole and listed in part, never cut silently.
 */
import { z } from 'zod';

/** The most items of one list a digest keeps (the views show fewer and say how many more). */
export const DIGEST_LISTED = 50;

const incident = z.object({
  id: z.string(),
  /** `power` or an alarm kind, as the store keeps it (a kind added later is shown by its name). */
  kind: z.string(),
  name: z.string(),
  raisedAt: z.number(),
  resolvedAt: z.number().nullable(),
  claimedBy: z.string().nullable(),
});

const list = <T extends z.ZodType>(item: T) => z.object({ total: z.number(), items: z.array(item) });

const order = z.object({
  signupId: z.string(),
  name: z.string().nullable(),
  planId: z.string().nullable(),
  /** The plan's name as the price list gave it, when the bot had read one (absent in digests stored before). */
  planName: z.string().nullable().optional(),
  period: z.number().nullable(),
  /** Yen, tax included: the price the approval authorised. */
  price: z.number().nullable(),
  requesterId: z.string().nullable(),
  approverId: z.string(),
  /** `placed`: the provider took it; `unknown`: it may have reached the provider (never retried). */
  outcome: z.enum(['placed', 'unknown']),
  at: z.number(),
});

const refusal = z.object({
  /** `signup` (a paid order) or a hosting operation's kind (`hosting.domain_reset`). */
  what: z.string(),
  /** The plan of a signup, the server of an operation. */
  target: z.string(),
  /** A signup's plan by name, when the bot had read the price list (absent in digests stored before). */
  planName: z.string().nullable().optional(),
  name: z.string().nullable(),
  price: z.number().nullable(),
  state: z.enum(['rejected', 'expired']),
  requesterId: z.string(),
  /** Who said no (null for an expiry). */
  by: z.string().nullable(),
  at: z.number(),
});

const hostingChange = z.object({
  at: z.number(),
  server: z.string(),
  /** Through the bot: the action (`hosting.ssh_on`) and who; outside it: what the watcher saw changed. */
  action: z.string(),
  actor: z.string().nullable(),
  /** The domain, key, database … it names, when it names one. */
  subject: z.string().nullable(),
});

/** A server's facts changed outside the bot, as the watcher reported it (`outside_change` in the audit trail). */
const serverChange = z.object({
  at: z.number(),
  name: z.string(),
  /** `name`, `memo`, `rdns`, `ip`, `plan`: what changed. */
  fields: z.array(z.string()),
});

const renewal = z.object({
  name: z.string(),
  date: z.string(),
  left: z.number(),
  source: z.enum(['provider', 'person']),
  autoRenew: z.boolean().nullable(),
});

export const digestReportSchema = z.object({
  /** The Japan day of a scheduled digest (`YYYY-MM-DD`); null for one asked for with `/vps digest`. */
  day: z.string().nullable(),
  from: z.number(),
  to: z.number(),
  /** When it was built: what is open or stopped is as of then. */
  at: z.number(),
  incidents: z.object({
    opened: z.number(),
    resolved: z.number(),
    stillOpen: z.number(),
    /** Open ones first (the longest open first), then those resolved, the longest first. */
    list: list(incident),
    longest: incident.nullable(),
  }),
  keyAlarms: list(incident),
  notRunning: list(
    z.object({
      uuid: z.string(),
      name: z.string(),
      power: z.string().nullable(),
      since: z.number().nullable(),
    }),
  ),
  orders: z.object({
    placed: z.number(),
    unknown: z.number(),
    /** Yen, tax included, of the orders placed. */
    totalYen: z.number(),
    list: list(order),
  }),
  refusals: z.object({ rejected: z.number(), expired: z.number(), list: list(refusal) }),
  hosting: z.object({ bot: list(hostingChange), outside: list(hostingChange) }),
  // Absent from a digest kept before servers' outside changes were reported: none then.
  servers: z.object({ outside: list(serverChange) }).default({ outside: { total: 0, items: [] } }),
  budget: z.object({
    /** PROVIDER_DAILY_LIMIT, when configured. */
    limit: z.number().nullable(),
    /** The Japan day before this one (whole), and this one so far: every replica's requests. */
    previousDay: z.number(),
    today: z.number(),
    level: z.enum(['ok', 'low', 'exhausted']),
    /** The last X-RateLimit-* values the client saw, and when. */
    window: z.object({
      limit: z.number().nullable(),
      remaining: z.number().nullable(),
      seenAt: z.number().nullable(),
    }),
  }),
  renewals: z.object({ withinDays: z.number(), list: list(renewal) }),
});

export type DigestReport = z.infer<typeof digestReportSchema>;
export type DigestIncident = z.infer<typeof incident>;
export type DigestOrder = z.infer<typeof order>;
export type DigestRefusal = z.infer<typeof refusal>;
export type DigestHostingChange = z.infer<typeof hostingChange>;
export type DigestServerChange = z.infer<typeof serverChange>;
export type DigestRenewal = z.infer<typeof renewal>;

/** A stored digest read back; undefined when it is not one. */
export function parseDigestReport(value: unknown): DigestReport | undefined {
  const r = digestReportSchema.safeParse(value);
  return r.success ? r.data : undefined;
}

/** At most DIGEST_LISTED of `items`, with their count. */
export function capped<T>(items: readonly T[], total: number = items.length): { total: number; items: T[] } {
  return { total, items: items.slice(0, DIGEST_LISTED) };
}
