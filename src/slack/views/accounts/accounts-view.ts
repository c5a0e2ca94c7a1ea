/**
 * `/vps accounts`: each provider account by its label and name, its key's
 * health and expiry, what the key covers in one line, its channels and the
 * day's requests; and the channel's answer to `/vps account use`. Pure.
 */
import type { KnownBlock } from '@slack/types';
import type {
  AccountFigures,
  AccountKeyHealth,
  AccountOverview,
  BindOutcome,
  KeyScope,
} from '../../../services/access/index.ts';
import type { PlainKey } from '../../i18n/index.ts';
import { formatTime, type Message, mrkdwnText, permissionLabel, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';

const HEALTH: Record<AccountKeyHealth, PlainKey> = {
  ok: 'accounts.key.ok',
  unchecked: 'accounts.key.unchecked',
  expired: 'accounts.key.expired',
  forbidden: 'accounts.key.forbidden',
  refused: 'accounts.key.refused',
  unreachable: 'accounts.key.unreachable',
};

/** Channels listed per account before "…": a message stays short. */
const CHANNELS_SHOWN = 20;
/** Accounts shown, within Slack's 50 blocks a message (a header and a hint beside them). */
const ACCOUNTS_SHOWN = 45;

const sep = (ui: Ui) => (ui.locale === 'ja' ? '、' : ', ');

function expiryWords(ui: Ui, f: AccountFigures): string {
  if (f.expiresAt === undefined) return ui.t('accounts.expires_unknown');
  if (f.expiresAt === null) return ui.t('accounts.expires_never');
  const at = formatTime(ui, f.expiresAt);
  return f.keyHealth === 'expired' ? ui.t('accounts.expired_at', { at }) : ui.t('accounts.expires', { at });
}

/** What the key covers, in one line: VPS (permission, targets), web hosting, new signups. */
export function scopeLine(ui: Ui, scope: KeyScope | undefined): string {
  if (!scope) return ui.t('accounts.scope.unknown');
  const parts: string[] = [];
  const vps = scope.info.services.vps;
  if (!scope.readable || !vps) parts.push(ui.t('accounts.scope.vps_none'));
  else
    parts.push(
      ui.t('accounts.scope.vps', {
        permission: permissionLabel(ui, vps.permission_type),
        targets:
          scope.targets === undefined
            ? ui.t('accounts.scope.targets_all')
            : ui.t('accounts.scope.targets_selected', { count: scope.targets.size }),
      }),
    );
  const h = scope.hosting;
  if (!h.available) parts.push(ui.t('accounts.scope.hosting_none'));
  else
    parts.push(
      ui.t('accounts.scope.hosting', {
        permission: h.permission === undefined ? '—' : permissionLabel(ui, h.permission),
        servers:
          h.servers === undefined
            ? ui.t('accounts.scope.targets_all')
            : ui.t('accounts.scope.targets_selected', { count: h.servers.length }),
      }),
    );
  if (scope.readable)
    parts.push(ui.t(scope.signupAllowed ? 'accounts.scope.signup_yes' : 'accounts.scope.signup_no'));
  return parts.join(sep(ui));
}

function channelsLine(ui: Ui, a: AccountOverview): string {
  if (a.channels.length === 0) return ui.t('accounts.channels_none');
  const shown = a.channels.slice(0, CHANNELS_SHOWN).map((c) => {
    const mention = `<#${c.channelId}>`;
    return c.source === 'slack' ? ui.t('accounts.channel_from_slack', { channel: mention }) : mention;
  });
  const more = a.channels.length > shown.length ? ' …' : '';
  return ui.t('accounts.channels', { channels: `${shown.join(sep(ui))}${more}` });
}

function requestsLine(ui: Ui, f: AccountFigures): string {
  if (f.dailyLimit === undefined) return ui.t('accounts.requests_no_limit', { used: f.requestsToday });
  return ui.t('accounts.requests', {
    used: f.requestsToday,
    limit: f.dailyLimit,
    left: Math.max(0, f.dailyLimit - f.requestsToday),
  });
}

/** One account's section: figures undefined when they could not be read. */
function accountText(ui: Ui, a: AccountOverview, f: AccountFigures | undefined): string {
  const lines = [ui.t('accounts.name', { label: mrkdwnText(a.label, SHOWN.name), name: a.name })];
  if (a.isDefault) lines.push(ui.t('accounts.default'));
  if (f) {
    lines.push(ui.t('accounts.key', { health: ui.t(HEALTH[f.keyHealth]), expiry: expiryWords(ui, f) }));
    lines.push(ui.t('accounts.scope', { scope: scopeLine(ui, f.scope) }));
  } else lines.push(ui.t('accounts.figures_unknown'));
  lines.push(channelsLine(ui, a));
  if (f) lines.push(requestsLine(ui, f));
  return lines.join('\n');
}

export function accountsView(
  ui: Ui,
  accounts: readonly { account: AccountOverview; figures: AccountFigures | undefined }[],
): Message {
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: ui.t('accounts.title') } },
  ];
  const texts: string[] = [];
  for (const { account, figures } of accounts.slice(0, ACCOUNTS_SHOWN)) {
    const text = accountText(ui, account, figures);
    texts.push(text);
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text } });
  }
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: ui.t('accounts.hint') }] });
  assertBlocksWithinLimits(blocks, 'message');
  return { text: [ui.t('accounts.title'), ...texts].join('\n\n'), blocks };
}

/** What the channel reads once an admin bound it. */
export function accountBoundView(ui: Ui, userId: string, outcome: BindOutcome): Message {
  const params = {
    user: userId,
    label: mrkdwnText(outcome.account.label, SHOWN.name),
    name: outcome.account.name,
  };
  const prev = outcome.previous;
  const text =
    prev && prev.name !== outcome.account.name
      ? ui.t('accounts.moved', { ...params, previous: mrkdwnText(prev.label, SHOWN.name) })
      : ui.t('accounts.bound', params);
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text } }];
  assertBlocksWithinLimits(blocks, 'message');
  return { text, blocks };
}
