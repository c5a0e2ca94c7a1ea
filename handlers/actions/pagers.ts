import { z } from 'zod';
import { failureMessage } from '../../src/slack/error-text.ts';
import { logsView } from '../../src/slack/views/servers/logs.ts';
import { serverListView } from '../../src/slack/views/servers/server-list.ts';
import type { HandlerDeps } from '../deps.ts';
import { ephemeral, logFailure } from '../replies.ts';
import { actorOf, type ButtonArgs } from './card-buttons.ts';

const listState = z.object({
  p: z.number().int().min(0),
  f: z.object({ terms: z.array(z.string()), type: z.string().optional(), status: z.string().optional() }),
});

const logsState = z.object({
  c: z.string().min(1),
  f: z.object({
    from: z.string().optional(),
    to: z.string().optional(),
    status: z.enum(['success', 'error']).optional(),
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
    code: z.number().int().optional(),
  }),
});

function parseValue<T>(schema: z.ZodType<T>, value: string | undefined): T | undefined {
  try {
    const r = schema.safeParse(JSON.parse(value ?? ''));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}

export function listPage(deps: HandlerDeps) {
  return async ({ ack, body, action, respond }: ButtonArgs): Promise<void> => {
    await ack();
    if (!(await deps.deliveries.first('action', body.trigger_id))) return;
    const actor = actorOf(body);
    const ui = await deps.ui(actor.userId);
    const state = parseValue(listState, action.value);
    try {
      if (!state) throw new Error('list pager value unreadable');
      const servers = await deps.servers.list(actor, state.f);
      await ephemeral(respond, serverListView(ui, servers, state.f, state.p), true);
    } catch (err) {
      logFailure(deps.logger, err, 'list page');
      await ephemeral(respond, failureMessage(ui, err));
    }
  };
}

export function logsMore(deps: HandlerDeps) {
  return async ({ ack, body, action, respond }: ButtonArgs): Promise<void> => {
    await ack();
    if (!(await deps.deliveries.first('action', body.trigger_id))) return;
    const actor = actorOf(body);
    const ui = await deps.ui(actor.userId);
    const state = parseValue(logsState, action.value);
    try {
      if (!state) throw new Error('logs pager value unreadable');
      const page = await deps.servers.logs(actor, state.f, state.c);
      await ephemeral(respond, logsView(ui, page, state.f), true);
    } catch (err) {
      logFailure(deps.logger, err, 'logs page');
      await ephemeral(respond, failureMessage(ui, err));
    }
  };
}
