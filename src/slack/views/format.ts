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
  return d ? formatClockTime(ui, d) : mrkdwnText(s, 40);
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
  return known ? ui.t(known[1]) : mrkdwnText(value, ENUM_SHOWN);
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

/** `s` cut to `max` characters (code points), ending in `…` when cut. */
export function clip(s: string, max: number): string {
  const chars = [...s];
  return chars.length <= max ? s : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * Characters that act without being seen, and how each is shown instead: C0
 * controls (a line break aside) as their Control Pictures (BEL as ␇), DEL as
 * ␡, and C1 controls, the bidirectional controls (a right-to-left override
 * can make `gpj.exe` read `exe.jpg`) and the line and paragraph separators
 * as a visible code (`[U+202E]`); a lone surrogate, no character at all, as
 * U+FFFD.
 */
function invisible(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x0a) ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    (code >= 0xd800 && code <= 0xdfff)
  );
}

function visible(code: number): string {
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  if (code >= 0xd800 && code <= 0xdfff) return '\ufffd';
  return `[U+${code.toString(16).toUpperCase().padStart(4, '0')}]`;
}

/**
 * Outside text for a plain_text field (a button, a header, an option): Slack
 * shows it as it is, so mrkdwn needs no escaping there, but a control or a
 * bidi override would still act; each is shown visibly as in escapeMrkdwn,
 * and the whole cut to `max` characters (clip).
 */
export function plainText(s: string, max: number): string {
  const shown = [...s.replace(/\r\n/g, '\n')].map((c) => {
    const code = c.codePointAt(0) ?? 0;
    return invisible(code) ? visible(code) : c;
  });
  return clip(shown.join(''), max);
}

/** mrkdwn's formatting marks: bold, italic, strike and code. */
const MARKS = new Set(['*', '_', '~', '`']);
const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;
/** A zero-width space on each side of a mark keeps it from opening or closing a span. */
const ZWSP = '\u200b';

/**
 * The marks of a text that would format it: a backquote, and a `*`, `_` or
 * `~` that could open a span (at the start or after a space or a sign, before
 * a letter) with one that could close it later in the text, and that closer.
 * A mark inside a word (`db_primary`) or alone (`_dmarc`) formats nothing and
 * is left as typed, so the value copies as it is.
 */
function formattingMarks(chars: readonly string[]): Set<number> {
  const out = new Set<number>();
  const opens = (i: number) =>
    !WORD.test(chars[i - 1] ?? '') && chars[i + 1] !== undefined && !SPACE.test(chars[i + 1]!);
  const closes = (i: number) =>
    !WORD.test(chars[i + 1] ?? '') && chars[i - 1] !== undefined && !SPACE.test(chars[i - 1]!);
  for (const mark of MARKS) {
    const at = chars.flatMap((c, i) => (c === mark ? [i] : []));
    if (mark === '`') {
      for (const i of at) out.add(i);
      continue;
    }
    const openers = at.filter(opens);
    const closers = at.filter(closes);
    for (const i of openers) if (closers.some((j) => j > i)) out.add(i);
    for (const j of closers) if (openers.some((i) => i < j)) out.add(j);
  }
  return out;
}

/**
 * One character of outside text as mrkdwn shows it literally: &, < and >
 * escaped (Slack reads them as control characters), an invisible control
 * made visible, and a formatting mark that would format (formattingMarks)
 * fenced with zero-width spaces, so `*bold*` in a server name is shown with
 * its asterisks.
 */
function shownChars(s: string): string[] {
  const chars = [...s.replace(/\r\n/g, '\n')];
  const marks = formattingMarks(chars);
  return chars.map((c, i) => {
    if (c === '&') return '&amp;';
    if (c === '<') return '&lt;';
    if (c === '>') return '&gt;';
    const code = c.codePointAt(0) ?? 0;
    if (invisible(code)) return visible(code);
    return marks.has(i) ? `${ZWSP}${c}${ZWSP}` : c;
  });
}

/**
 * Text that did not come from our catalogs (provider data, what a person
 * typed), made safe for mrkdwn: it keeps its meaning and loses its power.
 * `<!channel>` or `<@U…>` in a server name or a memo is shown as text, never
 * as a live mention or link; `*bold*`, `_x_`, `~x~` and backquotes are shown
 * as typed; a control character or a bidirectional override is shown as a
 * visible sign, never passed on (shownChars). Every such text goes through
 * here, or through mrkdwnText, which also cuts it to fit. plain_text fields
 * need none of it (Slack shows them as they are).
 */
export function escapeMrkdwn(s: string): string {
  return shownChars(s).join('');
}

/**
 * How much of one provider string a view shows. The spec bounds a name (50),
 * a memo (500) and a hostname (253) but the provider may answer anything:
 * beyond these a value is cut visibly rather than breaking Slack's limits. A
 * domain is a hostname, shown with its Punycode beside it when it could
 * deceive (domain-display.ts): twice its length and a little.
 */
export const SHOWN = { word: 40, name: 100, text: 300, memo: 500, domain: 520 } as const;

/**
 * Outside text for mrkdwn (escapeMrkdwn), at most `max` characters as shown,
 * escapes and signs included, so that a value of `&` or of control
 * characters takes no more room than any other; cut visibly (…) when longer.
 */
export function mrkdwnText(s: string, max: number): string {
  return mrkdwnCut(s, max).text;
}

/** mrkdwnText, and how many of the text's characters it shows of how many (for a view that says what it left out). */
export function mrkdwnCut(s: string, max: number): { text: string; shown: number; total: number } {
  const pieces = shownChars(s);
  const sizes = pieces.map((p) => [...p].length);
  const total = pieces.length;
  if (sizes.reduce((a, b) => a + b, 0) <= max) return { text: pieces.join(''), shown: total, total };
  let text = '';
  let used = 0;
  let shown = 0;
  for (const [i, piece] of pieces.entries()) {
    if (used + sizes[i]! > max - 1) break;
    text += piece;
    used += sizes[i]!;
    shown += 1;
  }
  return { text: `${text}…`, shown, total };
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
 * other as the provider said it, labelled as a state the spec does not list
 * (never taken for one it does).
 */
export function powerLabel(ui: Ui, status: string): string {
  return isListedPower(status)
    ? ui.t(`power.${status}`)
    : ui.t('power_state.unlisted', { state: mrkdwnText(status, ENUM_SHOWN) });
}

/** The marker beside a power state; a state the spec does not list gets a question mark. */
export function powerEmoji(status: string): string {
  return isListedPower(status) ? POWER_EMOJI[status]! : ':grey_question:';
}
