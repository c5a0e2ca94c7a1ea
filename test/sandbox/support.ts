/**
 * A sandbox for tests: started in-process as `npm run sandbox` starts it,
 * its terminal output kept as a transcript that a test can wait on (an
 * event: a line matching arrives), and lines fed through the non-TTY runner.
 */
import { runScript } from '../../src/sandbox/front.ts';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/sandbox.ts';

export class Transcript {
  readonly lines: string[] = [];
  private readonly listeners = new Set<() => void>();

  readonly write = (block: readonly string[]): void => {
    for (const b of block) this.lines.push(...b.split('\n'));
    for (const l of [...this.listeners]) l();
  };

  mark(): number {
    return this.lines.length;
  }

  since(mark: number): string {
    return this.lines.slice(mark).join('\n');
  }

  /** Resolves with the transcript from `mark` on once a line matching `re` is in it. */
  waitFor(re: RegExp, mark = 0, timeoutMs = 15_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const text = this.since(mark);
        if (!re.test(text)) return false;
        this.listeners.delete(check);
        clearTimeout(timer);
        resolve(text);
        return true;
      };
      // A guard against a test hanging forever, not a wait for something to happen.
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`no line matching ${re} within ${timeoutMs} ms; transcript:\n${this.since(mark)}`));
      }, timeoutMs);
      this.listeners.add(check);
      check();
    });
  }
}

export interface TestSandbox {
  sb: Sandbox;
  out: Transcript;
  /** Types the lines as a script would (each after the previous one is answered); the transcript of this run. */
  type(...lines: string[]): Promise<string>;
  close(): Promise<void>;
}

export async function startTestSandbox(opts: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const out = new Transcript();
  const sb = await startSandbox({ quietMs: 500, watchIntervalSeconds: 1, ...opts, write: out.write });
  return {
    sb,
    out,
    async type(...lines) {
      const mark = out.mark();
      await runScript(sb.terminal, lines, (l) => out.write([l]));
      return out.since(mark);
    },
    close: () => sb.close(),
  };
}
