/**
 * `/vps me`: the provider key as GET /v1/me describes it (docs/provider-api.md,
 * Key information): its expiry, every service with its permission type, its
 * target mode and the targets themselves (a VPS by its name where the server
 * list knows it), a custom key's categories as the provider names them,
 * `allow_signup`, `allow_acquisition`, the WordPress sites and the legacy
 * single-server fields; then this person's role and the day's request budget.
 * A key with hundreds of targets is summarised with counts, never cut silently.
 */
import type { KnownBlock } from '@slack/types';
import type { DailyBudgetState, ServiceScope } from '../../../provider/index.ts';
import { type KeyScope, keyExpiryOf, type Role } from '../../../services/access/index.ts';
import type { PlainKey } from '../../i18n/index.ts';
import {
  formatDuration,
  formatProviderTime,
  formatTime,
  formatTimeLeft,
  type Message,
  mrkdwnText,
  permissionLabel,
  roleLabel,
  SHOWN,
  type Ui,
} from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';

/** From this many days before the key's expiry `/vps me` warns, as the notify channel's first warning does. */
const KEY_SOON_DAYS = 14;

/**
 * Characters one service's section gives its lists, so that the section stays
 * within Slack's 3,000 whatever the provider answers.
 */
const BUDGET = { targets: 1_300, categories: 900, sites: 400 } as const;

/** Service sections one message holds beside its other blocks (Slack: 50 blocks). */
const MAX_SERVICES = 40;

/** A provider value as a code span: cut visibly, escaped. */
const code = (s: string, max: number = SHOWN.name): string => `\`${mrkdwnText(s, max)}\``;

/**
 * Items joined within `budget` characters: those that do not fit are counted
 * ("…and 212 more (250 in all)"), never dropped silently.
 */
function packed(ui: Ui, items: readonly string[], budget: number, sep: string): string {
  const shown: string[] = [];
  let size = 0;
  for (const item of items) {
    const add = item.length + (shown.length > 0 ? sep.length : 0);
    if (size + add > budget) break;
    shown.push(item);
    size += add;
  }
  const rest = items.length - shown.length;
  if (rest === 0) return shown.join(sep);
  const more = ui.t('me.more', { count: rest, total: items.length });
  return shown.length === 0 ? more : `${shown.join(sep)}${sep}${more}`;
}

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

/** The one reading of the key's expiry, as the notify channel and /healthz have it. */
function expiryLine(ui: Ui, key: Pick<KeyScope, 'expiresAt' | 'readAt'>, now: Date): string {
  const line = expiryWords(ui, key, now);
  // A cached reading (one a minute, shared with the App Home) says how old it is.
  const age = key.readAt ? now.getTime() - key.readAt.getTime() : 0;
  return age >= 1000 ? `${line} ${ui.t('me.read_ago', { ago: formatDuration(ui, age) })}` : line;
}

function expiryWords(ui: Ui, key: Pick<KeyScope, 'expiresAt'>, now: Date): string {
  const expiry = keyExpiryOf(key, now);
  if (expiry.state === 'never') return ui.t('me.never');
  if (expiry.state === 'unreadable') return ui.t('me.expires_at', { at: formatProviderTime(ui, expiry.raw) });
  if (expiry.state === 'expired') return ui.t('me.expired', { at: formatTime(ui, expiry.at) });
  // From the notify channel's first warning on, this line warns too.
  const soon = expiry.leftMs <= KEY_SOON_DAYS * 86_400_000;
  return ui.t(soon ? 'me.expires_soon' : 'me.expires', {
    at: formatTime(ui, expiry.at),
    left: formatTimeLeft(ui, expiry.leftMs),
  });
}

/** A target as shown: a VPS by its name where the server list knows its uuid. */
function targetText(ui: Ui, service: string, target: string, vpsNames: ReadonlyMap<string, string>): string {
  if (service !== 'vps') return code(target);
  const name = vpsNames.get(target);
  return name === undefined ? ui.t('me.vps_unnamed', { uuid: code(target) }) : code(name);
}

/** The key's services the provider documents, in words; another is shown by its name only. */
const SERVICE_WORDS: ReadonlyMap<string, PlainKey> = new Map<string, PlainKey>([
  ['server', 'me.service.server'],
  ['domain', 'me.service.domain'],
  ['wphosting', 'me.service.wphosting'],
  ['vps', 'me.service.vps'],
]);

