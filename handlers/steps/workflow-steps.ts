/**
 * The bot's actions as Workflow Builder steps (manifest.yml `functions`,
 * STEPS in src/slack/ids.ts; docs/operators.md, "Workflow Builder steps").
 * Each step calls the same use case as its command, as the person Slack
 * names, in the step's channel (the actor rule: src/slack/step-actor.ts),
 * with its inputs checked as the command's are. An order completes later,
 * from its signup's state (src/workers/posting/step-outcomes.ts).
 */
import type { App } from '@slack/bolt';
import { isServiceError } from '../../src/services/errors.ts';
import { typedNumber } from '../../src/services/hosting/index.ts';
import { changeValue } from '../../src/services/servers/index.ts';
import { checkSignupForm } from '../../src/services/signup/index.ts';
import { fieldProblemText } from '../../src/slack/error-text.ts';
import { STEPS, type StepName } from '../../src/slack/ids.ts';
import { digestForPerson } from '../../src/slack/views/digest/render.ts';
import { powerLabel } from '../../src/slack/views/format.ts';
import { doneView } from '../../src/slack/views/hosting/writes.ts';
import { announceView, textView } from '../../src/slack/views/messages.ts';
import { signupFieldErrors } from '../../src/slack/views/signup/modal.ts';
import {
  signupPasswordButtonMessage,
  signupPasswordMessage,
  signupQuotedNotice,
} from '../../src/slack/views/signup/requester.ts';
import { postApproval } from '../../src/workers/posting/signup-posts.ts';
import {
  announce,
  type HandlerDeps,
  type StepContext,
  StepRefusal,
  showSecret,
  tellUser,
  workflowStep,
} from '../kit.ts';

type StepRun = (ctx: StepContext) => Promise<Record<string, string | number> | 'later'>;

/** The steps that change something: a person must start them. */
const WRITES: ReadonlySet<StepName> = new Set<StepName>(['set_server_memo', 'order_vps', 'add_dns_record']);

const RUNNING = 'running';

const steps: Record<StepName, StepRun> = {
  async show_server({ deps, actor, text }) {
    const card = await deps.servers.card(actor, text('server'));
    const d = card.detail;
    return {
      name: d.name ?? '',
      ip_address: d.ip_address ?? '',
      power_status: d.power?.status ?? '',
      plan: d.plan?.name ?? '',
    };
  },

  /** As the watcher last saw them, like `/vps list` and the digest; servers it has not seen are left out. */
  async servers_not_running({ deps, actor, ui }) {
    const list = await deps.servers.list(actor, { terms: [] });
    const down = [...list.servers, ...list.malformed]
      .filter((s) => s.power !== undefined && s.power !== RUNNING)
      .map((s) => ({ name: s.name ?? s.uuid ?? '', power: s.power ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const lines = down.map((s) =>
      ui.t('step.not_running.line', { name: s.name, status: powerLabel(ui, s.power) }),
    );
    return { text: lines.length > 0 ? lines.join('\n') : ui.t('step.not_running.none'), count: down.length };
  },

  /** As `/vps memo <server> <text>`: the change is announced in the step's channel. */
  async set_server_memo({ deps, actor, log, client, text, reply }) {
    const memo = text('memo', { optional: true });
    const result = await deps.servers.change(actor, 'memo', text('server'), changeValue('memo', memo));
    await announce(client, actor.channelId, announceView(deps.channelUi, actor.userId, result), reply, log);
    return {};
  },

  /**
   * As `/hosting <server> dns add …` typed in the step's channel: the same
   * role, the reference's rules (a refused field fails the step with the
   * command's sentence, nothing sent), the record added at once and announced
   * there. Adding takes nothing away, so no policy can ask a confirmation or
   * a second person for it (only destructive operations can be named in
   * `approvals.second_person`): the step never waits.
   */
  async add_dns_record({ deps, actor, ui, log, client, text, reply }) {
    const r = await deps.hosting.dns
      .add(actor, text('hosting_server', { optional: true }) || undefined, {
        domain: text('domain'),
        host: text('host'),
        type: text('type'),
        content: text('content'),
        ttl: typedNumber(text('ttl', { optional: true })),
      })
      .catch((err: unknown) => {
        // The command's sentence for the field, on the input the workflow's owner fills in.
        if (!isServiceError(err) || err.problem.code !== 'invalid_field') throw err;
        const p = err.problem.params;
        const input = p.field === 'server' ? 'hosting_server' : p.field;
        throw new StepRefusal(ui.t('step.input_invalid', { input, problem: fieldProblemText(ui, p) }));
      });
    await announce(client, actor.channelId, doneView(deps.channelUi, actor.userId, r), reply, log);
    return { id: r.created ?? '' };
  },

  async daily_digest({ deps, actor, ui }) {
    const report = await deps.digest.lastDay(actor);
    return {
      text: digestForPerson(ui, report)
        .map((m) => m.text)
        .join('\n\n'),
    };
  },

  /**
   * As the order form: checked by the form's rules, quoted by a dry run, and
   * the same approval request posted in `approval_channel` (one the person
   * may use). The step then waits for the approval and the order.
   */
  async order_vps(ctx) {
    const { deps, ui, log, client, text, executionId } = ctx;
    const person = ctx.person as string;
    const channelId = text('approval_channel');
    const planId = text('plan_id');
    const catalogue = await deps.signup.quotes.catalogue({ anyAgeToday: true, for: { userId: person } });
    const checked = checkSignupForm(
      {
        plan_id: planId,
        period: text('period'),
        image_id: text('image_id'),
        name: text('name', { optional: true }) || undefined,
        auto_renew: true,
        // Whoever starts the workflow sees the terms with the approval request, as the form shows them.
        agree_to_terms: true,
      },
      catalogue,
    );
    if (!checked.ok) {
      const [first] = Object.values(signupFieldErrors(ui, checked.problems, planId));
      const field = checked.problems[0]?.field ?? 'plan_id';
      throw new StepRefusal(ui.t('step.input_invalid', { input: field, problem: first ?? '' }));
    }
    const refusal = await deps.signup.quotes.mayRequestIn(person, channelId);
    if (refusal) throw refusal;
    const q = await deps.signup.quotes.quote({
      request: checked.request,
      requesterId: person,
      channelId,
      chosen: true,
      locale: ui.locale,
      stepExecutionId: executionId,
    });
    const posted = await postApproval(deps, client, q.row, log);
    if (!posted) {
      // Nobody can approve a request nobody sees: the step fails now, and is never completed again.
      await deps.signup.orders.stepDone(q.row.id, true);
      throw new StepRefusal(ui.t('step.order.not_posted', { channel: channelId }));
    }
    const where = { channelId, userId: person };
    const notice = signupQuotedNotice(
      ui,
      { row: q.row, plan: q.plan, account: deps.signup.quotes.accountLabel() },
      true,
    );
    if (q.generatedPassword) {
      const secret = signupPasswordMessage(ui, q.row.serverName, q.generatedPassword);
      const m = textView(`${notice.text}\n\n${secret.text}`);
      await showSecret(
        client,
        () => client.chat.postEphemeral({ channel: channelId, user: person, text: m.text }),
        where,
        m,
        async () => signupPasswordButtonMessage(ui, notice.text, q.row),
        log,
      );
    } else await tellUser(client, where, notice, log);
    return 'later';
  },
};

export function registerWorkflowSteps(app: App, deps: HandlerDeps): void {
  for (const name of Object.keys(STEPS) as StepName[]) {
    app.function(name, workflowStep(deps, { callbackId: name, writes: WRITES.has(name) }, steps[name]));
  }
}
