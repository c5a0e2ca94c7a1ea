import type { KnownBlock } from '@slack/types';
import type { VpsSummary } from '../../../services/servers/index.ts';
import type { AuditRow } from '../../../store/index.ts';
import type { PlainKey } from '../../i18n/index.ts';
import { actionName } from '../action-names.ts';
import { formatTime, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import { auditReasonText } from '../messages.ts';
import { packLines, summaryText } from '../sections.ts';

/** What one row shows of a stored value: rows written before values were bounded may hold anything. */
const CELL = 80;
const shown = (s: string): string => mrkdwnText(s, CELL);

/** What was done, in words: a change says what it changed to. Plain text only, never nested formatting. */
function actionText(ui: Ui, action: string, params: Record<string, unknown>): string {
  const value = typeof params.value === 'string' ? shown(params.value) : undefined;
  if ((action === 'rename' || action === 'memo' || action === 'rdns') && value !== undefined) {
    return ui.t(`audit.action.${action}_to`, { value });
  }
  const key = ACTION_WORDS.get(action);
  return key ? ui.t(key) : actionName(ui, action);
}

/** The actions an audit line names in words of their own; any other by its command. */
const ACTION_WORDS: ReadonlyMap<string, PlainKey> = new Map<string, PlainKey>([
  ['rename', 'audit.action.rename'],
  ['memo', 'audit.action.memo'],
  ['rdns', 'audit.action.rdns'],
  ['outside_change', 'audit.action.outside_change'],
  ['signup.quote', 'audit.action.signup.quote'],
  ['signup.approve', 'audit.action.signup.approve'],
  ['signup.reject', 'audit.action.signup.reject'],
  ['signup.execute', 'audit.action.signup.execute'],
  ['signup.expire', 'audit.action.signup.expire'],
  ['watch', 'audit.action.watch'],
  ['unwatch', 'audit.action.unwatch'],
  ['mute', 'audit.action.mute'],
  ['unmute', 'audit.action.unmute'],
  ['incident.claim', 'audit.action.incident.claim'],
]);

const OUTCOME_WORDS: Record<AuditRow['outcome'], PlainKey> = {
  ok: 'audit.outcome.ok',
  refused: 'audit.outcome.refused',
  failed: 'audit.outcome.failed',
};

export function auditView(ui: Ui, entries: readonly Omit<AuditRow, 'id'>[], server?: VpsSummary): Message {
  const title = server
    ? ui.t('audit.title_server', { name: mrkdwnText(server.name, SHOWN.name) })
    : ui.t('audit.title');
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text: `*${title}*` } }];
  let lines: string[] = [];
  if (entries.length === 0)
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: ui.t('audit.empty') } });
  else {
    lines = entries.map((e) => {
      const name = typeof e.params.name === 'string' ? e.params.name : (e.target ?? '');
      const outcome = ui.t(OUTCOME_WORDS[e.outcome]);
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
