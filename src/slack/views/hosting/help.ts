/** `/hosting help`: what this person may do here, with examples, and which server the commands go to. */
import type { KnownBlock } from '@slack/types';
import {
  type Capabilities,
  type DestructiveHostingAction,
  HOSTING_ACTIONS,
  type HostingAction,
} from '../../../services/access/index.ts';
import type { PlainKey } from '../../i18n/index.ts';
import { actionNames } from '../action-names.ts';
import { type Message, mrkdwnText, roleLabel, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import { packLines } from '../sections.ts';

const isHostingAction = (a: string): a is HostingAction => HOSTING_ACTIONS.some((known) => known === a);

/** Each /hosting command's line of help. */
const HELP_LINES: Record<HostingAction, PlainKey> = {
  'hosting.servers': 'hosting.help.cmd.hosting.servers',
  'hosting.info': 'hosting.help.cmd.hosting.info',
  'hosting.usage': 'hosting.help.cmd.hosting.usage',
  'hosting.domains': 'hosting.help.cmd.hosting.domains',
  'hosting.domain': 'hosting.help.cmd.hosting.domain',
  'hosting.domain_add': 'hosting.help.cmd.hosting.domain_add',
  'hosting.domain_reset': 'hosting.help.cmd.hosting.domain_reset',
  'hosting.subdomains': 'hosting.help.cmd.hosting.subdomains',
  'hosting.subdomain_add': 'hosting.help.cmd.hosting.subdomain_add',
  'hosting.wp': 'hosting.help.cmd.hosting.wp',
  'hosting.wp_install': 'hosting.help.cmd.hosting.wp_install',
  'hosting.wp_delete': 'hosting.help.cmd.hosting.wp_delete',
  'hosting.db_create': 'hosting.help.cmd.hosting.db_create',
  'hosting.db_user_create': 'hosting.help.cmd.hosting.db_user_create',
  'hosting.db_grant': 'hosting.help.cmd.hosting.db_grant',
  'hosting.domain_change': 'hosting.help.cmd.hosting.domain_change',
  'hosting.domain_delete': 'hosting.help.cmd.hosting.domain_delete',
  'hosting.subdomain_change': 'hosting.help.cmd.hosting.subdomain_change',
  'hosting.subdomain_delete': 'hosting.help.cmd.hosting.subdomain_delete',
  'hosting.wp_change': 'hosting.help.cmd.hosting.wp_change',
  'hosting.db': 'hosting.help.cmd.hosting.db',
  'hosting.db_change': 'hosting.help.cmd.hosting.db_change',
  'hosting.db_delete': 'hosting.help.cmd.hosting.db_delete',
  'hosting.db_user_change': 'hosting.help.cmd.hosting.db_user_change',
  'hosting.db_user_delete': 'hosting.help.cmd.hosting.db_user_delete',
  'hosting.db_revoke': 'hosting.help.cmd.hosting.db_revoke',
  'hosting.ssh': 'hosting.help.cmd.hosting.ssh',
  'hosting.ssh_on': 'hosting.help.cmd.hosting.ssh_on',
  'hosting.ssh_off': 'hosting.help.cmd.hosting.ssh_off',
  'hosting.ssh_keys': 'hosting.help.cmd.hosting.ssh_keys',
  'hosting.ssh_key_add': 'hosting.help.cmd.hosting.ssh_key_add',
  'hosting.ssh_key_generate': 'hosting.help.cmd.hosting.ssh_key_generate',
  'hosting.ssh_key_delete': 'hosting.help.cmd.hosting.ssh_key_delete',
  'hosting.errorlog': 'hosting.help.cmd.hosting.errorlog',
  'hosting.accesslog': 'hosting.help.cmd.hosting.accesslog',
  'hosting.ftp': 'hosting.help.cmd.hosting.ftp',
  'hosting.ftp_add': 'hosting.help.cmd.hosting.ftp_add',
  'hosting.ftp_change': 'hosting.help.cmd.hosting.ftp_change',
  'hosting.ftp_delete': 'hosting.help.cmd.hosting.ftp_delete',
  'hosting.dns': 'hosting.help.cmd.hosting.dns',
  'hosting.dns_add': 'hosting.help.cmd.hosting.dns_add',
  'hosting.dns_change': 'hosting.help.cmd.hosting.dns_change',
  'hosting.dns_delete': 'hosting.help.cmd.hosting.dns_delete',
  'hosting.cron': 'hosting.help.cmd.hosting.cron',
  'hosting.cron_add': 'hosting.help.cmd.hosting.cron_add',
  'hosting.cron_change': 'hosting.help.cmd.hosting.cron_change',
  'hosting.cron_delete': 'hosting.help.cmd.hosting.cron_delete',
  'hosting.php': 'hosting.help.cmd.hosting.php',
  'hosting.php_set': 'hosting.help.cmd.hosting.php_set',
  'hosting.ssl': 'hosting.help.cmd.hosting.ssl',
  'hosting.ssl_add': 'hosting.help.cmd.hosting.ssl_add',
  'hosting.ssl_delete': 'hosting.help.cmd.hosting.ssl_delete',
  'hosting.mail': 'hosting.help.cmd.hosting.mail',
  'hosting.mail_add': 'hosting.help.cmd.hosting.mail_add',
  'hosting.mail_change': 'hosting.help.cmd.hosting.mail_change',
  'hosting.mail_forward': 'hosting.help.cmd.hosting.mail_forward',
  'hosting.mail_delete': 'hosting.help.cmd.hosting.mail_delete',
  'hosting.mail_rules': 'hosting.help.cmd.hosting.mail_rules',
  'hosting.mail_rules_add': 'hosting.help.cmd.hosting.mail_rules_add',
  'hosting.mail_rules_delete': 'hosting.help.cmd.hosting.mail_rules_delete',
  'hosting.audit': 'hosting.help.cmd.hosting.audit',
  'hosting.approve': 'hosting.help.cmd.hosting.approve',
  'hosting.watch': 'hosting.help.cmd.hosting.watch',
};

export function hostingHelpView(
  ui: Ui,
  caps: Capabilities,
  secondPerson: readonly DestructiveHostingAction[],
): Message {
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: ui.t('hosting.help.title') } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: ui.t('hosting.help.role', { role: roleLabel(ui, caps.role) }) },
    },
  ];
  const notes: string[] = [];
  const hosting = caps.key?.hosting;
  if (!caps.channelAllowed) notes.push(ui.t('hosting.help.channel_not_allowed'));
  if (!caps.key) notes.push(ui.t('help.key_unavailable'));
  else if (!hosting?.available) notes.push(ui.t('hosting.help.no_key'));
  else {
    const servers = hosting.servers;
    if (servers === undefined) notes.push(ui.t('hosting.help.all'));
    else if (servers.length === 1)
      notes.push(ui.t('hosting.help.server', { server: mrkdwnText(servers[0]!, SHOWN.name) }));
    else
      notes.push(
        ui.t('hosting.help.servers', { example: mrkdwnText(servers[0] ?? 'xs123456.xsrv.jp', SHOWN.name) }),
      );
    if (hosting.permission === 'read') notes.push(ui.t('hosting.help.key_read_only'));
    if (hosting.permission === 'custom') notes.push(ui.t('hosting.help.key_custom'));
  }
  if (notes.length > 0) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: notes.join('\n') } });
  if (caps.allowed.length > 0) {
    const lines = caps.allowed.flatMap((a) => (isHostingAction(a) ? [`• ${ui.t(HELP_LINES[a])}`] : []));
    // The commands outgrow one section's 3,000 characters: as many sections as they take.
    blocks.push(...packLines([`*${ui.t('hosting.help.you_can')}*`, ...lines]));
    const context = [ui.t('hosting.help.confirm_note')];
    if (secondPerson.length > 0)
      context.push(ui.t('hosting.help.approval_note', { actions: actionNames(ui, secondPerson) }));
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: context.join(' ') }] });
  }
  if (caps.needsHigherRole.length > 0 && caps.channelAllowed) {
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: ui.t('hosting.help.not_yours', { commands: actionNames(ui, caps.needsHigherRole) }),
        },
      ],
    });
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: ui.t('hosting.help.title'), blocks };
}
