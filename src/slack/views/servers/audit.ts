import type { KnownBlock } from '@slack/types';
import type { VpsSummary } from '../../../services/servers/index.ts';
import type { AuditRow } from '../../../store/index.ts';
import { isMessageKey, type MessageKey } from '../../i18n/index.ts';
import { clip, escapeMrkdwn, formatTime, type Message, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import { auditReasonText } from '../messages.ts';
import { packLines, summaryText } from '../sections.ts';

/** What one row shows of a stored value: rows written before values were bounded may hold anything. */
const SHOWN = 80;
const shown = (s: string): string => escapeMrkdwn(clip(s, SHOWN));

/** What was done, in words: a change says what it changed to. Plain text only, never nested formatting. */
function actionText(ui: Ui, action: string, params: Record<string, unknown>): string {
  const value = typeof params.value === 'string' ? shown(params.value) : undefined;
  if ((action === 'rename' || action === 'memo' || action === 'rdns') && value !== undefined) {
    return ui.t(`audit.action.${action}_to`, { value });
  }
  const key = `audit.action.${action}`;
  return isMessageKey(key) ? ui.t(key) : shown(action);
}

export function auditView(ui: Ui, entries: readonly Omit<AuditRow, 'id'>[], server?: VpsSummary): Message {
  const title = server
    ? ui.t('audit.title_server', { name: escapeMrkdwn(server.name) })
    : ui.t('audit.title');
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text: `*${title}*` } }];
  let lines: string[] = [];
  if (entries.length === 0)
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: ui.t('audit.empty') } });
  else {
    lines = entries.map((e) => {
      const name = typeof e.params.name === 'string' ? e.params.name : (e.target ?? '');
      const outcome = ui.t(`audit.outcome.${e.outcome}` as MessageKey);
      // Why, in words: a code the catalog knows reads as a sentence; any other is shown as it is.
      const reason = e.errorCode ? auditReasonText(ui, e.errorCode) : '';
      return ui.t('audit.entry', {
        at: formatTime(ui, e.at),
        actor: shown(e.actor),
        action: actionText(ui, e.action, e.params),
        target: shown(name),
        outcome: reason ? ui.t('audit.outcome_because', { outcome, reason }) : outcome,
      });
    });
    blocks.push(...packLines(lines));
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: summaryText(title, entries.length === 0 ? [ui.t('audit.empty')] : lines), blocks };
}
