/**
 * Who a Workflow Builder step acts as, and where (docs/operators.md,
 * "Workflow Builder steps"). Only what Slack itself fills can name a person:
 * the `user_context` input (`slack#/types/user_context`, set by Slack from
 * whoever started the workflow or clicked in it; a workflow's builder cannot
 * type one), else the interactor of the `interactivity` input. A user id
 * given as any other input (`slack#/types/user_id`, or text a builder typed)
 * is never read here. No person: a scheduled workflow, which acts as
 * Slackbot, Slack's own user, whom no policy grants anything, so it has the
 * policy's default role. The `channel` input is where the person acts, as
 * if they had typed the command there; none: no channel, as from a global
 * shortcut.
 */
import { isUserId } from '../services/access/index.ts';

/** Slack's own user, under which scheduled workflows run: it holds only the policy's default role. */
export const WORKFLOW_USER = 'USLACKBOT';

export interface StepActor {
  /** The person Slack names, or null for a workflow nobody started (a schedule, a webhook). */
  person: string | null;
  /** A channel id from the `channel` input, if one was given. */
  channel: string | undefined;
  /** The interactivity pointer, which opens a form as a trigger id would. */
  triggerId: string | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A conversation id: a public or private channel, or a direct message. */
const CHANNEL_ID = /^[CGD][A-Z0-9]{2,}$/;

function personOf(context: unknown): string | null {
  if (!isObject(context)) return null;
  return isUserId(context.id) ? context.id : null;
}

export function stepActor(inputs: Readonly<Record<string, unknown>>): StepActor {
  const interactivity = isObject(inputs.interactivity) ? inputs.interactivity : undefined;
  const person = personOf(inputs.user_context) ?? personOf(interactivity?.interactor);
  const channel =
    typeof inputs.channel === 'string' && CHANNEL_ID.test(inputs.channel) ? inputs.channel : undefined;
  const pointer = interactivity?.interactivity_pointer;
  return { person, channel, triggerId: typeof pointer === 'string' && pointer !== '' ? pointer : undefined };
}
