/**
 * zod schemas of the hosting answers whose fields the provider's reference
 * publishes (docs/provider-api.md, Hosting endpoints), and their inferred
 * types. Objects are loose (a field the provider adds is kept); a list is read
 * item by item (hosting-reading.ts), so one item that breaks its schema never
 * takes the others down. Where the reference contradicts itself, both forms
 * are read (docs/provider-api.md, Where the reference contradicts itself).
 */
import { z } from 'zod';

/** Every write answer: `message` at least. An empty body (a 204 some report) reads as no message. */
export const WriteAnswerSchema = z
  .looseObject({ message: z.string().optional().catch(undefined) })
  .optional()
  .transform((v) => v ?? {});
export type WriteAnswer = z.infer<typeof WriteAnswerSchema>;

const idString = z.string().optional().catch(undefined);
const idNumber = z.number().int().optional().catch(undefined);

/** POST /cron and PUT /cron/{id}: the job's id, a new one when its content changed. */
export const CronWriteSchema = WriteAnswerSchema.pipe(
  z.looseObject({ message: z.string().optional(), id: idString }),
);
export type CronWrite = z.infer<typeof CronWriteSchema>;

/** POST /wp, POST /mail-filter: the new string id. */
export const IdWriteSchema = CronWriteSchema;
export type IdWrite = CronWrite;

/** POST /dns: the new record's integer id. */
export const DnsWriteSchema = WriteAnswerSchema.pipe(
  z.looseObject({ message: z.string().optional(), id: idNumber }),
);
export type DnsWrite = z.infer<typeof DnsWriteSchema>;

/** POST /mail */
export const MailWriteSchema = WriteAnswerSchema.pipe(
  z.looseObject({ message: z.string().optional(), mail_address: idString }),
);
export type MailWrite = z.infer<typeof MailWriteSchema>;
/** POST /ftp */
export const FtpWriteSchema = WriteAnswerSchema.pipe(
  z.looseObject({ message: z.string().optional(), ftp_account: idString }),
);
export type FtpWrite = z.infer<typeof FtpWriteSchema>;
/** POST /db */
export const DatabaseWriteSchema = WriteAnswerSchema.pipe(
  z.looseObject({ message: z.string().optional(), db_name: idString }),
);
export type DatabaseWrite = z.infer<typeof DatabaseWriteSchema>;
/** POST /db/user */
export const DatabaseUserWriteSchema = WriteAnswerSchema.pipe(
  z.looseObject({ message: z.string().optional(), db_user: idString }),
);
export type DatabaseUserWrite = z.infer<typeof DatabaseUserWriteSchema>;

/** The SSL outcome of a creation: `success`, `failed` or `failed_nameserver`, kept as given. */
const sslStatus = z.string().optional().catch(undefined);

/** POST /domain */
export const DomainWriteSchema = WriteAnswerSchema.pipe(
  z.looseObject({ message: z.string().optional(), domain: idString, ssl_status: sslStatus }),
);
export type DomainWrite = z.infer<typeof DomainWriteSchema>;

/** POST /subdomain */
export const SubdomainWriteSchema = WriteAnswerSchema.pipe(
  z.looseObject({ message: z.string().optional(), subdomain: idString, ssl_status: sslStatus }),
);
export type SubdomainWrite = z.infer<typeof SubdomainWriteSchema>;

export const CronJobSchema = z.looseObject({
  id: z.string(),
  minute: z.string(),
  hour: z.string(),
  day: z.string(),
  month: z.string(),
  weekday: z.string(),
  command: z.string(),
  comment: z.string(),
  enabled: z.boolean(),
});
export type CronJob = z.infer<typeof CronJobSchema>;

export const CronListSchema = z.looseObject({
  crons: z.array(z.unknown()),
  notification_email: z.string().optional().catch(undefined),
});

export const WordpressSiteSchema = z.looseObject({
  id: z.string(),
  domain: z.string(),
  url: z.string(),
  title: z.string(),
  version: z.string(),
  db_name: z.string(),
  db_user: z.string(),
  memo: z.string(),
});
export type WordpressSite = z.infer<typeof WordpressSiteSchema>;

export const MailAccountSchema = z.looseObject({
  mail_address: z.string(),
  quota_mb: z.number().int(),
  memo: z.string(),
});
export type MailAccount = z.infer<typeof MailAccountSchema>;

