/**
 * The two ways a terminal is used. At a keyboard (a TTY): a prompt, lines
 * handled one at a time, and whatever the bot posts meanwhile (a watcher
 * alert) printed above the prompt. With input from a pipe or a file: each
 * line echoed after its prompt, as a transcript, handled once the previous
 * one has been answered; when the input ends and the last answers have
 * arrived, the run is over.
 */
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Terminal } from './terminal.ts';

/** Runs a script of lines; resolves when it ended (or said quit) and its answers have arrived. */
export async function runScript(
  terminal: Terminal,
  lines: AsyncIterable<string> | Iterable<string>,
  echo: (line: string) => void,
): Promise<void> {
  for await (const line of lines) {
    echo(`${terminal.prompt()}${line}`);
    if ((await terminal.handle(line)) === 'quit') return;
  }
}

/** Lines of a stream, for runScript (stdin that is not a terminal). */
export function linesOf(input: Readable): AsyncIterable<string> {
  return createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
}

/** A prompt at a keyboard. `terminal` is given late: the sandbox prints before it exists. */
export function interactive(
  input: Readable,
  output: Writable & { isTTY?: boolean },
): {
  start(terminal: Terminal): Promise<void>;
  write(lines: readonly string[]): void;
} {
  let rl: Interface | undefined;
  let busy = true;
  const write = (lines: readonly string[]) => {
    const text = `${lines.join('\n')}\n`;
    if (rl && !busy) {
      // Above the prompt, then the prompt and what was typed so far again.
      output.write('\r\x1b[K');
      output.write(text);
      rl.prompt(true);
    } else output.write(text);
  };
  return {
    write,
    start(terminal) {
      rl = createInterface({ input, output, terminal: true, historySize: 200 });
      const r = rl;
      return new Promise<void>((resolve) => {
        const next = () => {
          busy = false;
          r.setPrompt(terminal.prompt());
          r.prompt();
        };
        r.on('line', (line) => {
          busy = true;
          r.pause();
          terminal.handle(line).then(
            (quit) => {
              if (quit === 'quit') r.close();
              else {
                r.resume();
                next();
              }
            },
            (err: unknown) => {
              output.write(`(the terminal failed: ${err instanceof Error ? err.message : String(err)})\n`);
              r.resume();
              next();
            },
          );
        });
        r.on('SIGINT', () => r.close());
        r.on('close', () => {
          busy = true;
          resolve();
        });
        next();
      });
    },
  };
}
