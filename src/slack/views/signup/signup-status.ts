/**
 * `/vps signup status <id>`: a signup as the provider reports it (service
 * code, uuid, name, status, contract expiry), with what its status means and
 * what to do next (docs/provider-api.md, Signup status). A status the provider
 * does not document is shown as given.
 */
import type { KnownBlock } from '@slack/types';
import type { SignupStatus } from '../../../provider/index.ts';
import type { KeyTaking, PlainKey } from '../../i18n/index.ts';
import { clip, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';

/** The states the spec documents: each one's word, and what it means with what to do. */
const STATES: ReadonlyMap<string, { state: PlainKey; meaning: KeyTaking<{ id: string; name: string }> }> =
  new Map([
    ['active', { state: 'signup.progress.state.active', meaning: 'signup.progress.meaning.active' }],
    ['building', { state: 'signup.progress.state.building', meaning: 'signup.progress.meaning.building' }],
    [
      'setup_pending',
      { state: 'signup.progress.state.setup_pending', meaning: 'signup.progress.meaning.setup_pending' },
    ],
  ]);

export function signupStatusView(ui: Ui, s: SignupStatus): Message {
  const id = String(s.id);
  const name = mrkdwnText(s.name, SHOWN.name);
  const known = STATES.get(s.status);
  const state = known ? ui.t(known.state) : `\`${mrkdwnText(s.status, SHOWN.word)}\``;
  const meaning = known ? ui.t(known.meaning, { id, name }) : ui.t('signup.progress.meaning.other');
  const field = (label: PlainKey, value: string) => ({
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
          s.expiry_date ? mrkdwnText(s.expiry_date, 40) : ui.t('signup.progress.expiry_none'),
        ),
      ],
    },
    { type: 'section', text: { type: 'mrkdwn', text: meaning } },
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: `${ui.t('signup.progress.title', { id })}: ${name} · ${state}`, blocks };
}
