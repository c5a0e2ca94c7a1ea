/**
 * When the daily digest is due. DIGEST_TIME is a time of day in Japan
 * (UTC+9, no daylight saving), like every day boundary the provider keeps;
 * the digest of a Japan day covers the 24 hours before that day's digest
 * time.
 *
 * A bot that was down at the hour posts the digest late, within
 * `DIGEST_LATE_MS` of it (a restart, a deploy, a short outage); later than
 * that the day is skipped: a summary of a window that ended half a day ago
 * reads as news it is not, and the next day's digest covers from its own
 * window on.
 */
import { japanDay, japanDayStart, providerDate } from '../../provider/index.ts';

const DAY_MS = 86_400_000;

/** How late a digest is still posted after its hour (the bot was down at the hour). */
export const DIGEST_LATE_MS = 3 * 3_600_000;

/** A day's digest: its Japan day, its hour (epoch ms) and the 24 hours it covers. */
export interface DigestSlot {
  day: string;
  at: number;
  from: number;
  to: number;
}

/** The digest of the Japan day `day` (a day number), at `minutes` after its midnight. */
export function slotOfDay(day: number, minutes: number): DigestSlot {
  const at = japanDayStart(day) + minutes * 60_000;
  return { day: providerDate(day), at, from: at - DAY_MS, to: at };
}

/** The digest due at `nowMs`: today's once its hour came, or yesterday's still within DIGEST_LATE_MS of it. */
export function dueSlot(nowMs: number, minutes: number): DigestSlot | undefined {
  const today = japanDay(nowMs);
  for (const day of [today, today - 1]) {
    const slot = slotOfDay(day, minutes);
    if (slot.at <= nowMs && nowMs < slot.at + DIGEST_LATE_MS) return slot;
  }
  return undefined;
}

/** The next digest hour after `nowMs` (epoch ms). */
export function nextSlotAt(nowMs: number, minutes: number): number {
  const today = japanDay(nowMs);
  const slot = slotOfDay(today, minutes);
  return slot.at > nowMs ? slot.at : slotOfDay(today + 1, minutes).at;
}
