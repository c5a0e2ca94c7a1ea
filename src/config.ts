import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The configuration contract (docs/operators.md, Settings), parsed once from the environment.
 * This is the only module that reads `process.env`.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
// Slack user ids start with U or W, user-group (subteam) ids with S.
const SLACK_PRINCIPAL = /^[UWS][A-Z0-9]{2,}$/;
const SLACK_CHANNEL = /^[CGD][A-Z0-9]{2,}$/;
const ONCALL = /^(<!subteam\^S[A-Z0-9]{2,}(\|[^>]*)?>|<@[UW][A-Z0-9]{2,}>|<!here>|<!channel>)$/;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** An entry as a person typed it, clipped: a stray token pasted into a list must not be printed whole. */
const shown = (entry: string): string => (entry.length > 24 ? `${entry.slice(0, 12)}…` : entry);

/**
 * `U01AAA, S02BBB` -> the ids. A wrong entry is named by what was typed, not by
 * its index: "OPERATORS.0" means nothing to the person reading the line.
 */
const principalList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  z.array(z.string()).superRefine((entries, ctx) => {
    for (const entry of entries) {
      if (SLACK_PRINCIPAL.test(entry)) continue;
      ctx.addIssue({
        code: 'custom',
        message: `"${shown(entry)}" is not a Slack user id (U… or W…) or user-group id (S…); list ids separated by commas, such as U0123ABCD,S0456EFGH`,
      });
    }
  }),
);

/**
 * A Slack token: its prefix, then the rest of it. The prefix alone is what
 * .env.example ships, so it is refused in words that say so.
 */
const slackToken = (prefix: string, rule: string) =>
  opt(
    z.string().superRefine((s, ctx) => {
      if (s.trim() === prefix)
        ctx.addIssue({
          code: 'custom',
          message: `still the placeholder ${prefix} from .env.example: ${rule}`,
        });
      else if (!s.startsWith(prefix) || s.length <= prefix.length || /\s/.test(s))
        ctx.addIssue({ code: 'custom', message: `expected ${rule}` });
    }),
  );

const intInRange = (min: number, max: number, dflt: number) =>
  z.preprocess(
    (v) => (blankToUndefined(v) === undefined ? dflt : Number(v)),
    z
      .number({ error: `expected a whole number from ${min} to ${max}` })
      .int(`expected a whole number from ${min} to ${max}`)
      .min(min, `expected a whole number from ${min} to ${max}`)
      .max(max, `expected a whole number from ${min} to ${max}`),
  );

/** The most thresholds a reminder list may name, and the farthest one (a year and a bit: the longest contract). */
const REMINDER_DAYS_MAX = 10;
const REMINDER_DAY_MAX = 400;
const REMINDER_DAYS_RULE = `expected whole numbers of days from 0 to ${REMINDER_DAY_MAX}, comma-separated (at most ${REMINDER_DAYS_MAX}), such as 30,7,1, or off`;

/** `30,7,1` -> [30, 7, 1] (unique, farthest first); `off` -> none. */
const reminderDays = opt(z.string()).transform((text, ctx) => {
  if (text === undefined) return [30, 7, 1];
  if (text.trim().toLowerCase() === 'off') return [];
  const parts = text.split(',').map((s) => s.trim());
  if (
    parts.length > REMINDER_DAYS_MAX ||
    !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= REMINDER_DAY_MAX)
  ) {
    ctx.addIssue({ code: 'custom', message: REMINDER_DAYS_RULE });
    return z.NEVER;
  }
  return [...new Set(parts.map(Number))].sort((a, b) => b - a);
});

/** `HH:MM` in Japan time (00:00–23:59) -> minutes after midnight. */
const DIGEST_TIME_RULE = 'expected a time of day in Japan time as HH:MM, such as 09:00';
const digestTime = z.preprocess(
  (v) => blankToUndefined(v) ?? '09:00',
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, DIGEST_TIME_RULE)
    .transform((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))),
);
/** One address or CIDR range of KEY_EXPECTED_IPS, read. */
export interface ExpectedIp {
  readonly text: string;
  readonly address: string;
  readonly prefix: number;
  readonly family: 'ipv4' | 'ipv6';
}

const EXPECTED_IPS_RULE =
  'expected IP addresses or CIDR ranges (IPv4 or IPv6), comma-separated, such as 203.0.113.7,198.51.100.0/24,2001:db8::/32';

