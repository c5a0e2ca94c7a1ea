/**
 * What every view gets: the translator, the locale and the user's time zone,
 * and the few formatting helpers they share. Pure.
 */
import type { KnownBlock } from '@slack/types';
import type { Role } from '../../services/access/index.ts';
import { type KeyTaking, type Locale, type PlainKey, type Translator, translator } from '../i18n/index.ts';

export interface Ui {
  t: Translator;
  locale: Locale;
  /** IANA zone of the user (users.info `tz`), e.g. Asia/Tokyo. */
  tz: string;
  /**
   * The BCP 47 locale dates are written in (users.info `locale`, e.g. en-US is
   * month-first, en-GB day-first, ja-JP year-first).
   */
  dateLocale: string;
  /**
   * A channel has no one zone: its times are Slack date tokens, which every
   * client shows in its own reader's zone.
   */
  channel?: true;
}

/** The date locale of a language when Slack does not say: the bot's default. */
export function defaultDateLocale(locale: Locale): string {
  return locale === 'ja' ? 'ja-JP' : 'en-US';
}

/**
 * The date locale of a Slack locale (`en-GB`, `ja-JP`) for text written in
 * `locale`: the Slack locale when it is of that language and Intl knows it,
 * else the language's default (an English text never gets French month names).
 */
export function dateLocaleFor(locale: Locale, slackLocale: string | undefined): string {
  if (slackLocale) {
    const tag = slackLocale.replace(/_/g, '-');
    try {
      if (
        tag.toLowerCase().slice(0, 2) === locale &&
        Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0
      ) {
        return tag;
      }
    } catch {
      // Not a locale tag: the default below.
    }
  }
  return defaultDateLocale(locale);
}

/** The Ui of one reader: a user (their Slack locale and zone). */
export function uiFor(locale: Locale, tz: string, dateLocale: string = defaultDateLocale(locale)): Ui {
  return { locale, tz, dateLocale, t: translator(locale) };
}

/** The Ui of a channel (its language): times are Slack date tokens, with a fallback in UTC that says so. */
export function channelUiFor(locale: Locale): Ui {
  return { ...uiFor(locale, 'UTC'), channel: true };
}

export interface Message {
  text: string;
  blocks: KnownBlock[];
}

/**
 * Provider timestamps are `YYYY-MM-DD HH:MM:SS` in Japan time (docs/provider-api.md, API logs;
 * the project reads `expires_at` the same way: docs/provider-api.md, Decisions where the spec is silent).
 */
export function parseProviderTime(s: string): Date | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(s.trim());
  if (!m) return undefined;
  const d = new Date(`${m[1]}T${m[2]}+09:00`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * Formatters kept by what makes them (locale, zone, options): each new
 * Intl.DateTimeFormat builds ICU objects outside V8's heap that live until
 * the garbage collector finds the wrapper, and a list of fifty log lines used
 * to build a hundred. The keys come from the bot's own few option sets and
 * the zones and locales of its readers; past MAX_KEPT the oldest go.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_KEPT = 200;

function keptFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    if (formatters.size >= MAX_KEPT) formatters.delete(formatters.keys().next().value as string);
    formatters.set(key, f);
  }
  return f;
}

function zoneOf(ui: Ui): string {
  try {
    keptFormat('en', { timeZone: ui.tz });
    return ui.tz;
  } catch {
    return 'UTC';
  }
}

function dateFormat(ui: Ui, tz: string, seconds: boolean): Intl.DateTimeFormat {
  const ja = ui.dateLocale.toLowerCase().startsWith('ja');
  const options: Intl.DateTimeFormatOptions = {
    timeZone: tz,
    year: 'numeric',
    month: ja ? '2-digit' : 'short',
    day: ja ? '2-digit' : 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(seconds ? { second: '2-digit' as const } : {}),
  };
  try {
    return keptFormat(ui.dateLocale, options);
  } catch {
    return keptFormat(defaultDateLocale(ui.locale), options);
  }
}

