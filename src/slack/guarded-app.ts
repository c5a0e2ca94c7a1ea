/**
 * Bolt's App with one door in front of `processEvent`, in both modes. Bolt
 * 5.1.0 gives no hook between its signature check and its first reads of the
 * body, and it answers only through a listener's `ack()`: a delivery no
 * listener takes (a button of an older version) is answered 404 after its
 * 3 s timer over HTTP and never in Socket Mode, and a listener that throws
 * before `ack()` is answered 500; Slack then shows the person an error. So:
 * - a delivery whose shape Bolt or the listeners cannot read
 *   (delivery-shape.ts) is refused before Bolt reads it, with a log line: a
 *   `DeliveryRefused` thrown to the receiver, whose `processEventErrorHandler`
 *   answers it (400 or 200 over HTTP, acknowledged in Socket Mode);
 * - one that went through and that nobody acknowledged, or whose listener
 *   threw first, is acknowledged empty, with a log line;
 * - a listener's work after its `ack()` waits for its turn (ack-first.ts).
 * Everything else is Bolt's: its listener dispatch, its acks, its errors.
 */
import {
  type AckFn,
  App,
  type AppOptions,
  HTTPModuleFunctions,
  type ReceiverEvent,
  type ReceiverProcessEventErrorHandlerArgs,
  type SocketModeReceiverProcessEventErrorHandlerArgs,
  defaultProcessEventErrorHandler as socketModeDefault,
} from '@slack/bolt';
import type { Logger } from '../log.ts';
import { AckFirst } from './ack-first.ts';
import { checkDeliveryShape, deliveryKind } from './delivery-shape.ts';

/** A delivery refused at the door: 400 when malformed, 200 when of a kind the app does not serve. */
export class DeliveryRefused extends Error {
  constructor(readonly status: 400 | 200) {
    super(status === 400 ? 'malformed delivery' : 'delivery not served');
    this.name = 'DeliveryRefused';
  }
}

/** The HTTP receiver's `processEventErrorHandler`: a refusal gets its status, the rest Bolt's answer. */
export async function answerHttpRefusal(args: ReceiverProcessEventErrorHandlerArgs): Promise<boolean> {
  if (!(args.error instanceof DeliveryRefused))
    return HTTPModuleFunctions.defaultProcessEventErrorHandler(args);
  args.response.writeHead(args.error.status);
  args.response.end();
  return true;
}

/** The Socket Mode receiver's: a refusal is acknowledged (Bolt then acks the envelope), the rest Bolt's. */
export async function answerSocketRefusal(
  args: SocketModeReceiverProcessEventErrorHandlerArgs,
): Promise<boolean> {
  return args.error instanceof DeliveryRefused || socketModeDefault(args);
}

export class GuardedApp extends App {
  private readonly guardLog: Logger;
  private readonly ackFirst = new AckFirst();

  constructor(options: AppOptions & { guardLogger: Logger }) {
    const { guardLogger, ...rest } = options;
    super(rest);
    this.guardLog = guardLogger.child({ component: 'deliveries' });
  }

  override async processEvent(event: ReceiverEvent): Promise<void> {
    this.ackFirst.arrived();
    const kind = deliveryKind(event.body);
    const shape = checkDeliveryShape(event.body);
    if (!shape.ok) {
      if (shape.kind === 'malformed')
        this.guardLog.warn({ reason: shape.reason, kind }, 'Slack delivery refused');
      else this.guardLog.info({ reason: shape.reason, kind }, 'Slack delivery not served');
      throw new DeliveryRefused(shape.kind === 'malformed' ? 400 : 200);
    }
    let acked = false;
    const ack: AckFn<unknown> = async (response) => {
      acked = true;
      await event.ack(response);
      await this.ackFirst.turn();
    };
    let failure: unknown;
    try {
      await super.processEvent({ ...event, ack });
    } catch (err) {
      if (acked) throw err;
      failure = err;
    }
    if (acked) return;
    if (failure === undefined)
      this.guardLog.warn({ kind }, 'no listener acknowledged the delivery: acknowledged empty');
    else
      this.guardLog.error(
        { err: failure instanceof Error ? { name: failure.name, message: failure.message } : 'error', kind },
        'a listener failed before acknowledging: acknowledged empty',
      );
    // One that can no longer be sent (Bolt's receiver timed it out) is only logged.
    await event.ack().catch((err: unknown) => {
      this.guardLog.info({ err: err instanceof Error ? err.name : 'error' }, 'acknowledgement not sent');
    });
  }
}
