import type { ActionsBlock, Button, InputBlock, KnownBlock, StaticSelect } from '@slack/types';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../../src/services/access/index.ts';
import type { Decision } from '../../../../src/services/decisions/index.ts';
import { ServiceError } from '../../../../src/services/errors.ts';
import {
  type Catalogue,
  catalogueOf,
  checkSignupForm,
  type ExecuteOutcome,
  SIGNUP_LIMITS,
  type SignupRow,
} from '../../../../src/services/signup/index.ts';
import { decisionRefusal } from '../../../../src/slack/decision-text.ts';
import { translator } from '../../../../src/slack/i18n/index.ts';
import { signupCatalog } from '../../../../src/slack/i18n/signup.ts';
import { SIGNUP_IDS, signupBlockId } from '../../../../src/slack/ids.ts';
import { decodePayload, signupButtonPayload, signupModalPayload } from '../../../../src/slack/payloads.ts';
import { channelUiFor, type Ui, uiFor } from '../../../../src/slack/views/format.ts';
import { signupApprovalMessage } from '../../../../src/slack/views/signup/approval.ts';
import { SIGNUP_LIST_MAX, signupListView } from '../../../../src/slack/views/signup/list.ts';
import {
  readSignupForm,
  signupFieldErrors,
  signupModalView,
  type ViewStateValues,
} from '../../../../src/slack/views/signup/modal.ts';
import { signupOutcomeMessage } from '../../../../src/slack/views/signup/outcomes.ts';
import {
  signupPasswordMessage,
  signupQuotedNotice,
  signupQuoteRefusal,
  signupRefusals,
} from '../../../../src/slack/views/signup/requester.ts';
import { testPlan } from '../../../support/plans.ts';
import { unlabelledTimes } from '../../../support/times.ts';

// What a clicker on the approval message is told: the machine's refusal in the order's words.
const signupApproveRefusal = (ui: Ui, d: Decision<SignupRow>) =>
  decisionRefusal(ui, d, signupRefusals('approve'));
const signupRejectRefusal = (ui: Ui, d: Decision<SignupRow>) =>
  decisionRefusal(ui, d, signupRefusals('reject'));

const en: Ui = { t: translator('en'), locale: 'en', tz: 'Asia/Tokyo', dateLocale: 'en-US' };
const ja: Ui = { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };

const plan = testPlan;

const catalogue: Catalogue = catalogueOf({
  plans: [plan('vps-1gb', 1), plan('vps-2gb', 2, true)],
  os_images: [
    { image_id: 'ubuntu-24.04', name: 'Ubuntu', version: '24.04', minimum_memory_mb: 0 },
    { image_id: 'desktop', name: 'Oracle Linux (Desktop)', version: '9', minimum_memory_mb: 2048 },
  ],
});

const row = (over: Partial<SignupRow> = {}): SignupRow => ({
  id: 'sig-1',
  state: 'quoted',
  planId: 'vps-2gb',
  period: 12,
  imageId: 'ubuntu-24.04',
  serverName: 'web-7',
  sshKeyName: null,
  sshPublicKey: null,
  autoRenew: true,
  partnerCode: null,
  quotedPrice: 13_000,
  regularPrice: 18_000,
  campaignApplied: true,
  idempotencyKey: '6f1c0e9e-1111-4d0b-9a55-123456789abc',
  requesterId: 'UREQ',
  approverId: null,
  channelId: 'COPS',
  messageTs: null,
  threadTs: null,
  locale: 'en',
  expiresAt: new Date('2026-03-10T03:30:00Z'),
  secretId: 'sec-1',
  providerServiceId: null,
  uuid: null,
  ipAddress: null,
  providerStatus: null,
  errorCode: null,
  attempts: 0,
  nextCheckAt: null,
  createdAt: new Date('2026-03-10T03:00:00Z'),
  updatedAt: new Date('2026-03-10T03:00:00Z'),
  ...over,
});

const inputs = (blocks: KnownBlock[]) => blocks.filter((b): b is InputBlock => b.type === 'input');
const allText = (v: unknown) => JSON.stringify(v);

