/** The fields of a provider entry that broke the spec, named for a reader (list lines, the card). */
import { WHOLE_ENTRY } from '../../../services/servers/index.ts';
import { mrkdwnText, SHOWN, type Ui } from '../format.ts';

/** Fields named at most; the rest are counted. */
const NAMED = 8;

export function brokenFields(ui: Ui, broken: readonly string[]): string {
  if (broken.length === 0 || broken.includes(WHOLE_ENTRY)) return ui.t('malformed.whole_entry');
  const named = broken.slice(0, NAMED).map((f) => `\`${mrkdwnText(f, SHOWN.word)}\``);
  const list = named.join(ui.locale === 'ja' ? '、' : ', ');
  return broken.length > named.length
    ? ui.t('malformed.fields_more', { fields: list, count: broken.length - named.length })
    : list;
}