/**
 * A moment as its reader reads it, its zone named: `Mar 10, 2026, 12:00
 * Asia/Tokyo` (en-US), `10 Mar 2026, 12:00 Europe/London` (en-GB),
 * `2026/03/10 12:00 Asia/Tokyo` (ja). In a channel, Slack's date token.
 */
export function formatTime(ui: Ui, at: Date): string {
  if (ui.channel) return slackDate(ui, at.getTime());
  const tz = zoneOf(ui);
  return `${dateFormat(ui, tz, false).format(at)} ${tz}`;
}

/**
 * A moment to the second in the reader's zone and date order, without the
 * zone: for lists whose heading names the zone (request logs).
 */
export function formatClockTime(ui: Ui, at: Date): string {
  return dateFormat(ui, zoneOf(ui), true).format(at);
}

/** Whether a moment is 00:00 in Japan: the day boundary at which the pro-rata price changes. */
export function isJapanMidnight(at: Date): boolean {
  return (at.getTime() + 9 * 3_600_000) % 86_400_000 === 0;
}

/**
 * When a quote expires: the reader's time, and at 00:00 in Japan (the day's
 * pro-rata boundary) that reason too.
 */
export function formatQuoteExpiry(ui: Ui, at: Date): string {
  const when = formatTime(ui, at);
  return isJapanMidnight(at) ? ui.t('time.japan_midnight', { at: when }) : when;
}

/**
 * A length of time as people say it, two units at most: `56 s`, `3 min`,
 * `2 h 5 min`, `3 d 4 h` (`2時間5分` in Japanese).
 */
export function formatDuration(ui: Ui, ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const parts: [KeyTaking<{ n: number }>, number][] =
    s < 60
      ? [['duration.s', s]]
      : s < 3600
        ? [['duration.min', Math.floor(s / 60)]]
        : s < 86_400
          ? [
              ['duration.h', Math.floor(s / 3600)],
              ['duration.min', Math.floor((s % 3600) / 60)],
            ]
          : [
              ['duration.d', Math.floor(s / 86_400)],
              ['duration.h', Math.floor((s % 86_400) / 3600)],
            ];
  return parts
    .filter(([, n], i) => i === 0 || n > 0)
    .map(([key, n]) => ui.t(key, { n }))
    .join(ui.locale === 'ja' ? '' : ' ');
}

