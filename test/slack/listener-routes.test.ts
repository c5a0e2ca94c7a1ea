/**
 * The router (src/slack/listener-routes.ts) changes nothing of
 * who runs: the same listeners, registered on a plain Bolt app and on a routed
 * one, run for the same deliveries with the same matches in their context;
 * middleware passed before a listener runs before it; failures reach the error
 * handler as Bolt reports them. And Bolt itself sees none of those listeners,
 * only the router as its last global middleware.
 */
import {
  type AnyMiddlewareArgs,
  App,
  type Logger,
  LogLevel,
  type Middleware,
  MultipleListenerError,
} from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { routeListeners } from '../../src/slack/listener-routes.ts';
import { OFFLINE_APP } from '../support/bolt-app.ts';

type Fn = Middleware<AnyMiddlewareArgs>;

function newApp(
  routed: boolean,
  opts: { errorHandler?: boolean; logger?: Logger; onError?: () => void } = {},
): { app: App; ran: string[]; errors: unknown[] } {
  const app = new App({ ...OFFLINE_APP, ...(opts.logger ? { logger: opts.logger } : {}) });
  if (routed) routeListeners(app);
  const ran: string[] = [];
  const errors: unknown[] = [];
  if (opts.errorHandler !== false)
    app.error(async (err) => {
      errors.push(err);
      opts.onError?.();
    });
  return { app, ran, errors };
}

/** What every listener records: its name and the matches Bolt put in the context. */
function recorder(ran: string[], name: string): Fn {
  return async ({ context }) => {
    const m = [context.actionIdMatches, context.blockIdMatches, context.callbackIdMatches]
      .filter(Boolean)
      .map((x) => String((x as RegExpMatchArray)[0]));
    ran.push(m.length > 0 ? `${name}(${m.join(',')})` : name);
  };
}

/** The app's registrations, the same on both apps. */
function register(app: App, ran: string[]): void {
  const r = (name: string) => recorder(ran, name);
  const a = app as unknown as Record<string, (...args: unknown[]) => void>;
  a.command!('/vps', r('vps'));
  a.command!('/hosting', r('hosting'));
  a.command!(/^\/v/, r('v-pattern'));
  a.action!('card_show', r('card_show'));
  a.action!('card_show', r('card_show-again'));
  a.action!(/^list_page:/, r('list_page'));
  a.action!({ action_id: 'plan_id', block_id: 'signup_plan' }, r('plan-in-block'));
  a.action!({ block_id: /^sig/ }, r('any-in-sig-block'));
  a.options!('plan_id', r('plan-options'));
  a.view!('order_form', r('order-submitted'));
  a.view!({ callback_id: 'order_form', type: 'view_closed' }, r('order-closed'));
  a.view!({ callback_id: /_form$/ }, r('any-form'));
  a.shortcut!({ callback_id: 'find_server', type: 'shortcut' }, r('find-global'));
  a.shortcut!({ callback_id: 'find_server', type: 'message_action' }, r('find-message'));
  a.shortcut!('order_vps', r('order-any'));
  // Middleware before a listener: it runs first, and the listener only when it calls next().
  a.action!(
    'guarded',
    async ({ next }: { next: () => Promise<void> }) => {
      ran.push('guard');
      await next();
    },
    r('guarded'),
  );
  a.action!('stopped', async () => void ran.push('stopper'), r('never'));
}

const team = { id: 'T0TEAM' };
const user = { id: 'U0USER1', team_id: 'T0TEAM' };
const command = (name: string) => ({
  command: name,
  text: '',
  team_id: 'T0TEAM',
  user_id: 'U0USER1',
  channel_id: 'C0CHAN',
  response_url: 'https://hooks.example/x',
  trigger_id: 't.1',
});
const click = (action_id: string, block_id = 'b1') => ({
  type: 'block_actions',
  team,
  user,
  trigger_id: 't.2',
  actions: [{ type: 'button', action_id, block_id, value: 'v', action_ts: '1' }],
});
const view = (type: string, callback_id: string) => ({
  type,
  team,
  user,
  view: { id: 'V0VIEW', callback_id, state: { values: {} }, private_metadata: '', hash: 'h' },
});
const shortcut = (type: string, callback_id: string) => ({
  type,
  team,
  user,
  callback_id,
  trigger_id: 't.3',
  ...(type === 'message_action'
    ? { channel: { id: 'C0CHAN' }, message: { ts: '1' }, response_url: 'https://hooks.example/y' }
    : {}),
});

const deliveries: Record<string, unknown>[] = [
  command('/vps'),
  command('/hosting'),
  command('/other'),
  click('card_show'),
  click('list_page:next'),
  click('plan_id', 'signup_plan'),
  click('plan_id', 'elsewhere'),
  click('guarded'),
  click('stopped'),
  click('nobody'),
  { type: 'block_suggestion', team, user, action_id: 'plan_id', block_id: 'signup_plan', value: '' },
  view('view_submission', 'order_form'),
  view('view_closed', 'order_form'),
  view('view_submission', 'find_form'),
  view('view_submission', 'unknown'),
  shortcut('shortcut', 'find_server'),
  shortcut('message_action', 'find_server'),
  shortcut('shortcut', 'order_vps'),
  shortcut('message_action', 'order_vps'),
];

async function deliver(app: App, body: Record<string, unknown>): Promise<void> {
  await app.processEvent({ body, ack: async () => undefined });
}

