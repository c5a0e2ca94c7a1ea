/**
 * `/vps signup` (the order form), `/vps signup status <id>` (a signup's state),
 * `/vps signups` (the channel's recent quotes and orders) and `/vps plans`
 * (today's price list).
 */
import type { VpsCommand } from '../../../src/slack/grammar/vps.ts';
import { SIGNUP_LIST_MAX, signupListView } from '../../../src/slack/views/signup/list.ts';
import { priceListView } from '../../../src/slack/views/signup/price-list.ts';
import { signupStatusView } from '../../../src/slack/views/signup/signup-status.ts';
import type { CommandTable } from '../../kit.ts';
import { openSignupForm } from '../../open-signup-form.ts';

export const signupCommands: CommandTable<VpsCommand, 'signup' | 'signup_status' | 'signups' | 'plans'> = {
  async signup(ctx) {
    await openSignupForm(ctx);
  },
  async signup_status({ deps, actor, ui, reply }, c) {
    await reply(signupStatusView(ui, await deps.signup.reads.status(actor, c.id)));
  },
  async signups({ deps, actor, ui, reply }) {
    const rows = await deps.signup.orders.list({ channelId: actor.channelId, limit: SIGNUP_LIST_MAX });
    const plans = await deps.signup.quotes
      .catalogue({ for: actor })
      .then((c) => c.plans)
      .catch(() => []);
    await reply(signupListView(ui, rows, plans));
  },
  async plans({ deps, actor, ui, reply }) {
    await reply(priceListView(ui, await deps.signup.reads.plans(actor), 0, deps.clock.now()));
  },
};
