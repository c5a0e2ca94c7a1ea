/**
 * How the Docker image runs node, for the benchmarks that weigh or time the
 * bot as it runs in production (memory, ack-latency).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './spawn-bot.ts';

/** Where Debian and others put a shared library, for an image path that does not exist here. */
const LIBRARY_DIRS = [
  '/usr/local/lib',
  '/usr/lib/x86_64-linux-gnu',
  '/usr/lib/aarch64-linux-gnu',
  '/usr/lib',
];

/**
 * How the image runs node: the flags of the runtime stage's CMD (between
 * `node` and the script) and the allocator settings of its ENV (LD_PRELOAD,
 * MALLOC_*), read from the Dockerfile, so the figures are the image's. The
 * preloaded library (jemalloc) is looked up here by its file name when the
 * image's path does not exist on this machine; when it is not installed at all
 * (`apt-get install libjemalloc2`), the run says so and weighs glibc's malloc.
 * `asImage` false: node's and glibc's defaults instead.
 */
export function imageRuntime(asImage = true): {
  nodeArgs: string[];
  env: Record<string, string>;
  missing: string | null;
} {
  if (!asImage) return { nodeArgs: [], env: {}, missing: null };
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.search(/^FROM .* AS runtime$/m));
  const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(runtime);
  if (!cmd?.[1]) throw new Error('no exec-form CMD in the Dockerfile’s runtime stage');
  const args = JSON.parse(cmd[1]) as string[];
  if (args[0] !== 'node') throw new Error(`the image's CMD does not start node: ${cmd[1]}`);
  const nodeArgs = args.slice(1, -1);
  const env: Record<string, string> = {};
  for (const m of runtime.matchAll(/^\s*(?:ENV\s+)?(LD_PRELOAD|MALLOC_[A-Z_]+)=(\S+?)\s*\\?$/gm)) {
    env[m[1]!] = m[2]!;
  }
  let missing: string | null = null;
  if (env.LD_PRELOAD && !existsSync(env.LD_PRELOAD)) {
    const name = path.basename(env.LD_PRELOAD);
    const here = LIBRARY_DIRS.map((d) => path.join(d, name)).find((f) => existsSync(f));
    if (here) env.LD_PRELOAD = here;
    else {
      missing = name;
      delete env.LD_PRELOAD;
    }
  }
  return { nodeArgs, env, missing };
}
