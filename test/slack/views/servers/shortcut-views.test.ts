/**
 * The shortcuts' views, pure: the Server card modal (question, reading, the
 * card without its message buttons, refusals), the servers a message names
 * (compact cards within Block Kit's limits, the rest named and counted, or
 * none), and the order form that asks for its approval channel; en and ja.
 */
import type { InputBlock, KnownBlock, SectionBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../src/services/errors.ts';
import type {
  ListedServer,
  MentionedServers,
  VpsDetailRead,
} from '../../../../src/services/servers/index.ts';
import { catalogueOf } from '../../../../src/services/signup/index.ts';
import { failureMessage } from '../../../../src/slack/error-text.ts';
import { catalogs, translator } from '../../../../src/slack/i18n/index.ts';
import { ACTIONS, BLOCKS, FIND_SERVER_IDS, SIGNUP_IDS } from '../../../../src/slack/ids.ts';
import type { Ui } from '../../../../src/slack/views/format.ts';
import { assertBlocksWithinLimits } from '../../../../src/slack/views/limits.ts';
import {
  findServerCardView,
  findServerLoadingView,
  findServerNoticeView,
  findServerView,
} from '../../../../src/slack/views/servers/find-server.ts';
import {
  MENTIONED_SHOWN,
  mentionedServersView,
} from '../../../../src/slack/views/servers/mentioned-servers.ts';
import { serverCardView } from '../../../../src/slack/views/servers/server-card.ts';
import { readApprovalChannel, signupModalView } from '../../../../src/slack/views/signup/modal.ts';
import { testPlan } from '../../../support/plans.ts';
import { listedServer, serverDetail } from '../../../support/servers.ts';

const en: Ui = { t: translator('en'), locale: 'en', tz: 'UTC', dateLocale: 'en-US' };
const ja: Ui = { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };

const server = (i: number): ListedServer =>
  listedServer(i, { power: 'running', powerAgeMs: 5_000, powerStale: false });

const detail: VpsDetailRead = serverDetail({ uuid: '00000000-0000-4000-8000-000000000001', memo: 'primary' });

const named = (n: number, over: Partial<MentionedServers> = {}): MentionedServers => ({
  servers: Array.from({ length: n }, (_, i) => server(i + 1)),
  truncated: false,
  readAt: new Date(0),
  ...over,
});

const sections = (blocks: readonly KnownBlock[]) =>
  blocks.filter((b): b is SectionBlock => b.type === 'section');
const allText = (v: unknown) => JSON.stringify(v);

describe('the Server card modal', () => {
  it('asks for a server by name, IP address or uuid, in the reader’s language', () => {
    for (const ui of [en, ja]) {
      const v = findServerView(ui);
      expect(v.callback_id).toBe(FIND_SERVER_IDS.modalCallback);
      expect(v.title.text).toBe(ui.t('shortcut.find.title'));
      expect([...v.title.text].length).toBeLessThanOrEqual(24);
      expect([...(v.submit?.text ?? '')].length).toBeLessThanOrEqual(24);
      const input = v.blocks.find((b): b is InputBlock => b.type === 'input')!;
      expect(input.block_id).toBe(FIND_SERVER_IDS.refBlock);
      expect(input.element).toMatchObject({ action_id: FIND_SERVER_IDS.refInput, max_length: 51 });
      assertBlocksWithinLimits(v.blocks as KnownBlock[], 'modal');
    }
    expect(allText(findServerView(ja))).toContain('サーバー');
  });

  it('asks again with the problem above the field and what was typed in it', () => {
    const problem = failureMessage(en, new ServiceError('server_not_found', { ref: 'web-9' }));
    const v = findServerView(en, { ref: ' web-9 ', problem });
    expect(sections(v.blocks as KnownBlock[])[0]!.text!.text).toContain('web-9');
    const input = v.blocks.find((b): b is InputBlock => b.type === 'input')!;
    expect(input.element).toMatchObject({ initial_value: 'web-9' });
  });

  it('shows the card without the buttons a message needs, and tells an editor where they are', () => {
    const card = serverCardView(en, detail, { canEdit: true, readAt: new Date(0) });
    expect(card.blocks.some((b) => b.type === 'actions')).toBe(true);
    const v = findServerCardView(en, card, { name: 'db-1' });
    expect(v.callback_id).toBe(FIND_SERVER_IDS.cardCallback);
    expect(v.blocks.some((b) => b.type === 'actions' || b.block_id === BLOCKS.cardActions)).toBe(false);
    expect(v.blocks[0]).toMatchObject({ type: 'header', text: { text: 'db-1' } });
    expect(allText(v)).toContain('/vps show db-1');
    expect(allText(findServerCardView(en, card))).not.toContain('/vps show');
    expect(v.submit?.text).toBe(catalogs.en['shortcut.find.another']);
  });

  it('says it is reading, and a refusal for the channel says a composer shortcut belongs to none', () => {
    expect(allText(findServerLoadingView(ja, 'db-1'))).toContain(
      '`db-1` の情報をプロバイダーから取得しています',
    );
    const refusal = new ServiceError('channel_not_allowed', { channels: ['C0OPS0001'] });
    const v = findServerNoticeView(en, failureMessage(en, refusal), refusal);
    expect(v.submit).toBeUndefined();
    expect(allText(v)).toContain('<#C0OPS0001>');
    expect(allText(v)).toContain(catalogs.en['shortcut.placeless_note']);
    const role = new ServiceError('role_required', { role: 'viewer', yours: 'none' });
    expect(allText(findServerNoticeView(en, failureMessage(en, role), role))).not.toContain(
      catalogs.en['shortcut.placeless_note'],
    );
  });
});

describe('the servers a message names', () => {
  it('gives each a compact card with a button that opens its full card', () => {
    const m = mentionedServersView(en, named(3), { cut: false, readAgeMs: 0 });
    expect(m.text).toMatch(/^This message names 3 servers: server-001 \(running\)/);
    const cards = sections(m.blocks).filter((b) => b.accessory);
    expect(cards).toHaveLength(3);
    expect(cards[0]!.accessory).toMatchObject({
      action_id: ACTIONS.cardShow,
      value: '00000000-0000-4000-8000-000000000001',
    });
    expect(cards[0]!.text!.text).toContain('server-001');
  });

  it(`shows at most ${MENTIONED_SHOWN} within a message's limits and names and counts the rest`, () => {
    for (const n of [MENTIONED_SHOWN, MENTIONED_SHOWN + 1, 400]) {
      const m = mentionedServersView(ja, named(n), { cut: true, readAgeMs: 65_000 });
      assertBlocksWithinLimits(m.blocks, 'message');
      expect(m.blocks.length).toBeLessThanOrEqual(50);
      expect(sections(m.blocks).filter((b) => b.accessory)).toHaveLength(MENTIONED_SHOWN);
      const more = allText(m.blocks);
      if (n > MENTIONED_SHOWN) {
        expect(more).toContain(`ほか ${n - MENTIONED_SHOWN} 台`);
        expect(more).toContain('`server-016`');
      }
      expect(more).toContain('最初の 60,000 文字だけを読みました');
      expect(more).toContain('前にプロバイダーから取得した一覧です');
    }
  });

  it('says when the message names none, in both languages', () => {
    expect(mentionedServersView(en, named(0), { cut: false, readAgeMs: 0 })).toEqual({
      text: catalogs.en['shortcut.mentioned.none'],
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: catalogs.en['shortcut.mentioned.none'] } }],
    });
    expect(mentionedServersView(ja, named(0), { cut: false, readAgeMs: 0 }).text).toBe(
      catalogs.ja['shortcut.mentioned.none'],
    );
  });
});

