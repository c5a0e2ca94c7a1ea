/**
 * What can be asked for, per command: the /vps and /hosting actions, whether
 * each hosting action asks the provider and whether it changes something, and the
 * role each one needs unless the policy file says otherwise (never lower than
 * its floor). A new feature adds its actions here.
 */
import type { Role } from './roles.ts';

/** The /vps commands' actions. */
export const VPS_ACTIONS = [
  'list',
  'show',
  'power',
  'logs',
  'me',
  'audit',
  'rename',
  'memo',
  'rdns',
  'signup',
  'signups',
  'plans',
  'signup_status',
  'approve',
  'watch',
  'watches',
  'mute',
  'renewals',
  'renewal',
  'incidents',
  'digest',
  /** `/vps accounts`: the provider accounts, their keys' health and channels. */
  'accounts',
  /** `/vps account use <name>`: bind the channel to an account. */
  'bind_channel',
] as const;

/**
 * The /hosting commands' actions: whether each one asks the provider at all
 * (`provider: false`: answered by the bot alone) and whether it changes
 * something. Which permission category of a custom key an action falls under
 * is not published (docs/provider-api.md, Not published: the bot must not
 * invent), so none is named here: a custom key's map is shown, never used to
 * refuse.
 */
export const HOSTING_ACTION_SPECS = {
  'hosting.servers': { provider: false, write: false },
  'hosting.info': { provider: true, write: false },
  'hosting.usage': { provider: true, write: false },
  'hosting.domains': { provider: true, write: false },
  'hosting.domain': { provider: true, write: false },
  'hosting.domain_add': { provider: true, write: true },
  'hosting.domain_reset': { provider: true, write: true },
  'hosting.subdomains': { provider: true, write: false },
  'hosting.subdomain_add': { provider: true, write: true },
  'hosting.wp': { provider: true, write: false },
  'hosting.wp_install': { provider: true, write: true },
  'hosting.wp_delete': { provider: true, write: true },
  'hosting.db_create': { provider: true, write: true },
  'hosting.db_user_create': { provider: true, write: true },
  'hosting.db_grant': { provider: true, write: true },
  'hosting.domain_change': { provider: true, write: true },
  'hosting.domain_delete': { provider: true, write: true },
  'hosting.subdomain_change': { provider: true, write: true },
  'hosting.subdomain_delete': { provider: true, write: true },
  'hosting.wp_change': { provider: true, write: true },
  'hosting.db': { provider: true, write: false },
  'hosting.db_change': { provider: true, write: true },
  'hosting.db_delete': { provider: true, write: true },
  'hosting.db_user_change': { provider: true, write: true },
  'hosting.db_user_delete': { provider: true, write: true },
  'hosting.db_revoke': { provider: true, write: true },
  'hosting.ssh': { provider: true, write: false },
  'hosting.ssh_on': { provider: true, write: true },
  'hosting.ssh_off': { provider: true, write: true },
  'hosting.ssh_keys': { provider: true, write: false },
  'hosting.ssh_key_add': { provider: true, write: true },
  'hosting.ssh_key_generate': { provider: true, write: true },
  'hosting.ssh_key_delete': { provider: true, write: true },
  'hosting.errorlog': { provider: true, write: false },
  'hosting.accesslog': { provider: true, write: false },
  'hosting.ftp': { provider: true, write: false },
  'hosting.ftp_add': { provider: true, write: true },
  'hosting.ftp_change': { provider: true, write: true },
  'hosting.ftp_delete': { provider: true, write: true },
  'hosting.dns': { provider: true, write: false },
  'hosting.dns_add': { provider: true, write: true },
  'hosting.dns_change': { provider: true, write: true },
  'hosting.dns_delete': { provider: true, write: true },
  'hosting.cron': { provider: true, write: false },
  'hosting.cron_add': { provider: true, write: true },
  'hosting.cron_change': { provider: true, write: true },
  'hosting.cron_delete': { provider: true, write: true },
  'hosting.php': { provider: true, write: false },
  'hosting.php_set': { provider: true, write: true },
  'hosting.ssl': { provider: true, write: false },
  'hosting.ssl_add': { provider: true, write: true },
  'hosting.ssl_delete': { provider: true, write: true },
  'hosting.mail': { provider: true, write: false },
  'hosting.mail_add': { provider: true, write: true },
  'hosting.mail_change': { provider: true, write: true },
  'hosting.mail_forward': { provider: true, write: true },
  'hosting.mail_delete': { provider: true, write: true },
  'hosting.mail_rules': { provider: true, write: false },
  'hosting.mail_rules_add': { provider: true, write: true },
  'hosting.mail_rules_delete': { provider: true, write: true },
  'hosting.audit': { provider: false, write: false },
  'hosting.approve': { provider: false, write: false },
  // A channel's subscription to a server: the bot's own setting, never the provider's.
  'hosting.watch': { provider: false, write: false },
} as const satisfies Record<string, { provider: boolean; write: boolean }>;
export type HostingAction = keyof typeof HOSTING_ACTION_SPECS;
export const HOSTING_ACTIONS = Object.keys(HOSTING_ACTION_SPECS) as HostingAction[];

