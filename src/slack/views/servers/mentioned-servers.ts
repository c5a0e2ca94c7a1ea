/**
 * What the Show server shortcut answers on a message that names several
 * servers: a compact card each (the list's line, and a button that opens the
 * full card), as many as one message holds comfortably, the rest named and
 * counted; or that it names none. One server gets its full card instead
 * (server-card.ts). Pure.
 */
import type { KnownBlock, SectionBlock } from '@slack/types';
import { MENTION_SCAN_CHARS, type MentionedServers } from '../../../services/servers/index.ts';
import { ACTIONS } from '../../ids.ts';
import { clip, escapeMrkdwn, formatDuration, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, fits, LIMITS } from '../limits.ts';
import { entryLine, type ListedEntry, textSummary } from './server-list.ts';

/** Compact cards shown: one block each, far below a message's 50 blocks and easy to read. */
export const MENTIONED_SHOWN = 15;

function nameOf(s: ListedEntry): string {
  return s.name ?? s.uuid ?? '?';
}

function compactCard(ui: Ui, s: ListedEntry): SectionBlock {
  const uuid = s.uuid;
  return {
    type: 'section',
    text: { type: 'mrkdwn', text: entryLine(ui, s) },
    ...(uuid !== null && fits('buttonValue', uuid)
      ? {
          accessory: {
            type: 'button',
            text: { type: 'plain_text', text: ui.t('shortcut.mentioned.card') },
            action_id: ACTIONS.cardShow,
            value: uuid,
          },
        }
      : {}),
  };
}

function context(text: string): KnownBlock {
  return { type: 'context', elements: [{ type: 'mrkdwn', text: clip(text, LIMITS.contextText) }] };
}

/** The names of the servers not shown, within one context's text. */
function moreLine(ui: Ui, rest: readonly ListedEntry[]): string {
  const names: string[] = [];
  let size = 0;
  for (const s of rest) {
    const name = `\`${mrkdwnText(nameOf(s), SHOWN.name)}\``;
    if (size + name.length + 2 > LIMITS.contextText - 200) break;
    names.push(name);
    size += name.length + 2;
  }
  const unnamed = rest.length - names.length;
  const list = names.join(ui.locale === 'ja' ? '、' : ', ') + (unnamed > 0 ? ' …' : '');
  return ui.t('shortcut.mentioned.more', { count: rest.length, names: list });
}

export interface MentionedViewOptions {
  /** The message was not read whole (too long). */
  cut: boolean;
  /** How long ago the server list was read from the provider. */
  readAgeMs: number;
}

/** The servers a message names, to the person who asked alone; or that it names none. */
export function mentionedServersView(ui: Ui, m: MentionedServers, opts: MentionedViewOptions): Message {
  const cutNote =
    opts.cut || m.truncated ? [context(ui.t('shortcut.mentioned.cut', { limit: MENTION_SCAN_CHARS }))] : [];
  if (m.servers.length === 0) {
    const text = ui.t('shortcut.mentioned.none');
    const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text } }, ...cutNote];
    assertBlocksWithinLimits(blocks, 'message');
    return { text, blocks };
  }
  const header = ui.t('shortcut.mentioned.header', { count: m.servers.length });
  const shown = m.servers.slice(0, MENTIONED_SHOWN);
  const rest = m.servers.slice(MENTIONED_SHOWN);
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: `*${escapeMrkdwn(header)}*` } },
    ...(opts.readAgeMs >= 1000
      ? [context(ui.t('list.read_ago', { age: formatDuration(ui, opts.readAgeMs) }))]
      : []),
    { type: 'divider' },
    ...shown.map((s) => compactCard(ui, s)),
    ...(rest.length > 0 ? [context(moreLine(ui, rest))] : []),
    ...cutNote,
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: textSummary(ui, header, m.servers), blocks };
}
