/**
 * The `/vps signup` modal: plan, period (with each period's price, following
 * the chosen plan), OS image (only those the plan's memory meets), server
 * name, SSH key, root password, auto-renew, partner code and the terms box.
 * Pure: catalogue in, Block Kit out; plus the reverse (view state -> form
 * values) and the field problems -> `response_action: errors` map.
 */
import type { KnownBlock, ModalView, Option, PlainTextOption } from '@slack/types';
import {
  type Catalogue,
  type FieldProblem,
  findPlan,
  imagesFor,
  type Plan,
  SIGNUP_LIMITS,
  type SignupField,
  type SignupFieldRule,
  type SignupFormValues,
} from '../../../services/signup/index.ts';
import type { KeyTaking, PlainKey } from '../../i18n/index.ts';
import { CHECKED, SIGNUP_IDS, signupBlockId } from '../../ids.ts';
import { encodePayload, type SignupModalPayload, signupModalPayload } from '../../payloads.ts';
import { formatYen, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, fits, ViewLimitError } from '../limits.ts';

const SELECT_OPTIONS_MAX = 100;
const OPTION_TEXT_MAX = 75;

/** What the modal carries to its submission and to the plan-change update. */

const plain = (text: string) => ({ type: 'plain_text' as const, text });

function option(text: string, value: string): PlainTextOption {
  // Option texts are ours (plan names, numbers): shortening one is a display
  // choice that loses nothing, since the value carries the id.
  const chars = [...text];
  const shown = chars.length > OPTION_TEXT_MAX ? `${chars.slice(0, OPTION_TEXT_MAX - 1).join('')}…` : text;
  return { text: plain(shown), value };
}

/** The terms box: a link to the provider's terms when the deployment says where they are. */
function termsOption(ui: Ui, url: string | undefined): Option {
  if (!url) return option(ui.t('signup.field.agree_to_terms.option'), CHECKED);
  return {
    text: { type: 'mrkdwn', text: ui.t('signup.field.agree_to_terms.option_link', { url }) },
    value: CHECKED,
  };
}

function checkOptions(options: readonly PlainTextOption[]): void {
  if (options.length > SELECT_OPTIONS_MAX)
    throw new RangeError(`select has ${options.length} options (max 100)`);
}

function planOption(ui: Ui, p: Plan): PlainTextOption {
  return option(
    ui.t('signup.plan_option', {
      name: p.plan_name,
      memory: Math.round((p.memory_mb / 1024) * 10) / 10,
      vcpu: p.vcpu,
      disk: p.disk_gb,
    }),
    p.plan_id,
  );
}

function periodOptions(ui: Ui, p: Plan): PlainTextOption[] {
  return p.periods.map((period) =>
    option(
      period.campaign_applied && period.regular_total_price !== period.total_price
        ? ui.t('signup.period_option_campaign', {
            months: period.months,
            price: formatYen(ui, period.total_price),
            regular: formatYen(ui, period.regular_total_price),
          })
        : ui.t('signup.period_option', {
            months: period.months,
            price: formatYen(ui, period.total_price),
          }),
      String(period.months),
    ),
  );
}

/** Each field's label, as the form and the provider's refusals name it. */
export const SIGNUP_FIELD_LABELS: Record<SignupField, PlainKey> = {
  plan_id: 'signup.field.plan_id',
  period: 'signup.field.period',
  image_id: 'signup.field.image_id',
  name: 'signup.field.name',
  ssh_key_name: 'signup.field.ssh_key_name',
  ssh_public_key: 'signup.field.ssh_public_key',
  root_password: 'signup.field.root_password',
  auto_renew: 'signup.field.auto_renew',
  partner_code: 'signup.field.partner_code',
  agree_to_terms: 'signup.field.agree_to_terms',
};

/** `hint`: its words, the field's limit in them where it names one. */
function textInput(
  ui: Ui,
  field: SignupField,
  opts: { max: number; multiline?: boolean; hint?: string; initial?: string | undefined },
): KnownBlock {
  return {
    type: 'input',
    block_id: signupBlockId(field),
    optional: true,
    label: plain(ui.t(SIGNUP_FIELD_LABELS[field])),
    ...(opts.hint ? { hint: plain(opts.hint) } : {}),
    element: {
      type: 'plain_text_input',
      action_id: field,
      multiline: opts.multiline ?? false,
      // The limit the hint states: Slack holds the field to it and says so itself.
      max_length: opts.max,
      ...(opts.initial ? { initial_value: opts.initial } : {}),
    },
  };
}

/**
 * Where the approval request goes, for a form opened outside any channel:
 * nothing is chosen for the person (the request is posted for a channel's
 * approvers to see). Its block id stays the same across plan changes, so
 * Slack keeps the choice.
 */
function approvalChannelInput(ui: Ui): KnownBlock {
  return {
    type: 'input',
    block_id: SIGNUP_IDS.approvalChannel,
    label: plain(ui.t('signup.field.approval_channel')),
    hint: plain(ui.t('signup.field.approval_channel.hint')),
    element: {
      type: 'conversations_select',
      action_id: SIGNUP_IDS.approvalChannel,
      placeholder: plain(ui.t('signup.field.approval_channel.placeholder')),
      filter: {
        include: ['public', 'private'],
        exclude_bot_users: true,
        exclude_external_shared_channels: true,
      },
    },
  };
}

