/**
 * Japan Standard Time helpers. The provider formats times as
 * `YYYY-MM-DD HH:MM:SS` in JST (UTC+9, no daylight saving), and prices are
 * pro-rated by the calendar day in Japan.
 */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

export interface JstParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function jstParts(d: Date): JstParts {
  const s = new Date(d.getTime() + JST_OFFSET_MS);
  return {
    year: s.getUTCFullYear(),
    month: s.getUTCMonth() + 1,
    day: s.getUTCDate(),
    hour: s.getUTCHours(),
    minute: s.getUTCMinutes(),
    second: s.getUTCSeconds(),
  };
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

export function formatJstDateTime(d: Date): string {
  const p = jstParts(d);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The instant JST midnight of the given JST calendar date. */
function jstMidnight(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day) - JST_OFFSET_MS);
}

/** Start of the next JST calendar day after `d`. */
export function nextJstMidnight(d: Date): Date {
  const p = jstParts(d);
  return jstMidnight(p.year, p.month, p.day + 1);
}

/** Last day of the month `monthsAhead` after the JST month of `d`, as `YYYY-MM-DD`. */
export function endOfJstMonthAhead(d: Date, monthsAhead: number): string {
  const p = jstParts(d);
  const last = new Date(Date.UTC(p.year, p.month - 1 + monthsAhead + 1, 0));
  return `${pad(last.getUTCFullYear(), 4)}-${pad(last.getUTCMonth() + 1)}-${pad(last.getUTCDate())}`;
}

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Parses a logs `from`/`to` value. `YYYY-MM-DD HH:MM:SS` (recommended) and
 * `YYYY-MM-DD` are read as JST; an ISO 8601 string with an explicit offset or
 * `Z` is also accepted. `endOfDay` makes a date-only `to` cover the whole day.
 */
export function parseJstDateTime(value: string, endOfDay: boolean): Date | null {
  const m = DATETIME.exec(value);
  if (m) {
    const [, y, mo, d, h, mi, s] = m;
    const year = Number(y);
    const month = Number(mo);
    const day = Number(d);
    const hasTime = h !== undefined;
    const hour = hasTime ? Number(h) : endOfDay ? 23 : 0;
    const minute = hasTime ? Number(mi) : endOfDay ? 59 : 0;
    const second = s !== undefined ? Number(s) : !hasTime && endOfDay ? 59 : 0;
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
    if (hour > 23 || minute > 59 || second > 59) return null;
    return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - JST_OFFSET_MS);
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : new Date(ms);
  }
  return null;
}