describe('signup modal', () => {
  it('links the terms box to the provider’s terms when configured, and says why an empty password is safer', () => {
    const terms = (v: ReturnType<typeof signupModalView>) =>
      JSON.stringify(inputs(v.blocks as KnownBlock[]).find((b) => b.element.action_id === 'agree_to_terms'));
    const linked = signupModalView(
      en,
      { ...catalogue, termsUrl: 'https://example.com/terms' },
      { channelId: 'COPS' },
    );
    expect(terms(linked)).toContain('"type":"mrkdwn"');
    expect(terms(linked)).toContain('<https://example.com/terms|terms of service>');
    const jaView = signupModalView(
      ja,
      { ...catalogue, termsUrl: 'https://example.com/terms' },
      { channelId: 'COPS' },
    );
    expect(terms(jaView)).toContain('<https://example.com/terms|利用規約>');
    // Not configured: plain text, no link made up.
    expect(terms(signupModalView(en, catalogue, { channelId: 'COPS' }))).not.toContain('http');
    expect(allText(linked)).toContain('Leaving it empty is safer');
    expect(allText(jaView)).toContain('空欄のままにするほうが安全です');
  });

  it('has every field with the provider field name as action_id', () => {
    const view = signupModalView(en, catalogue, { channelId: 'COPS' });
    const ids = inputs(view.blocks as KnownBlock[]).map((b) =>
      'action_id' in b.element ? b.element.action_id : '',
    );
    expect(ids).toEqual([
      'plan_id',
      'period',
      'image_id',
      'name',
      'ssh_key_name',
      'ssh_public_key',
      'root_password',
      'auto_renew',
      'partner_code',
      'agree_to_terms',
    ]);
    expect(view.callback_id).toBe(SIGNUP_IDS.modalCallback);
    expect([...view.title.text].length).toBeLessThanOrEqual(24);
    expect(decodePayload(signupModalPayload, view.private_metadata)).toEqual({
      channelId: 'COPS',
      planId: 'vps-1gb',
    });
    const planBlock = inputs(view.blocks as KnownBlock[])[0];
    expect(planBlock?.dispatch_action).toBe(true);
  });

  it('periods show each price (and the campaign) of the chosen plan; images fit its memory', () => {
    const small = signupModalView(en, catalogue, { channelId: 'COPS', planId: 'vps-1gb' });
    const big = signupModalView(en, catalogue, { channelId: 'COPS', planId: 'vps-2gb' });
    const select = (v: typeof small, field: 'period' | 'image_id', planId: string) => {
      const b = inputs(v.blocks as KnownBlock[]).find((x) => x.block_id === signupBlockId(field, planId));
      return (b?.element as StaticSelect | undefined)?.options?.map((o) => [o.value, o.text.text]);
    };
    expect(select(small, 'period', 'vps-1gb')).toEqual([
      ['1', '1 mo · ¥1,234'],
      ['12', '12 mo · ¥18,000'],
    ]);
    expect(select(big, 'period', 'vps-2gb')).toEqual([
      ['1', '1 mo · ¥1,234'],
      ['12', '12 mo · ¥13,000 (campaign, regular ¥18,000)'],
    ]);
    expect(select(small, 'image_id', 'vps-1gb')?.map(([v]) => v)).toEqual(['ubuntu-24.04']);
    expect(select(big, 'image_id', 'vps-2gb')?.map(([v]) => v)).toEqual(['ubuntu-24.04', 'desktop']);
    expect(allText(signupModalView(ja, catalogue, { channelId: 'C', planId: 'vps-2gb' }))).toContain(
      '13,000円',
    );
  });

  it('auto-renew starts ticked; the terms box never does', () => {
    const view = signupModalView(en, catalogue, { channelId: 'COPS' });
    const el = (id: string) =>
      inputs(view.blocks as KnownBlock[]).find((b) => 'action_id' in b.element && b.element.action_id === id)
        ?.element as { initial_options?: unknown[] };
    expect(el('auto_renew').initial_options).toHaveLength(1);
    expect(el('agree_to_terms').initial_options).toBeUndefined();
  });

  it('says the terms box is required, as it is, and each limit the way its hint states it', () => {
    const view = signupModalView(en, catalogue, { channelId: 'COPS' });
    const block = (id: string) =>
      inputs(view.blocks as KnownBlock[]).find(
        (b) => 'action_id' in b.element && b.element.action_id === id,
      ) as { optional?: boolean; hint?: { text: string }; element: { max_length?: number } } | undefined;
    // Slack labels an optional input "(optional)": the terms box must not be one.
    expect(block('agree_to_terms')?.optional).not.toBe(true);
    expect(block('auto_renew')?.optional).toBe(true);
    // The limit Slack holds a field to is the one its hint states.
    expect(block('name')?.element.max_length).toBe(SIGNUP_LIMITS.serverNameMax);
    expect(block('name')?.hint?.text).toContain(`Up to ${SIGNUP_LIMITS.serverNameMax} of a–z`);
    expect(block('partner_code')?.element.max_length).toBe(SIGNUP_LIMITS.partnerCodeMax);
    expect(block('partner_code')?.hint?.text).toContain(`up to ${SIGNUP_LIMITS.partnerCodeMax}`);
    expect(block('root_password')?.element.max_length).toBe(SIGNUP_LIMITS.rootPasswordMax);
    expect(block('root_password')?.hint?.text).toContain(
      `${SIGNUP_LIMITS.rootPasswordMin}–${SIGNUP_LIMITS.rootPasswordMax} half-width characters`,
    );
  });

  it('reads the submitted state by action_id and maps problems back onto block_ids', () => {
    const values: ViewStateValues = {
      [signupBlockId('plan_id')]: {
        plan_id: { type: 'static_select', selected_option: { value: 'vps-1gb' } },
      },
      [signupBlockId('period', 'vps-1gb')]: {
        period: { type: 'static_select', selected_option: { value: '12' } },
      },
      [signupBlockId('image_id', 'vps-1gb')]: {
        image_id: { type: 'static_select', selected_option: { value: 'desktop' } },
      },
      [signupBlockId('name')]: { name: { type: 'plain_text_input', value: 'Bad Name' } },
      [signupBlockId('root_password')]: { root_password: { type: 'plain_text_input', value: null } },
      [signupBlockId('auto_renew')]: { auto_renew: { type: 'checkboxes', selected_options: [] } },
      [signupBlockId('agree_to_terms')]: { agree_to_terms: { type: 'checkboxes', selected_options: [] } },
    };
    const form = readSignupForm(values);
    expect(form).toMatchObject({
      plan_id: 'vps-1gb',
      period: '12',
      image_id: 'desktop',
      name: 'Bad Name',
      root_password: undefined,
      auto_renew: false,
      agree_to_terms: false,
    });
    const r = checkSignupForm(form, catalogue);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const errors = signupFieldErrors(en, r.problems, 'vps-1gb');
    expect(errors).toEqual({
      [signupBlockId('image_id', 'vps-1gb')]: 'This OS needs a plan with at least 2,048 MB of memory.',
      [signupBlockId('name')]: 'Only lower-case letters a–z, digits, - and _.',
      [signupBlockId('agree_to_terms')]:
        'Tick the box to agree to the terms; the order cannot be placed otherwise.',
    });
    // A field whose block is not shown is reported on the plan instead of dropped.
    const moved = signupFieldErrors(en, r.problems, 'vps-1gb', new Set([signupBlockId('plan_id')]));
    expect(Object.keys(moved)).toEqual([signupBlockId('plan_id')]);
  });
});

