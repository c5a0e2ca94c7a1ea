/**
 * The app's own listeners behind one global middleware, out of Bolt's
 * listener machinery. Bolt hands every delivery to every listener registered:
 * each listener's arguments are copied for each of its filters and run as a
 * chain of promises, for a slash command as for a click, before the one
 * listener that matches acks. Under a burst of commands that was most of what
 * the bot spent and allocated before its acks beyond an empty Bolt app.
 *
 * So `routeListeners(app)` takes over the app's `command`, `action`,
 * `options`, `view` and `shortcut`: a listener registered through them is kept
 * here with Bolt's own filter for its constraints (`matchConstraints`,
 * `matchCommandName`, the same normalisation as Bolt's: a view's plain
 * callback_id means a submission), and the first registration adds, with
 * `app.use`, the router: the last global middleware, after the team guard.
 * For a delivery of those kinds the router runs only the listeners of its
 * kind whose id can match (a plain id is compared at once, and a constraint
 * that is nothing but that plain id needs no other filter; a pattern or an
 * object goes through Bolt's filter), each as Bolt runs it (its filter, its
 * middleware, then it, with `next` a no-op), all of them together, a failure
 * reported as Bolt reports it (the one error, or a MultipleListenerError).
 * Bolt's own listeners (events) get every other delivery: the router calls
 * `next()` for them. A global middleware added after the router would run
 * after the listeners it should guard: `app.use` then throws.
 *
 * A listener that has called `ack()` and goes on is let go by the router: it
 * goes on on its own, and Bolt's chain for that delivery (its middleware's
 * frames, the request and the response behind them) ends at the ack instead
 * of when the listener's work does. With the work after an ack waiting for a
 * quiet moment (ack-first.ts), a stream of commands held about 16 KB of heap
 * per waiting listener, 4 KB of it Bolt's chain; every collection of the
 * young generation copied all of it, and it was promoted into the old one,
 * while acks waited (README, "Acks first"). A listener that fails after its
 * ack is reported as Bolt reports it: to the handler given to `app.error`
 * (which `routeListeners` also takes note of), or, with none, logged as
 * Bolt's default handler logs it. A listener that fails or ends before
 * acking is awaited by the router as before, so Bolt answers for it.
 */
import {
  type AllMiddlewareArgs,
  type AnyMiddlewareArgs,
  type App,
  asCodedError,
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
/** Bolt's (not extended) error handler, as `app.error` takes it. */
type ErrorHandler = Parameters<App['error']>[0] & ((error: Error) => Promise<void> | void);

interface Route {
  /** The id the delivery must carry when the constraint names it plainly; undefined: always a candidate. */
  id: string | undefined;
  /** What runs once the id matched: Bolt's filter first unless the plain id was the whole constraint. */
  chain: Fn[];
}

const KINDS: readonly Kind[] = ['command', 'action', 'options', 'view', 'shortcut'];

const loose = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;

/** The kind Bolt gave the delivery: the one argument of its kind it set (Bolt's `onlyCommands` and the like). */
function kindOf(args: Args): Kind | undefined {
  if (args.command !== undefined) return 'command';
  if (args.action !== undefined) return 'action';
  if (args.options !== undefined) return 'options';
  if (args.view !== undefined) return 'view';
  if (args.shortcut !== undefined) return 'shortcut';
  return undefined;
}

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

/**
 * As Bolt's `app.<kind>(…)` reads its first argument: the filter, the id it
 * names plainly, and whether that id is all it asks (then the filter can only pass).
 */
function filterFor(kind: Kind, first: unknown): { filter: Fn; id: string | undefined; idOnly: boolean } {
  if (kind === 'command') {
    const pattern = first as Pattern;
    const id = typeof pattern === 'string' ? pattern : undefined;
    return { filter: matchCommandName(pattern) as Fn, id, idOnly: id !== undefined };
  }
  const idKey = kind === 'action' || kind === 'options' ? 'action_id' : 'callback_id';
  const constraints: Constraints =
    typeof first === 'string' || first instanceof RegExp
      ? kind === 'view'
        ? { callback_id: first, type: 'view_submission' }
        : { [idKey]: first }
      : (first as Constraints);
  const named = constraints[idKey];
  const id = typeof named === 'string' ? named : undefined;
  const idOnly = id !== undefined && Object.keys(constraints).every((k) => k === idKey);
  return {
    filter: matchConstraints(constraints as Parameters<typeof matchConstraints>[0]) as Fn,
    id,
    idOnly,
  };
}

const done = (): Promise<void> => Promise.resolve();

/** Runs `chain` as Bolt runs one listener: each step with `next` to the following, the last with a no-op. */
function run(chain: Fn[], args: Args, at = 0): Promise<void> {
  const step = chain[at];
  if (!step) return Promise.resolve();
  const next = at === chain.length - 1 ? done : () => run(chain, args, at + 1);
  return Promise.resolve(step({ ...args, next } as Parameters<Fn>[0]));
}

/** Runs every chosen route together; throws as Bolt does when any failed. */
async function runAll(chosen: Route[], args: Args): Promise<void> {
  if (chosen.length === 1) {
    await run(chosen[0]!.chain, args);
    return;
  }
  const settled = await Promise.allSettled(chosen.map((r) => run(r.chain, args)));
  const failed = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error] : []));
  if (failed.length === 1) throw failed[0];
  if (failed.length > 1) throw new MultipleListenerError(failed);
}

