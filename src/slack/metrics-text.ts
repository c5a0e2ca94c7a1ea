/**
 * Prometheus text exposition of the provider client's counters. The client's
 * metrics object is read structurally: every finite number becomes a sample,
 * nested objects become labels (`{key="…"}`), so a new counter shows up
 * without touching this file.
 */
export type MetricsTree = { readonly [k: string]: unknown };

const NAME_OK = /[^a-zA-Z0-9_]/g;
const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(NAME_OK, '_').toLowerCase();
const label = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function prometheusText(prefix: string, tree: MetricsTree): string {
  const families = new Map<string, string[]>();
  const add = (name: string, labels: string, value: number) => {
    const lines = families.get(name) ?? [];
    lines.push(`${name}${labels} ${value}`);
    families.set(name, lines);
  };
  for (const [k, v] of Object.entries(tree)) {
    const name = `${prefix}_${snake(k)}`;
    if (typeof v === 'number' && Number.isFinite(v)) add(name, '', v);
    else if (typeof v === 'boolean') add(name, '', v ? 1 : 0);
    else if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [lk, lv] of Object.entries(v as Record<string, unknown>)) {
        if (typeof lv === 'number' && Number.isFinite(lv)) add(name, `{key="${label(lk)}"}`, lv);
      }
    }
  }
  const out: string[] = [];
  for (const [name, lines] of families) out.push(`# TYPE ${name} gauge`, ...lines);
  return `${out.join('\n')}\n`;
}