/** `203.0.113.7, 198.51.100.0/24, 2001:db8::/32` -> the ranges (an address alone is its own /32 or /128). */
const expectedIps = opt(z.string()).transform((text, ctx): ExpectedIp[] => {
  if (text === undefined) return [];
  const out: ExpectedIp[] = [];
  for (const part of text.split(/[,\s]+/).filter(Boolean)) {
    const m = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(part);
    const v = m ? isIP(m[1]!) : 0;
    const max = v === 4 ? 32 : 128;
    const prefix = m?.[2] === undefined ? max : Number(m[2]);
    if (!m || v === 0 || prefix > max) {
      ctx.addIssue({ code: 'custom', message: EXPECTED_IPS_RULE });
      return z.NEVER;
    }
    out.push({ text: part, address: m[1]!, prefix, family: v === 4 ? 'ipv4' : 'ipv6' });
  }
  return out;
});

const httpUrl = (what: string) =>
  z
    .url({ protocol: /^https?$/, error: `expected an http(s) address for ${what}` })
    .transform((u) => u.replace(/\/+$/, ''));

/**
 * What a provider key looks like when it is written out (the form PROVIDER_KEY_RULE
 * describes): `xs_` and letters, digits, `_` or `-`. A value of this form in the policy
 * file is refused, since the file is not a place for secrets.
 */
const PROVIDER_KEY_FORM = /^xs_[A-Za-z0-9_-]{5,}$/;
export const looksLikeProviderKey = (value: string): boolean => PROVIDER_KEY_FORM.test(value.trim());

const PROVIDER_KEY_RULE =
  'expected the API key the provider issued: it looks like xs_ and a string of letters and digits, at least 8 characters and no spaces';

const shape = {
  SLACK_BOT_TOKEN: slackToken(
    'xoxb-',
    'the Bot User OAuth Token, xoxb- and the rest (Slack app settings, OAuth & Permissions)',
  ),
  SLACK_APP_TOKEN: slackToken(
    'xapp-',
    'an app-level token with connections:write, xapp- and the rest (Slack app settings, Basic Information, App-Level Tokens), or nothing for HTTP mode',
  ),
  SLACK_SIGNING_SECRET: opt(
    z
      .string()
      .min(8, 'expected the Signing Secret (Slack app settings, Basic Information), at least 8 characters'),
  ),
  SLACK_API_URL: opt(httpUrl('the Slack Web API').transform((u) => `${u}/`)),
  PORT: intInRange(1, 65535, 3000),
  PROVIDER_API_URL: z.preprocess(
    (v) => blankToUndefined(v) ?? 'https://api.xserver.ne.jp',
    httpUrl('the provider API'),
  ),
  PROVIDER_API_KEY: opt(z.string().min(8, PROVIDER_KEY_RULE).regex(/^\S+$/, PROVIDER_KEY_RULE)),
  PROVIDER_TERMS_URL: opt(httpUrl('the provider’s terms of service')),
  PROVIDER_DAILY_LIMIT: opt(
    z.coerce
      .number({ error: 'expected a whole number of requests per day, such as 10000' })
      .int('expected a whole number of requests per day, such as 10000')
      .min(1, 'expected a whole number of requests per day, such as 10000'),
  ),
  FAIR_WAIT_SECONDS: intInRange(1, 1_800, 60),
  FAIR_WAIT_COMMANDS: intInRange(1, 1_000, 20),
  READ_CACHE_SECONDS: intInRange(0, 300, 15),
  DATA_DIR: z.preprocess((v) => blankToUndefined(v) ?? './data', z.string()),
  DATABASE_URL: opt(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'expected a postgres:// address (leave unset for SQLite in DATA_DIR)'),
  ),
  NOTIFY_CHANNEL: opt(z.string().regex(SLACK_CHANNEL, 'expected a Slack channel id such as C0123ABCD')),
  DIGEST_CHANNEL: opt(z.string().regex(SLACK_CHANNEL, 'expected a Slack channel id such as C0123ABCD')),
  DIGEST_TIME: digestTime,
  OPERATORS: principalList,
  APPROVERS: principalList,
  POLICY_FILE: opt(z.string()),
  WATCH_INTERVAL_SECONDS: intInRange(1, 86_400, 60),
  WATCH_BUDGET_SHARE: z.preprocess(
    (v) => (blankToUndefined(v) === undefined ? 0.5 : Number(v)),
    z
      .number({ error: 'expected a fraction between 0.05 and 0.9' })
      .min(0.05, 'expected a fraction between 0.05 and 0.9')
      .max(0.9, 'expected a fraction between 0.05 and 0.9'),
  ),
  WATCH_FLAP_SECONDS: intInRange(0, 3_600, 30),
  WATCH_SETUP_PENDING_MINUTES: intInRange(1, 10_080, 120),
  VPS_RENEWAL_REMINDER_DAYS: reminderDays,
  ONCALL_MENTION: opt(
    z.string().regex(ONCALL, 'expected a mention such as <!subteam^S0123ABCD> or <@U0123ABCD>'),
  ),
  ONCALL_RENOTIFY_MINUTES: intInRange(0, 1_440, 15),
  ONCALL_RENOTIFY_MAX: intInRange(0, 100, 3),
  KEY_EXPECTED_IPS: expectedIps,
  KEY_AUTH_BURST: intInRange(1, 10_000, 5),
  KEY_AUTH_WINDOW_MINUTES: intInRange(1, 1_440, 10),
  BOT_ENCRYPTION_KEY: opt(
    z
      .string()
      .refine(
        (s) => /^[0-9a-fA-F]{64}$/.test(s) || Buffer.from(s, 'base64').length === 32,
        'expected 32 random bytes written as 64 hex digits (openssl rand -hex 32) or in base64 (openssl rand -base64 32)',
      ),
  ),
  BOT_LOCALE: z.preprocess((v) => blankToUndefined(v) ?? 'en', z.enum(['en', 'ja'], 'expected en or ja')),
  LOG_LEVEL: z.preprocess(
    (v) => blankToUndefined(v) ?? 'info',
    z.enum(LOG_LEVELS, `expected one of ${LOG_LEVELS.join(', ')}`),
  ),
};

