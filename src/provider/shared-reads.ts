/**
 * Identical GETs in flight at the same time are one request: a later asker
 * joins the first one's answer (and raises its priority when it outranks it,
 * or takes it into their own turn when that comes sooner), unless a change was
 * sent since that request started: after a change, a read always goes to the
 * provider again. Joining costs the asker nothing: it is never refused.
 */
import { GateTicket } from './gate-queue.ts';
import type { Priority } from './priorities.ts';
import type { RateLimitGate } from './rate-limit-gate.ts';

/** Who asks: the priority, the person (none: the bot's own) and the command it is part of. */
export interface Asker {
  priority: Priority;
  person?: string | undefined;
  command?: object | undefined;
}

/** An answer as it came over the wire, before parsing. */
export interface Answer {
  status: number;
  text: string;
}

/** A GET in flight that identical GETs may join. */
interface SharedRead {
  /** The change count when it was sent: a change since then makes it too old to join. */
  generation: number;
  ticket: GateTicket;
  answer: Promise<Answer>;
  /** Askers still waiting; when every one of them has aborted, the request is aborted too. */
  waiting: number;
  /** Only when the first asker could give up (an abort signal is not free to make). */
  abort: AbortController | undefined;
}

export class SharedReads {
  private readonly reads = new Map<string, SharedRead>();
  /** Counts changes sent and finished: a read that started before one is not joined after it. */
  private generation = 0;

  /** `onJoin` counts every asker who joined a read in flight instead of sending one. */
  constructor(
    private readonly gate: Pick<RateLimitGate, 'join' | 'admit'>,
    private readonly onJoin: () => void,
  ) {}

  /** A change is sent: reads in flight may answer from before it. */
  changeSent(): void {
    this.generation += 1;
  }

  /** A change has its answer (or failed): reads in flight still began before it ended. */
  changeDone(): void {
    this.generation += 1;
  }

  /**
   * The answer to the GET `key`: a share of an identical one in flight, or a
   * new one (let into the gate's queue first: a person over their bound is
   * refused with `QueueFullError`) that `send` starts with its ticket and
   * abort signal.
   */
  read(
    key: string,
    asker: Asker,
    signal: AbortSignal | undefined,
    send: (ticket: GateTicket, signal: AbortSignal | undefined) => Promise<Answer>,
  ): Promise<Answer> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    let shared = this.reads.get(key);
    if (shared && shared.generation === this.generation) {
      this.onJoin();
      this.gate.join(shared.ticket, asker.priority, asker.person);
    } else {
      const ticket = new GateTicket(asker.priority, asker.person);
      try {
        this.gate.admit(ticket, asker.command);
      } catch (err) {
        return Promise.reject(err);
      }
      // An asker without a signal never gives up, so the request runs to its end: no controller needed.
      const abort = signal ? new AbortController() : undefined;
      const answer = send(ticket, abort?.signal);
      const made: SharedRead = { generation: this.generation, ticket, answer, waiting: 0, abort };
      this.reads.set(key, made);
      const forget = () => {
        if (this.reads.get(key) === made) this.reads.delete(key);
      };
      answer.then(forget, forget);
      shared = made;
    }
    const s = shared;
    s.waiting += 1;
    if (!signal) return s.answer;
    return new Promise<Answer>((resolve, reject) => {
      const onAbort = () => {
        s.waiting -= 1;
        // The last one waiting went away: nobody needs the answer.
        if (s.waiting === 0) s.abort?.abort(signal.reason);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      s.answer.then(
        (a) => {
          signal.removeEventListener('abort', onAbort);
          resolve(a);
        },
        (e: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(e);
        },
      );
    });
  }
}
