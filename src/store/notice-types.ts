/**
 * The payload of an outbox row: what happened, in plain data. The watcher
 * (and the renewal reminders, the digest, the notifier itself) writes it, the
 * notifier folds it and the views word it. Times are epoch ms. It is stored as
 * JSON and read back through `parseNotice`, so a row written by an older
 * version (or damaged) is recognised rather than trusted.
 */
import { z } from 'zod';
import { alarmNoticeSchema } from './alarm-types.ts';

/**
 * The longest power state a notice carries: the provider client's bound on
 * the field (docs/provider-api.md, Power status), repeated here because the
 * store sits below the client.
 */
export const POWER_STATE_CHARS = 64;

/** A server's plan as the detail says it (each part when it could be read). */
export const planFactsSchema = z.object({
  plan: z.string().optional(),
  vcpu: z.number().optional(),
  memoryGb: z.number().optional(),
  diskGb: z.number().optional(),
});
const textChange = <F extends string>(field: F) =>
  z.object({ field: z.literal(field), from: z.string().nullable(), to: z.string().nullable() });

export type PlanFacts = z.infer<typeof planFactsSchema>;

/** One thing that changed about a server between two reads (src/watch/server-facts.ts finds them). */
export const factChangeSchema = z.discriminatedUnion('field', [
  z.object({ field: z.literal('name'), from: z.string(), to: z.string() }),
  textChange('memo'),
  textChange('rdns'),
  textChange('ip'),
  z.object({ field: z.literal('plan'), from: planFactsSchema, to: planFactsSchema }),
]);
export type FactChange = z.infer<typeof factChangeSchema>;

/** A power state as the provider said it, listed in the spec or not (an unlisted one: never an alarm). */
const power = z.string().min(1).max(POWER_STATE_CHARS);

/**
 * The renewal price a reminder gives, from the price list of the day it was
 * queued: the plan and period as listed; the plan or its period no longer
 * listed; no plan known (a date set by hand for a server ordered elsewhere);
 * or the list could not be read (`forbidden`: the key may not sign up).
 */
const renewalPrice = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('listed'),
    planId: z.string(),
    planName: z.string(),
    months: z.number(),
    total: z.number(),
    regular: z.number(),
    campaign: z.boolean(),
  }),
  z.object({
    kind: z.literal('period_not_offered'),
    planId: z.string(),
    planName: z.string(),
    months: z.number(),
  }),
  z.object({ kind: z.literal('plan_not_offered'), planId: z.string(), months: z.number() }),
  z.object({ kind: z.literal('unknown_plan') }),
  z.object({ kind: z.literal('unreadable'), reason: z.enum(['forbidden', 'unavailable']) }),
]);

/** What a hosting notice says changed. */
export const HOSTING_CHANGES = [
  'domain-added',
  'domain-removed',
  'ssh-on',
  'ssh-off',
  'key-added',
  'key-removed',
  'dns-added',
  'dns-changed',
  'dns-removed',
  'cron-added',
  'cron-changed',
  'cron-removed',
  'mail-added',
  'mail-removed',
  'ftp-added',
  'ftp-removed',
  /** Not a change: a free certificate's `expires_at` is near (src/watch/hosting-record-watch.ts). */
  'ssl-expiring',
] as const;

const noticeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('power'),
    uuid: z.string(),
    name: z.string(),
    from: power,
    to: power,
    at: z.number(),
  }),
  z.object({
    kind: z.literal('contract'),
    uuid: z.string(),
    name: z.string(),
    from: z.string(),
    to: z.string(),
    at: z.number(),
  }),
  z.object({
    kind: z.literal('server-added'),
    uuid: z.string(),
    name: z.string(),
    at: z.number(),
  }),
  z.object({
    kind: z.literal('server-removed'),
    uuid: z.string(),
    name: z.string(),
    at: z.number(),
  }),
  // A server's name, memo, reverse hostname, IP address or plan changed outside the bot (the control
  // panel, another API client): every change one read saw, in one notice.
  z.object({
    kind: z.literal('server-changed'),
    uuid: z.string(),
    /** Its name now. */
    name: z.string(),
    changes: z.array(factChangeSchema).min(1),
    at: z.number(),
  }),
  z.object({
    kind: z.literal('signup-active'),
    signupId: z.string(),
    serviceId: z.string(),
    uuid: z.string(),
    name: z.string(),
    ip: z.string().nullable(),
    requesterId: z.string(),
    at: z.number(),
  }),
  z.object({
    kind: z.literal('signup-stuck'),
    signupId: z.string(),
    serviceId: z.string(),
    name: z.string().nullable(),
    requesterId: z.string(),
    since: z.number(),
    at: z.number(),
  }),
  // The provider key: `days` before its expiry (a warning of KEY_WARNING_DAYS), or refused (401).
  z.object({
    kind: z.literal('key-expiring'),
    expiresAt: z.number(),
    days: z.number(),
    at: z.number(),
  }),
  // To a watch's creator, in a direct message: the bot cannot post in the channel of their watch.
  z.object({
    kind: z.literal('channel-parked'),
    channelId: z.string(),
    /** Slack's error: not_in_channel, channel_not_found or is_archived. */
    error: z.string(),
    /** What waits longer than this is summarised in one message once the bot can post there. */
    summariseAfterMs: z.number(),
    at: z.number(),
  }),
  // The first message in a channel the bot could not post in for a while: what it did not post.
  z.object({
    kind: z.literal('backlog'),
    /** Since when the bot could not post there. */
    since: z.number(),
    /** Power changes not posted, how many of them were alarms, and the servers they were about. */
    changes: z.number(),
    alarms: z.number(),
    servers: z.array(z.string()),
    /** Other notifications not posted (servers added or removed, contracts, orders). */
    others: z.number(),
    at: z.number(),
  }),
  // The key's expiry has passed and the provider still answers it: an alarm (it may stop at any moment).
  z.object({
    kind: z.literal('key-expired'),
    expiresAt: z.number(),
    at: z.number(),
  }),
  // A contract renews (from the prepaid balance) on `date`: notified `days` before it (a threshold of
  // VPS_RENEWAL_REMINDER_DAYS), `left` days before it when queued. Written by the renewal reminders.
  z.object({
    kind: z.literal('renewal'),
    contractId: z.string(),
    serverUuid: z.string().nullable(),
    name: z.string(),
    date: z.string(),
    days: z.number(),
    left: z.number(),
    /** Where the date comes from: the provider's signup status, or a person (`setBy`). */
    source: z.enum(['provider', 'person']),
    setBy: z.string().nullable(),
    /** As ordered here; null when the bot does not know (a server ordered in the panel). */
    autoRenew: z.boolean().nullable(),
    price: renewalPrice,
    at: z.number(),
  }),
  z.object({
    kind: z.literal('key-refused'),
    /** The expiry last read, if any: a key refused after it is an expired key. */
    expiresAt: z.number().nullable(),
    at: z.number(),
  }),
  // Said in an incident's thread besides its power changes: a claim, a reminder, an alarm opened or resolved.
  alarmNoticeSchema,
  // The daily digest of a Japan day (written by the digest worker, kept in the store's daily_digests):
  // page 0 is its top message, the others its thread's replies, posted once the top one has its ts.
  z.object({
    kind: z.literal('daily-digest'),
    day: z.string(),
    page: z.number().int().min(0),
    at: z.number(),
  }),
  // A hosting server changed outside the bot (the control panel, another API client).
  z.object({
    kind: z.literal('hosting'),
    /** The hosting server (its initial domain). */
    server: z.string(),
    change: z.enum(HOSTING_CHANGES),
    /**
     * The domain (Punycode), the SSH key's `key_id`, the DNS record's name, the
     * cron job's id, the mail or FTP account, or the certificate's domain.
     */
    item: z.string().optional(),
    /** The SSH key's `label`, or the cron job's comment. */
    label: z.string().nullable().optional(),
    /** The DNS record's type and content, the cron job's schedule (never its command), the FTP account's directory. */
    detail: z.string().optional(),
    /** The certificate's expiry (epoch ms). */
    expiresAt: z.number().optional(),
    at: z.number(),
  }),
]);

export type Notice = z.infer<typeof noticeSchema>;
export type PowerNotice = Extract<Notice, { kind: 'power' }>;
export type RenewalNotice = Extract<Notice, { kind: 'renewal' }>;
export type DailyDigestNotice = Extract<Notice, { kind: 'daily-digest' }>;
export type RenewalPrice = z.infer<typeof renewalPrice>;

export type HostingNotice = Extract<Notice, { kind: 'hosting' }>;
export type ServerChangedNotice = Extract<Notice, { kind: 'server-changed' }>;

export function parseNotice(payload: unknown): Notice | undefined {
  const value = typeof payload === 'string' ? safeJson(payload) : payload;
  const r = noticeSchema.safeParse(value);
  return r.success ? r.data : undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