describe('approval message', () => {
  it('says "1 month", not "1 months", in the fields, the fallback and the confirmation', () => {
    const m = signupApprovalMessage(en, {
      row: row({ period: 1 }),
      plan: catalogue.plans[1],
      image: catalogue.images[0],
    });
    const all = `${m.text}\n${allText(m.blocks)}`;
    expect(all).toContain('1 month');
    expect(all).not.toContain('1 months');
    expect(m.text).toContain('VPS 2GB, 1 month,');
    const j = signupApprovalMessage(ja, {
      row: row({ period: 1 }),
      plan: catalogue.plans[1],
      image: catalogue.images[0],
    });
    expect(`${j.text}${allText(j.blocks)}`).toContain('1か月');
  });

  it('shows what, the price, regular price, campaign, pro-rata, requester, expiry; Approve confirms the amount', () => {
    const m = signupApprovalMessage(en, { row: row(), plan: catalogue.plans[1], image: catalogue.images[0] });
    const text = allText(m.blocks);
    for (const s of [
      'VPS 2GB',
      '12 months',
      'Ubuntu 24.04',
      '`web-7`',
      '*¥13,000*',
      'regular price is ¥18,000',
      'pro-rata',
      '00:00 JST',
      '<@UREQ>',
      'Mar 10, 2026, 12:30 Asia/Tokyo',
    ]) {
      expect(text).toContain(s);
    }
    const actions = m.blocks.find((b): b is ActionsBlock => b.type === 'actions');
    const [approve, reject] = (actions?.elements ?? []) as Button[];
    expect(approve?.action_id).toBe(SIGNUP_IDS.approve);
    expect(approve?.action_id).toContain('approve');
    expect(reject?.action_id).toContain('reject');
    expect(approve?.confirm?.title?.text).toBe('Pay ¥13,000?');
    expect(approve?.confirm?.text.text).toContain('charges ¥13,000');
    expect(decodePayload(signupButtonPayload, approve?.value)).toEqual({ id: 'sig-1', price: 13_000 });
    expect(m.text).toContain('¥13,000');
    // Never the password, never the key.
    expect(text).not.toContain(row().idempotencyKey);
    expect(text).not.toContain('sec-1');
  });

  it('without a campaign shows no regular price; the ja message says 円', () => {
    const m = signupApprovalMessage(ja, {
      row: row({ campaignApplied: false, regularPrice: 13_000 }),
      plan: catalogue.plans[1],
    });
    const text = allText(m.blocks);
    expect(text).not.toContain('通常価格');
    expect(text).toContain('13,000円');
  });

  it('once decided it loses its buttons and says who and what now', () => {
    const cases: [Partial<SignupRow>, string][] = [
      [{ state: 'approved', approverId: 'UAPP' }, 'Approved by <@UAPP>. Placing the order now'],
      [{ state: 'active', approverId: 'UAPP' }, 'paid ¥13,000. The server is active'],
      [{ state: 'submitted', approverId: 'UAPP' }, 'being set up'],
      [{ state: 'rejected', approverId: 'UAPP' }, 'Rejected by <@UAPP>'],
      [{ state: 'rejected', approverId: 'UREQ' }, 'Withdrawn by <@UREQ>'],
      [{ state: 'expired' }, 'expired Mar 10, 2026, 12:30 Asia/Tokyo'],
      [{ state: 'failed', errorCode: 'PAYMENT_REQUIRED' }, 'Not ordered (PAYMENT_REQUIRED)'],
      [{ state: 'unknown', approverId: 'UAPP' }, 'Checking whether the order went through'],
      [{ state: 'price_changed', approverId: 'UAPP' }, 'the price changed'],
    ];
    for (const [over, expected] of cases) {
      const m = signupApprovalMessage(en, { row: row(over) });
      expect(m.blocks.some((b) => b.type === 'actions')).toBe(false);
      expect(allText(m.blocks), String(over.state)).toContain(expected);
    }
  });
});

