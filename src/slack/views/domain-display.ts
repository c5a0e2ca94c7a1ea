/**
 * How a domain is shown to people, in every view: as typed, unless it could
 * deceive, in which case its Punycode form (what the provider holds and DNS
 * resolves) stands beside it: `exаmple.com (xn--exmple-4nf.com)`. A domain
 * could deceive when one of its labels
 * - mixes scripts (Latin with Cyrillic, say), the writing systems that mix
 *   scripts by nature aside: Japanese (Han, hiragana, katakana), Korean (Han,
 *   hangul) and Chinese (Han, bopomofo);
 * - looks like ASCII without being ASCII: made only of letters that look like
 *   ASCII ones (Cyrillic `а`, `о`, `р`, Greek `ο` …), or full-width and other
 *   compatibility forms that become plain ASCII in the provider's form.
 * A Japanese name (`日本語.jp`) is one script per label and looks like no
 * ASCII name: it is shown as typed, as the people who use it write it.
 * A name that is no domain at all is shown as typed (its refusal says why).
 */
import { domainForms } from '../../services/hosting/index.ts';

/** Scripts a letter may belong to; a letter of none of them counts as `Other`. Common and Inherited are no script. */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
] as const;
const SCRIPT_RES = SCRIPTS.map((s) => [s, new RegExp(`^\\p{Script=${s}}$`, 'u')] as const);
const NO_SCRIPT = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** Scripts that one writing system mixes within a word. */
const WRITING_SYSTEMS: readonly ReadonlySet<string>[] = [
  new Set(['Han', 'Hiragana', 'Katakana']),
  new Set(['Han', 'Hangul']),
  new Set(['Han', 'Bopomofo']),
];

/**
 * Letters of other scripts that look like a lower-case ASCII letter (a
 * selection of Unicode's confusables, the ones a domain can hold: IDNA
 * lower-cases what is typed).
 */
const ASCII_LOOKALIKES = new Set([
  // Cyrillic
  ...'асԁеһіјӏорԛѕԝхуь',
  // Greek
  ...'αονιυχκϲϳτρ',
  // Armenian
  ...'օոսհզ',
  // Latin letters that pass for others
  ...'ıɑɡʏ',
]);

function scriptOf(ch: string): string | undefined {
  if (NO_SCRIPT.test(ch)) return undefined;
  return SCRIPT_RES.find(([, re]) => re.test(ch))?.[0] ?? 'Other';
}

const isAscii = (s: string): boolean => /^[\x20-\x7e]*$/.test(s);

function mixesScripts(label: string): boolean {
  const scripts = new Set<string>();
  for (const ch of label) {
    const s = scriptOf(ch);
    if (s) scripts.add(s);
  }
  if (scripts.size <= 1) return false;
  return !WRITING_SYSTEMS.some((w) => [...scripts].every((s) => w.has(s)));
}

function looksAscii(label: string): boolean {
  if (isAscii(label)) return false;
  return [...label].every((ch) => isAscii(ch) || ASCII_LOOKALIKES.has(ch));
}

/** IDNA's label separators: the full stop and its ideographic and full-width forms. */
const DOTS = /[.\u3002\uff0e\uff61]/;

/** Whether the name could pass for another: its Punycode form is then shown beside it. */
export function isDeceptiveDomain(name: string): boolean {
  const { ascii, readable } = domainForms(name);
  if (ascii === '') return false;
  const asciiLabels = ascii.split('.');
  const typedLabels = name.trim().split(DOTS);
  // Typed other than ASCII but plain ASCII in the provider's form: full-width, compatibility forms.
  if (typedLabels.length === asciiLabels.length) {
    for (const [i, typed] of typedLabels.entries())
      if (!isAscii(typed) && !asciiLabels[i]!.startsWith('xn--')) return true;
  }
  return readable.split('.').some((label) => mixesScripts(label) || looksAscii(label));
}

/**
 * A domain as every view shows it: as typed, or, when it could deceive, in
 * its readable form with its Punycode form beside it. A name given in Punycode
 * (as the provider may answer it) is shown readable too when it could deceive.
 */
export function displayDomain(name: string): string {
  if (!isDeceptiveDomain(name)) return name;
  const { ascii, readable } = domainForms(name);
  return `${isAscii(name) ? readable : name.trim()} (${ascii})`;
}

/** A URL as every view shows it: as it is, with its host's Punycode form beside it when the host could deceive. */
export function displayUrl(url: string): string {
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/?#:\s]+)/i.exec(url)?.[1];
  if (host === undefined || !isDeceptiveDomain(host)) return url;
  return `${url} (${domainForms(host).ascii})`;
}
