/**
 * What can be asked for, per command: the /vps and /hosting actions, the key
 * category each hosting action uses and whether it changes something, and the
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
  'approve',
  'watch',
  'watches',
  'mute',
  'incidents',
] as const;

/** The key's permission categories of the `server` service (custom keys grant each one). */
export const HOSTING_CATEGORIES = ['server_info', 'domain', 'wordpress', 'database', 'ssh', 'log'] as const;
export type HostingCategory = (typeof HOSTING_CATEGORIES)[number];

/**
 * The /hosting commands' actions: the key category each one uses and whether
 * it changes something. `null`: no provider call is made for it.
 */
export const HOSTING_ACTION_SPECS = {
  'hosting.servers': { category: null, write: false },
  'hosting.info': { category: 'server_info', write: false },
  'hosting.usage': { category: 'server_info', write: false },
  'hosting.domains': { category: 'domain', write: false },
  'hosting.domain': { category: 'domain', write: false },
  'hosting.domain_add': { category: 'domain', write: true },
  'hosting.domain_reset': { category: 'domain', write: true },
  'hosting.subdomains': { category: 'domain', write: false },
  'hosting.subdomain_add': { category: 'domain', write: true },
  'hosting.wp': { category: 'wordpress', write: false },
  'hosting.wp_install': { category: 'wordpress', write: true },
  'hosting.wp_delete': { category: 'wordpress', write: true },
  'hosting.db_create': { category: 'database', write: true },
  'hosting.db_user_create': { category: 'database', write: true },
  'hosting.db_grant': { category: 'database', write: true },
  'hosting.ssh': { category: 'ssh', write: false },
  'hosting.ssh_on': { category: 'ssh', write: true },
  'hosting.ssh_off': { category: 'ssh', write: true },
  'hosting.ssh_keys': { category: 'ssh', write: false },
  'hosting.ssh_key_add': { category: 'ssh', write: true },
  'hosting.ssh_key_generate': { category: 'ssh', write: true },
  'hosting.ssh_key_delete': { category: 'ssh', write: true },
  'hosting.errorlog': { category: 'log', write: false },
  'hosting.audit': { category: null, write: false },
  'hosting.approve': { category: null, write: false },
} as const satisfies Record<string, { category: HostingCategory | null; write: boolean }>;
export type HostingAction = keyof typeof HOSTING_ACTION_SPECS;
export const HOSTING_ACTIONS = Object.keys(HOSTING_ACTION_SPECS) as HostingAction[];

/** Hosting operations that destroy something: confirmed first, and a second person's if the policy says so. */
export const DESTRUCTIVE_HOSTING_ACTIONS = [
  'hosting.domain_reset',
  'hosting.wp_delete',
  'hosting.ssh_key_delete',
  'hosting.ssh_off',
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
  approve: 'approver',
  watch: 'operator',
  watches: 'viewer',
  mute: 'operator',
  incidents: 'viewer',
  ...(Object.fromEntries(
    HOSTING_ACTIONS.map((a) => [
      a,
      a === 'hosting.approve'
        ? 'approver'
        : HOSTING_ACTION_SPECS[a].write || a === 'hosting.errorlog'
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
};