describe('a decided approval message shows its final state', () => {
  // [state over the row, en header, ja header, en status, ja status, en price, ja price]
  const cases: [Partial<SignupRow>, string, string, string, string, string, string][] = [
    [
      { state: 'approved', approverId: 'UAPP' },
      'VPS order approved: being placed',
      'VPSの申し込み（承認済み・申し込み中）',
      'Approved by <@UAPP>. Placing the order now',
      '<@UAPP> が承認しました。申し込み中です',
      'Quoted price: ¥13,000',
      '見積もり額: 13,000円',
    ],
    [
      { state: 'executing', approverId: 'UAPP' },
      'VPS order approved: being placed',
      'VPSの申し込み（承認済み・申し込み中）',
      'Placing the order now',
      '申し込み中です',
      'Quoted price: ¥13,000',
      '見積もり額: 13,000円',
    ],
    [
      { state: 'submitted', approverId: 'UAPP', providerServiceId: 4321 },
      'VPS ordered and paid: being set up',
      'VPSの申し込み（支払い済み・準備中）',
      'paid ¥13,000. The server is being set up',
      '13,000円を支払いました。サーバーを準備中です',
      'Paid: *¥13,000*',
      '支払い済み: *13,000円*',
    ],
    [
      { state: 'active', approverId: 'UAPP', providerServiceId: 4321 },
      'VPS ordered and paid: active',
      'VPSの申し込み（支払い済み・稼働中）',
      'paid ¥13,000. The server is active',
      'サーバーは稼働中です',
      'Paid: *¥13,000*',
      '支払い済み: *13,000円*',
    ],
    [
      { state: 'rejected', approverId: 'UAPP' },
      'VPS order rejected',
      'VPSの申し込み（却下）',
      'Rejected by <@UAPP>. Nothing was charged',
      '<@UAPP> が却下しました。課金はありません',
      'Quoted price: ¥13,000',
      '見積もり額: 13,000円',
    ],
    [
      { state: 'rejected', approverId: 'UREQ' },
      'VPS order withdrawn',
      'VPSの申し込み（取り下げ）',
      'Withdrawn by <@UREQ>. Nothing was charged',
      '<@UREQ> が取り下げました。課金はありません',
      'Quoted price: ¥13,000',
      '見積もり額: 13,000円',
    ],
    [
      { state: 'expired', secretId: null },
      'VPS quote expired: not ordered',
      'VPSの申し込み（見積もり失効）',
      'The quote expired Mar 10, 2026, 12:30 Asia/Tokyo. Nothing was charged',
      '見積もりは 2026/03/10 12:30 Asia/Tokyo に失効しました。課金はありません',
      'Quoted price: ¥13,000',
      '見積もり額: 13,000円',
    ],
    [
      { state: 'failed', approverId: 'UAPP', errorCode: 'PAYMENT_REQUIRED', secretId: null },
      'VPS order failed: not ordered',
      'VPSの申し込み（失敗）',
      'Not ordered (PAYMENT_REQUIRED). Nothing was charged',
      '申し込めませんでした（PAYMENT_REQUIRED）。課金はありません',
      'Quoted price: ¥13,000',
      '見積もり額: 13,000円',
    ],
    [
      { state: 'price_changed', approverId: 'UAPP' },
      'VPS order stopped: the price changed',
      'VPSの申し込み（料金変更のため中止）',
      'Not ordered: the price changed. Nothing was charged',
      '料金が変わったため申し込んでいません。課金はありません',
      'Quoted price: ¥13,000',
      '見積もり額: 13,000円',
    ],
    [
      { state: 'unknown', approverId: 'UAPP' },
      'VPS order: checking the outcome',
      'VPSの申し込み（結果を確認中）',
      'Checking whether the order went through',
      '申し込みが通ったか確認中です',
      'Quoted price: ¥13,000',
      '見積もり額: 13,000円',
    ],
    // Asked about again (its earlier answer lost): checked, not "being placed".
    [
      { state: 'executing', approverId: 'UAPP', errorCode: 'NETWORK' },
      'VPS order: checking the outcome',
      'VPSの申し込み（結果を確認中）',
      'Checking whether the order went through',
      '申し込みが通ったか確認中です',
      'Quoted price: ¥13,000',
      '見積もり額: 13,000円',
    ],
    // A bot stopped while placing it: the one that started asks what happened.
    ...(['unknown', 'executing'] as const).map(
      (state): [Partial<SignupRow>, string, string, string, string, string, string] => [
        { state, approverId: 'UAPP', errorCode: 'INTERRUPTED' },
        'VPS order: checking the outcome',
        'VPSの申し込み（結果を確認中）',
        'checking what happened to this order with the same order key',
        'この注文がどうなったかを同じ注文キーで確認しています',
        'Quoted price: ¥13,000',
        '見積もり額: 13,000円',
      ],
    ),
  ];
  const langs = [
    { ui: en, h: 1, s: 3, p: 5, waiting: ['quote expires', 'sealed', 'pro-rata', 'Charged on approval'] },
    {
      ui: ja,
      h: 2,
      s: 4,
      p: 6,
      waiting: ['見積もりの有効期限', '暗号化して保管', '日割り', '承認すると課金'],
    },
  ] as const;

  for (const lang of langs) {
    for (const c of cases) {
      const [over] = c;
      const who = over.approverId === 'UREQ' ? ' (withdrawn)' : '';
      it(`${lang.ui.locale}: ${over.state}${who}: its header, the status first, no buttons, nothing of the wait`, () => {
        const m = signupApprovalMessage(lang.ui, {
          row: row(over),
          plan: catalogue.plans[1],
          image: catalogue.images[0],
        });
        const [header, status, details, price, context] = m.blocks as [
          KnownBlock,
          KnownBlock,
          KnownBlock,
          KnownBlock,
          KnownBlock,
        ];
        expect(header).toEqual({ type: 'header', text: { type: 'plain_text', text: c[lang.h] } });
        expect(status.type).toBe('section');
        expect(allText(status)).toContain(c[lang.s]);
        expect(details.type).toBe('section');
        expect(allText(details)).toContain('VPS 2GB');
        expect(allText(price)).toContain(c[lang.p]);
        expect(allText(context)).toContain('<@UREQ>');
        expect(m.blocks).toHaveLength(5);
        expect(m.blocks.some((b) => b.type === 'actions')).toBe(false);
        const text = allText(m);
        expect(text).not.toContain(SIGNUP_IDS.approve);
        expect(text).not.toContain(SIGNUP_IDS.reject);
        for (const w of lang.waiting) expect(text).not.toContain(w);
        // The notification text leads with the state too.
        expect(m.text.startsWith(c[lang.h])).toBe(true);
        expect(m.text).toContain(c[lang.s]);
      });
    }
  }

  it('the waiting request keeps its header, expiry, sealed password and buttons', () => {
    const m = signupApprovalMessage(ja, { row: row(), plan: catalogue.plans[1] });
    expect(m.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: 'VPSの申し込み（承認待ち）' },
    });
    const text = allText(m.blocks);
    expect(text).toContain('見積もりの有効期限 2026/03/10 12:30 Asia/Tokyo');
    expect(text).toContain('暗号化して保管');
    expect(m.blocks.some((b) => b.type === 'actions')).toBe(true);
  });
});

