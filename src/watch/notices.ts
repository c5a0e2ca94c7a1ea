/**
 * The watch's rules over what it wrote: which power change wakes on-call,
 * whether an incident or a chain of power notices does now, and an
 * incident's reading as views show it (the notices and incidents themselves
 * are plain data in src/store: notice-types.ts, alarm-types.ts). The notifier
 * and the services apply these and hand views the result.
 */
import {
  ALARM_ON,
  alarmFacts,
  type IncidentReading,
  type IncidentRow,
  type Notice,
  type PowerNotice,
  type ReadIncident,
} from '../store/index.ts';

/**
 * Whether a power change wakes the on-call person: every `error`, and a stop
 * that did not pass through `processing`. The provider publishes no power
 * operation endpoints, so "a power operation was being applied" (processing)
 * is the only sign we have that somebody asked for the stop.
 */
export function isAlarm(n: { from: string; to: string }): boolean {
  return n.to === 'error' || (n.to === 'stopped' && n.from !== 'processing');
}

/**
 * Whether a power incident wakes on-call now: its last change is an alarm,
 * it is still in that state, and it did not flap back to where it started
 * within the flap window (a flap is a notice, not an alarm).
 */
export function powerAlarming(inc: Pick<IncidentRow, 'changes' | 'baseline' | 'state'>): boolean {
  const last = inc.changes[inc.changes.length - 1];
  if (!last) return false;
  const folded = inc.changes.every((c) => !c.later);
  const flap = folded && inc.changes.length > 1 && last.to === inc.baseline;
  return !flap && inc.state === last.to && isAlarm(last);
}

/**
 * Whether notices posted in one message wake on-call: a server's power changes
 * in a row whose last one is an alarm and that did not come back to where
 * they started (a flap is a notice, not an alarm). Anything else never does.
 */
export function noticesAlarm(notices: readonly Notice[]): boolean {
  const chain = notices.filter((n): n is PowerNotice => n.kind === 'power');
  if (chain.length === 0 || chain.length !== notices.length) return false;
  const first = chain[0]!;
  const last = chain[chain.length - 1]!;
  const flap = chain.length > 1 && first.from === last.to;
  return !flap && isAlarm(last);
}

/** What the watch reads from an incident: whether it wakes on-call now, ever did, and an alarm's facts. */
export function incidentReading(inc: IncidentRow): IncidentReading {
  if (inc.kind === 'power') {
    return { alarming: powerAlarming(inc), everAlarmed: inc.changes.some(isAlarm), facts: undefined };
  }
  return {
    alarming: inc.state === ALARM_ON,
    everAlarmed: inc.raisedAt !== null,
    facts: alarmFacts(inc.kind, inc.detail),
  };
}

/** The incident with its reading, as every incident view takes it. */
export function readIncident(inc: IncidentRow): ReadIncident {
  return { ...inc, ...incidentReading(inc) };
}