describe('routed listeners', () => {
  it('run exactly where Bolt’s own would, with the same matches', async () => {
    for (const body of deliveries) {
      const plain = newApp(false);
      const routed = newApp(true);
      register(plain.app, plain.ran);
      register(routed.app, routed.ran);
      await deliver(plain.app, body);
      await deliver(routed.app, body);
      expect(routed.ran.sort(), JSON.stringify(body)).toEqual(plain.ran.sort());
      expect(routed.errors).toEqual([]);
    }
  });

  it('spot checks: a plain id, a pattern, a view’s closing, a middleware chain', async () => {
    const runs = async (body: Record<string, unknown>) => {
      const { app, ran } = newApp(true);
      register(app, ran);
      await deliver(app, body);
      return ran.sort();
    };
    expect(await runs(command('/vps'))).toEqual(['v-pattern', 'vps']);
    expect(await runs(click('card_show'))).toEqual(['card_show', 'card_show-again']);
    expect(await runs(click('list_page:next'))).toEqual(['list_page(list_page:)']);
    expect(await runs(click('plan_id', 'signup_plan'))).toEqual(['any-in-sig-block(sig)', 'plan-in-block']);
    expect(await runs(view('view_closed', 'order_form'))).toEqual(['any-form(_form)', 'order-closed']);
    expect(await runs(click('guarded'))).toEqual(['guard', 'guarded']);
    expect(await runs(click('stopped'))).toEqual(['stopper']);
    expect(await runs(click('nobody'))).toEqual([]);
  });

  it('report one failure as itself and several as Bolt’s MultipleListenerError', async () => {
    const one = newApp(true);
    one.app.action('boom', async () => {
      throw new Error('one');
    });
    await deliver(one.app, click('boom'));
    expect(one.errors).toHaveLength(1);
    expect((one.errors[0] as Error).message).toBe('one');

    const two = newApp(true);
    for (const m of ['first', 'second'])
      two.app.action('boom', async () => {
        throw new Error(m);
      });
    await deliver(two.app, click('boom'));
    expect(two.errors).toHaveLength(1);
    expect(two.errors[0]).toBeInstanceOf(MultipleListenerError);
    expect(
      (two.errors[0] as MultipleListenerError).originals.map((e) => (e as Error).message).sort(),
    ).toEqual(['first', 'second']);
  });

  it('leave Bolt no listener of those kinds, only the router as its last global middleware', () => {
    const { app, ran } = newApp(true);
    const before = (app as unknown as { middleware: unknown[] }).middleware.length;
    register(app, ran);
    expect((app as unknown as { listeners: unknown[][] }).listeners).toHaveLength(0);
    expect((app as unknown as { middleware: unknown[] }).middleware).toHaveLength(before + 1);
  });

  it('refuse a global middleware added after a listener, which would run after the listeners', async () => {
    const { app, ran } = newApp(true);
    app.use(async ({ next }) => {
      ran.push('global');
      await next();
    });
    register(app, ran);
    expect(() => app.use(async ({ next }) => next())).toThrow(/before any listener/);
    await deliver(app, click('card_show'));
    expect(ran).toEqual(['global', 'card_show', 'card_show-again']);
  });

  it('leave every other delivery to Bolt’s own listeners (events)', async () => {
    const { app, ran } = newApp(true);
    register(app, ran);
    app.event('app_home_opened', async () => void ran.push('home'));
    const event = {
      type: 'event_callback',
      team_id: 'T0TEAM',
      event: { type: 'app_home_opened', user: 'U0USER1', channel: 'D0DM', tab: 'home', event_ts: '1' },
    };
    await deliver(app, event);
    expect(ran).toEqual(['home']);
  });

  it('let a listener go on its own once it has acked: Bolt’s chain ends at the ack, a later failure still reported', async () => {
    for (const withHandler of [true, false]) {
      const logged: unknown[] = [];
      // Resolved when the failure after the ack has been reported, either way.
      let reportedNow!: () => void;
      const reported = new Promise<void>((resolve) => {
        reportedNow = resolve;
      });
      const quiet = () => undefined;
      const logger = {
        debug: quiet,
        info: quiet,
        warn: quiet,
        error: (...m: unknown[]) => {
          logged.push(...m);
          reportedNow();
        },
        setLevel: quiet,
        getLevel: () => LogLevel.ERROR,
        setName: quiet,
      };
      const { app, errors } = newApp(true, { errorHandler: withHandler, logger, onError: reportedNow });
      let goOn!: () => void;
      const later = new Promise<void>((resolve) => {
        goOn = resolve;
      });
      const steps: string[] = [];
      app.action('slow', async ({ ack }) => {
        await ack();
        steps.push('acked');
        await later;
        steps.push('went on');
        throw new Error('after the ack');
      });
      const acks: unknown[] = [];
      // Bolt's processEvent ends once the listener acked, with its work still waiting.
      await app.processEvent({ body: click('slow'), ack: async (r) => void acks.push(r ?? 'empty') });
      expect(acks).toEqual(['empty']);
      expect(steps).toEqual(['acked']);
      expect(errors).toHaveLength(0);
      goOn();
      await reported;
      expect(steps).toEqual(['acked', 'went on']);
      if (withHandler) {
        expect(errors).toHaveLength(1);
        expect((errors[0] as Error).message).toBe('after the ack');
        expect(logged).toHaveLength(0);
      } else {
        expect(logged.map((e) => (e as Error).message)).toEqual(['after the ack']);
      }
    }
  });

  it('still await a listener that fails before acking, so Bolt answers for it', async () => {
    const { app, errors } = newApp(true);
    app.action('early', async () => {
      await Promise.resolve();
      throw new Error('before any ack');
    });
    await app.processEvent({ body: click('early'), ack: async () => undefined });
    expect(errors.map((e) => (e as Error).message)).toEqual(['before any ack']);
  });
});
