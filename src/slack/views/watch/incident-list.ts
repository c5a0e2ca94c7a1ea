/**
 * `/vps incidents`: the open alarms, to the person who asks: what each is
 * about and since when, who is on it, until when it is muted, and buttons to
 * take it (or take it over) and to open the server's card. Nobody's first,
 * then the oldest; as many as one message holds, then how many are left out.
 * And the reply to a click on "I'm on it". Pure.
 */
import type { ActionsBlock, Button, KnownBlock } from '@slack/types';
import type { OpenIncident } from '../../../services/watch/index.ts';
import type { IncidentRow } from '../../../store/index.ts';
import type { RefusalWords } from '../../decision-text.ts';
import { ACTIONS, itemBlockId, WATCH_IDS } from '../../ids.ts';
import { formatTime, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import { textView } from '../messages.ts';
import { ALARM_MARKER, claimButton, incidentName } from './alarm-parts.ts';
import { incidentWhat } from './incidents.ts';

/** Incidents listed in one message (two blocks each, within Slack's 50). */
export const LISTED_INCIDENTS = 20;

/** The kinds whose subject is a server (its card can be opened). */
const SERVER_KINDS = new Set(['power', 'contract']);

/** What each incident of the list says: what, since when, who is on it, whether it is muted. */
function lineOf(ui: Ui, o: OpenIncident): string {
  const inc = o.incident;
  const since = formatTime(ui, inc.raisedAt ?? inc.startedAt);
  const head = ui.t('oncall.list.line', {
    marker: inc.alarmSince ? `${ALARM_MARKER} ` : '',
    what: incidentWhat(ui, inc),
    since,
  });
  const facts = [
    inc.claimedBy && inc.claimedAt
      ? ui.t('oncall.list.taken', { by: inc.claimedBy, at: formatTime(ui, inc.claimedAt) })
      : ui.t('oncall.list.nobody'),
    ...(inc.alarmSince ? [] : [ui.t('oncall.list.not_true')]),
    ...(o.mutedUntil ? [ui.t('oncall.list.muted', { until: formatTime(ui, o.mutedUntil) })] : []),
  ];
  return `${head}\n${facts.join(' · ')}`;
}

/**
 * One open incident as the list shows it: its line, and its buttons (take
 * it, and the server's card when it is about a server). The App Home shows
 * its incidents the same way.
 */
export function incidentBlocks(ui: Ui, o: OpenIncident): { line: string; blocks: KnownBlock[] } {
  const line = lineOf(ui, o);
  const elements: Button[] = [claimButton(ui, o.incident)];
  if (SERVER_KINDS.has(o.incident.kind)) {
    elements.push({
      type: 'button',
      text: { type: 'plain_text', text: ui.t('watch.incident.button.card') },
      action_id: ACTIONS.cardShow,
      value: o.incident.subject,
    });
  }
  const actions: ActionsBlock = {
    type: 'actions',
    block_id: itemBlockId(WATCH_IDS.alertActions, o.incident.id),
    elements,
  };
  return { line, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: line } }, actions] };
}

export function incidentListView(ui: Ui, items: readonly OpenIncident[]): Message {
  if (items.length === 0) return textView(ui.t('oncall.list.empty'));
  const title = ui.t('oncall.list.title', { count: items.length });
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text: `*${title}*` } }];
  const shown = items.slice(0, LISTED_INCIDENTS);
  const lines: string[] = [];
  for (const o of shown) {
    const one = incidentBlocks(ui, o);
    lines.push(one.line);
    blocks.push(...one.blocks);
  }
  if (items.length > shown.length) {
    const more = ui.t('oncall.list.more', { count: items.length - shown.length });
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: more }] });
    lines.push(more);
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: [title, ...lines].join('\n'), blocks };
}

/** The reply to whoever clicked "I'm on it", for them alone, when the alarm is theirs now. */
export function claimDoneView(
  ui: Ui,
  userId: string,
  claimed: IncidentRow,
  previous: string | null,
): Message {
  const name = mrkdwnText(incidentName(ui, claimed), SHOWN.name);
  return textView(
    previous && previous !== userId
      ? ui.t('oncall.claim.took_over', { name, previous })
      : ui.t('oncall.claim.done', { name }),
  );
}

/**
 * A refusal that names who took the alarm just before the clicker, with the
 * button to take it over from them (it carries the claims they have now seen).
 */
export function withTakeOver(ui: Ui, refusal: Message, row: IncidentRow, userId: string): Message {
  if (row.resolvedAt !== null || row.raisedAt === null || !row.claimedBy || row.claimedBy === userId)
    return refusal;
  const blocks: KnownBlock[] = [
    ...refusal.blocks,
    { type: 'actions', elements: [claimButton(ui, row, undefined, ui.t('oncall.button.take_over'))] },
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: refusal.text, blocks };
}

/** Why a click on "I'm on it" took nothing, in the claim's words (for `decisionRefusal`). */
export function claimRefusals(userId: string): RefusalWords<IncidentRow> {
  const resolved = (u: Ui, row: IncidentRow) =>
    u.t('oncall.claim.resolved', { name: mrkdwnText(incidentName(u, row), SHOWN.name) });
  return {
    notFound: (u) => u.t('oncall.claim.not_found'),
    selfApproval: (u) => u.t('oncall.claim.not_possible'),
    expired: resolved,
    alreadyHandled: (u, row) => {
      const name = mrkdwnText(incidentName(u, row), SHOWN.name);
      if (row.resolvedAt || row.raisedAt === null) return resolved(u, row);
      if (row.claimedBy === userId) return u.t('oncall.claim.yours', { name });
      if (!row.claimedBy || !row.claimedAt) return u.t('oncall.claim.not_possible');
      return u.t('oncall.claim.taken', {
        by: row.claimedBy,
        name,
        at: formatTime(u, row.claimedAt),
      });
    },
  };
}
