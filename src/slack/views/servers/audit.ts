import type { KnownBlock } from '@slack/types';
import type { VpsSummary } from '../../../services/servers/index.ts';
import type { AuditRow } from '../../../store/index.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { clip, escapeMrkdwn, formatTime, type Message, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import { packLines } from '../sections.ts';

/** What one row shows of a stored value: rows written before values were bounded may hold anything. */
const SHOWN = 80;
const shown = (s: string): string => escapeMrkdwn(clip(s, SHOWN));

export function auditView(ui: Ui, entries: readonly Omit<AuditRow, 'id'>[], server?: VpsSummary): Message {
  const title = server
    ? ui.t('audit.title_server', { name: escapeMrkdwn(server.name) })
    : ui.t('audit.title');
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text: `*${title}*` } }];
  if (entries.length === 0)
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: ui.t('audit.empty') } });
  else {
    const lines = entries.map((e) => {
      const name = typeof e.params.name === 'string' ? e.params.name : (e.target ?? '');
      const outcome = ui.t(`audit.outcome.${e.outcome}` as MessageKey);
      const suffix = e.errorCode ? ` (${shown(e.errorCode)})` : '';
      return ui.t('audit.entry', {
        at: formatTime(ui, e.at),
        actor: shown(e.actor),
        action: shown(e.action),
        target: shown(name),
        outcome: `${outcome}${suffix}`,
      });
    });
    blocks.push(...packLines(lines));
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: title, blocks };
}
