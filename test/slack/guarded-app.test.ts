/**
 * The ack GuardedApp hands a listener (src/slack/guarded-app.ts): it answers
 * through the receiver's ack once, refuses a second call as Bolt's HTTP
 * receiver does, and lets the receiver's ack (which holds the delivery's HTTP
 * request and response) go once it has answered, though the listener keeps
 * its own `ack` for as long as it works.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type AckFn, ReceiverMultipleAckError, type SlashCommand } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { GuardedApp } from '../../src/slack/guarded-app.ts';
import { OFFLINE_APP } from '../support/bolt-app.ts';
import { slashCommandBody } from '../support/slack-request.ts';

function newApp(): GuardedApp {
  return new GuardedApp({ ...OFFLINE_APP, guardLogger: createLogger({ level: 'silent' }) });
}

const body = (): SlashCommand =>
  Object.fromEntries(
    new URLSearchParams(slashCommandBody({ text: 'help', responseUrl: 'https://hooks.example/r' })),
  ) as unknown as SlashCommand;

/** V8's collector, from inside a test (the flag set at run time, as node's own tests do). */
function collect(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('the ack a listener is handed', () => {
  it('answers through the receiver once; a second call is refused as Bolt’s HTTP receiver refuses it', async () => {
    const app = newApp();
    const answered: unknown[] = [];
    let second: unknown;
    let done!: () => void;
    const finished = new Promise<void>((r) => {
      done = r;
    });
    app.command('/vps', async ({ ack }) => {
      await ack({ text: 'first' });
      second = await ack({ text: 'second' }).catch((err: unknown) => err);
      done();
    });
    await app.processEvent({
      body: body(),
      ack: async (r?: unknown) => {
        answered.push(r);
      },
    });
    await finished;
    expect(answered).toEqual([{ text: 'first' }]);
    expect(second).toBeInstanceOf(ReceiverMultipleAckError);
  });

  it('lets the receiver’s ack go once it has answered, while the listener still works', async () => {
    const app = newApp();
    let finish!: () => void;
    const working = new Promise<void>((r) => {
      finish = r;
    });
    let acked!: () => void;
    const ackedOnce = new Promise<void>((r) => {
      acked = r;
    });
    let kept: unknown;
    app.command('/vps', async ({ ack }) => {
      kept = ack;
      await ack();
      acked();
      // A provider read of seconds: the listener holds on to its args meanwhile.
      await working;
    });
    // The receiver's ack, standing for Bolt's, which holds the request and the response.
    let receiverAck: AckFn<unknown> | undefined = async () => undefined;
    const released = new WeakRef(receiverAck);
    await app.processEvent({ body: body(), ack: receiverAck });
    receiverAck = undefined;
    await ackedOnce;
    // A WeakRef keeps its target until the task that made it ends.
    await new Promise<void>((r) => setImmediate(r));
    collect();
    expect(kept).toBeDefined();
    expect(released.deref()).toBeUndefined();
    finish();
  });
});