export const MailAccountDetailSchema = z.looseObject({
  mail_address: z.string(),
  quota_mb: z.number().int(),
  used_mb: z.number(),
  memo: z.string(),
});
export type MailAccountDetail = z.infer<typeof MailAccountDetailSchema>;

export const MailForwardingSchema = z.looseObject({
  forwarding_addresses: z.array(z.string()),
  keep_in_mailbox: z.boolean(),
});
export type MailForwarding = z.infer<typeof MailForwardingSchema>;

export const MailFilterSchema = z.looseObject({
  id: z.string(),
  domain: z.string(),
  priority: z.number().int(),
  conditions: z.array(z.looseObject({ keyword: z.string(), field: z.string(), match_type: z.string() })),
  action: z.looseObject({ type: z.string(), target: z.string(), method: z.string() }),
});
export type MailFilter = z.infer<typeof MailFilterSchema>;

export const FtpAccountSchema = z.looseObject({
  ftp_account: z.string(),
  directory: z.string(),
  quota_mb: z.number().int(),
  memo: z.string(),
});
export type FtpAccount = z.infer<typeof FtpAccountSchema>;

export const DatabaseSchema = z.looseObject({
  db_name: z.string(),
  version_name: z.string(),
  size_mb: z.number(),
  granted_users: z.array(z.string()),
  memo: z.string(),
});
export type Database = z.infer<typeof DatabaseSchema>;

export const DatabaseUserSchema = z.looseObject({
  db_user: z.string(),
  version_name: z.string(),
  memo: z.string(),
});
export type DatabaseUser = z.infer<typeof DatabaseUserSchema>;

/** GET /db/user/{db_user}/grant: database names (strings, not objects as in GET /db). */
export const GrantsSchema = z.looseObject({ databases: z.array(z.unknown()) });

export const PhpDomainSchema = z.looseObject({ domain: z.string(), current_version: z.string() });
export type PhpDomain = z.infer<typeof PhpDomainSchema>;

/** `available_versions`: the field table's map (version -> name) or the example's list of versions. */
export const PhpVersionsSchema = z.looseObject({
  available_versions: z.unknown(),
  domains: z.array(z.unknown()),
});

export const DomainListItemSchema = z.looseObject({
  domain: z.string(),
  type: z.string(),
  ssl: z.boolean(),
  memo: z.string(),
  is_awaiting: z.boolean(),
});
export type DomainListItem = z.infer<typeof DomainListItemSchema>;

export const SubdomainItemSchema = z.looseObject({
  subdomain: z.string(),
  domain: z.string(),
  document_root: z.string(),
  ssl: z.boolean(),
  memo: z.string(),
});
export type SubdomainItem = z.infer<typeof SubdomainItemSchema>;

export const SslCertificateSchema = z.looseObject({
  id: z.number().int(),
  common_name: z.string(),
  type: z.string(),
  expires_at: z.string(),
  status: z.string(),
});
export type SslCertificate = z.infer<typeof SslCertificateSchema>;

/** A DNS record; `priority` is an integer per the field table, null in the example (both are read). */
export const DnsRecordSchema = z.looseObject({
  id: z.number().int(),
  domain: z.string(),
  host: z.string(),
  type: z.string(),
  content: z.string(),
  ttl: z.number().int(),
  priority: z.number().int().nullable(),
});
export type DnsRecord = z.infer<typeof DnsRecordSchema>;

export const HostingUsageSchema = z.looseObject({
  disk: z
    .looseObject({
      quota_gb: z.number().optional().catch(undefined),
      used_gb: z.number().optional().catch(undefined),
      file_limit: z.number().int().optional().catch(undefined),
      file_count: z.number().int().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  counts: z
    .looseObject({
      domains: z.number().int().optional().catch(undefined),
      subdomains: z.number().int().optional().catch(undefined),
      mail_accounts: z.number().int().optional().catch(undefined),
      ftp_accounts: z.number().int().optional().catch(undefined),
      mysql_databases: z.number().int().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
});
export type HostingUsage = z.infer<typeof HostingUsageSchema>;

/** The list an envelope holds under `key`, read whole (its items are read one by one). */
export const envelope = (key: string) => z.looseObject({ [key]: z.array(z.unknown()) });
