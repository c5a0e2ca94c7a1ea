/** The steps of a watch test on its world: a read of every server, a notifier step, the notifier over some test time. */
import type { Instance, World } from './world.ts';

/** One read of every server (the watcher's own cycle), without moving time. */
export async function read(w: World, inst: Instance = w.a) {
  return w.time.drive(inst.watcher.runCycle());
}

/** One notifier step: on PostgreSQL it posts only while it holds the lease. */
export async function step(w: World, inst: Instance = w.a) {
  await inst.leadership.ensure();
  return inst.notifier.drainOnce();
}

/** Notifier steps over `ms` of test time (it paces a channel at one call per 1.1 s). */
export async function drain(w: World, ms: number, inst: Instance = w.a): Promise<void> {
  for (let t = 0; t < ms; t += 500) {
    await step(w, inst);
    await w.time.advance(500);
  }
  await step(w, inst);
}

export const nameOf = (w: World, uuid: string) => w.sim.control.servers().find((s) => s.uuid === uuid)!.name;
