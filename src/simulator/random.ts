/**
 * The simulator's own random source: a small seeded generator (mulberry32),
 * so a run with the same seed and the same order of requests draws the same
 * numbers (probabilistic faults are repeatable).
 */
export type Random = () => number;

/** Uniform in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
