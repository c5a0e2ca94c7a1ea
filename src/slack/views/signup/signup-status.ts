/**
 * `/vps signup status <id>`: a signup as the provider reports it (service
 * code, uuid, name, status, contract expiry), with what its status means and
 * what to do next (docs/provider-api.md, Signup status). A status the provider
 * does not document is shown as given.
 */
import type { KnownBlock } from '@slack/types';
import type { SignupStatus } from '../../../provider/index.ts';
import { isMessageKey, type MessageKey } from '../../i18n/index.ts';
import { clip, escapeMrkdwn, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';

const STATES = ['active', 'building', 'setup_pending'] as const;

export function signupStatusView(ui: Ui, s: SignupStatus): Message {
  const id = String(s.id);
  const name = mrkdwnText(s.name, SHOWN.name);
  const known = (STATES as readonly string[]).includes(s.status);
  const state = known
    ? ui.t(`signup.progress.state.${s.status}` as MessageKey)
    : `\`${mrkdwnText(s.status, SHOWN.word)}\``;
  const meaningKey = `signup.progress.meaning.${s.status}`;
  const meaning =
    known && isMessageKey(meaningKey)
      ? ui.t(meaningKey, { id, name })
      : ui.t('signup.progress.meaning.other');
  const field = (label: MessageKey, value: string) => ({
    type: 'mrkdwn' as const,
    text: `*${ui.t(label)}*\n${value}`,
  });
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: clip(ui.t('signup.progress.title', { id }), 150) } },
    {
      type: 'section',
      fields: [
        field('signup.progress.name', name),
        field('signup.progress.status', state),
        field(
          'signup.progress.uuid',
          s.uuid ? `\`${mrkdwnText(s.uuid, SHOWN.word)}\`` : ui.t('signup.progress.uuid_none'),
        ),
        field(
          'signup.progress.expiry',
          s.expiry_date ? escapeMrkdwn(clip(s.expiry_date, 40)) : ui.t('signup.progress.expiry_none'),
        ),
      ],
    },
    { type: 'section', text: { type: 'mrkdwn', text: meaning } },
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: `${ui.t('signup.progress.title', { id })}: ${name} · ${state}`, blocks };
}
