/**
 * The bot compiled as the Docker image's build stage compiles it
 * (`tsc -p tsconfig.build.json`), for the benchmarks that run it as the image
 * does (memory, ack-latency): into BUILD_DIR, whose `src/main.js` is then the
 * entry (about ten seconds; not measured).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './spawn-bot.ts';

export const BUILD_DIR = '.tmp/bench-dist';
export const BUILT_MAIN = `${BUILD_DIR}/src/main.js`;

export function build(): void {
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', BUILD_DIR], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`the build failed (${r.status ?? r.signal})`);
}