describe('outcome and refusal sentences', () => {
  const paid = row({ state: 'active', providerServiceId: 4321, approverId: 'UAPP' });
  it('explain every outcome of the order', () => {
    const outcomes: [ExecuteOutcome, string][] = [
      [{ kind: 'done', row: paid, status: 'active' }, 'active (service code 4321)'],
      [{ kind: 'done', row: paid, status: 'building' }, 'still being set up'],
      [{ kind: 'done', row: paid, status: 'setup_pending' }, 'contact the provider’s support'],
      [
        {
          kind: 'price_changed',
          row: row({ state: 'price_changed' }),
          oldPrice: 13_000,
          requote: row({ id: 'sig-2', quotedPrice: 14_000 }),
          requoteError: null,
        },
        'from ¥13,000 to ¥14,000',
      ],
      [
        {
          kind: 'price_changed',
          row: row({ state: 'price_changed' }),
          oldPrice: 13_000,
          requote: null,
          requoteError: 'CAPACITY_UNAVAILABLE',
        },
        'could not be made (CAPACITY_UNAVAILABLE)',
      ],
      [
        { kind: 'price_changed', row: row(), oldPrice: 13_000, requote: null, requoteError: 'AFTER_UNKNOWN' },
        'earlier attempt did not go through',
      ],
      [{ kind: 'failed', row: row(), code: 'PAYMENT_REQUIRED' }, 'balance is too low for ¥13,000'],
      [{ kind: 'failed', row: row(), code: 'FORBIDDEN' }, 'may not sign up'],
      [{ kind: 'failed', row: row(), code: 'CAPACITY_UNAVAILABLE' }, 'no room'],
      [{ kind: 'failed', row: row(), code: 'PLAN_NOT_AVAILABLE' }, 'no longer open'],
      [{ kind: 'failed', row: row(), code: 'VALIDATION_ERROR' }, 'refused the order’s details'],
      [{ kind: 'failed', row: row(), code: 'UNAUTHORIZED' }, 'refused (UNAUTHORIZED)'],
      [{ kind: 'failed', row: row(), code: 'REQUESTER_ROLE' }, `<@${row().requesterId}>, who asked for it`],
      [{ kind: 'failed', row: row(), code: 'CHANNEL_NOT_ALLOWED' }, 'no longer among the channels'],
      [{ kind: 'unknown', row: row(), code: 'NETWORK' }, 'same order key'],
      [{ kind: 'unknown', row: row(), code: 'DUPLICATE_REQUEST' }, 'still being processed'],
      [{ kind: 'unknown', row: row(), code: 'NEEDS_MANUAL_CHECK' }, 'provider’s panel'],
      [{ kind: 'expired', row: row() }, 'expired Mar 10, 2026, 12:30 Asia/Tokyo'],
    ];
    for (const [o, expected] of outcomes) {
      expect(signupOutcomeMessage(en, o)?.text, `${o.kind}`).toContain(expected);
      expect(signupOutcomeMessage(ja, o)?.text.length).toBeGreaterThan(5);
    }
    expect(signupOutcomeMessage(en, { kind: 'not_executable', row: null })).toBeUndefined();
  });

  it('an order active at once tells its uuid and IP address (or that the IP is not known yet), en and ja', () => {
    const server = { uuid: '6f1c2d3e-0000-4000-8000-000000000001', ip: '203.0.113.9' };
    const done = { kind: 'done', row: row(), status: 'active', server } as const;
    expect(signupOutcomeMessage(en, done)?.text).toContain(
      'The server is active: uuid `6f1c2d3e-0000-4000-8000-000000000001`, IP address `203.0.113.9`',
    );
    expect(signupOutcomeMessage(ja, done)?.text).toContain(
      'UUID `6f1c2d3e-0000-4000-8000-000000000001`、IPアドレス `203.0.113.9`',
    );
    const noIp = { ...done, server: { ...server, ip: null } };
    expect(signupOutcomeMessage(en, noIp)?.text).toContain('IP address `not known yet`');
  });

  it('tell a clicker alone why the click did nothing', () => {
    const forbidden = (role: Role, error: ServiceError): Decision<SignupRow> => ({
      kind: 'refused',
      reason: 'forbidden',
      row: row(),
      error,
      role,
    });
    const roleRequired = new ServiceError('role_required', { role: 'approver', yours: 'viewer' });
    expect(signupApproveRefusal(en, forbidden('viewer', roleRequired))?.text).toContain('Your role: viewer');
    expect(
      signupApproveRefusal(en, { kind: 'refused', reason: 'self_approval', row: row() })?.text,
    ).toContain('someone else');
    expect(
      signupApproveRefusal(en, {
        kind: 'already_handled',
        row: row({ state: 'approved', approverId: 'UAPP' }),
      })?.text,
    ).toBe('Already handled: this order is approved (by <@UAPP>).');
    expect(signupApproveRefusal(en, { kind: 'expired', row: row() })?.text).toContain('expired');
    expect(signupApproveRefusal(en, { kind: 'refused', reason: 'stale', row: row() })?.text).toContain(
      'old price',
    );
    expect(signupApproveRefusal(en, { kind: 'approved', row: row() })).toBeUndefined();
    expect(signupRejectRefusal(en, forbidden('viewer', roleRequired))?.text).toContain('Only an approver');
    // A channel the policy no longer lists is said as such, not as a missing role.
    for (const refusal of [signupApproveRefusal, signupRejectRefusal]) {
      // The channels it can be used in are named, never the sentence's placeholder ("Use them in {channels}.").
      const outside = new ServiceError('channel_not_allowed', { channels: ['C0OPS0001'] });
      expect(refusal(en, forbidden('approver', outside))?.text).toBe(
        en.t('error.channel_not_allowed', { channels: '<#C0OPS0001>' }),
      );
      expect(refusal(ja, { kind: 'refused', reason: 'wrong_channel', row: row() })?.text).toBe(
        ja.t('error.approval_wrong_channel'),
      );
    }
  });

  it('give dry-run refusals as plain sentences', () => {
    const s = (code: string) => signupQuoteRefusal(en, new ServiceError('provider_refused', { code })).text;
    expect(s('PAYMENT_REQUIRED')).toContain('balance is too low');
    expect(s('FORBIDDEN')).toContain('20,000 yen');
    expect(s('CAPACITY_UNAVAILABLE')).toContain('cannot take this plan');
    expect(s('DUPLICATE_REQUEST')).toContain('still processing');
    expect(s('PLAN_NOT_AVAILABLE')).toContain('not open');
    expect(s('VALIDATION_ERROR')).toContain('details');
    expect(s('WEIRD')).toContain('(WEIRD)');
    expect(
      signupQuoteRefusal(en, new ServiceError('provider_unreachable', { code: 'NETWORK' })).text,
    ).toContain('could not be reached');
    expect(
      signupQuoteRefusal(en, new ServiceError('role_required', { role: 'operator', yours: 'viewer' })).text,
    ).toContain('viewer');
  });

  it('the generated password message shows it verbatim in code format', () => {
    const m = signupPasswordMessage(en, 'web-7', 'Ab3#xY9!kL2@mN5%qR8=sT1?');
    expect(m.text).toContain('`Ab3#xY9!kL2@mN5%qR8=sT1?`');
    expect(m.text).toContain('only time');
  });
});

