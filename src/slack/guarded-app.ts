/**
 * Bolt's App, answering every delivery it is handed, in both modes. Bolt
 * itself answers a delivery only through a listener's `ack()`: one no listener
 * takes (a button id of an older version, a view nobody registered, a kind
 * Bolt cannot tell) is left to Slack's three seconds and answered 404, and a
 * throw before any `ack()` becomes HTTP 500. Here:
 * - a delivery whose shape Bolt cannot read safely is answered at once and
 *   never processed (delivery-shape.ts; in HTTP mode request-guard.ts has
 *   already answered it 400 or 200, in Socket Mode this is the only door);
 * - a delivery that went through and was acknowledged by nobody, or whose
 *   listener threw before acknowledging, is acknowledged (an empty 200) with a
 *   log line.
 * A listener's own `ack()` answers first, as before; the listener's next step
 * then waits for its turn (ack-first.ts), given only once no delivery has
 * arrived for a moment (each delivery here says it arrived), so that
 * deliveries arriving together or one after another are acknowledged before
 * it. The app's listeners sit behind one global middleware, the router
 * (listener-routes.ts). Bolt's conversation store is off (app.ts).
 */
import { type AckFn, App, type AppOptions, type ReceiverEvent, ReceiverMultipleAckError } from '@slack/bolt';
import type { Logger } from '../log.ts';
import { AckFirst } from './ack-first.ts';
import { checkDeliveryShape, deliveryKind } from './delivery-shape.ts';
import { routeListeners } from './listener-routes.ts';

export class GuardedApp extends App {
  private readonly guardLog: Logger;
  private readonly ackFirst = new AckFirst();

  constructor(options: AppOptions & { guardLogger: Logger }) {
    const { guardLogger, ...rest } = options;
    super(rest);
    routeListeners(this);
    this.guardLog = guardLogger.child({ component: 'deliveries' });
  }

  override async processEvent(event: ReceiverEvent): Promise<void> {
    // Every delivery, whatever becomes of it, holds back the work after earlier acks for a moment.
    this.ackFirst.arrived();
    const kind = deliveryKind(event.body);
    const shape = checkDeliveryShape(event.body);
    if (!shape.ok) {
      if (shape.kind === 'malformed')
        this.guardLog.warn({ reason: shape.reason, kind }, 'Slack delivery refused');
      else this.guardLog.info({ reason: shape.reason, kind }, 'Slack delivery not served');
      await this.answer(event.ack);
      return;
    }
    // The receiver's ack holds the delivery's HTTP request (its raw body) and response: the
    // listener keeps its `ack` for as long as it works (a provider read of seconds), so the
    // receiver's is let go once it has answered. A second call is refused as Bolt's HTTP
    // receiver refuses it (its Socket Mode receiver only warns). Gone once the listener acknowledged.
    let answer: AckFn<unknown> | undefined = event.ack;
    const acknowledged = () => answer === undefined;
    // The listener's next step waits for its turn (ack-first.ts): deliveries already here are acked first.
    const ack: AckFn<unknown> = async (response) => {
      const send = answer;
      if (!send) throw new ReceiverMultipleAckError();
      answer = undefined;
      await send(response);
      await this.ackFirst.turn();
    };
    try {
      await super.processEvent({ ...event, ack });
    } catch (err) {
      if (acknowledged()) throw err;
      this.guardLog.error(
        { err: err instanceof Error ? { name: err.name, message: err.message } : 'error', kind },
        'a listener failed before acknowledging: acknowledged empty',
      );
      await this.answer(event.ack);
      return;
    }
    if (!acknowledged()) {
      this.guardLog.warn({ kind }, 'no listener acknowledged the delivery: acknowledged empty');
      await this.answer(event.ack);
    }
  }

  /** An empty acknowledgement; one that can no longer be sent (the receiver timed it out) is only logged. */
  private async answer(ack: AckFn<unknown>): Promise<void> {
    try {
      await ack();
    } catch (err) {
      this.guardLog.info({ err: err instanceof Error ? err.name : 'error' }, 'acknowledgement not sent');
    }
  }
}
