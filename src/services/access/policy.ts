/**
 * The optional POLICY_FILE: roles by Slack user or user group, the default
 * role, the channels where the bot may be used, each action's role, and who
 * may approve. Read once at start; an invalid file stops the start with every
 * problem named.
 */
import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { type Action, DESTRUCTIVE_HOSTING_ACTIONS, HOSTING_ACTIONS, VPS_ACTIONS } from './actions.ts';
import { ROLES } from './roles.ts';

const principal = z.string().regex(/^[UWS][A-Z0-9]{2,}$/, 'a Slack user id (U…/W…) or user-group id (S…)');
const assignable = z.enum(['viewer', 'operator', 'approver', 'admin']);

const policySchema = z
  .object({
    roles: z.partialRecord(assignable, z.array(principal)).default({}),
    default_role: z.enum(['none', 'viewer']).default('viewer'),
    channels: z
      .array(z.string().regex(/^[CGD][A-Z0-9]{2,}$/, 'a Slack channel id such as C0123ABCD'))
      .optional(),
    actions: z
      .partialRecord(z.enum([...VPS_ACTIONS, ...HOSTING_ACTIONS] as [Action, ...Action[]]), z.enum(ROLES))
      .default({}),
    approvals: z
      .object({
        /** Whether a requester who is also an approver may approve their own request. */
        allow_self: z.boolean().default(false),
        /** Destructive hosting operations that need a second person (an approver, not the requester). */
        second_person: z.array(z.enum(DESTRUCTIVE_HOSTING_ACTIONS)).default([]),
      })
      .strict()
      .default({ allow_self: false, second_person: [] }),
  })
  .strict();
export type Policy = z.output<typeof policySchema>;

export class PolicyError extends Error {
  readonly code = 'POLICY_INVALID';
  constructor(readonly problems: readonly string[]) {
    super(`policy file is invalid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'PolicyError';
  }
}

export function parsePolicy(yamlText: string): Policy {
  let raw: unknown;
  try {
    raw = parseYaml(yamlText) ?? {};
  } catch (err) {
    throw new PolicyError([`not valid YAML: ${(err as Error).message.split('\n')[0]}`]);
  }
  const parsed = policySchema.safeParse(raw);
  if (!parsed.success) {
    throw new PolicyError(parsed.error.issues.map((i) => `${i.path.join('.') || 'policy'}: ${i.message}`));
  }
  return parsed.data;
}

export async function loadPolicyFile(path: string): Promise<Policy> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new PolicyError([
      `POLICY_FILE: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    ]);
  }
  return parsePolicy(text);
}