/** The form for a chosen plan (or the first one when none is chosen yet). */
export function signupModalView(ui: Ui, catalogue: Catalogue, meta: SignupModalPayload): ModalView {
  const plan = findPlan(catalogue, meta.planId) ?? catalogue.plans[0];
  if (!plan) return signupNoticeView(ui, ui.t('signup.modal.no_plans'));
  const plans = catalogue.plans.map((p) => planOption(ui, p));
  const periods = periodOptions(ui, plan);
  const images = imagesFor(catalogue, plan).map((i) =>
    option(i.version ? `${i.name} ${i.version}` : i.name, i.image_id),
  );
  for (const o of [plans, periods, images]) checkOptions(o);
  const chosen = plans.find((o) => o.value === plan.plan_id);
  const privateMetadata = encodePayload(signupModalPayload, {
    channelId: meta.channelId,
    planId: plan.plan_id,
  });
  if (!fits('privateMetadata', privateMetadata))
    throw new ViewLimitError('privateMetadata', privateMetadata.length);

  // Opened outside any channel (the Order a VPS shortcut): the form asks where the approval goes.
  const choosing = meta.channelId === '';
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: choosing
          ? ui.t('signup.modal.intro_choose')
          : ui.t('signup.modal.intro', { channel: meta.channelId }),
      },
    },
    ...(choosing ? [approvalChannelInput(ui)] : []),
    {
      type: 'input',
      block_id: signupBlockId('plan_id'),
      // A plan choice comes to the app at once so periods and images follow it.
      dispatch_action: true,
      label: plain(ui.t('signup.field.plan_id')),
      element: {
        type: 'static_select',
        action_id: 'plan_id',
        placeholder: plain(ui.t('signup.field.plan_id.placeholder')),
        options: plans,
        ...(chosen ? { initial_option: chosen } : {}),
      },
    },
    {
      type: 'input',
      block_id: signupBlockId('period', plan.plan_id),
      label: plain(ui.t('signup.field.period')),
      hint: plain(ui.t('signup.field.period.hint')),
      element: {
        type: 'static_select',
        action_id: 'period',
        placeholder: plain(ui.t('signup.field.period.placeholder')),
        options: periods,
      },
    },
  ];
  if (images.length > 0) {
    blocks.push({
      type: 'input',
      block_id: signupBlockId('image_id', plan.plan_id),
      label: plain(ui.t('signup.field.image_id')),
      hint: plain(ui.t('signup.field.image_id.hint')),
      element: {
        type: 'static_select',
        action_id: 'image_id',
        placeholder: plain(ui.t('signup.field.image_id.placeholder')),
        options: images,
      },
    });
  }
  blocks.push(
    textInput(ui, 'name', {
      max: SIGNUP_LIMITS.serverNameMax,
      hint: ui.t('signup.field.name.hint', { limit: SIGNUP_LIMITS.serverNameMax }),
    }),
    textInput(ui, 'ssh_key_name', {
      max: SIGNUP_LIMITS.sshKeyNameMax,
      hint: ui.t('signup.field.ssh_key_name.hint'),
    }),
    textInput(ui, 'ssh_public_key', {
      max: SIGNUP_LIMITS.sshPublicKeyMax,
      multiline: true,
      hint: ui.t('signup.field.ssh_public_key.hint'),
    }),
    textInput(ui, 'root_password', {
      max: SIGNUP_LIMITS.rootPasswordMax,
      hint: ui.t('signup.field.root_password.hint', {
        min: SIGNUP_LIMITS.rootPasswordMin,
        max: SIGNUP_LIMITS.rootPasswordMax,
      }),
    }),
    {
      type: 'input',
      block_id: signupBlockId('auto_renew'),
      optional: true,
      label: plain(ui.t('signup.field.auto_renew')),
      element: {
        type: 'checkboxes',
        action_id: 'auto_renew',
        options: [option(ui.t('signup.field.auto_renew.option'), CHECKED)],
        // Default on, as at the provider.
        initial_options: [option(ui.t('signup.field.auto_renew.option'), CHECKED)],
      },
    },
    textInput(ui, 'partner_code', {
      max: SIGNUP_LIMITS.partnerCodeMax,
      hint: ui.t('signup.field.partner_code.hint', { limit: SIGNUP_LIMITS.partnerCodeMax }),
    }),
    {
      type: 'input',
      block_id: signupBlockId('agree_to_terms'),
      // Required, as the label shows it (Slack labels an optional input so); never pre-ticked. An
      // unticked box that still arrives (a client that does not check) gets our own sentence.
      label: plain(ui.t('signup.field.agree_to_terms')),
      element: {
        type: 'checkboxes',
        action_id: 'agree_to_terms',
        options: [termsOption(ui, catalogue.termsUrl)],
      },
    },
  );
  assertBlocksWithinLimits(blocks, 'modal');
  return {
    type: 'modal',
    callback_id: SIGNUP_IDS.modalCallback,
    title: plain(ui.t('signup.modal.title')),
    submit: plain(ui.t('signup.modal.submit')),
    close: plain(ui.t('signup.modal.cancel')),
    private_metadata: privateMetadata,
    blocks,
  };
}

