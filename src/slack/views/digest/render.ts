/**
 * The messages of one scheduled digest as the notifier posts them: page 0
 * is the top message in the channel, pages 1… its thread's replies.
 */
import type { DigestReport } from '../../../services/digest/index.ts';
import type { Message, Ui } from '../format.ts';
import { digestDetails } from './details.ts';
import { digestTop } from './top.ts';

/** How many replies the digest's thread holds (the outbox gets a row for each). */
export function threadPages(ui: Ui, r: DigestReport): number {
  return digestDetails(ui, r).length;
}

/** Page `page` of a digest in a channel; undefined past its last page. */
export function renderDailyDigest(ui: Ui, r: DigestReport, page: number): Message | undefined {
  if (page === 0) return digestTop(ui, r, 'channel');
  return digestDetails(ui, r)[page - 1];
}

/** `/vps digest`: the top message, then its details, for one person (each a reply of its own). */
export function digestForPerson(ui: Ui, r: DigestReport): Message[] {
  return [digestTop(ui, r, 'person'), ...digestDetails(ui, r)];
}