/** Every setting the bot reads, by name: the docs and .env.example name exactly these (test/docs/settings.test.ts). */
export const SETTING_NAMES: readonly string[] = Object.freeze(Object.keys(shape));

const schema = z.object(shape).superRefine((env, ctx) => {
  if (env.SLACK_BOT_TOKEN && !env.SLACK_APP_TOKEN && !env.SLACK_SIGNING_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['SLACK_SIGNING_SECRET'],
      message: 'required in HTTP mode (when SLACK_APP_TOKEN is unset)',
    });
  }
});

export type Env = z.output<typeof schema>;

export interface Config {
  readonly slack: {
    readonly botToken: string | undefined;
    readonly appToken: string | undefined;
    readonly signingSecret: string | undefined;
    readonly apiUrl: string | undefined;
    readonly socketMode: boolean;
  };
  readonly port: number;
  readonly provider: {
    readonly baseUrl: string;
    readonly apiKey: string | undefined;
    /** Where the provider publishes its terms of service: the order form's terms box links to it. */
    readonly termsUrl: string | undefined;
    /** The key's requests per day (the plan's figure), when the operator configured it. */
    readonly dailyLimit: number | undefined;
  };
  /**
   * When a person gets "not now": their waiting commands would wait longer
   * than `seconds` for the provider, or `commands` of them already wait.
   */
  readonly fairWait: { readonly seconds: number; readonly commands: number };
  /** How long a read server list or detail is shown again before the provider is asked anew. */
  readonly readCacheSeconds: number;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly notifyChannel: string | undefined;
  /**
   * The daily digest: posted in `channel` (none: not posted) every day at
   * `minutes` after 00:00 Japan time (DIGEST_TIME, default 09:00).
   */
  readonly digest: { readonly channel: string | undefined; readonly minutes: number };
  readonly operators: readonly string[];
  readonly approvers: readonly string[];
  readonly policyFile: string | undefined;
  readonly watch: {
    readonly intervalSeconds: number;
    readonly budgetShare: number;
    /** A power state that flips back within this window is reported once, as a flap. */
    readonly flapSeconds: number;
    /** A signup still `setup_pending` this long is escalated (contact support). */
    readonly setupPendingMinutes: number;
  };
  /**
   * Days before a contract's date (Japan calendar days) at which its channel
   * is reminded that it renews from the prepaid balance; farthest first, empty
   * when turned off.
   */
  readonly renewalReminderDays: readonly number[];
  readonly oncallMention: string | undefined;
  /**
   * An alarm nobody took is posted again every `minutes` (0: never), at most
   * `max` times, while it is still true.
   */
  readonly oncallRenotify: { readonly minutes: number; readonly max: number };
  /**
   * The key-use watch: the other clients the team knows (only counted), and
   * how many 401/403 answers within how many minutes are a burst (an alarm).
   */
  readonly keyUse: {
    readonly expectedIps: readonly ExpectedIp[];
    readonly authBurst: number;
    readonly authWindowMinutes: number;
  };
  readonly encryptionKey: string | undefined;
  readonly locale: 'en' | 'ja';
  readonly logLevel: (typeof LOG_LEVELS)[number];
  /**
   * One variable of the environment this configuration was read from, trimmed
   * (undefined when unset or blank): the policy file's accounts name the
   * variable that holds their key (`key_env`), and only this module reads the
   * environment.
   */
  readonly variable: (name: string) => string | undefined;
}

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(readonly problems: readonly string[]) {
    super(`configuration is invalid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type Requirement = 'bot' | 'none';

function deepFreeze<T extends object>(o: T): Readonly<T> {
  for (const v of Object.values(o)) if (v && typeof v === 'object') deepFreeze(v);
  return Object.freeze(o);
}

/**
 * Parses the environment. Each problem becomes one line naming the variable and
 * what it expects; values are never echoed back, since several are secrets.
 * `require: 'bot'` adds what running the Slack bot needs (token, provider key).
 */
/** The environment with some settings replaced (the sandbox's own provider and store). */
export function loadConfigWith(
  overrides: Readonly<Record<string, string>>,
  require: Requirement = 'bot',
): Config {
  return loadConfig({ ...process.env, ...overrides }, require);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, require: Requirement = 'bot'): Config {
  const parsed = schema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join('.') || 'environment'}: ${issue.message}`);
    }
  }
  if (require === 'bot') {
    if (!blankToUndefined(env.SLACK_BOT_TOKEN))
      problems.push('SLACK_BOT_TOKEN: required to run the bot (xoxb-…)');
    // With a policy file, its accounts may name other variables (or files) for their keys:
    // whether a key is there is told when the accounts are read (src/services/access/accounts.ts).
    if (!blankToUndefined(env.PROVIDER_API_KEY) && !blankToUndefined(env.POLICY_FILE))
      problems.push('PROVIDER_API_KEY: required to reach the provider API');
    // Each replica would otherwise make a key file of its own: a password one replica sealed
    // could not be opened by the other, and an approval handled there would fail.
    if (blankToUndefined(env.DATABASE_URL) && !blankToUndefined(env.BOT_ENCRYPTION_KEY))
      problems.push(
        'BOT_ENCRYPTION_KEY: required with DATABASE_URL, since every replica must share the key that seals secrets (make one with openssl rand -hex 32)',
      );
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError([...new Set(problems)]);
  const e = parsed.data;
  return deepFreeze({
    slack: {
      botToken: e.SLACK_BOT_TOKEN,
      appToken: e.SLACK_APP_TOKEN,
      signingSecret: e.SLACK_SIGNING_SECRET,
      apiUrl: e.SLACK_API_URL,
      socketMode: e.SLACK_APP_TOKEN !== undefined,
    },
    port: e.PORT,
    provider: {
      baseUrl: e.PROVIDER_API_URL,
      apiKey: e.PROVIDER_API_KEY,
      termsUrl: e.PROVIDER_TERMS_URL,
      dailyLimit: e.PROVIDER_DAILY_LIMIT,
    },
    fairWait: { seconds: e.FAIR_WAIT_SECONDS, commands: e.FAIR_WAIT_COMMANDS },
    readCacheSeconds: e.READ_CACHE_SECONDS,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    notifyChannel: e.NOTIFY_CHANNEL,
    digest: { channel: e.DIGEST_CHANNEL, minutes: e.DIGEST_TIME },
    operators: e.OPERATORS,
    approvers: e.APPROVERS,
    policyFile: e.POLICY_FILE,
    watch: {
      intervalSeconds: e.WATCH_INTERVAL_SECONDS,
      budgetShare: e.WATCH_BUDGET_SHARE,
      flapSeconds: e.WATCH_FLAP_SECONDS,
      setupPendingMinutes: e.WATCH_SETUP_PENDING_MINUTES,
    },
    renewalReminderDays: e.VPS_RENEWAL_REMINDER_DAYS,
    oncallMention: e.ONCALL_MENTION,
    oncallRenotify: { minutes: e.ONCALL_RENOTIFY_MINUTES, max: e.ONCALL_RENOTIFY_MAX },
    keyUse: {
      expectedIps: e.KEY_EXPECTED_IPS,
      authBurst: e.KEY_AUTH_BURST,
      authWindowMinutes: e.KEY_AUTH_WINDOW_MINUTES,
    },
    encryptionKey: e.BOT_ENCRYPTION_KEY,
    locale: e.BOT_LOCALE,
    logLevel: e.LOG_LEVEL,
    variable: (name: string) => {
      const v = env[name];
      return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
    },
  });
}

/** Every secret value in the configuration, for the logger's last-line scrubber. */
export function configSecrets(config: Config): string[] {
  return [
    config.slack.botToken,
    config.slack.appToken,
    config.slack.signingSecret,
    config.provider.apiKey,
    config.encryptionKey,
    databasePassword(config.databaseUrl),
  ].filter((s): s is string => typeof s === 'string' && s.length >= 6);
}

function databasePassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const password = new URL(url).password;
    return password ? decodeURIComponent(password) : undefined;
  } catch {
    return undefined;
  }
}
