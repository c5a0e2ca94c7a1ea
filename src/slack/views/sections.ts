import type { KnownBlock } from '@slack/types';
import { LIMITS } from './limits.ts';

/**
 * Lines packed into as few mrkdwn sections as the 3000-character limit allows,
 * each line whole. The caller caps how many lines it passes (a page), so the
 * block count stays bounded.
 */
export function packLines(lines: readonly string[]): KnownBlock[] {
  const blocks: KnownBlock[] = [];
  let current = '';
  for (const line of lines) {
    const next = current ? `${current}\n${line}` : line;
    if ([...next].length > LIMITS.sectionText && current) {
      blocks.push({ type: 'section', text: { type: 'mrkdwn', text: current } });
      current = line;
    } else current = next;
  }
  if (current) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: current } });
  return blocks;
}

/** Longest `text` summary: what a screen reader or a notification reads instead of the blocks. */
export const TEXT_SUMMARY_CHARS = 1_000;

/**
 * A message's `text`: its title, then as many of its lines as fit within
 * TEXT_SUMMARY_CHARS (then `…`), so a screen reader hears what the blocks
 * say, not only the title.
 */
export function summaryText(title: string, lines: readonly string[]): string {
  const out = [title];
  // Room is kept for the `…` that says lines were left out: never cut silently.
  let length = title.length + 2;
  for (const line of lines) {
    const one = line.replace(/\n/g, ' ');
    if (length + one.length + 1 > TEXT_SUMMARY_CHARS) {
      out.push('…');
      break;
    }
    out.push(one);
    length += one.length + 1;
  }
  return out.join('\n');
}
