/**
 * The provider writes instants as `YYYY-MM-DD HH:MM:SS` in Japan time
 * (vps-api.md); `expires_at` of GET /v1/me is one.
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
