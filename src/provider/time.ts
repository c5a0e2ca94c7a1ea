/**
 * The provider writes instants as `YYYY-MM-DD HH:MM:SS`, in Japan time for the
 * logs' `created_at` (docs/provider-api.md, API logs). `expires_at` of GET /v1/me
 * has the same form and no stated zone: it is read as Japan time too
 * (docs/provider-api.md, Decisions where the spec is silent).
 */
export function parseProviderTime(s: string): Date | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(s.trim());
  if (!m) return undefined;
  const d = new Date(`${m[1]}T${m[2]}+09:00`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

const JST_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** The next 00:00 in Japan (UTC+9, no daylight saving) after `nowMs`, epoch ms. */
export function nextJapanMidnight(nowMs: number): number {
  return Math.floor((nowMs + JST_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - JST_OFFSET_MS;
}

/** The Japan calendar day of an instant, as a day number (days since 1970-01-01 in Japan). */
export function japanDay(ms: number): number {
  return Math.floor((ms + JST_OFFSET_MS) / DAY_MS);
}

/** 00:00 Japan time of a day number, epoch ms. */
export function japanDayStart(day: number): number {
  return day * DAY_MS - JST_OFFSET_MS;
}

/**
 * A calendar date as the provider writes it (`YYYY-MM-DD`: the contract's
 * `expiry_date`, docs/provider-api.md, Signup status), a day in Japan, as a
 * day number; undefined when it is not a day the calendar has.
 */
export function parseProviderDate(s: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d)
    return undefined;
  return Math.round(ms / DAY_MS);
}

/** A day number written as the provider writes a date, `YYYY-MM-DD`. */
export function providerDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * An instant as the provider writes one, `YYYY-MM-DD HH:MM:SS` in Japan time
 * (the logs' `from` and `to`, docs/provider-api.md, API logs); the
 * milliseconds are dropped (the second it falls in).
 */
export function providerTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000 + JST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
