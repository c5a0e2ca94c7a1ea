/**
 * The on-call loop beside a test world: "I'm on it" through the real
 * incident service and decision machine (everyone may read), and the
 * reminders worker of an instance, on the world's manual clock.
 */
import type { Actor } from '../../../src/services/access/index.ts';
import { Audit } from '../../../src/services/audit.ts';
import { DecisionMachine } from '../../../src/services/decisions/index.ts';
import { IncidentService } from '../../../src/services/watch/index.ts';
import type { IncidentRow } from '../../../src/store/index.ts';
import { announceClaim } from '../../../src/watch/alarms.ts';
import { readIncident } from '../../../src/watch/notices.ts';
import { Renotifier } from '../../../src/workers/renotifier.ts';
import { CHANNEL, type Instance, type World } from './world.ts';

export function incidentService(w: World, inst: Instance = w.a): IncidentService {
  const allow = {
    decide: async () => ({ refusal: null, role: 'viewer' as const }),
    authorize: async () => 'viewer' as const,
    maySeeChannel: async () => false,
    readerOf: () => async () => true,
  };
  const audit = new Audit(inst.store, w.logger);
  const machine = new DecisionMachine({ access: allow, audit, clock: w.time, logger: w.logger });
  return new IncidentService(
    {
      store: inst.store,
      access: allow,
      clock: w.time,
      announce: (tx, claimed, previous) => announceClaim(tx, claimed, previous, w.time.now()),
      read: readIncident,
    },
    machine,
  );
}

/** Somebody presses "I'm on it" (in the world's channel). */
export async function claim(w: World, incident: IncidentRow, userId: string, inst: Instance = w.a) {
  const actor: Actor = { userId, channelId: CHANNEL };
  return incidentService(w, inst).claim(actor, incident.id);
}

export function renotifier(
  w: World,
  o: { everyMinutes?: number; max?: number; inst?: Instance; isLeader?: () => boolean } = {},
): Renotifier {
  const inst = o.inst ?? w.a;
  return new Renotifier({
    store: inst.store,
    clock: w.time,
    everyMs: (o.everyMinutes ?? 15) * 60_000,
    max: o.max ?? 3,
    isLeader: o.isLeader ?? (() => inst.leadership.isLeader()),
    logger: w.logger,
  });
}
