/**
 * What Slack's side of the wire does with a Web API call before answering it:
 * reading the body (form-encoded with JSON-valued fields, or JSON), and
 * refusing a message or view that breaks one of Block Kit's limits as Slack
 * does (`invalid_blocks` / `invalid_arguments`), on Slack's documented limits
 * read here on their own (not the app's limits module), so a view the app
 * builds wrong is refused here as it would be in Slack.
 */
import { createHash } from 'node:crypto';

export function parseSlackBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  if (contentType?.includes('application/json')) {
    try {
      return JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return { _raw: raw };
    }
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    out[k] = /^[[{]/.test(v) ? tryJson(v) : v;
  }
  return out;
}

export function tryJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** Slack's answer to a call missing required arguments. */
export function invalidArguments(fields: string[]): Record<string, unknown> {
  return {
    ok: false,
    error: 'invalid_arguments',
    response_metadata: { messages: fields.map((f) => `[ERROR] missing required field: ${f}`) },
  };
}

export interface BlockKitRefusal {
  error: 'invalid_blocks' | 'invalid_arguments';
  detail: string;
}

/**
 * Slack refuses a whole message or view that breaks one of Block Kit's
 * limits; this says how, or undefined when it passes.
 */
export function blockKitRefusal(method: string, args: Record<string, unknown>): BlockKitRefusal | undefined {
  const problems: string[] = [];
  const over = (what: string, actual: number, max: number) => {
    if (actual > max) problems.push(`${what}: ${actual} > ${max}`);
  };
  const chars = (v: unknown) => (typeof v === 'string' ? [...v].length : 0);
  const textOf = (v: unknown) => (v && typeof v === 'object' ? (v as { text?: unknown }).text : undefined);
  const walkElement = (e: Record<string, unknown>) => {
    over('action_id', chars(e.action_id), 255);
    if (e.type === 'button') {
      over('button text', chars(textOf(e.text)), 75);
      over('button value', chars(e.value), 2000);
    }
    if (e.type === 'plain_text_input') {
      if (typeof e.max_length === 'number') over('plain_text_input max_length', e.max_length, 3000);
      if (typeof e.min_length === 'number') over('plain_text_input min_length', e.min_length, 3000);
    }
    if (Array.isArray(e.options)) {
      over('options', e.options.length, 100);
      for (const o of e.options as Record<string, unknown>[]) {
        over('option text', chars(textOf(o.text)), 75);
        over('option value', chars(o.value), 150);
      }
    }
  };
  const walkBlocks = (blocks: unknown, max: number) => {
    if (!Array.isArray(blocks)) return;
    over('blocks', blocks.length, max);
    for (const b of blocks as Record<string, unknown>[]) {
      over('block_id', chars(b.block_id), 255);
      if (b.type === 'section') {
        over('section text', chars(textOf(b.text)), 3000);
        if (Array.isArray(b.fields)) {
          over('section fields', b.fields.length, 10);
          for (const f of b.fields) over('field text', chars(textOf(f)), 2000);
        }
      }
      if (b.type === 'header') over('header text', chars(textOf(b.text)), 150);
      if (b.accessory && typeof b.accessory === 'object') walkElement(b.accessory as Record<string, unknown>);
      if (b.element && typeof b.element === 'object') walkElement(b.element as Record<string, unknown>);
      if (Array.isArray(b.elements)) {
        if (b.type === 'actions') over('actions elements', b.elements.length, 25);
        if (b.type === 'context') over('context elements', b.elements.length, 10);
        for (const e of b.elements as Record<string, unknown>[]) walkElement(e);
      }
    }
  };
  if (method.startsWith('views.')) {
    const view = args.view as Record<string, unknown> | undefined;
    if (!view) return undefined;
    over('title', chars(textOf(view.title)), 24);
    over('submit', chars(textOf(view.submit)), 24);
    over('close', chars(textOf(view.close)), 24);
    over('private_metadata', chars(view.private_metadata), 3000);
    over('callback_id', chars(view.callback_id), 255);
    walkBlocks(view.blocks, 100);
    return problems.length > 0 ? { error: 'invalid_arguments', detail: problems.join('; ') } : undefined;
  }
  if (method.startsWith('chat.')) {
    over('text', chars(args.text), 40_000);
    walkBlocks(args.blocks, 50);
    return problems.length > 0 ? { error: 'invalid_blocks', detail: problems.join('; ') } : undefined;
  }
  return undefined;
}

/**
 * The bytes of a file sent to an upload URL: the body as it came, or the one
 * file of a multipart form (as @slack/web-api sends them); a form with no
 * file or several is empty.
 */
export async function uploadedContent(bytes: Buffer, contentType: string): Promise<Buffer> {
  if (!contentType.startsWith('multipart/form-data')) return bytes;
  const form = await new Response(new Uint8Array(bytes), {
    headers: { 'content-type': contentType },
  }).formData();
  const parts = [...form.values()].filter((v): v is File => typeof v !== 'string');
  return parts.length === 1 ? Buffer.from(await parts[0]!.arrayBuffer()) : Buffer.alloc(0);
}

/**
 * Blocks as Slack keeps them: a block posted without a `block_id` gets one
 * from Slack (a short generated id), and every click on it carries that id.
 * Here it is derived from the block's place and content, so the same message
 * drawn again keeps its ids.
 */
export function withBlockIds(blocks: unknown): unknown[] {
  if (!Array.isArray(blocks)) return [];
  return blocks.map((b, i) => {
    if (typeof b !== 'object' || b === null || Array.isArray(b) || 'block_id' in b) return b;
    const id = createHash('sha1')
      .update(`${i}:${JSON.stringify(b)}`)
      .digest('base64url')
      .slice(0, 5);
    return { ...b, block_id: id };
  });
}
