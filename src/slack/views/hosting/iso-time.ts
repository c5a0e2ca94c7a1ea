/**
 * An ISO 8601 moment as the hosting reference writes an expiry
 * (`2026-03-31T23:59:59+09:00`, with its offset), or undefined when the
 * answer holds something else (it is then shown as written).
 */
export function isoTime(s: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/.test(s)) return undefined;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : new Date(t);
}
