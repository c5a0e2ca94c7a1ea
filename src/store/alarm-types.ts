/**
 * The kinds of alarm, and what each one carries. An alarm is an incident
 * whose state wakes on-call; `power` is the watcher's first kind (a stop no
 * power operation explains, an `error`), the others are opened through
 * `raiseAlarm` (src/watch/alarms.ts) with their facts in the incident's
 * `detail`, read back with the kind's schema here. Plain data, below the
 * watcher that writes it and the views that show it.
 */
import { z } from 'zod';

/** Alarm kinds other than power (power incidents are recorded by `recordPowerChange`). */
export const ALARM_KINDS = [
  /** A server's contract turned `suspended`. Subject: the server uuid. */
  'contract',
  /** A paid signup still `setup_pending` past WATCH_SETUP_PENDING_MINUTES. Subject: `signup:<id>`. */
  'signup-stuck',
  /** A hosting domain's `ssl_status` turned `failed_nameserver`. Subject: `ssl:<server>/<domain>`. */
  'ssl',
  /** The key was used for a request the bot did not make. Subject: `key-use:<source ip>`. */
  'key-use',
  /** A hosting server's free SSL certificate expired. Subject: `ssl-expiry:<server>/<domain>`. */
  'ssl-expired',
  /** A burst of 401/403 answers in the key's log. Subject: `key-auth`. */
  'key-auth',
  /** The provider key expired (or is refused). Subject: `key`. */
  'key-expired',
] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];
export type IncidentKind = 'power' | AlarmKind;

export function isAlarmKind(k: string): k is AlarmKind {
  return (ALARM_KINDS as readonly string[]).includes(k);
}

/** An alarm's state while its condition is true, and once it ended. */
export const ALARM_ON = 'alarm';
export const ALARM_OFF = 'ok';

/** Each kind's facts, as the caller of `raiseAlarm` passes them in `detail`. Times are epoch ms. */
export const ALARM_DETAIL = {
  contract: z.object({ from: z.string(), to: z.string() }),
  'signup-stuck': z.object({
    signupId: z.string(),
    /** The provider's service code. */
    serviceId: z.string(),
    requesterId: z.string(),
    /** Since when it waits (the signup's submission, as the store knows it). */
    since: z.number(),
  }),
  ssl: z.object({
    /** The hosting server (its initial domain). */
    server: z.string(),
    domain: z.string(),
    status: z.string(),
    /** The name servers the domain must use (`name_servers`), as the provider lists them. */
    nameServers: z.array(z.string()),
  }),
  'ssl-expired': z.object({
    /** The hosting server (its initial domain). */
    server: z.string(),
    /** The certificate's common name (Punycode). */
    domain: z.string(),
    /** Its `expires_at` (epoch ms), null when the list said `expired` without a readable time. */
    expiresAt: z.number().nullable(),
  }),
  'key-use': z.object({
    method: z.string(),
    path: z.string(),
    status: z.number(),
    ip: z.string(),
    /** The request's time as the log gives it (Japan time, already read as an instant). */
    requestedAt: z.number(),
    /** Further unknown requests from the same address, counted in this alarm. */
    more: z.number().optional(),
    /** The last of them (epoch ms): the alarm ends after an hour without one. */
    lastAt: z.number().optional(),
    /**
     * The address is one the bot's own requests come from: another process on
     * the bot's host, or a request a replica sent and could not journal.
     */
    own: z.boolean().optional(),
  }),
  'key-auth': z.object({
    /** How many 401/403 answers, within how many minutes. */
    count: z.number(),
    windowMinutes: z.number(),
    statuses: z.array(z.number()),
    /** The source addresses seen, as many as the caller keeps. */
    ips: z.array(z.string()),
  }),
  'key-expired': z.object({
    /** The expiry last read, if any; null when the key is refused without one. */
    expiresAt: z.number().nullable(),
    /** The provider refuses the key (401, twice): not only past its expiry. */
    refused: z.boolean().optional(),
  }),
} as const satisfies Record<AlarmKind, z.ZodType>;

export type AlarmDetail<K extends AlarmKind> = z.infer<(typeof ALARM_DETAIL)[K]>;

/** The kind's facts, read back; undefined when they are not of the kind's shape (an older row, damage). */
export function alarmDetail<K extends AlarmKind>(kind: K, detail: unknown): AlarmDetail<K> | undefined {
  const r = ALARM_DETAIL[kind].safeParse(detail);
  return r.success ? (r.data as AlarmDetail<K>) : undefined;
}

/**
 * What happened to an incident that is said in its thread (an outbox row's
 * payload, `kind: 'alarm'`): opened, reopened after it had ended (a
 * relapse), updated with new facts, resolved, claimed (`by`, and who had
 * it before), or a reminder nobody answered (`round` of `of`).
 */
export const ALARM_EVENTS = ['raise', 'reopen', 'update', 'resolve', 'claim', 'renotify'] as const;
export type AlarmEvent = (typeof ALARM_EVENTS)[number];

export const alarmNoticeSchema = z.object({
  kind: z.literal('alarm'),
  event: z.enum(ALARM_EVENTS),
  /** The incident's kind (`power` too: power alarms are claimed and reminded of like the others). */
  alarm: z.string(),
  incidentId: z.string(),
  subject: z.string(),
  name: z.string(),
  at: z.number(),
  by: z.string().optional(),
  previous: z.string().nullable().optional(),
  round: z.number().optional(),
  of: z.number().optional(),
});
export type AlarmNotice = z.infer<typeof alarmNoticeSchema>;

/** An alarm's kind with its facts read back: what a view words it from. */
export type AlarmFacts = { [K in AlarmKind]: { kind: K; detail: AlarmDetail<K> } }[AlarmKind];

/** The kind's facts with their kind; undefined for power, a kind not listed, or facts not of the kind's shape. */
export function alarmFacts(kind: string, detail: unknown): AlarmFacts | undefined {
  if (!isAlarmKind(kind)) return undefined;
  const d = alarmDetail(kind, detail);
  return d === undefined ? undefined : ({ kind, detail: d } as AlarmFacts);
}
