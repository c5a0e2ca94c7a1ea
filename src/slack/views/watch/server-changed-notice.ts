/**
 * The words of a server changed outside the bot (the control panel, another
 * API client): its name, memo, reverse hostname, IP address or plan. One
 * change is one sentence (with what it was and is, but for a rename, whose
 * sentence says both); several changes seen at once are one heading and a
 * line each. Provider text is cut visibly (SHOWN) and escaped.
 */

import type { FactChange, PlanFacts, ServerChangedNotice } from '../../../store/index.ts';
import { mrkdwnText, SHOWN, slackDate, type Ui } from '../format.ts';

type Field = FactChange['field'];

/** One value as shown: provider text on one line, cut and escaped; none said as such. */
function shown(ui: Ui, v: string | null): string {
  if (v === null) return ui.t('watch.changed.none');
  return mrkdwnText(v.replace(/\s*\r?\n\s*/g, ' '), SHOWN.text);
}

function planShown(ui: Ui, p: PlanFacts): string {
  const specs = [
    p.vcpu === undefined ? undefined : ui.t('watch.changed.vcpu', { n: p.vcpu }),
    p.memoryGb === undefined ? undefined : ui.t('watch.changed.memory', { n: p.memoryGb }),
    p.diskGb === undefined ? undefined : ui.t('watch.changed.disk', { n: p.diskGb }),
  ].filter((s): s is string => s !== undefined);
  const name = p.plan === undefined ? ui.t('watch.changed.none') : mrkdwnText(p.plan, SHOWN.name);
  return specs.length > 0 ? `${name} (${specs.join(', ')})` : name;
}

/** What it was and is: `memo: old → new`. */
function line(ui: Ui, c: FactChange): string {
  const [from, to] =
    c.field === 'plan'
      ? [planShown(ui, c.from), planShown(ui, c.to)]
      : c.field === 'name'
        ? [mrkdwnText(c.from, SHOWN.name), mrkdwnText(c.to, SHOWN.name)]
        : [shown(ui, c.from), shown(ui, c.to)];
  return ui.t('watch.changed.line', { field: fieldName(ui, c.field), from, to });
}

function fieldName(ui: Ui, f: Field): string {
  return ui.t(`watch.changed.field.${f}`);
}

/** The name the channel knew the server by: before a rename reported here, else its name now. */
function knownAs(n: ServerChangedNotice): string {
  const renamed = n.changes.find((c) => c.field === 'name');
  return renamed?.field === 'name' ? renamed.from : n.name;
}

/** The notice's text: a sentence, and what changed. */
export function serverChangedText(ui: Ui, n: ServerChangedNotice): string {
  const at = slackDate(ui, n.at);
  const name = mrkdwnText(knownAs(n), SHOWN.name);
  const only = n.changes.length === 1 ? n.changes[0] : undefined;
  if (only?.field === 'name')
    return ui.t('watch.changed.name', {
      from: mrkdwnText(only.from, SHOWN.name),
      to: mrkdwnText(only.to, SHOWN.name),
      at,
    });
  if (only) return `${ui.t(`watch.changed.${only.field}`, { name, at })}\n${line(ui, only)}`;
  const lines = n.changes.map((c) => `• ${line(ui, c)}`);
  return [ui.t('watch.changed.many', { name, at }), ...lines].join('\n');
}

/** A short label of what changed, for a digest's counts. */
export function serverChangedKind(ui: Ui, n: ServerChangedNotice): string {
  const fields = n.changes.map((c) => fieldName(ui, c.field));
  return ui.t('watch.kind.changed', { fields: fields.join(ui.locale === 'ja' ? '、' : ', ') });
}
