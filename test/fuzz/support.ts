/**
 * What the fuzz suite is made of: how many cases a property runs, and the
 * adversarial text it feeds the bot (issue 12: very long, control characters,
 * NUL, full-width, Slack mention and link syntax, JSON fragments, mixed
 * scripts), alone or woven into the words of a command.
 *
 * `npm test` runs every property with its default count, a few seconds for
 * the whole suite. `FUZZ_RUNS=<n>` raises the pure properties to n cases each
 * and the ones that go through the running bot to n/10; `FUZZ_SEED=<seed>`
 * (printed by a failure) replays a run.
 */
import fc from 'fast-check';

/** Cases of a property: its default, or what FUZZ_RUNS asks for (`weight` 0.1 for properties that talk to a running bot). */
export function runs(defaultRuns: number, weight = 1): number {
  const asked = Number(process.env.FUZZ_RUNS);
  return Number.isFinite(asked) && asked > 0
    ? Math.max(defaultRuns, Math.round(asked * weight))
    : defaultRuns;
}

/** fast-check's parameters for a property of `defaultRuns` cases. */
export function params(defaultRuns: number, weight = 1): fc.Parameters<unknown> {
  const seed = Number(process.env.FUZZ_SEED);
  return { numRuns: runs(defaultRuns, weight), ...(Number.isFinite(seed) ? { seed } : {}) };
}

/** Pieces a hostile or careless user (or provider) puts in text. */
export const NASTY_PIECES = [
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\r\n',
  '\t',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\ud800',
  '\udfff',
  '😀',
  '👩‍👩‍👧',
  'ｗｅｂ－１',
  '　',
  'サーバー',
  'сервер',
  'خادم',
  '<!channel>',
  '<!here>',
  '<@U0EVIL>',
  '<#C0EVIL|evil>',
  '<!subteam^S0EVIL>',
  '<https://evil.example|click>',
  '<mailto:a@b.c|a>',
  '&lt;!channel&gt;',
  '&amp;',
  '*bold*',
  '`code`',
  '```',
  '"',
  '\u201c',
  "'",
  '\\',
  '{"a":1}',
  '"},{"',
  'null',
  '[]',
  '=',
  'from=',
  'to=2026-02-30',
  'type=',
  'status=',
  '%00',
  '../',
  '/',
  '?',
  '#',
  // A template placeholder typed as text, on purpose.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: adversarial input, not a template
  '${x}',
  '{name}',
] as const;

/** One adversarial piece of text. */
export const nastyPiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_PIECES) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 2 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'x', '-', '😀', '<', 'ｗ'), fc.integer({ min: 40, max: 6000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

/** A text made of adversarial pieces (one or several, joined by spaces or not). */
export const nastyText: fc.Arbitrary<string> = fc
  .array(fc.tuple(nastyPiece, fc.constantFrom('', ' ', '  ', '\n')), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.map(([p, sep]) => `${p}${sep}`).join(''));

/** A word of a command: real ones, their near misses, or anything. */
export function commandWord(words: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...words) },
    { weight: 1, arbitrary: fc.constantFrom(...words).map((w) => w.toUpperCase()) },
    { weight: 2, arbitrary: nastyPiece },
  );
}

/** A whole command line: a known first word, then arguments from `argument`. */
export function commandLine(words: readonly string[], argument: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(commandWord(words), fc.array(argument, { maxLength: 4 }), fc.constantFrom(' ', '  ', '\t'))
    .map(([w, args, sep]) => [w, ...args].join(sep));
}

/** Arguments that look like what a command takes, and what it must refuse. */
export const argument: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('web-1', 'web-2', 'db-1', 'all', '203.0.113.10', 'web') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('<#C0OPS0001|ops>', '<#C0OTHER>', '30m', '2h', '7d', '0m', '99999d'),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'from=2026-01-01',
      'to=2026-13-01',
      'from=2026-02-30',
      'status=error',
      'method=get',
      'code=404',
      'code=99',
      'type=vps',
      'status=suspended',
    ),
  },
  { weight: 3, arbitrary: nastyText },
  // Around the limits the provider states or implies (50, 63, 100, 253 …): plain words of any length to 300.
  {
    weight: 2,
    arbitrary: fc.string({
      unit: fc.constantFrom(...'abcxyz0189-._'),
      minLength: 1,
      maxLength: 300,
      size: 'max',
    }),
  },
);

export { mrkdwnTexts } from '../support/mrkdwn.ts';

/** A mention or link that, live in mrkdwn, would ping people or lead them somewhere. */
export const LIVE_MENTION = /<!(channel|here|everyone)>|<@U0EVIL>|<!subteam\^S0EVIL>|<https?:\/\/evil/;

/**
 * Refusals that depend on the account's state, not on the input's shape (a
 * name already taken, a domain not there yet, ownership not proven): the
 * provider's to make, not ours to foresee.
 */
const STATE_REFUSAL = /既に|存在しない|登録された|所有権|_xserver-verify/;

/**
 * The hosting body fields whose rules the spec leaves open: the bot sends
 * them as typed, and the provider decides (docs/provider-api.md, Decisions
 * where the spec is silent). A 422 about them is the provider's answer to
 * show, not input the bot should have stopped.
 */
const LEFT_TO_PROVIDER =
  /^(url|title|admin_username|admin_password|admin_email|name_suffix|character_set|password|label|memo): /;

/** A refusal whose every line is about state, or (on a hosting path) about a field the provider decides. */
function providersOwnCall(r: { path: string; error?: { errors: string[] } }): boolean {
  const lines = r.error?.errors ?? [];
  const hosting = r.path.startsWith('/v1/server/');
  return (
    lines.length > 0 && lines.every((e) => STATE_REFUSAL.test(e) || (hosting && LEFT_TO_PROVIDER.test(e)))
  );
}

/**
 * The requests the simulator refused as malformed or invalid input (400, or
 * 422 VALIDATION_ERROR that is neither about state nor the provider's own
 * call on a field the spec leaves open).
 */
export function refusedAsInvalid(
  requests: readonly {
    method: string;
    path: string;
    status: number;
    error?: { code: string; errors: string[] };
  }[],
): string[] {
  return requests
    .filter(
      (r) =>
        r.status === 400 ||
        (r.status === 422 && r.error?.code === 'VALIDATION_ERROR' && !providersOwnCall(r)),
    )
    .map((r) => `${r.method} ${r.path} ${r.status} ${JSON.stringify(r.error)}`);
}
