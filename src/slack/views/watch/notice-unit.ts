/**
 * What one notification message is about, and the facts read from it alone:
 * a chain of power changes, whether it flapped back, which server it names,
 * and whether it may be folded into a digest. Whether it wakes on-call is
 * the watch's reading, handed in with it.
 */
import type { Notice, PowerNotice } from '../../../store/index.ts';

/**
 * What one message reports: a single notice, or a chain of power notices of
 * one server folded together (a sequence such as running -> processing ->
 * stopped, or a flap that came back to where it started).
 */
export interface NoticeUnit {
  notices: readonly Notice[];
  /** It wakes on-call: the watch's reading of it (src/watch/notices.ts, `noticesAlarm`). */
  alarm: boolean;
}

export function powerChain(unit: NoticeUnit): PowerNotice[] | undefined {
  const chain = unit.notices.filter((n): n is PowerNotice => n.kind === 'power');
  return chain.length === unit.notices.length && chain.length > 0 ? chain : undefined;
}

export function isFlap(unit: NoticeUnit): boolean {
  const chain = powerChain(unit);
  if (!chain || chain.length < 2) return false;
  return chain[0]!.from === chain[chain.length - 1]!.to;
}

export function subject(unit: NoticeUnit): { name: string; ref: string } | undefined {
  const n = unit.notices[0];
  if (!n) return undefined;
  if ('uuid' in n) return { name: n.name ?? n.uuid, ref: n.name || n.uuid };
  if (n.kind === 'alarm') return { name: n.name, ref: n.name };
  if (n.kind === 'hosting') return { name: n.server, ref: n.server };
  return undefined;
}

/** Whether a unit is never folded into a digest: the provider key's health, a renewal reminder and the daily digest are read on their own. */
export function standsAlone(unit: NoticeUnit): boolean {
  return unit.notices.some(
    (n) =>
      n.kind === 'key-expiring' ||
      n.kind === 'key-expired' ||
      n.kind === 'key-refused' ||
      n.kind === 'channel-parked' ||
      n.kind === 'backlog' ||
      n.kind === 'renewal' ||
      n.kind === 'daily-digest',
  );
}

export function lastAt(unit: NoticeUnit): number {
  return Math.max(...unit.notices.map((n) => n.at));
}
