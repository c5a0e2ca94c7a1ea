/**
 * The callback_id, action_ids and block_ids of paid signup (to be merged into
 * src/slack/ids.ts). Modal inputs carry the provider's field name as action_id;
 * the approval buttons carry `approve` / `reject` in theirs (DESIGN.md).
 */
import type { SignupField } from '../../services/signup-form.ts';

export const SIGNUP_IDS = {
  modalCallback: 'vps_signup_modal',
  approve: 'vps_signup_approve',
  reject: 'vps_signup_reject',
  approvalActions: 'vps_signup_actions',
} as const;

/**
 * Block of a modal input. Period and image blocks carry the plan, so a plan
 * change gives them a new block_id and Slack does not keep a choice the new
 * plan lacks (Slack keeps input state across views.update by block_id).
 */
export function signupBlockId(field: SignupField, planId?: string): string {
  const base = `vps_signup_${field}`;
  return (field === 'period' || field === 'image_id') && planId ? `${base}@${planId}` : base;
}

/** The one checkbox value of the auto_renew and agree_to_terms inputs. */
export const CHECKED = 'yes';
