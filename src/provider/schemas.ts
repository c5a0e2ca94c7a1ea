/**
 * zod schemas of every documented answer. Objects are loose: fields the spec
 * does not list are kept, never refused, so a provider that adds a field does
 * not break the bot. Documented fields are typed.
 */
import { z } from 'zod';
import { validatePathId } from './validate.ts';

const nullableString = z.string().nullable();

export const ServiceScopeSchema = z.looseObject({
  permission_type: z.string(),
  target_mode: z.string(),
  targets: z.array(z.string()).default([]),
  permissions: z.record(z.string(), z.string()).optional(),
  allow_signup: z.boolean().optional(),
  allow_acquisition: z.boolean().optional(),
  site_target_mode: z.string().optional(),
  sites: z.array(z.string()).optional(),
});
export type ServiceScope = z.infer<typeof ServiceScopeSchema>;

/** GET /v1/me; legacy single-server keys also carry the deprecated top-level fields. */
export const KeyInfoSchema = z.looseObject({
  expires_at: nullableString.optional().transform((v) => v ?? null),
  services: z
    .looseObject({
      server: ServiceScopeSchema.optional(),
      domain: ServiceScopeSchema.optional(),
      wphosting: ServiceScopeSchema.optional(),
      vps: ServiceScopeSchema.optional(),
    })
    .default({}),
  service_type: z.string().optional(),
  servername: z.string().optional(),
  permission_type: z.string().optional(),
});
export type KeyInfo = z.infer<typeof KeyInfoSchema>;