describe('signups list', () => {
  it('lists rows with state, price, requester and approver; fits the message limit at its maximum', () => {
    const rows = Array.from({ length: SIGNUP_LIST_MAX }, (_, i) =>
      row({
        id: `s${i}`,
        state: i % 2 ? 'active' : 'failed',
        approverId: 'UAPP',
        errorCode: i % 2 ? null : 'FORBIDDEN',
      }),
    );
    const m = signupListView(en, rows, catalogue.plans);
    expect(m.blocks).toHaveLength(SIGNUP_LIST_MAX + 1);
    const text = allText(m.blocks);
    expect(text).toContain('VPS 2GB');
    expect(text).toContain('not ordered');
    expect(text).toContain('approved by <@UAPP>');
    expect(text).toContain('FORBIDDEN');
    expect(() => signupListView(en, [...rows, row()])).toThrow(RangeError);
    expect(signupListView(en, []).text).toContain('No quotes');
  });

  it('an order being asked about again reads as being checked, never as being ordered', () => {
    const rows = [
      row({ id: 'a', state: 'executing', errorCode: 'INTERRUPTED' }),
      row({ id: 'b', state: 'unknown', errorCode: 'INTERRUPTED' }),
      row({ id: 'c', state: 'executing', errorCode: 'NETWORK' }),
      row({ id: 'd', state: 'executing', errorCode: null }),
    ];
    const [a, b, c, d] = signupListView(en, rows)
      .blocks.slice(1)
      .map((x) => allText([x]));
    expect(a).toContain('checking what happened to this order');
    expect(a).not.toContain('INTERRUPTED');
    expect(b).toContain('checking what happened to this order');
    expect(c).toContain('being checked');
    expect(c).toContain(' · NETWORK');
    expect(d).toContain('being ordered');
    const ja1 = allText(signupListView(ja, rows).blocks.slice(1, 2));
    expect(ja1).toContain('この注文がどうなったか確認中');
  });
});