/** `2026-03-02 12:00 Asia/Tokyo`: a time in the reader's zone that says which zone it is. */
export function formatZonedTime(ui: Ui, at: Date): string {
  const tz = zoneOf(ui);
  const parts = keptFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} ${tz}`;
}

/**
 * Slack's date token: every client shows it in its reader's own zone and
 * format; one that cannot shows the fallback, which names its zone.
 */
export function slackDate(ui: Ui, ms: number): string {
  const sec = Math.floor(ms / 1000);
  return `<!date^${sec}^{date_short_pretty} {time}|${formatZonedTime(ui, new Date(sec * 1000))}>`;
}

/** A provider time shown in the user's zone, to the second, for a list whose heading names the zone; an unparseable value is shown as given (as mrkdwn text). */
export function formatProviderTime(ui: Ui, s: string): string {
  const d = parseProviderTime(s);
  return d ? formatClockTime(ui, d) : escapeMrkdwn(clip(s, 40));
}

/**
 * How long until a moment, in whole days from a day on (rounded to the hour
 * first, so a check a second after "14 days before" still says 14 days),
 * else in hours, else "less than an hour".
 */
export function formatTimeLeft(ui: Ui, ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  if (hours >= 24) return ui.t('time.left.days', { days: Math.floor(hours / 24) });
  if (hours >= 1) return ui.t('time.left.hours', { hours });
  return ui.t('time.left.soon');
}

/** Longest unknown enum value shown: the known ones are a word; anything longer is not one. */
const ENUM_SHOWN = 40;

const ROLE_WORDS: Record<Role, PlainKey> = {
  none: 'role.none',
  viewer: 'role.viewer',
  operator: 'role.operator',
  approver: 'role.approver',
  admin: 'role.admin',
};

/** A role as people read it: its word, never its id. */
export function roleLabel(ui: Ui, role: Role): string {
  return ui.t(ROLE_WORDS[role]);
}

/** A word of the provider's closed lists, in the reader's language; anything else as given, cut. */
function listedWord<W extends string>(ui: Ui, words: Record<W, PlainKey>, value: string): string {
  const known = Object.entries<PlainKey>(words).find(([w]) => w === value);
  return known ? ui.t(known[1]) : escapeMrkdwn(clip(value, ENUM_SHOWN));
}

const STATUS_WORDS: Record<'active' | 'suspended', PlainKey> = {
  active: 'status.active',
  suspended: 'status.suspended',
};

/** A contract status (`active`, `suspended`) in words; one the spec does not list as given. */
export function statusLabel(ui: Ui, status: string): string {
  return listedWord(ui, STATUS_WORDS, status);
}

const PERMISSION_WORDS: Record<'full' | 'read' | 'custom' | 'none', PlainKey> = {
  full: 'permission.full',
  read: 'permission.read',
  custom: 'permission.custom',
  none: 'permission.none',
};

/** A key's permission level in words; one the provider names otherwise as given. */
export function permissionLabel(ui: Ui, permission: string): string {
  return listedWord(ui, PERMISSION_WORDS, permission);
}

const YEN: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' }),
  // The currency's name, not its sign: Japanese writes 12,345円.
  ja: new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY', currencyDisplay: 'name' }),
};

/** Yen as people in each language write it, through Intl: ¥12,345 / 12,345円. */
export function formatYen(ui: Ui, yen: number): string {
  return YEN[ui.locale].format(Math.trunc(yen));
}

const COUNTS: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-US'),
  ja: new Intl.NumberFormat('ja-JP'),
};

/** A count with its digits grouped as the reader's language groups them (12,345), outside a sentence. */
export function formatCount(ui: Ui, n: number): string {
  return COUNTS[ui.locale].format(n);
}

/** `s` cut to `max` characters (code points), its end marked when cut. */
export function clip(s: string, max: number): string {
  const chars = [...s];
  return chars.length <= max ? s : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * Slack mrkdwn treats &, < and > as control characters: every text that did
 * not come from our catalogs (provider data, what a person typed) goes
 * through here before it reaches mrkdwn, so `<!channel>` or `<@U…>` in a
 * server name or a memo is shown as text, never as a live mention or link.
 * plain_text fields need none of it (Slack shows them as they are).
 */
export function escapeMrkdwn(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * How much of one provider string a view shows. The spec bounds a name (50),
 * a memo (500) and a hostname (253) but the provider may answer anything:
 * beyond these a value is cut visibly rather than breaking Slack's limits.
 */
export const SHOWN = { word: 40, name: 100, text: 300, memo: 500 } as const;

/** Provider text for mrkdwn: cut visibly at `max` characters, then escaped (escapeMrkdwn). */
export function mrkdwnText(s: string, max: number): string {
  return escapeMrkdwn(clip(s, max));
}

export const POWER_EMOJI: Readonly<Record<string, string>> = {
  running: ':large_green_circle:',
  stopped: ':white_circle:',
  processing: ':large_yellow_circle:',
  error: ':red_circle:',
};

/** The power states the spec lists (docs/provider-api.md, Power status), each with its word. */
const LISTED_POWER = ['running', 'stopped', 'processing', 'error'] as const;

function isListedPower(s: string): s is (typeof LISTED_POWER)[number] {
  return (LISTED_POWER as readonly string[]).includes(s);
}

/**
 * A power state in words: one the spec lists in the reader's language; any
 * other as the provider said it, marked as a state the spec does not list
 * (never taken for one it does).
 */
export function powerLabel(ui: Ui, status: string): string {
  return isListedPower(status)
    ? ui.t(`power.${status}`)
    : ui.t('power_state.unlisted', { state: escapeMrkdwn(clip(status, ENUM_SHOWN)) });
}

/** The marker beside a power state; a state the spec does not list gets a question mark. */
export function powerEmoji(status: string): string {
  return isListedPower(status) ? POWER_EMOJI[status]! : ':grey_question:';
}