export const LogEntrySchema = z.looseObject({
  method: z.string(),
  path: z.string(),
  status_code: z.number().int(),
  response_time_ms: z
    .number()
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  ip_address: z.string(),
  created_at: z.string(),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;

export const LogsPageSchema = z.looseObject({
  logs: z.array(LogEntrySchema),
  count: z.number().int(),
  limit: z.number().int(),
  has_more: z.boolean(),
  next_cursor: nullableString.optional().transform((v) => v ?? null),
});
export type LogsPage = z.infer<typeof LogsPageSchema>;

export const PlanPeriodSchema = z.looseObject({
  months: z.number().int(),
  total_price: z.number().int(),
  regular_total_price: z.number().int(),
  campaign_applied: z.boolean(),
});
export type PlanPeriod = z.infer<typeof PlanPeriodSchema>;

export const PlanSchema = z.looseObject({
  plan_id: z.string(),
  vps_type: z.string(),
  plan_name: z.string(),
  memory_mb: z.number().int(),
  vcpu: z.number().int(),
  disk_gb: z.number().int(),
  currency: z.string(),
  periods: z.array(PlanPeriodSchema),
});
export type Plan = z.infer<typeof PlanSchema>;

export const OsImageSchema = z.looseObject({
  image_id: z.string(),
  name: z.string(),
  version: nullableString,
  minimum_memory_mb: z.number().int(),
});
export type OsImage = z.infer<typeof OsImageSchema>;

export const PlansAnswerSchema = z.looseObject({
  plans: z.array(PlanSchema),
  os_images: z.array(OsImageSchema),
});
export type PlansAnswer = z.infer<typeof PlansAnswerSchema>;

export const VPS_TYPES = ['vps', 'business', 'windows', 'gpu'] as const;
export const CONTRACT_STATUSES = ['active', 'suspended'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const POWER_STATUSES = ['running', 'stopped', 'processing', 'error'] as const;
export type PowerStatus = (typeof POWER_STATUSES)[number];
export const SIGNUP_STATES = ['active', 'building', 'setup_pending'] as const;
export type SignupState = (typeof SIGNUP_STATES)[number];

export function isPowerStatus(v: unknown): v is PowerStatus {
  return typeof v === 'string' && (POWER_STATUSES as readonly string[]).includes(v);
}

/**
 * A server's uuid as a path can carry it (`/v1/vps/servers/{uuid}`): one that
 * cannot is no address, and its entry is read as broken there.
 */
const serverUuid = z
  .string()
  .refine((v) => validatePathId(v, 'uuid').length === 0, 'not an identifier a path can carry');

/** Longest power state read as one: a state the spec does not list is shown as said, within reason. */
export const POWER_STATE_MAX = 64;

/**
 * `power.status`: one of POWER_STATUSES, or a state the spec does not list,
 * kept as the provider said it (a short word without control characters).
 */
const powerState = z
  .string()
  .min(1)
  .max(POWER_STATE_MAX)
  .refine((v) => !/\p{Cc}/u.test(v), 'control characters');

export const VpsSummarySchema = z.looseObject({
  uuid: serverUuid,
  name: z.string(),
  vps_type: z.string(),
  plan_name: z.string(),
  status: z.string(),
  ip_address: nullableString,
  os: nullableString,
  memo: nullableString,
});
export type VpsSummary = z.infer<typeof VpsSummarySchema>;

/** The list itself: its entries are read one by one (server-answers.ts), never all or nothing. */
export const ServersAnswerSchema = z.looseObject({ servers: z.array(z.unknown()) });

export const VpsDetailSchema = z.looseObject({
  uuid: serverUuid,
  name: z.string(),
  vps_type: z.string(),
  status: z.string(),
  plan: z.looseObject({
    name: z.string(),
    vcpu: z.number().int(),
    memory_gb: z.number(),
    disk_gb: z.number(),
  }),
  os: nullableString,
  application: nullableString.optional().transform((v) => v ?? null),
  hostname: nullableString,
  reverse_hostname: nullableString,
  ip_address: nullableString,
  power: z.looseObject({ status: powerState }),
  memo: nullableString,
});
export type VpsDetail = z.infer<typeof VpsDetailSchema>;

/** The detail's envelope: the server itself is read field by field (server-answers.ts). */
export const ServerAnswerSchema = z.looseObject({ server: z.looseObject({}) });

export const SignupStatusSchema = z.looseObject({
  id: z.number().int(),
  uuid: nullableString,
  name: z.string(),
  status: z.string(),
  expiry_date: nullableString,
});
export type SignupStatus = z.infer<typeof SignupStatusSchema>;

export const SignupStatusAnswerSchema = z.looseObject({ server: SignupStatusSchema });

export const SignupDryRunSchema = z.looseObject({
  dry_run: z.literal(true),
  total_price: z.number().int(),
});
export type SignupDryRunResult = z.infer<typeof SignupDryRunSchema>;

/** Real signup: only `server.id` and `server.status` are documented; the rest is kept as sent. */
export const SignupResultSchema = z.looseObject({
  server: z.looseObject({
    id: z.number().int(),
    status: z.string(),
  }),
});
export type SignupResult = z.infer<typeof SignupResultSchema>;

export const MessageAnswerSchema = z.looseObject({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswerSchema>;

/** Any JSON object: hosting answers whose fields are mostly unpublished. */
export const AnyObjectSchema = z.looseObject({});
export type AnyObject = z.infer<typeof AnyObjectSchema>;

// Hosting API (docs/provider-api.md, Hosting endpoints): the published fields typed, each read on
// its own (one that breaks its type reads as missing, never the whole answer as broken); the
// other hosting answers are in hosting-schemas.ts.

const maybe = <T extends z.ZodType>(t: T) => t.optional().catch(undefined);

/** GET /server-info: the reference's twelve fields (`cpu` and `memory` null for a Business sub-account). */
export const HostingServerInfoSchema = z.looseObject({
  server_id: maybe(z.string()),
  hostname: maybe(z.string()),
  ip_address: maybe(z.string()),
  os: maybe(z.string()),
  cpu: maybe(z.string().nullable()),
  memory: maybe(z.string().nullable()),
  apache_version: maybe(z.string()),
  perl_versions: maybe(z.array(z.string())),
  php_versions: maybe(z.array(z.unknown())),
  db_versions: z.unknown().optional(),
  name_servers: maybe(z.array(z.string())),
  domain_validation_token: maybe(z.string()),
});
export type HostingServerInfo = z.infer<typeof HostingServerInfoSchema>;

/**
 * GET /domain/{domain}. `ssl_status` is no field of a domain in the reference
 * (only of the creation answers): it is read when a provider sends it anyway.
 */
export const HostingDomainSchema = z.looseObject({
  domain: maybe(z.string()),
  type: maybe(z.string()),
  document_root: maybe(z.string()),
  url: maybe(z.string()),
  php_version: maybe(z.string()),
  ssl: maybe(z.boolean()),
  memo: maybe(z.string()),
  is_awaiting: maybe(z.boolean()),
  created_at: maybe(z.string()),
  ssl_status: maybe(z.string()),
});
export type HostingDomain = z.infer<typeof HostingDomainSchema>;

/** GET /wp: each site's published fields read on its own (`WordpressSiteSchema` reads a site whole). */
export const HostingWordpressListSchema = z.looseObject({
  wordpress: z.array(
    z.looseObject({
      // A string in the reference; read as given, so an id answered as a number is still shown.
      id: z.unknown().optional(),
      domain: maybe(z.string()),
      url: maybe(z.string()),
      title: maybe(z.string()),
      version: maybe(z.string()),
      db_name: maybe(z.string()),
      db_user: maybe(z.string()),
      memo: maybe(z.string()),
    }),
  ),
});
export type HostingWordpressList = z.infer<typeof HostingWordpressListSchema>;

export const HostingSshKeySchema = z.looseObject({
  key_id: z.union([z.string(), z.number()]).optional(),
  public_key: z.string().optional(),
  label: z.string().optional(),
});
export type HostingSshKey = z.infer<typeof HostingSshKeySchema>;

export const HostingErrorLogSchema = z.looseObject({
  domain: z.string(),
  log: z.unknown(),
});
export type HostingErrorLog = z.infer<typeof HostingErrorLogSchema>;
