import type { KnownBlock } from '@slack/types';
import { PROVIDER_ERROR_CODES } from '../../services/errors.ts';
import type { ChangeResult } from '../../services/servers/index.ts';
import type { PlainKey } from '../i18n/index.ts';
import {
  clip,
  formatTime,
  type Message,
  mrkdwnText,
  powerEmoji,
  powerLabel,
  SHOWN,
  type Ui,
} from './format.ts';
import { assertBlocksWithinLimits, LIMITS } from './limits.ts';

/** A plain sentence as a one-section message. */
/** Shown when an answer takes more than a moment (a slow provider); the answer replaces it. */
export function progressView(ui: Ui): Message {
  return textView(ui.t('command.progress'));
}

export function textView(text: string): Message {
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text } }];
  assertBlocksWithinLimits(blocks, 'message');
  return { text, blocks };
}

/** A sentence and one button under it (what it does, and the value Slack hands back when pressed). */
export function buttonMessage(
  text: string,
  button: { actionId: string; label: string; value: string },
): Message {
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text } },
    {
      type: 'actions',
      elements: [
        {
          type: 'button',
          action_id: button.actionId,
          text: { type: 'plain_text', text: button.label },
          value: button.value,
        },
      ],
    },
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text, blocks };
}

/**
 * A failure: the sentence, then candidates (servers a name could mean) listed
 * as far as one message holds and counted beyond that, never dropped silently.
 */
export function failureView(
  ui: Ui,
  sentence: string,
  details: readonly { label: string; detail: string }[] = [],
): Message {
  // A sentence carrying what was typed can outgrow a section: it is cut, never refused by Slack.
  const head = clip(`:warning: ${sentence}`, LIMITS.sectionText);
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text: head } }];
  const lines: string[] = [];
  let size = 0;
  let shown = 0;
  for (const d of details) {
    const line = `• *${mrkdwnText(d.label, SHOWN.name)}* — ${mrkdwnText(d.detail, SHOWN.text)}`;
    if (size + line.length + 1 > LIMITS.sectionText - 200) break;
    lines.push(line);
    size += line.length + 1;
    shown++;
  }
  if (lines.length > 0) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } });
  if (shown < details.length) {
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: ui.t('summary.more', { count: details.length - shown }) }],
    });
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: sentence, blocks };
}

export function announceView(ui: Ui, userId: string, r: ChangeResult): Message {
  const name = mrkdwnText(r.server.name, SHOWN.name);
  let text: string;
  if (r.field === 'name')
    text = ui.t('announce.name', { user: userId, before: name, after: mrkdwnText(r.after, SHOWN.name) });
  else if (r.field === 'memo') {
    text =
      r.after === ''
        ? ui.t('announce.memo_cleared', { user: userId, name })
        : ui.t('announce.memo', { user: userId, name, after: mrkdwnText(r.after, SHOWN.memo) });
  } else {
    text = ui.t('announce.rdns', {
      user: userId,
      name,
      ip: mrkdwnText(r.server.ip_address ?? '-', SHOWN.name),
      after: mrkdwnText(r.after, SHOWN.text),
      before: mrkdwnText(r.before ?? ui.t('card.none'), SHOWN.text),
    });
  }
  return textView(text);
}

export function powerView(ui: Ui, name: string, power: string, at: Date): Message {
  const label = `${powerEmoji(power)} ${powerLabel(ui, power)}`;
  return textView(
    ui.t('power.line', { name: mrkdwnText(name, SHOWN.name), power: label, at: formatTime(ui, at) }),
  );
}

/** The refusal and failure codes an audit line records that have words of their own. */
const AUDIT_REASONS: ReadonlyMap<string, PlainKey> = new Map<string, PlainKey>([
  ['role_required', 'audit.reason.role_required'],
  ['channel_not_allowed', 'audit.reason.channel_not_allowed'],
  ['target_channel_not_allowed', 'audit.reason.target_channel_not_allowed'],
  ['invalid_field', 'audit.reason.invalid_field'],
  ['name_taken', 'audit.reason.name_taken'],
  ['slow_down', 'audit.reason.slow_down'],
  ['queue_full', 'audit.reason.queue_full'],
  ['key_read_only', 'audit.reason.key_read_only'],
  ['key_custom_forbidden', 'audit.reason.key_custom_forbidden'],
  ['approval_wrong_channel', 'audit.reason.approval_wrong_channel'],
  ['not_in_channel', 'audit.reason.not_in_channel'],
  ['channel_not_found', 'audit.reason.channel_not_found'],
  ['is_archived', 'audit.reason.is_archived'],
  ['server_not_found', 'audit.reason.server_not_found'],
  ['server_malformed', 'audit.reason.server_malformed'],
]);

/** Why it was refused or failed, in words; a provider's code is named after the sentence. */
export function auditReasonText(ui: Ui, code: string): string {
  const key = AUDIT_REASONS.get(code);
  if (key) return ui.t(key);
  if ((PROVIDER_ERROR_CODES as readonly string[]).includes(code)) {
    return ui.t('audit.reason.provider', { code: mrkdwnText(code, 80) });
  }
  return ui.t('audit.reason.other', { code: mrkdwnText(code, 80) });
}
