/**
 * Preloaded (`node --expose-gc --import <this file> ...`) into a bot process
 * spawned with an IPC channel: answers `{ type: 'memory' }` with
 * `{ type: 'memory', rss, heapUsed, heapTotal, external, arrayBuffers, parts }`
 * in bytes, measured after a full garbage collection; and `{ type: 'snapshot',
 * path }` with a V8 heap snapshot written there. `parts` splits the
 * resident set by kind of mapping, read from /proc/self/smaps where there is
 * one (Linux): the malloc heap, anonymous mappings (V8's heap, thread arenas,
 * mmap'd allocations), file-backed code and data (the node binary, native
 * addons), stacks. It touches nothing else, so the bot it rides in is the one
 * that runs in production (compiled JavaScript, src/main.ts's main()).
 */
import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';

function parts() {
  let text;
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return null;
  }
  const out = {};
  let kind = 'anonymous';
  for (const line of text.split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const name = head[1] ?? '';
      if (name === '') kind = 'anonymous';
      else if (name === '[heap]') kind = 'malloc heap';
      else if (name.startsWith('[stack')) kind = 'stacks';
      else if (name.startsWith('[')) kind = name;
      else kind = `file ${name.split('/').pop()}`;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) out[kind] = (out[kind] ?? 0) + Number(rss[1]) * 1024;
  }
  return out;
}

if (typeof process.send === 'function') {
  // The highest resident size and memory outside V8's heap (buffers, native
  // objects awaiting collection) seen between two questions, sampled every 20 ms.
  let peak = { rss: 0, external: 0, arrayBuffers: 0 };
  const sampler = setInterval(() => {
    const u = process.memoryUsage();
    peak = {
      rss: Math.max(peak.rss, u.rss),
      external: Math.max(peak.external, u.external),
      arrayBuffers: Math.max(peak.arrayBuffers, u.arrayBuffers),
    };
  }, 20);
  sampler.unref();
  process.on('message', (m) => {
    // A heap snapshot to `path` (the benchmark's MEMORY_SNAPSHOTS), answered when written.
    if (m?.type === 'snapshot' && typeof m.path === 'string') {
      globalThis.gc?.();
      writeHeapSnapshot(m.path);
      process.send({ type: 'snapshot', path: m.path });
      return;
    }
    if (m?.type !== 'memory') return;
    const peaks = peak;
    peak = { rss: 0, external: 0, arrayBuffers: 0 };
    globalThis.gc?.();
    const u = process.memoryUsage();
    process.send({
      type: 'memory',
      rss: u.rss,
      heapUsed: u.heapUsed,
      heapTotal: u.heapTotal,
      external: u.external,
      arrayBuffers: u.arrayBuffers,
      parts: parts(),
      peaks,
      spaces: Object.fromEntries(getHeapSpaceStatistics().map((x) => [x.space_name, x.space_size])),
      // What each space holds in use: code_space is the JIT's compiled code.
      used: Object.fromEntries(getHeapSpaceStatistics().map((x) => [x.space_name, x.space_used_size])),
    });
  });
  // The IPC channel must not keep a bot that stops (SIGTERM) alive.
  process.channel?.unref();
}
