/**
 * Every callback_id, action_id and block_id the app uses. Views, handlers and
 * tests import them from here so a rename cannot leave a listener deaf.
 */
import type { ChangeField } from '../services/servers/index.ts';
import type { SignupField } from '../services/signup/index.ts';

export const COMMANDS = { vps: '/vps', hosting: '/hosting' } as const;

/** The shortcuts' callback_ids, as manifest.yml declares them (`features.shortcuts`). */
/**
 * The bot's Workflow Builder steps (manifest.yml `functions`): callback ids,
 * and the names of their own inputs and outputs, the contract workflows are
 * built on. Every step also takes the three of STEP_CONTEXT_INPUTS.
 */
export const STEPS = {
  show_server: { inputs: ['server'], outputs: ['name', 'ip_address', 'power_status', 'plan'] },
  servers_not_running: { inputs: [], outputs: ['text', 'count'] },
  set_server_memo: { inputs: ['server', 'memo'], outputs: [] },
  order_vps: {
    inputs: ['plan_id', 'period', 'image_id', 'name', 'approval_channel'],
    outputs: ['name', 'status'],
  },
  add_dns_record: {
    inputs: ['hosting_server', 'domain', 'host', 'type', 'content', 'ttl'],
    outputs: ['id'],
  },
  daily_digest: { inputs: [], outputs: ['text'] },
} as const;

export type StepName = keyof typeof STEPS;

/** Who acts (Slack's user context, or the interactor of a click) and in which channel. */
export const STEP_CONTEXT_INPUTS = ['user_context', 'interactivity', 'channel'] as const;

export const SHORTCUTS = {
  /** Global: the order form, with the channel its approval request goes to chosen in it. */
  orderVps: 'order_vps',
  /** Global: asks for a server by name, IP address or uuid and shows its card. */
  findServer: 'find_server',
  /** On a message: the cards of the servers the message names. */
  serverFromMessage: 'server_from_message',
} as const;

/** The Server card shortcut's modal: the reference asked for, then the card shown in its place. */
export const FIND_SERVER_IDS = {
  modalCallback: 'vps_find_server_modal',
  /** The card shown in the modal; submitting it asks for another server. */
  cardCallback: 'vps_find_server_card',
  refBlock: 'vps_find_server_ref',
  /** Named for the reference's rule (REF_LIMITS.server_ref): no provider field takes it. */
  refInput: 'server_ref',
} as const;

/**
 * The App Home: its view's callback_id, the buttons only it has (its other
 * buttons are the channel's own: approvals, claims, cards), and the window a
 * Home button answers in, a Home having no message to answer under.
 */
export const HOME_IDS = {
  view: 'vps_home',
  orderVps: 'vps_home_order',
  priceList: 'vps_home_plans',
  windowCallback: 'vps_home_window',
} as const;

/** A modal that only says something (a submission refused before any listener, see team-guard.ts). */
export const NOTICE_CALLBACK = 'vps_notice';

export const ACTIONS = {
  listPage: 'vps_list_page',
  cardRefresh: 'vps_card_refresh',
  cardRename: 'vps_card_rename',
  cardMemo: 'vps_card_memo',
  cardRdns: 'vps_card_rdns',
  /** The server card, shown to the person who clicked (a watcher alert's button): the message stays. */
  cardShow: 'vps_card_show',
  logsMore: 'vps_logs_more',
} as const;

export const CALLBACKS: Record<ChangeField, string> = {
  name: 'vps_rename_modal',
  memo: 'vps_memo_modal',
  rdns: 'vps_rdns_modal',
};

export const BLOCKS = {
  changeInput: 'vps_change_input',
  cardActions: 'vps_card_actions',
  listPager: 'vps_list_pager',
  logsPager: 'vps_logs_pager',
} as const;

/**
 * Modal inputs carry the provider's field name as action_id
 * (CONTRIBUTING.md, A feature, folder by folder).
 */
