/**
 * One Bolt listener per kind of delivery, the app's own listeners behind it.
 * Bolt hands every delivery to every listener registered: each of the bot's
 * forty-odd buttons, forms, shortcuts and commands copies the listener's
 * arguments and runs its filters as a chain of promises, for a slash command
 * as for a click, before the one listener that matches acks. Under a burst of
 * commands that was most of what the bot spent before its acks beyond an
 * empty Bolt app (a quarter of a millisecond a delivery).
 *
 * So `routeListeners(app)` takes over the app's `command`, `action`,
 * `options`, `view` and `shortcut`: a listener registered through them is kept
 * here with Bolt's own filter for its constraints (`matchConstraints`,
 * `matchCommandName`, the same normalisation as Bolt's: a view's plain
 * callback_id means a submission), and the first of each kind registers, with
 * Bolt, one listener that takes every delivery of that kind. That one runs
 * only the listeners of the delivery's kind whose id can match (a plain id is
 * compared at once; a pattern or an object goes through Bolt's filter), each
 * as Bolt runs it (its filter, its middleware, then it, with `next` a no-op),
 * all of them together, a failure reported as Bolt reports it (the one error,
 * or a MultipleListenerError).
 */
import {
  type AnyMiddlewareArgs,
  type App,
  type Middleware,
  MultipleListenerError,
  matchCommandName,
  matchConstraints,
} from '@slack/bolt';

type Kind = 'command' | 'action' | 'options' | 'view' | 'shortcut';
type Fn = Middleware<AnyMiddlewareArgs>;
type Pattern = string | RegExp;
type Constraints = Record<string, Pattern | undefined>;
type Args = AnyMiddlewareArgs & Record<string, unknown>;

interface Route {
  /** The id the delivery must carry when the constraint names it plainly; undefined: always a candidate. */
  id: string | undefined;
  chain: Fn[];
}

const KINDS: readonly Kind[] = ['command', 'action', 'options', 'view', 'shortcut'];

const loose = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;

/** The id of a delivery of `kind` that a plain constraint is compared with. */
function deliveryId(kind: Kind, args: Args): unknown {
  const payload = loose(args.payload);
  switch (kind) {
    case 'command':
      return payload?.command;
    case 'action':
    case 'options':
      return payload?.action_id;
    case 'view':
      return loose(loose(args.body)?.view)?.callback_id;
    case 'shortcut':
      return payload?.callback_id;
  }
}

/** As Bolt's `app.<kind>(…)` reads its first argument: the filter, and the id it names plainly. */
function filterFor(kind: Kind, first: unknown): { filter: Fn; id: string | undefined } {
  if (kind === 'command') {
    const pattern = first as Pattern;
    return {
      filter: matchCommandName(pattern) as Fn,
      id: typeof pattern === 'string' ? pattern : undefined,
    };
  }
  const idKey = kind === 'action' || kind === 'options' ? 'action_id' : 'callback_id';
  const constraints: Constraints =
    typeof first === 'string' || first instanceof RegExp
      ? kind === 'view'
        ? { callback_id: first, type: 'view_submission' }
        : { [idKey]: first }
      : (first as Constraints);
  const named = constraints[idKey];
  return {
    filter: matchConstraints(constraints as Parameters<typeof matchConstraints>[0]) as Fn,
    id: typeof named === 'string' ? named : undefined,
  };
}

/** Runs `chain` as Bolt runs one listener: each step with `next` to the following, the last with a no-op. */
function run(chain: Fn[], args: Args, at = 0): Promise<void> {
  const step = chain[at];
  if (!step) return Promise.resolve();
  const last = at === chain.length - 1;
  const next = last ? () => Promise.resolve() : () => run(chain, args, at + 1);
  return Promise.resolve(step({ ...args, next } as Parameters<Fn>[0]));
}

/** Takes over `app`'s listener registration (see above); call it before any listener is registered. */
export function routeListeners(app: App): void {
  const routes = new Map<Kind, Route[]>();
  const target = app as unknown as Record<Kind, (...a: unknown[]) => void>;
  for (const kind of KINDS) {
    const register = target[kind].bind(app);
    target[kind] = (first: unknown, ...listeners: unknown[]) => {
      const { filter, id } = filterFor(kind, first);
      let list = routes.get(kind);
      if (!list) {
        list = [];
        routes.set(kind, list);
        const all = list;
        register(kind === 'command' ? /(?:)/ : {}, async (args: Args) => {
          const delivered = deliveryId(kind, args);
          const chosen = all.filter((r) => r.id === undefined || r.id === delivered);
          const settled = await Promise.allSettled(chosen.map((r) => run(r.chain, args)));
          const failed = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error] : []));
          if (failed.length === 1) throw failed[0];
          if (failed.length > 1) throw new MultipleListenerError(failed);
        });
      }
      list.push({ id, chain: [filter, ...(listeners as Fn[])] });
    };
  }
}
