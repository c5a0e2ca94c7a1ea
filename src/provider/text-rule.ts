/**
 * The one rule every text field of both APIs shares (the provider client's
 * validators and the services' field rules all call it first).
 */
import type { ValidationIssue } from './errors.ts';

/**
 * A code point no text field of either API takes: the C0 controls (tab and
 * line feed only in a multi-line field such as the memo), DEL, the C1 controls
 * and a lone surrogate. None of them can be typed as a visible character: NUL
 * cuts a value short in whatever stores it as a C string, BEL and ESC (and
 * C1's CSI, ESC's one-byte twin) drive terminals and logs, DEL is a control
 * too, and a lone surrogate is no character at all (UTF-8 cannot carry it).
 */
function isControl(codePoint: number, multiline: boolean): boolean {
  if (codePoint < 0x20) return !(multiline && (codePoint === 0x09 || codePoint === 0x0a));
  return (codePoint >= 0x7f && codePoint <= 0x9f) || (codePoint >= 0xd800 && codePoint <= 0xdfff);
}

/**
 * The one rule every text field of both APIs shares, checked first: no
 * control character and no lone surrogate (`multiline`: tab and line feed are
 * allowed). Issue: `control_character`.
 */
export function validateText(
  value: string,
  field: string,
  opts: { multiline?: boolean } = {},
): ValidationIssue[] {
  const multiline = opts.multiline === true;
  for (const ch of value) {
    if (isControl(ch.codePointAt(0)!, multiline))
      return [
        {
          field,
          rule: 'control_character',
          message: 'no control characters (NUL, BEL, ESC, …) or lone surrogates',
        },
      ];
  }
  return [];
}