export const INPUT_ACTION: Record<ChangeField, string> = { name: 'name', memo: 'memo', rdns: 'hostname' };

// The watcher's alerts.

export const WATCH_IDS = {
  /** Mutes the alert's server in the alert's channel for a while (value: `mutePayload`). */
  mute: 'watch_alert_mute',
  alertActions: 'watch_alert_actions',
  /**
   * "I'm on it" on an alarm (value: `claimPayload`). A message with several
   * (a digest) gives each its own `#<n>` after this.
   */
  claim: 'watch_incident_claim',
} as const;

// Paid signup. Modal inputs carry the provider's field name as action_id; the
// approval buttons carry `approve` / `reject` in theirs (CONTRIBUTING.md, A feature,
// folder by folder).

export const SIGNUP_IDS = {
  modalCallback: 'vps_signup_modal',
  approve: 'vps_signup_approve',
  reject: 'vps_signup_reject',
  approvalActions: 'vps_signup_actions',
  /** In a direct message that holds no password: opens it once in a private window. */
  showPassword: 'vps_signup_show_password',
  /** A plan's button in `/vps plans`, `:<plan_id>` after this: the order form with that plan chosen (value: `planOrderPayload`). */
  orderPlan: 'vps_plans_order',
  /** The price list's pager buttons carry `:prev` / `:next` after this (value: `plansPagePayload`). */
  plansPage: 'vps_plans_page',
  plansPager: 'vps_plans_pager',
  /**
   * The channel the approval request goes to, chosen in the form when it was
   * opened outside any channel (the Order a VPS shortcut); block and action id.
   */
  approvalChannel: 'vps_signup_channel',
} as const;

/**
 * Block of a modal input. Period and image blocks carry the plan, so a plan
 * change gives them a new block_id and Slack does not keep a choice the new
 * plan lacks (Slack keeps input state across views.update by block_id).
 */
export function signupBlockId(field: SignupField, planId?: string): string {
  const base = `vps_signup_${field}`;
  return (field === 'period' || field === 'image_id') && planId ? `${base}@${planId}` : base;
}

/** The one checkbox value of the auto_renew and agree_to_terms inputs. */
export const CHECKED = 'yes';

// /hosting. Approval buttons carry `approve` / `reject` in their action_id (CONTRIBUTING.md,
// A feature, folder by folder).

export const HOSTING_IDS = {
  confirm: 'hosting_op_confirm',
  cancel: 'hosting_op_cancel',
  approve: 'hosting_op_approve',
  reject: 'hosting_op_reject',
  opActions: 'hosting_op_actions',
  /** The error log's pager buttons carry `:prev` / `:next` after this. */
  errorLogPage: 'hosting_errorlog_page',
  errorLogPager: 'hosting_errorlog_pager',
  /** The error log's "send me the whole log as a file" button (beside the pager). */
  errorLogFile: 'hosting_errorlog_file',
  /** "Show the private key", in a direct message that holds none. */
  showPrivateKey: 'hosting_show_private_key',
  /** A domain's ownership not proven: "add the TXT record and retry", and "retry" once it is set elsewhere. */
  verifyAdd: 'hosting_verify_add',
  verifyRetry: 'hosting_verify_retry',
} as const;

export const HOSTING_FORMS = [
  'wp_install',
  'wp_delete',
  'db_create',
  'db_user_create',
  'ssh_key_add',
] as const;
export type HostingForm = (typeof HOSTING_FORMS)[number];

/** The callback_id of each /hosting form. */
export const HOSTING_CALLBACKS: Record<HostingForm, string> = {
  wp_install: 'hosting_wp_install_modal',
  wp_delete: 'hosting_wp_delete_modal',
  db_create: 'hosting_db_create_modal',
  db_user_create: 'hosting_db_user_create_modal',
  ssh_key_add: 'hosting_ssh_key_add_modal',
};

