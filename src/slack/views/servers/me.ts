import type { KnownBlock } from '@slack/types';
import type { DailyBudgetState } from '../../../provider/index.ts';
import { type KeyScope, keyExpiryOf, type Role } from '../../../services/access/index.ts';
import {
  enumLabel,
  escapeMrkdwn,
  formatProviderTime,
  formatTime,
  formatTimeLeft,
  type Message,
  type Ui,
} from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';

/** From this many days before the key's expiry `/vps me` warns, as the notify channel's first warning does. */
const KEY_SOON_DAYS = 14;

/**
 * The day's provider requests: counted against the configured daily limit,
 * and whether the watcher is holding back for it (or the provider refused for the day).
 */
function dailyLine(ui: Ui, d: DailyBudgetState): string | undefined {
  const params = {
    used: d.used,
    limit: d.limit ?? 0,
    remaining: d.remaining ?? 0,
    at: formatTime(
      ui,
      new Date(d.level === 'exhausted' ? (d.backgroundHeldUntil ?? d.resetsAt) : d.resetsAt),
    ),
  };
  if (d.level === 'exhausted') return ui.t('me.daily_exhausted', params);
  if (d.limit === null) return undefined;
  if (d.backgroundHeldUntil !== null) return ui.t('me.daily_held', params);
  return ui.t(d.level === 'low' ? 'me.daily_low' : 'me.daily_ok', params);
}

export function meView(ui: Ui, key: KeyScope, role: Role, now: Date, daily?: DailyBudgetState): Message {
  const lines: string[] = [];
  // The one reading of the key's expiry, as the notify channel and /healthz have it.
  const expiry = keyExpiryOf(key, now);
  if (expiry.state === 'never') lines.push(ui.t('me.never'));
  else if (expiry.state === 'unreadable')
    lines.push(ui.t('me.expires_at', { at: formatProviderTime(ui, expiry.raw) }));
  else if (expiry.state === 'expired') lines.push(ui.t('me.expired', { at: formatTime(ui, expiry.at) }));
  else {
    // From the notify channel's first warning on, this line warns too.
    const soon = expiry.leftMs <= KEY_SOON_DAYS * 86_400_000;
    const params = { at: formatTime(ui, expiry.at), left: formatTimeLeft(ui, expiry.leftMs) };
    lines.push(ui.t(soon ? 'me.expires_soon' : 'me.expires', params));
  }
  const services = Object.entries(key.info.services).flatMap(([service, scope]) => {
    if (!scope) return [];
    const targets =
      scope.target_mode === 'selected'
        ? ui.t('me.targets_selected', { count: scope.targets.length })
        : ui.t('me.targets_all');
    return [
      `• ${ui.t('me.service', { service: escapeMrkdwn(service), permission: enumLabel(ui, 'permission', scope.permission_type), targets })}`,
    ];
  });
  const vps = key.info.services.vps;
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: ui.t('me.title') } },
    { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } },
  ];
  if (vps) {
    blocks.push({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: ui.t('me.vps', { permission: enumLabel(ui, 'permission', vps.permission_type) }),
      },
    });
  }
  if (services.length > 0)
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: services.join('\n') } });
  const tail = [key.signupAllowed ? ui.t('me.signup_yes') : ui.t('me.signup_no')];
  if (!key.writable) tail.push(ui.t('me.read_only'));
  tail.push(ui.t('me.role', { role: enumLabel(ui, 'role', role) }));
  blocks.push({ type: 'section', text: { type: 'mrkdwn', text: tail.join('\n') } });
  const day = daily ? dailyLine(ui, daily) : undefined;
  if (day) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: day } });
  assertBlocksWithinLimits(blocks, 'message');
  return { text: ui.t('me.title'), blocks };
}