/** Hosting operations that destroy something: confirmed first, and a second person's if the policy says so. */
export const DESTRUCTIVE_HOSTING_ACTIONS = [
  'hosting.domain_reset',
  'hosting.wp_delete',
  'hosting.ssh_key_delete',
  'hosting.ssh_off',
  'hosting.dns_change',
  'hosting.dns_delete',
  'hosting.cron_delete',
  'hosting.ssl_delete',
  'hosting.ftp_delete',
  'hosting.mail_delete',
  'hosting.mail_rules_delete',
  'hosting.domain_delete',
  'hosting.subdomain_delete',
  'hosting.db_delete',
  'hosting.db_user_delete',
  'hosting.db_revoke',
] as const satisfies readonly HostingAction[];
export type DestructiveHostingAction = (typeof DESTRUCTIVE_HOSTING_ACTIONS)[number];

export type Action = (typeof VPS_ACTIONS)[number] | HostingAction;
export const VPS_WRITE_ACTIONS: readonly Action[] = ['rename', 'memo', 'rdns'];

export const isHostingAction = (a: Action): a is HostingAction => Object.hasOwn(HOSTING_ACTION_SPECS, a);

export const DEFAULT_NEEDS: Record<Action, Role> = {
  list: 'viewer',
  show: 'viewer',
  power: 'viewer',
  logs: 'viewer',
  me: 'viewer',
  audit: 'viewer',
  rename: 'operator',
  memo: 'operator',
  rdns: 'operator',
  signup: 'operator',
  signups: 'viewer',
  plans: 'viewer',
  signup_status: 'viewer',
  approve: 'approver',
  watch: 'operator',
  watches: 'viewer',
  mute: 'operator',
  renewals: 'viewer',
  // A contract date set by hand decides when (and in which channel) its reminders come: like a watch.
  renewal: 'operator',
  incidents: 'viewer',
  digest: 'viewer',
  accounts: 'viewer',
  bind_channel: 'admin',
  ...(Object.fromEntries(
    HOSTING_ACTIONS.map((a) => [
      a,
      a === 'hosting.approve'
        ? 'approver'
        : HOSTING_ACTION_SPECS[a].write ||
            a === 'hosting.errorlog' ||
            a === 'hosting.accesslog' ||
            a === 'hosting.watch'
          ? 'operator'
          : 'viewer',
    ]),
  ) as Record<HostingAction, Role>),
};

/**
 * Money moves on these: a policy may ask for a higher role, never a lower one
 * (a typo such as `approve: viewer` must not let anyone pay).
 */
export const FLOOR: Partial<Record<Action, Role>> = {
  signup: 'operator',
  approve: 'approver',
  'hosting.approve': 'approver',
  // Which account's servers, key and money a channel works on.
  bind_channel: 'admin',
};