describe('the order form opened outside any channel', () => {
  const catalogue = catalogueOf({
    plans: [testPlan('vps-1gb', 1)],
    os_images: [{ image_id: 'ubuntu-24.04', name: 'Ubuntu', version: '24.04', minimum_memory_mb: 0 }],
  });

  it('asks for the channel of the approval request, chosen by nobody but the person', () => {
    for (const ui of [en, ja]) {
      const v = signupModalView(ui, catalogue, { channelId: '' });
      const pick = v.blocks.find((b): b is InputBlock => b.block_id === SIGNUP_IDS.approvalChannel)!;
      expect(pick.optional).toBeUndefined();
      expect(pick.label.text).toBe(ui.t('signup.field.approval_channel'));
      expect(pick.element).toMatchObject({
        type: 'conversations_select',
        action_id: SIGNUP_IDS.approvalChannel,
      });
      expect(pick.element).not.toHaveProperty('initial_conversation');
      expect(pick.element).not.toHaveProperty('default_to_current_conversation');
      expect(allText(v.blocks[0])).toContain(ui.t('signup.modal.intro_choose'));
      assertBlocksWithinLimits(v.blocks as KnownBlock[], 'modal');
    }
  });

  it('asks nothing of the kind when it was opened in a channel', () => {
    const v = signupModalView(en, catalogue, { channelId: 'C0OPS0001' });
    expect(v.blocks.some((b) => b.block_id === SIGNUP_IDS.approvalChannel)).toBe(false);
  });

  it('reads the channel chosen, and nothing from a form without one', () => {
    const values = {
      [SIGNUP_IDS.approvalChannel]: {
        [SIGNUP_IDS.approvalChannel]: { type: 'conversations_select', selected_conversation: 'C0NEW0001' },
      },
    };
    expect(readApprovalChannel(values)).toBe('C0NEW0001');
    expect(readApprovalChannel({})).toBeUndefined();
    expect(
      readApprovalChannel({
        [SIGNUP_IDS.approvalChannel]: { [SIGNUP_IDS.approvalChannel]: { selected_conversation: null } },
      }),
    ).toBeUndefined();
  });
});
