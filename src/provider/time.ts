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
