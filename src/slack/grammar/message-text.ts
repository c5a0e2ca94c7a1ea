/**
 * The words of a message a shortcut was used on, as Slack hands it over
 * (`message` of a `message_action` payload): its text, and the text its
 * blocks and attachments show (sections, fields, context, rich text and its
 * links), since a bot's message often says everything in its blocks and has a
 * one-line text. Slack's escaping stays: a link keeps its address and its
 * label, and neither an entity nor a mention can join two words. Read up to
 * a bound, so a huge message (or a forged one, nested deep) costs little.
 */
import { MENTION_SCAN_CHARS } from '../../services/servers/index.ts';

/** Objects and arrays looked into at most: a real message has a few hundred. */
const MAX_NODES = 20_000;
const MAX_DEPTH = 24;

export interface MessageWords {
  text: string;
  /** Not all of the message was read (past the bound of characters or of parts). */
  cut: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The text of a message and of its blocks and attachments, one part a line. */
export function messageWords(message: unknown): MessageWords {
  const parts: string[] = [];
  let size = 0;
  let nodes = 0;
  let cut = false;
  const add = (s: string) => {
    if (size > MENTION_SCAN_CHARS) {
      cut = true;
      return;
    }
    parts.push(s);
    size += s.length + 1;
  };
  const walk = (v: unknown, depth: number): void => {
    if (cut) return;
    if (depth > MAX_DEPTH || ++nodes > MAX_NODES) {
      cut = true;
      return;
    }
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    if (!isObject(v)) return;
    if (typeof v.text === 'string') add(v.text);
    // A rich text link shows its address when it has no text of its own.
    if (v.type === 'link' && typeof v.url === 'string') add(v.url);
    for (const x of Object.values(v)) if (typeof x === 'object' && x !== null) walk(x, depth + 1);
  };
  if (isObject(message)) {
    if (typeof message.text === 'string') add(message.text);
    walk(message.blocks, 0);
    walk(message.attachments, 0);
  }
  const text = parts.join('\n');
  return { text, cut: cut || text.length > MENTION_SCAN_CHARS };
}
