/**
 * Preloaded (`node --expose-gc --import <this file> ...`) into a bot process
 * spawned with an IPC channel: answers `{ type: 'memory' }` with
 * `{ type: 'memory', rss, heapUsed, external }` in bytes, measured after a
 * full garbage collection. It touches nothing else, so the bot it rides in is
 * the one that runs in production (compiled JavaScript, src/main.ts's main()).
 */
if (typeof process.send === 'function') {
  process.on('message', (m) => {
    if (m?.type !== 'memory') return;
    globalThis.gc?.();
    const u = process.memoryUsage();
    process.send({ type: 'memory', rss: u.rss, heapUsed: u.heapUsed, external: u.external });
  });
  // The IPC channel must not keep a bot that stops (SIGTERM) alive.
  process.channel?.unref();
}
