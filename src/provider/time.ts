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
