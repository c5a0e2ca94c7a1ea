/**
 * Block Kit as a terminal shows it: headers, sections and their fields,
 * context lines, dividers, buttons numbered (`[1] Approve`) so they can be
 * pressed by number, and a modal's inputs with their rules (required,
 * lengths, the options of a select) and inline errors. Slack's mrkdwn is read
 * the way a Slack client shows it: mentions by name, links as their label,
 * date tokens in the reader's zone, entities decoded, emphasis markers
 * dropped. Pure: what a block holds comes in, lines of text go out.
 */

export type Json = Record<string, unknown>;

/** What a reader's client knows to show a message: names for ids, their zone, the time now. */
export interface Reader {
  userName(id: string): string | undefined;
  channelName(id: string): string | undefined;
  groupName(id: string): string | undefined;
  tz: string;
  /** BCP 47 tag dates are written in (the reader's Slack locale). */
  dateLocale: string;
  now: Date;
  /** The channels a conversation select offers (the workspace's, as the reader's client lists them). */
  channels?: readonly { id: string; name: string }[];
}

/** An element a person can press or choose, as the renderer met it. */
export interface Control {
  blockId: string | undefined;
  element: Json;
}

/** Numbers each control the text shows; the caller keeps what the number stands for. */
export type Numbering = (control: Control) => number;

export const asJson = (v: unknown): Json | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const EMOJI: Record<string, string> = {
  warning: '⚠️',
  x: '❌',
  white_check_mark: '✅',
  rotating_light: '🚨',
  raising_hand: '🙋',
  hourglass_flowing_sand: '⏳',
  hourglass: '⌛',
  mag: '🔍',
  large_green_circle: '🟢',
  large_yellow_circle: '🟡',
  red_circle: '🔴',
  white_circle: '⚪',
  repeat: '🔁',
  no_entry_sign: '🚫',
  no_entry: '⛔',
  bell: '🔔',
  no_bell: '🔕',
  alarm_clock: '⏰',
  wastebasket: '🗑️',
  tada: '🎉',
  scales: '⚖️',
  new: '🆕',
  key: '🔑',
  lock: '🔒',
  information_source: 'ℹ️',
  calendar: '📆',
  newspaper: '📰',
  shopping_trolley: '🛒',
  wrench: '🔧',
  bar_chart: '📊',
  grey_question: '❔',
};

function zoned(reader: Reader, d: Date, opts: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat(reader.dateLocale, { timeZone: reader.tz, ...opts }).format(d);
  } catch {
    return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...opts }).format(d);
  }
}

