/**
 * What a typed answer puts in a modal's field: the state Slack keeps for it
 * (`view.state.values`), checked first as a Slack client checks it (a
 * required field filled, its lengths, a real option). The app's own rules
 * answer after the submission.
 */
import type { InputField, Json } from './render.ts';

/** Words of the form prompt that are not answers. */
export const FORM_WORDS = { cancel: '!cancel', clear: '!clear' } as const;

function optionState(f: InputField, value: string): Json {
  const o = f.options.find((x) => x.value === value);
  return { text: { type: 'plain_text', text: o?.text ?? value, emoji: true }, value };
}

/** A field's state before anything is typed, as Slack fills it from initial_* (undefined: empty). */
export function initialState(f: InputField): Json | undefined {
  if (f.initial === undefined) return undefined;
  if (f.kind === 'conversation' && typeof f.initial === 'string') return conversationState(f, f.initial);
  if (Array.isArray(f.initial))
    return { type: f.elementType, selected_options: f.initial.map((v) => optionState(f, v)) };
  if (f.kind === 'select' || f.kind === 'radio')
    return { type: f.elementType, selected_option: optionState(f, f.initial) };
  return { type: f.elementType, value: f.initial };
}

/**
 * The client's own refusals are sentences, as the bot's are: one style for
 * everything a form says is wrong.
 */
const REQUIRED = 'This field is required.';

/**
 * What a typed answer puts in a field, checked as a Slack client checks it
 * before sending (a required field filled, lengths, a real option); the
 * app's own rules answer after the submission.
 */
export function readAnswer(
  f: InputField,
  typed: string,
  current: Json | undefined,
): { state: Json | undefined } | { error: string } {
  const text = typed.trim();
  const empty = () => (f.optional ? { state: emptyState(f) } : { error: REQUIRED });
  if (text === FORM_WORDS.clear) return empty();
  if (text === '') return current ? { state: current } : empty();
  switch (f.kind) {
    case 'select':
    case 'radio': {
      const o = pickOption(f, text);
      return o
        ? { state: { type: f.elementType, selected_option: optionState(f, o) } }
        : { error: `Choose a number from 1 to ${f.options.length}.` };
    }
    case 'checkboxes':
    case 'multi_select': {
      if (text === 'none')
        return f.optional ? { state: { type: f.elementType, selected_options: [] } } : { error: REQUIRED };
      const picked = text.split(/[\s,]+/).map((w) => pickOption(f, w));
      if (picked.some((p) => p === undefined))
        return { error: `Give numbers from 1 to ${f.options.length}, or none.` };
      const unique = [...new Set(picked as string[])];
      return { state: { type: f.elementType, selected_options: unique.map((v) => optionState(f, v)) } };
    }
    case 'conversation': {
      const c = pickOption(f, text) ?? pickOption(f, `#${text}`);
      return c
        ? { state: conversationState(f, c) }
        : { error: `Choose a number from 1 to ${f.options.length}, or a #name.` };
    }
    case 'number':
      if (!/^-?\d+(\.\d+)?$/.test(text)) return { error: 'Type a number.' };
      return { state: { type: f.elementType, value: text } };
    default: {
      // Slack sends what was typed, spaces inside kept; the client stops at max_length and asks for min_length.
      const value = typed.replace(/^\s+|\s+$/g, '');
      const length = [...value].length;
      if (f.maxLength !== undefined && length > f.maxLength)
        return { error: `Use at most ${f.maxLength} characters (this has ${length}).` };
      if (f.minLength !== undefined && length < f.minLength)
        return { error: `Use at least ${f.minLength} characters (this has ${length}).` };
      return { state: { type: f.elementType, value } };
    }
  }
}

/** A conversation select's state: `selected_conversation` (a channels select: `selected_channel`). */
function conversationState(f: InputField, id: string | null): Json {
  const key = f.elementType === 'channels_select' ? 'selected_channel' : 'selected_conversation';
  return { type: f.elementType, [key]: id };
}

function emptyState(f: InputField): Json | undefined {
  if (f.kind === 'conversation') return conversationState(f, null);
  if (f.kind === 'checkboxes' || f.kind === 'multi_select')
    return { type: f.elementType, selected_options: [] };
  if (f.kind === 'select' || f.kind === 'radio') return { type: f.elementType, selected_option: null };
  return { type: f.elementType, value: null };
}

function pickOption(f: InputField, word: string): string | undefined {
  const n = Number(word);
  if (Number.isInteger(n) && n >= 1 && n <= f.options.length) return f.options[n - 1]!.value;
  const lower = word.toLowerCase();
  return f.options.find((o) => o.value.toLowerCase() === lower || o.text.toLowerCase() === lower)?.value;
}
