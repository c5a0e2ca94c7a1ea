/**
 * What the app hands Slack to hand back later: button values and modals'
 * private_metadata. Each has one zod schema here; views write with
 * `encodePayload`, handlers read with `decodePayload`, so a shape cannot be
 * written one way and read another. Slack returns these strings as they were
 * sent, but a forged request may carry anything: reading never throws.
 */
import { z } from 'zod';
import { HOSTING_LIMITS } from '../services/hosting/index.ts';
import { LOG_LIMIT } from '../services/servers/index.ts';

/** The server list's pager buttons: page and the filter that made the list. */
export const listPagePayload = z.object({
  p: z.number().int().min(0),
  f: z.object({ terms: z.array(z.string()), type: z.string().optional(), status: z.string().optional() }),
});

/** The log view's "more" button: the provider's cursor and the filter. */
export const logsMorePayload = z.object({
  c: z.string().min(1),
  f: z.object({
    from: z.string().optional(),
    to: z.string().optional(),
    status: z.enum(['success', 'error']).optional(),
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
    code: z.number().int().optional(),
    limit: z.number().int().min(LOG_LIMIT.min).max(LOG_LIMIT.max).optional(),
  }),
});

/** The rename / memo / reverse DNS form: which server, as the user named it, and where to announce. */
export const changeModalPayload = z.object({
  uuid: z.string().min(1),
  ref: z.string(),
  channelId: z.string().min(1),
});

/** An alert's mute button: the server's uuid and how long, in seconds. */
export const mutePayload = z.object({
  u: z.string().min(1),
  s: z.number().int().min(60),
});

/**
 * "I'm on it" on an alarm: the incident's id, and how many claims the button's
 * message showed (a click decides on what the clicker saw: somebody who took it
 * meanwhile is not taken over by surprise).
 */
export const claimPayload = z.object({ i: z.string().min(1), n: z.number().int().min(0).optional() });

/**
 * The order form: where the approval request goes (empty when the form was
 * opened outside any channel and asks for it), and the plan shown.
 */
export const signupModalPayload = z.object({
  channelId: z.string(),
  planId: z.string().optional(),
});

/** A plan's order button in the price list: the plan the order form opens with. */
export const planOrderPayload = z.object({ plan: z.string().min(1).max(100) });

/** The price list's pager: the page to show. */
export const plansPagePayload = z.object({ p: z.number().int().min(0) });

/** Approve / Reject: the row, and the amount their confirm dialog states. */
export const signupButtonPayload = z.object({
  id: z.string(),
  price: z.number().int(),
});

/** A /hosting form: the server it is for, where to announce, and the site a delete form is about. */
export const hostingFormPayload = z.object({
  server: z.string().min(1),
  channelId: z.string().min(1),
  id: z.string().optional(),
});

/** Confirm / Cancel / Approve / Reject of a destructive /hosting operation: the stored request. */
export const hostingOperationPayload = z.object({ id: z.string().min(1) });

/** "Show the private key": the sealed key's id (its owner is checked against the seal, never this). */
export const privateKeyButtonPayload = z.object({ id: z.string().min(1) });

/**
 * The error log's (and the access log's) pager: server, domain, lines asked
 * for, the keyword looked for, the page, and which log (`a` the access log;
 * left out, the error log, as on the buttons posted before there were two).
 */
export const errorLogPagePayload = z.object({
  s: z.string().min(1),
  d: z.string().min(1),
  l: z.number().int().min(1),
  k: z.string().min(1).max(HOSTING_LIMITS.keywordMax).optional(),
  p: z.number().int().min(0),
  t: z.literal('a').optional(),
});

/** The error log's file button: the same read as the command (server, domain, lines asked, keyword). */
export const errorLogFilePayload = errorLogPagePayload.omit({ p: true });

/**
 * The request a domain's ownership refusal answered, sent again by its
 * buttons: server, kind, the domain or the address, and for a domain its SSL
 * choices; for a mailbox the id of its sealed form (never the password).
 */
export const verificationPayload = z.object({
  s: z.string().min(1).max(253),
  k: z.enum(['domain_add', 'mail_add']),
  d: z.string().min(1).max(400),
  ssl: z.boolean().optional(),
  r: z.boolean().optional(),
  m: z.string().min(1).max(200).optional(),
});

export type HostingFormPayload = z.infer<typeof hostingFormPayload>;
export type ChangeModalPayload = z.infer<typeof changeModalPayload>;
export type SignupModalPayload = z.infer<typeof signupModalPayload>;

export function encodePayload<S extends z.ZodType>(_schema: S, value: z.input<S>): string {
  return JSON.stringify(value);
}

/** The payload, or undefined when it is missing, not JSON, or not of the schema's shape. */
export function decodePayload<S extends z.ZodType>(
  schema: S,
  raw: string | undefined,
): z.output<S> | undefined {
  if (!raw) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const r = schema.safeParse(json);
  return r.success ? r.data : undefined;
}

/** The payload, or an (internal) error naming what could not be read: for listeners that answer failures alike. */
export function decodePayloadOrThrow<S extends z.ZodType>(
  schema: S,
  raw: string | undefined,
  what: string,
): z.output<S> {
  const v = decodePayload(schema, raw);
  if (v === undefined) throw new Error(`${what} unreadable`);
  return v;
}