function dayKey(reader: Reader, d: Date): string {
  return zoned(reader, d, { year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** Slack's `{date…}` / `{time…}` tokens, written as the reader's client writes them. */
function dateToken(reader: Reader, d: Date, token: string): string {
  const pretty = token.endsWith('_pretty');
  if (pretty) {
    const day = dayKey(reader, d);
    const offsets: [number, string][] = [
      [0, 'today'],
      [-1, 'yesterday'],
      [1, 'tomorrow'],
    ];
    for (const [days, word] of offsets) {
      if (dayKey(reader, new Date(reader.now.getTime() + days * 86_400_000)) === day) return word;
    }
  }
  switch (token.replace(/_pretty$/, '')) {
    case 'date_num':
      return zoned(reader, d, { year: 'numeric', month: '2-digit', day: '2-digit' });
    case 'date_short':
      return zoned(reader, d, { year: 'numeric', month: 'short', day: 'numeric' });
    case 'date_long':
      return zoned(reader, d, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
    case 'date':
      return zoned(reader, d, { year: 'numeric', month: 'long', day: 'numeric' });
    case 'time':
      return zoned(reader, d, { hour: 'numeric', minute: '2-digit' });
    case 'time_secs':
      return zoned(reader, d, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
    default:
      return `{${token}}`;
  }
}

function decodeEntities(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** One `<…>` of mrkdwn: a mention, a channel, a group, a date, a link. */
function special(reader: Reader, inner: string): string {
  const [target = '', label] = splitLabel(inner);
  if (target.startsWith('@')) {
    const id = target.slice(1);
    return `@${label ?? reader.userName(id) ?? id}`;
  }
  if (target.startsWith('#')) {
    const id = target.slice(1);
    return `#${label ?? reader.channelName(id) ?? id}`;
  }
  if (target.startsWith('!subteam^')) {
    const id = target.slice('!subteam^'.length);
    const name = label ?? reader.groupName(id) ?? id;
    return name.startsWith('@') ? name : `@${name}`;
  }
  if (target.startsWith('!date^')) {
    const [, secs = '', format = ''] = target.split('^');
    const d = new Date(Number(secs) * 1000);
    if (Number.isNaN(d.getTime())) return label ?? '';
    return format.replace(/\{([a-z_]+)\}/g, (_w, token: string) => dateToken(reader, d, token));
  }
  if (target === '!here' || target === '!channel' || target === '!everyone') return `@${target.slice(1)}`;
  // A link: its label when it has one, as a client shows it, and the address beside it.
  if (label !== undefined && label !== '' && label !== target) return `${label} (${target})`;
  return target.replace(/^mailto:/, '');
}

function splitLabel(inner: string): [string, string | undefined] {
  const bar = inner.indexOf('|');
  return bar < 0 ? [inner, undefined] : [inner.slice(0, bar), inner.slice(bar + 1)];
}

/** Drops *bold*, _italic_ and ~strike~ markers that stand at word edges, as a client draws them. */
function dropEmphasis(s: string): string {
  let out = s;
  for (const mark of ['\\*', '_', '~']) {
    const re = new RegExp(
      `(^|[\\s(\\[>"'“「（])${mark}([^\\s${mark}](?:[^${mark}\\n]*?[^\\s${mark}])?)${mark}(?=$|[\\s)\\].,:;!?"'”」）、。])`,
      'gm',
    );
    out = out.replace(re, '$1$2');
  }
  return out;
}

/** Slack's mrkdwn (or plain_text) as the reader sees it on a plain terminal. */
export function renderMrkdwn(text: string, reader: Reader, opts: { mrkdwn?: boolean } = {}): string {
  const emoji = (s: string) => s.replace(/:([a-z0-9_+-]+):/g, (whole, name: string) => EMOJI[name] ?? whole);
  // plain_text is shown as written (emoji codes drawn); only mrkdwn has mentions, links and entities.
  if (opts.mrkdwn === false) return emoji(text);
  // Code keeps its text untouched (a `*` inside is literal); a code block loses its fences.
  return text
    .split(/(```[\s\S]*?```|`[^`\n]+`)/g)
    .map((part, i) => {
      if (i % 2 === 1)
        return decodeEntities(part.startsWith('```') ? part.slice(3, -3).replace(/^\n|\n$/g, '') : part);
      const s = part.replace(/<([^<>]+)>/g, (_w, inner: string) => special(reader, inner));
      return decodeEntities(dropEmphasis(emoji(s)));
    })
    .join('');
}

function textOf(obj: unknown, reader: Reader): string {
  const t = asJson(obj);
  if (!t) return '';
  const s = asString(t.text) ?? '';
  return renderMrkdwn(s, reader, { mrkdwn: t.type === 'mrkdwn' });
}

/** A field written `*Label*\nvalue` reads better on one line: `Label: value`. */
function fieldLine(obj: unknown, reader: Reader): string {
  const t = asJson(obj);
  const raw = asString(t?.text) ?? '';
  const m = /^\*([^*\n]+)\*\n([\s\S]*)$/.exec(raw);
  if (t?.type === 'mrkdwn' && m) {
    return `${renderMrkdwn(m[1]!, reader)}: ${renderMrkdwn(m[2]!, reader).replace(/\n/g, ' ')}`;
  }
  return textOf(obj, reader).replace(/\n/g, ' ');
}

function optionsOf(element: Json): Json[] {
  const direct = asArray(element.options)
    .map(asJson)
    .filter((o): o is Json => o !== undefined);
  const grouped = asArray(element.option_groups)
    .map(asJson)
    .flatMap((g) => asArray(g?.options).map(asJson))
    .filter((o): o is Json => o !== undefined);
  return [...direct, ...grouped];
}

/** An interactive element as a terminal control: `[3] Approve`, `[4] Choose a plan ▾`. */
function controlText(element: Json, reader: Reader, n: number): string {
  const type = asString(element.type);
  if (type === 'button') {
    const style = element.style === 'danger' ? ' (!)' : '';
    return `[${n}] ${textOf(element.text, reader)}${style}`;
  }
  if (type === 'overflow') return `[${n}] …`;
  const placeholder = textOf(element.placeholder, reader);
  const initial = asJson(element.initial_option);
  const shown = initial ? textOf(initial.text, reader) : placeholder || type || 'choose';
  return `[${n}] ${shown} ▾`;
}

const INTERACTIVE = new Set([
  'button',
  'static_select',
  'external_select',
  'users_select',
  'conversations_select',
  'channels_select',
  'overflow',
  'datepicker',
  'timepicker',
  'radio_buttons',
  'checkboxes',
  'multi_static_select',
]);

const indentLines = (text: string, prefix: string) =>
  text
    .split('\n')
    .map((l) => (l === '' ? '' : `${prefix}${l}`))
    .join('\n');

/**
 * The blocks of a message (or the non-input blocks of a modal) as lines.
 * Every control is numbered through `number`; inputs are left to `renderModal`.
 */
export function renderBlocks(blocks: unknown, reader: Reader, number: Numbering): string[] {
  const lines: string[] = [];
  for (const raw of asArray(blocks)) {
    const b = asJson(raw);
    if (!b) continue;
    const blockId = asString(b.block_id);
    switch (b.type) {
      case 'header':
        lines.push(`== ${textOf(b.text, reader)} ==`);
        break;
      case 'section': {
        if (b.text) lines.push(textOf(b.text, reader));
        for (const f of asArray(b.fields)) lines.push(`  ${fieldLine(f, reader)}`);
        const acc = asJson(b.accessory);
        if (acc && INTERACTIVE.has(asString(acc.type) ?? '')) {
          lines.push(`  ${controlText(acc, reader, number({ blockId, element: acc }))}`);
        } else if (acc?.type === 'image') lines.push(`  [image: ${asString(acc.alt_text) ?? ''}]`);
        break;
      }
      case 'context': {
        const parts = asArray(b.elements).map((e) => {
          const el = asJson(e);
          return el?.type === 'image' ? `[${asString(el.alt_text) ?? 'image'}]` : textOf(el, reader);
        });
        lines.push(indentLines(parts.join('  ·  '), '  '));
        break;
      }
      case 'divider':
        lines.push('────────');
        break;
      case 'actions': {
        const controls = asArray(b.elements)
          .map(asJson)
          .filter((e): e is Json => e !== undefined)
          .map((e) => controlText(e, reader, number({ blockId, element: e })));
        lines.push(controls.join('  '));
        break;
      }
      case 'image':
        lines.push(`[image: ${asString(b.alt_text) ?? ''}]`);
        break;
      case 'rich_text':
        lines.push(richText(b, reader));
        break;
      case 'input':
        break;
      default:
        lines.push(`[${asString(b.type) ?? 'block'}]`);
    }
  }
  return lines.filter((l) => l !== '');
}

function richText(b: Json, reader: Reader): string {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    const e = asJson(v);
    if (!e) return;
    if (e.type === 'text') out.push(asString(e.text) ?? '');
    else if (e.type === 'link') out.push(asString(e.text) ?? asString(e.url) ?? '');
    else if (e.type === 'user') out.push(`@${reader.userName(asString(e.user_id) ?? '') ?? e.user_id}`);
    else if (e.type === 'channel')
      out.push(`#${reader.channelName(asString(e.channel_id) ?? '') ?? e.channel_id}`);
    else if (e.type === 'emoji') out.push(EMOJI[asString(e.name) ?? ''] ?? `:${e.name}:`);
    for (const c of asArray(e.elements)) walk(c);
    if (e.type === 'rich_text_section' || e.type === 'rich_text_preformatted') out.push('\n');
  };
  walk(b);
  return out.join('').trim();
}

/** A message as the reader sees it: its blocks, or its text when it has none. */
export function renderMessage(
  m: { text?: unknown; blocks?: unknown },
  reader: Reader,
  number: Numbering,
): string[] {
  const blocks = asArray(m.blocks);
  if (blocks.length > 0) return renderBlocks(blocks, reader, number);
  const text = asString(m.text) ?? '';
  return text === '' ? [] : [renderMrkdwn(text, reader)];
}

export type InputKind =
  | 'text'
  | 'select'
  | 'multi_select'
  | 'checkboxes'
  | 'radio'
  | 'number'
  | 'conversation'
  | 'other';

export interface InputOption {
  text: string;
  value: string;
}

/** One input of a modal, as a prompt asks for it. */
export interface InputField {
  blockId: string;
  actionId: string;
  label: string;
  kind: InputKind;
  elementType: string;
  optional: boolean;
  /** Whether choosing sends the app a block action at once (`dispatch_action`). */
  dispatch: boolean;
  multiline: boolean;
  minLength: number | undefined;
  maxLength: number | undefined;
  hint: string | undefined;
  placeholder: string | undefined;
  options: InputOption[];
  /** What the field holds before anything is typed (initial_value, initial_option(s)). */
  initial: string | string[] | undefined;
}

export function inputFields(view: unknown, reader: Reader): InputField[] {
  const fields: InputField[] = [];
  for (const raw of asArray(asJson(view)?.blocks)) {
    const b = asJson(raw);
    const el = asJson(b?.element);
    if (!b || !el || b.type !== 'input') continue;
    const type = asString(el.type) ?? 'other';
    const kind: InputKind =
      type === 'plain_text_input' || type === 'email_text_input' || type === 'url_text_input'
        ? 'text'
        : type === 'number_input'
          ? 'number'
          : type === 'static_select'
            ? 'select'
            : type === 'multi_static_select'
              ? 'multi_select'
              : type === 'checkboxes'
                ? 'checkboxes'
                : type === 'radio_buttons'
                  ? 'radio'
                  : type === 'conversations_select' || type === 'channels_select'
                    ? 'conversation'
                    : 'other';
    // A conversation select offers the workspace's channels, which Slack lists itself.
    const options =
      kind === 'conversation'
        ? (reader.channels ?? []).map((c) => ({ text: `#${c.name}`, value: c.id }))
        : optionsOf(el).map((o) => ({
            text: textOf(o.text, reader),
            value: asString(o.value) ?? '',
          }));
    const initialOne = asJson(el.initial_option);
    const initialMany = asArray(el.initial_options).map(asJson);
    const initial =
      kind === 'checkboxes' || kind === 'multi_select'
        ? initialMany.length > 0
          ? initialMany.map((o) => asString(o?.value) ?? '')
          : undefined
        : initialOne
          ? asString(initialOne.value)
          : (asString(el.initial_value) ??
            asString(el.initial_conversation) ??
            asString(el.initial_channel) ??
            undefined);
    const hint = b.hint ? textOf(b.hint, reader) : undefined;
    const placeholder = el.placeholder ? textOf(el.placeholder, reader) : undefined;
    fields.push({
      blockId: asString(b.block_id) ?? '',
      actionId: asString(el.action_id) ?? '',
      label: textOf(b.label, reader),
      kind,
      elementType: type,
      optional: b.optional === true,
      dispatch: b.dispatch_action === true,
      multiline: el.multiline === true,
      minLength: typeof el.min_length === 'number' ? el.min_length : undefined,
      maxLength: typeof el.max_length === 'number' ? el.max_length : undefined,
      hint,
      placeholder,
      options,
      initial,
    });
  }
  return fields;
}

/** The rules a client shows or enforces for a field, in words. */
export function fieldRules(f: InputField): string[] {
  const rules: string[] = [f.optional ? 'optional' : 'required'];
  if (f.kind === 'select' || f.kind === 'radio') rules.push('choose one');
  if (f.kind === 'conversation') rules.push('choose a channel');
  if (f.kind === 'multi_select' || f.kind === 'checkboxes')
    rules.push('choose any (numbers, comma-separated)');
  if (f.minLength !== undefined && f.minLength > 0) rules.push(`at least ${f.minLength} characters`);
  if (f.maxLength !== undefined) rules.push(`at most ${f.maxLength} characters`);
  if (f.multiline) rules.push('several lines: end a line with \\ to go on');
  return rules;
}

/** A field as listed in a modal: label, rules, hint, options, and its inline error. */
export function renderField(f: InputField, index: number, error?: string): string[] {
  const lines = [`${index}. ${f.label} (${fieldRules(f).join(', ')})`];
  if (f.hint) lines.push(`   ${f.hint}`);
  if (f.placeholder && f.kind === 'text') lines.push(`   e.g. ${f.placeholder}`);
  f.options.forEach((o, i) => {
    const chosen = Array.isArray(f.initial) ? f.initial.includes(o.value) : f.initial === o.value;
    lines.push(`   ${i + 1}) ${o.text}${chosen ? '  (chosen)' : ''}`);
  });
  if (f.kind === 'text' && typeof f.initial === 'string' && f.initial !== '')
    lines.push(`   now: ${f.initial}`);
  if (error) lines.push(`   ✗ ${error}`);
  return lines;
}

/** A modal: title, its message-like blocks, then its fields with their rules and errors. */
export function renderModal(
  view: unknown,
  reader: Reader,
  number: Numbering,
  errors: Record<string, string> = {},
): string[] {
  const v = asJson(view) ?? {};
  const title = textOf(v.title, reader);
  const lines = [`┌ ${title}`];
  const body = renderBlocks(v.blocks, reader, number);
  lines.push(...body.map((l) => indentLines(l, '│ ')));
  const fields = inputFields(v, reader);
  fields.forEach((f, i) => {
    lines.push(...renderField(f, i + 1, errors[f.blockId]).map((l) => `│ ${l}`));
  });
  const submit = v.submit ? textOf(v.submit, reader) : undefined;
  const close = v.close ? textOf(v.close, reader) : undefined;
  const buttons = [submit ? `submit: ${submit}` : undefined, close ? `close: ${close}` : undefined]
    .filter(Boolean)
    .join(' · ');
  lines.push(`└${buttons ? ` ${buttons}` : ''}`);
  return lines;
}
