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
