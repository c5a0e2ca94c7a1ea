/**
 * The words of a message a shortcut was used on: its text, and what its
 * blocks and attachments show (rich text with its links, sections, fields,
 * context), read up to a bound however big or deep the message is.
 */
import { describe, expect, it } from 'vitest';
import { MENTION_SCAN_CHARS } from '../../../src/services/servers/index.ts';
import { messageWords } from '../../../src/slack/grammar/message-text.ts';

describe('the words of a message', () => {
  it('reads the text, the rich text of a person’s message and its links', () => {
    const w = messageWords({
      text: 'db-1 is slow',
      blocks: [
        {
          type: 'rich_text',
          elements: [
            {
              type: 'rich_text_section',
              elements: [
                { type: 'text', text: 'also ' },
                { type: 'link', url: 'http://162.43.20.102/status' },
                { type: 'user', user_id: 'U0ABC' },
              ],
            },
          ],
        },
      ],
    });
    expect(w.cut).toBe(false);
    expect(w.text.split('\n')).toEqual(['db-1 is slow', 'also ', 'http://162.43.20.102/status']);
  });

  it('reads what a bot’s message says in sections, fields, context and attachments', () => {
    const w = messageWords({
      text: 'alert',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'web-1 stopped' } },
        { type: 'section', fields: [{ type: 'mrkdwn', text: '*IP*\n`10.0.0.5`' }] },
        { type: 'context', elements: [{ type: 'mrkdwn', text: 'uuid 0b1c8f2e' }] },
        {
          type: 'actions',
          elements: [{ type: 'button', text: { type: 'plain_text', text: 'Mute' }, value: 'x' }],
        },
      ],
      attachments: [{ text: 'from monitoring: mail-1', fallback: 'f' }],
    });
    for (const part of [
      'alert',
      'web-1 stopped',
      '`10.0.0.5`',
      'uuid 0b1c8f2e',
      'Mute',
      'from monitoring: mail-1',
    ])
      expect(w.text).toContain(part);
    // A button's value is not something the message shows.
    expect(w.text.split('\n')).not.toContain('x');
  });

  it('reads nothing from what is not a message, and a message without text', () => {
    expect(messageWords(undefined)).toEqual({ text: '', cut: false });
    expect(messageWords('db-1')).toEqual({ text: '', cut: false });
    expect(messageWords({ blocks: 'db-1', attachments: 7 })).toEqual({ text: '', cut: false });
  });

  it('stops at the bound of characters and says the message was cut', () => {
    const big = 'x'.repeat(MENTION_SCAN_CHARS / 2);
    const w = messageWords({
      text: big,
      blocks: [1, 2, 3, 4].map(() => ({ type: 'section', text: { text: big } })),
    });
    expect(w.cut).toBe(true);
    expect(w.text.length).toBeLessThanOrEqual(MENTION_SCAN_CHARS * 2);
  });

  it('stops in a message nested too deep or with too many parts, and says so', () => {
    let deep: Record<string, unknown> = { text: 'bottom' };
    for (let i = 0; i < 10_000; i += 1) deep = { elements: [deep] };
    const w = messageWords({ text: 'top', blocks: [deep] });
    expect(w).toEqual({ text: 'top', cut: true });
    const wide = messageWords({ blocks: Array.from({ length: 50_000 }, () => ({ type: 'divider' })) });
    expect(wide.cut).toBe(true);
  });
});