/**
 * Runs `work` with an `ack` that lets the caller go on once called: resolves
 * when the work has ended (its failure thrown) or has called `ack()`, then
 * leaving the rest of the work, and any failure of it, to `failedLater`.
 */
async function untilAcked(
  args: Args,
  work: (args: Args) => Promise<void>,
  failedLater: (error: unknown) => void,
): Promise<void> {
  // Bolt gives every delivery of the routed kinds an ack.
  const given = args.ack as (response?: unknown) => Promise<void>;
  let acked!: () => void;
  const ackCalled = new Promise<'acked'>((resolve) => {
    acked = () => resolve('acked');
  });
  const ack = (response?: unknown): Promise<void> => {
    const sent = given(response);
    acked();
    return sent;
  };
  const running = work({ ...args, ack } as Args);
  const first = await Promise.race([running.then(() => 'ended' as const), ackCalled]);
  if (first === 'acked') running.catch(failedLater);
}

/** Takes over `app`'s listener registration (see above); call it before any listener or middleware is registered. */
export function routeListeners(app: App): void {
  const routes = new Map<Kind, Route[]>();
  const target = app as unknown as Record<Kind, (...a: unknown[]) => void> & {
    use: (m: Fn) => unknown;
    error: (handler: ErrorHandler) => void;
  };
  // The handler a failure after an ack goes to, as Bolt would hand it (the app does not use extendedErrorHandler).
  let errorHandler: ErrorHandler | undefined;
  const setError = target.error.bind(app);
  target.error = (handler: ErrorHandler) => {
    errorHandler = handler;
    setError(handler);
  };
  const use = target.use.bind(app);
  let routerAdded = false;
  target.use = (m: Fn) => {
    if (routerAdded)
      throw new Error('global middleware must be added before any listener (it would run after them)');
    return use(m);
  };
  const router: Fn = async (args) => {
    const a = args as unknown as Args;
    const kind = kindOf(a);
    const list = kind === undefined ? undefined : routes.get(kind);
    if (kind === undefined || list === undefined) {
      await args.next();
      return;
    }
    const delivered = deliveryId(kind, a);
    const chosen = list.filter((r) => r.id === undefined || r.id === delivered);
    if (chosen.length === 0) return;
    await untilAcked(
      a,
      (b) => runAll(chosen, b),
      (error) => {
        const coded = asCodedError(error as Error);
        if (errorHandler) {
          Promise.resolve(errorHandler(coded)).catch(() => undefined);
          return;
        }
        // Bolt's default handler: the error, logged.
        (a as unknown as AllMiddlewareArgs).logger.error(coded);
      },
    );
  };
  for (const kind of KINDS) {
    target[kind] = (first: unknown, ...listeners: unknown[]) => {
      const { filter, id, idOnly } = filterFor(kind, first);
      if (!routerAdded) {
        use(router);
        routerAdded = true;
      }
      let list = routes.get(kind);
      if (!list) {
        list = [];
        routes.set(kind, list);
      }
      list.push({ id, chain: idOnly ? (listeners as Fn[]) : [filter, ...(listeners as Fn[])] });
    };
  }
}
