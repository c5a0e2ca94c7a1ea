/** What tests of times share. */

/**
 * A time left in a text that neither a Slack date token nor a zone label
 * accounts for: what a channel reader would take for their own time.
 */
export function unlabelledTimes(text: string): string[] {
  const bare = text.replace(/<!date\^\d+\^[^|>]*\|[^>]*>/g, '');
  return [
    ...bare.matchAll(
      /(?<!日本時間の)\b\d{1,2}:\d{2}(?::\d{2})?(?!\s*(?:JST|UTC|Japan time|[A-Z][A-Za-z_]+\/))/g,
    ),
  ].map((m) => m[0]);
}
