/**
 * One feature's words in both languages. The English text is the reference:
 * a key missing in Japanese, or a Japanese text whose parameters differ from
 * the English one's (another name, or a type the English does not promise:
 * a plural where the English takes text), does not compile.
 */
import type { ParamsOf } from './message-params.ts';

type SameParams<En, Ja> = [keyof En] extends [keyof Ja]
  ? [keyof Ja] extends [keyof En]
    ? En extends Ja
      ? true
      : false
    : false
  : false;

/** The keys whose Japanese text takes other parameters than the English. */
export type Mismatched<En, Ja> = {
  [K in keyof En & keyof Ja]: En[K] extends string
    ? Ja[K] extends string
      ? string extends Ja[K]
        ? never
        : SameParams<ParamsOf<En[K]>, ParamsOf<Ja[K]>> extends true
          ? never
          : K
      : never
    : never;
}[keyof En & keyof Ja];

type Checked<En, Ja> = Ja & {
  [K in Mismatched<En, Ja>]: 'this Japanese text takes other parameters than the English one';
};

export function catalog<
  const En extends Readonly<Record<string, string>>,
  const Ja extends Readonly<Record<keyof En, string>>,
>(en: En, ja: Checked<En, Ja>): { en: En; ja: Ja } {
  return { en, ja };
}