describe('signup catalog', () => {
  it('has the same keys and placeholders in en and ja', () => {
    const enKeys = Object.keys(signupCatalog.en).sort();
    expect(Object.keys(signupCatalog.ja).sort()).toEqual(enKeys);
    const holes = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const k of enKeys) {
      const key = k as keyof typeof signupCatalog.en;
      expect(k.startsWith('signup.')).toBe(true);
      expect(holes(signupCatalog.ja[key]), k).toEqual(holes(signupCatalog.en[key]));
    }
  });
});

describe('times in signup messages', () => {
  const midnight = new Date('2026-03-10T15:00:00Z'); // 00:00 on the 11th in Japan
  const channelTexts = (over: Partial<SignupRow>) =>
    (['en', 'ja'] as const).flatMap((l) => {
      const m = signupApprovalMessage(channelUiFor(l), { row: row(over) });
      return [m.text, allText(m.blocks)];
    });

  it('the approval message in the channel has no unlabelled UTC time, waiting or expired', () => {
    for (const over of [{}, { expiresAt: midnight }, { state: 'expired' as const }]) {
      for (const t of channelTexts(over)) expect(unlabelledTimes(t), t).toEqual([]);
    }
    const [, blocks] = channelTexts({});
    expect(blocks).toContain('<!date^1773113400^{date_short_pretty} {time}|2026-03-10 03:30 UTC>');
    const expired = signupOutcomeMessage(channelUiFor('en'), { kind: 'expired', row: row() });
    expect(unlabelledTimes(expired?.text ?? '')).toEqual([]);
    expect(expired?.text).toContain('<!date^1773113400^');
  });

  it('an expiry at 00:00 in Japan says so in the channel and to the requester, in both languages', () => {
    const [en, enBlocks, ja, jaBlocks] = channelTexts({ expiresAt: midnight });
    expect(enBlocks).toContain('(00:00 Japan time, when the day’s pro-rata price changes)');
    expect(jaBlocks).toContain('（日割り料金が切り替わる日本時間の0:00）');
    expect(`${en}${ja}`).not.toContain('UTC)');
    const usNotice = signupQuotedNotice(
      uiFor('en', 'America/New_York', 'en-US'),
      { row: row({ expiresAt: midnight }) },
      true,
    );
    expect(usNotice.text).toContain(
      'The quote expires Mar 10, 2026, 11:00 America/New_York (00:00 Japan time, when the day’s pro-rata price changes).',
    );
    const jaNotice = signupQuotedNotice(
      uiFor('ja', 'Asia/Tokyo', 'ja-JP'),
      { row: row({ expiresAt: midnight }) },
      true,
    );
    expect(jaNotice.text).toContain(
      '見積もりの有効期限: 2026/03/11 00:00 Asia/Tokyo（日割り料金が切り替わる日本時間の0:00）',
    );
  });

  it('a quote that expired at 00:00 in Japan says why, wherever its expiry is told', () => {
    const [, blocks] = channelTexts({ state: 'expired', expiresAt: midnight });
    expect(blocks).toContain('The quote expired <!date^');
    expect(blocks).toContain(
      'UTC> (00:00 Japan time, when the day’s pro-rata price changes). Nothing was charged.',
    );
    const click = signupApproveRefusal(ja, { kind: 'expired', row: row({ expiresAt: midnight }) });
    expect(click?.text).toContain('2026/03/11 00:00 Asia/Tokyo（日割り料金が切り替わる日本時間の0:00）');
  });

  it('an expiry by the time to live says the time alone', () => {
    const gb = signupQuotedNotice(uiFor('en', 'Europe/London', 'en-GB'), { row: row() }, true);
    expect(gb.text).toContain('The quote expires 10 Mar 2026, 03:30 Europe/London.');
    expect(gb.text).not.toContain('Japan time');
    const [, blocks] = channelTexts({});
    expect(blocks).not.toContain('Japan time');
  });
});