/** Opened at once (a trigger id lives 3 s), then replaced by the form. */
export function signupLoadingView(ui: Ui, channelId: string): ModalView {
  return {
    ...signupNoticeView(ui, ui.t('signup.modal.loading')),
    private_metadata: encodePayload(signupModalPayload, { channelId }),
  };
}

export function signupNoticeView(ui: Ui, text: string): ModalView {
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text } }];
  assertBlocksWithinLimits(blocks, 'modal');
  return {
    type: 'modal',
    callback_id: SIGNUP_IDS.modalCallback,
    title: plain(ui.t('signup.modal.title')),
    close: plain(ui.t('signup.modal.cancel')),
    blocks,
  };
}

// ---------------------------------------------------------------- reading the submission

/** One input's state as Slack sends it in `view.state.values`. */
export interface InputState {
  type?: string;
  value?: string | null;
  selected_conversation?: string | null;
  selected_option?: { value: string } | null;
  selected_options?: { value: string }[] | null;
}
export type ViewStateValues = Record<string, Record<string, InputState>>;

/**
 * The form values by action_id (the provider's field names), wherever the
 * block_id put them. A checkbox input absent from the state counts as unticked.
 */
export function readSignupForm(values: ViewStateValues): SignupFormValues {
  const byAction = new Map<string, InputState>();
  for (const block of Object.values(values)) {
    for (const [actionId, state] of Object.entries(block)) byAction.set(actionId, state);
  }
  const text = (id: SignupField): string | undefined => {
    const s = byAction.get(id);
    if (!s) return undefined;
    if (s.selected_option) return s.selected_option.value;
    return s.value ?? undefined;
  };
  const ticked = (id: SignupField): boolean =>
    (byAction.get(id)?.selected_options ?? []).some((o) => o.value === CHECKED);
  return {
    plan_id: text('plan_id'),
    period: text('period'),
    image_id: text('image_id'),
    name: text('name'),
    ssh_key_name: text('ssh_key_name'),
    ssh_public_key: text('ssh_public_key'),
    root_password: text('root_password'),
    auto_renew: ticked('auto_renew'),
    partner_code: text('partner_code'),
    agree_to_terms: ticked('agree_to_terms'),
  };
}

/** The channel chosen for the approval request, when the form asked for one. */
export function readApprovalChannel(values: ViewStateValues): string | undefined {
  const chosen = values[SIGNUP_IDS.approvalChannel]?.[SIGNUP_IDS.approvalChannel]?.selected_conversation;
  return typeof chosen === 'string' && chosen !== '' ? chosen : undefined;
}

const RULE_KEYS: Record<SignupFieldRule, KeyTaking<{ limit: number }> | undefined> = {
  required: 'signup.rule.required',
  too_short: 'signup.rule.too_short',
  too_long: 'signup.rule.too_long',
  charset: undefined,
  control_character: 'field.control_character',
  kinds: 'signup.rule.kinds',
  forbidden_char: 'signup.rule.forbidden_char',
  half_width: 'signup.rule.half_width',
  ssh_format: 'signup.rule.ssh_format',
  key_name_needed: 'signup.rule.key_name_needed',
  plan_unknown: 'signup.rule.plan_unknown',
  period_unknown: 'signup.rule.period_unknown',
  image_unknown: 'signup.rule.image_unknown',
  image_too_big: 'signup.rule.image_too_big',
  terms: 'signup.rule.terms',
};

/** The fields whose characters have a rule of their own; the others are half-width text. */
const CHARSET_KEYS: Partial<Record<SignupField, PlainKey>> = {
  name: 'signup.rule.charset.name',
  partner_code: 'signup.rule.charset.partner_code',
};

function ruleSentence(ui: Ui, p: FieldProblem<SignupField, SignupFieldRule>): string {
  if (p.rule === 'charset') return ui.t(CHARSET_KEYS[p.field] ?? 'signup.rule.half_width');
  return ui.t(RULE_KEYS[p.rule] ?? 'signup.rule.required', { limit: p.limit ?? 0 });
}

/**
 * `response_action: errors` wants block_id -> one message. Several problems of
 * one field are joined; a field whose block is missing (no images for the
 * plan) is reported on the plan, so the problem is never dropped.
 */
export function signupFieldErrors(
  ui: Ui,
  problems: readonly FieldProblem<SignupField, SignupFieldRule>[],
  planId: string | undefined,
  present?: ReadonlySet<string>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const p of problems) {
    let block = signupBlockId(p.field, planId);
    if (present && !present.has(block)) block = signupBlockId('plan_id');
    const sentence = ruleSentence(ui, p);
    errors[block] = errors[block] ? `${errors[block]} ${sentence}` : sentence;
  }
  return errors;
}
