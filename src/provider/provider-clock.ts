/** The time the provider client waits on: injectable, so tests never sleep for wall time. */
export interface ProviderClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: ProviderClock = {
  now: () => Date.now(),
  // Rejects with the signal's own reason, like the gate does, so callers see what they aborted with.
  sleep: (ms, signal) => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};
