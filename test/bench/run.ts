/**
 * Runs the benchmarks in test/bench/: every `<name>.bench.ts` (or only those
 * named on the command line), one child process each so that one benchmark's
 * heap and timers never colour another's figures. Each prints one JSON line:
 * {"bench":..., "value":..., "unit":..., "bound":..., "ratio":...}.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const all = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort();
const chosen = wanted.length > 0 ? all.filter((n) => wanted.includes(n)) : all;
const unknown = wanted.filter((n) => !all.includes(n));
if (unknown.length > 0) {
  process.stderr.write(`unknown benchmark(s): ${unknown.join(', ')}; known: ${all.join(', ')}\n`);
  process.exit(2);
}

let failed = 0;
for (const name of chosen) {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, `${name}.bench.ts`)], {
    stdio: 'inherit',
  });
  if (r.status !== 0) {
    failed += 1;
    process.stderr.write(`benchmark ${name} exited with ${r.status ?? r.signal}\n`);
  }
}
process.exit(failed > 0 ? 1 : 0);