/** One service of the key, every field the provider documents for it, as given. */
function serviceText(
  ui: Ui,
  service: string,
  scope: ServiceScope,
  vpsNames: ReadonlyMap<string, string>,
): string {
  const nameKey = SERVICE_WORDS.get(service);
  const lines = [
    nameKey
      ? ui.t('me.service_title', { name: ui.t(nameKey), service: mrkdwnText(service, SHOWN.word) })
      : ui.t('me.service_title_other', { service: mrkdwnText(service, SHOWN.word) }),
    ui.t('me.permission', { permission: permissionLabel(ui, scope.permission_type) }),
  ];
  if (scope.target_mode === 'all') lines.push(ui.t('me.targets_all'));
  else if (scope.target_mode === 'selected') {
    lines.push(ui.t('me.targets_selected', { count: scope.targets.length }));
    const targets = scope.targets.map((t) => targetText(ui, service, t, vpsNames));
    if (targets.length > 0) lines.push(packed(ui, targets, BUDGET.targets, ui.t('me.list_separator')));
  } else lines.push(ui.t('me.targets_unknown', { mode: mrkdwnText(scope.target_mode, SHOWN.word) }));
  if (scope.permissions !== undefined || scope.permission_type === 'custom') {
    const categories = Object.entries(scope.permissions ?? {}).map(
      ([category, level]) => `• ${code(category)}: ${permissionLabel(ui, level)}`,
    );
    if (categories.length === 0) lines.push(ui.t('me.categories_none'));
    else lines.push(ui.t('me.categories'), packed(ui, categories, BUDGET.categories, '\n'));
  }
  if (scope.allow_signup !== undefined)
    lines.push(ui.t(scope.allow_signup ? 'me.allow_signup_yes' : 'me.allow_signup_no'));
  if (scope.allow_acquisition !== undefined)
    lines.push(ui.t(scope.allow_acquisition ? 'me.allow_acquisition_yes' : 'me.allow_acquisition_no'));
  if (scope.site_target_mode === 'selected') {
    const sites = scope.sites ?? [];
    lines.push(ui.t('me.sites_selected', { count: sites.length }));
    if (sites.length > 0)
      lines.push(
        packed(
          ui,
          sites.map((s) => code(s)),
          BUDGET.sites,
          ui.t('me.list_separator'),
        ),
      );
  } else if (scope.site_target_mode === 'all') lines.push(ui.t('me.sites_all'));
  else if (scope.site_target_mode !== undefined)
    lines.push(`${code('site_target_mode')}: ${code(scope.site_target_mode, SHOWN.word)}`);
  return lines.join('\n');
}

const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });

/**
 * `vpsNames`: uuid -> name from the server list, for a key limited to selected
 * VPSs (a uuid the list does not hold is shown as it is).
 */
export function meView(
  ui: Ui,
  key: KeyScope,
  role: Role,
  now: Date,
  daily?: DailyBudgetState,
  vpsNames: ReadonlyMap<string, string> = new Map(),
  expectedClients: readonly { range: string; count: number; lastAt: number }[] = [],
): Message {
  const expiry = expiryLine(ui, key, now);
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: ui.t('me.title') } },
    section(expiry),
  ];
  const services = Object.entries(key.info.services).flatMap(([name, scope]) =>
    scope ? [serviceText(ui, name, scope, vpsNames)] : [],
  );
  if (services.length > 0) {
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: ui.t('me.services') }] });
    for (const text of services.slice(0, MAX_SERVICES)) blocks.push(section(text));
    if (services.length > MAX_SERVICES) {
      const count = services.length - MAX_SERVICES;
      blocks.push({
        type: 'context',
        elements: [{ type: 'mrkdwn', text: ui.t('me.more', { count, total: services.length }) }],
      });
    }
  }
  const legacy = key.info.legacy;
  if (legacy) {
    const fields = Object.entries(legacy).map(([field, value]) => `• ${code(field)}: ${code(value)}`);
    blocks.push(section([ui.t('me.legacy'), ...fields].join('\n')));
  }
  const tail = [key.signupAllowed ? ui.t('me.signup_yes') : ui.t('me.signup_no')];
  if (!key.writable) tail.push(ui.t('me.read_only'));
  tail.push(ui.t('me.role', { role: roleLabel(ui, role) }));
  blocks.push(section(tail.join('\n')));
  const day = daily ? dailyLine(ui, daily) : undefined;
  if (day) blocks.push(section(day));
  // The other clients the team knows (KEY_EXPECTED_IPS): their requests in the key's log are only counted.
  if (expectedClients.length > 0) {
    const lines = expectedClients.slice(0, MAX_SERVICES).map((c) =>
      ui.t('me.expected_line', {
        range: code(c.range),
        count: c.count,
        at: formatTime(ui, new Date(c.lastAt)),
      }),
    );
    blocks.push(section([ui.t('me.expected_title'), ...lines].join('\n')));
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: `${ui.t('me.title')}\n${expiry}`, blocks };
}