/**
 * Block of a /hosting form input; its action_id is the provider's field name
 * (CONTRIBUTING.md, A feature, folder by folder).
 */
export function hostingBlockId(field: string): string {
  return `hosting_${field}`;
}

/**
 * The block_id of one item's block in a list (an order's or an operation's
 * buttons, an incident's): the kind of block and the item's id, so two items
 * in one message or App Home never share one (Slack refuses the whole view
 * when they do). Slack allows 255 characters: an id that would not fit is
 * replaced by its hash.
 */
export function itemBlockId(base: string, itemId: string): string {
  const id = `${base}:${itemId}`;
  return id.length <= 255 ? id : `${base}#${fnv1a(itemId)}`;
}

/** What starts the block_id of a block in one account's part of the App Home. */
const ACCOUNT_BLOCK = 'vps_acct:';

/**
 * The block_id of a block in one provider account's part of the App Home (or
 * of a window opened from it): the account's name, then the block's own id,
 * so a button pressed there acts on that account (handlers/kit.ts reads it
 * back) and two accounts' blocks never share an id. An id too long for
 * Slack's 255 characters is replaced by its hash.
 */
export function accountBlockId(account: string, blockId: string): string {
  const id = `${ACCOUNT_BLOCK}${account}:${blockId}`;
  return id.length <= 255 ? id : `${ACCOUNT_BLOCK}${account}:#${fnv1a(blockId)}`;
}

/** The account an `accountBlockId` names; undefined for any other block_id. */
export function accountOfBlockId(blockId: string | undefined): string | undefined {
  if (!blockId?.startsWith(ACCOUNT_BLOCK)) return undefined;
  const rest = blockId.slice(ACCOUNT_BLOCK.length);
  const end = rest.indexOf(':');
  return end > 0 ? rest.slice(0, end) : undefined;
}

/** FNV-1a, 32 bits, in hex: a short stable name for a long id (not a secret). */
function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(s)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** The mail account forms (src/slack/views/hosting/mail-accounts.ts). */
export const HOSTING_MAIL_CALLBACKS = {
  mail_add: 'hosting_mail_add_modal',
  mail_change: 'hosting_mail_change_modal',
  mail_forward: 'hosting_mail_forward_modal',
} as const;
export type HostingMailForm = keyof typeof HOSTING_MAIL_CALLBACKS;

/** The FTP account forms (src/slack/views/hosting/ftp.ts). */
export const HOSTING_FTP_CALLBACKS = {
  ftp_add: 'hosting_ftp_add_modal',
  ftp_change: 'hosting_ftp_change_modal',
} as const;
export type HostingFtpForm = keyof typeof HOSTING_FTP_CALLBACKS;

/** The mail sorting rule form (src/slack/views/hosting/mail-rules.ts). */
export const HOSTING_MAIL_RULE_CALLBACK = 'hosting_mail_rules_add_modal';

/** The forms of DNS records and cron jobs (src/slack/views/hosting/record-forms.ts). */
export const HOSTING_RECORD_FORMS = ['dns_change', 'cron_add', 'cron_change'] as const;
export type HostingRecordForm = (typeof HOSTING_RECORD_FORMS)[number];

export const HOSTING_RECORD_CALLBACKS: Record<HostingRecordForm, string> = {
  dns_change: 'hosting_dns_change_modal',
  cron_add: 'hosting_cron_add_modal',
  cron_change: 'hosting_cron_change_modal',
};

/** The forms of domains, subdomains, WordPress sites and databases (src/slack/views/hosting/sites.ts). */
export const HOSTING_SITE_CALLBACKS = {
  domain_change: 'hosting_domain_change_modal',
  subdomain_change: 'hosting_subdomain_change_modal',
  wp_change: 'hosting_wp_change_modal',
  db_change: 'hosting_db_change_modal',
  db_user_change: 'hosting_db_user_change_modal',
} as const;
export type HostingSiteForm = keyof typeof HOSTING_SITE_CALLBACKS;
