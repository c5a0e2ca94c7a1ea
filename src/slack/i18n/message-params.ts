/**
 * The parameters of an ICU message, read from its text by the compiler, so
 * that a call passing the wrong names or types does not compile. It reads the
 * subset of ICU MessageFormat the catalogs use:
 * - `{name}`: text or a number, shown as given;
 * - `{name, number}` (with any style), `{name, plural, …}`,
 *   `{name, selectordinal, …}`: a number;
 * - `{name, select, …}`: text;
 * - `{name, date, …}`, `{name, time, …}`: a Date or epoch milliseconds.
 * Option bodies (`one {# server}`) are read for the parameters they use in turn.
 * Quoting with apostrophes is not read: the catalogs write ’ for an apostrophe
 * and never need a literal brace (test/slack/i18n.test.ts checks each message
 * with formatjs's own parser).
 */

type Space = ' ' | '\n' | '\t';
type TrimStart<S extends string> = S extends `${Space}${infer R}` ? TrimStart<R> : S;
type TrimEnd<S extends string> = S extends `${infer R}${Space}` ? TrimEnd<R> : S;
type Trim<S extends string> = TrimEnd<TrimStart<S>>;

/** A value a plain `{name}` shows. */
export type TextArg = string | number;
/** A value a `date` or `time` argument formats. */
export type DateArg = Date | number;

/** `P` with `name: T` added (a name used twice takes both types: `{n}` and `{n, plural}` need a number). */
type With<P, Name extends string, T> = P & { [K in Trim<Name>]: T };

/**
 * Reads message text up to its end, or up to the `}` that closes the option
 * body it is in: [parameters so far, what follows that `}`].
 */
type Text<S extends string, P> = S extends `${infer Before}{${infer After}`
  ? Before extends `${string}}${string}`
    ? Close<S, P>
    : Argument<After, P>
  : Close<S, P>;

type Close<S extends string, P> = S extends `${string}}${infer Rest}` ? [P, Rest] : [P, ''];

/** An argument, its opening brace read: `name}` or `name, type…}`, then the text after it. */
type Argument<S extends string, P> = S extends `${infer Head}}${infer Rest}`
  ? Head extends `${infer Name},${infer Kind}`
    ? Typed<Name, TrimStart<Kind>, S, P>
    : Text<Rest, With<P, Head, TextArg>>
  : [P, ''];

type Typed<Name extends string, Kind extends string, S extends string, P> = Kind extends `number${string}`
  ? SimpleTyped<S, With<P, Name, number>>
  : Kind extends `date${string}` | `time${string}`
    ? SimpleTyped<S, With<P, Name, DateArg>>
    : S extends `${string},${infer AfterName}`
      ? TrimStart<AfterName> extends `selectordinal${infer Options}` | `plural${infer Options}`
        ? Choices<Options, With<P, Name, number>>
        : TrimStart<AfterName> extends `select${infer Options}`
          ? Choices<Options, With<P, Name, string>>
          : [P, '']
      : [P, ''];

/** `{n, number, ::currency/JPY}`: no braces inside, so the argument ends at the next `}`. */
type SimpleTyped<S extends string, P> = S extends `${string}}${infer Rest}` ? Text<Rest, P> : [P, ''];

/** `, one {…} other {…}}` then the text after the argument. */
type Choices<S extends string, P> = TrimStart<S> extends `,${infer R}` ? Options<R, P> : [P, ''];

// biome-ignore lint/correctness/noUnusedVariables: Choices uses it (biome 2.5 does not follow the mutual recursion)
type Options<S extends string, P> =
  TrimStart<S> extends `}${infer Rest}`
    ? Text<Rest, P>
    : S extends `${string}{${infer Body}`
      ? Text<Body, P> extends [infer Q, infer Rest extends string]
        ? Options<Rest, Q>
        : [P, '']
      : [P, ''];

type Flatten<P> = { [K in keyof P]: P[K] };

/** The parameters message `S` needs: `{}` when it needs none; of a union of messages, any one's. */
export type ParamsOf<S extends string> = S extends string
  ? string extends S
    ? Record<string, TextArg | DateArg>
    : Text<S, unknown> extends [infer P, string]
      ? Flatten<P>
      : never
  : never;
