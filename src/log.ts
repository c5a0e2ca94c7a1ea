import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';

export type { Logger } from 'pino';

/**
 * Key paths pino removes from every log object. pino's wildcard matches one
 * level, so the common nestings (a request's headers, an error's options) are
 * spelled out.
 */
export const REDACT_PATHS = [
  'authorization',
  'Authorization',
  'headers.authorization',
  'headers.Authorization',
  '*.authorization',
  '*.Authorization',
  '*.headers.authorization',
  '*.headers.Authorization',
  'req.headers.authorization',
  'req.headers["x-slack-signature"]',
  'token',
  '*.token',
  'botToken',
  '*.botToken',
  'appToken',
  '*.appToken',
  'signingSecret',
  '*.signingSecret',
  'apiKey',
  '*.apiKey',
  'api_key',
  '*.api_key',
  'key',
  'password',
  '*.password',
  'root_password',
  '*.root_password',
  '*.*.root_password',
  'admin_password',
  '*.admin_password',
  'rootPassword',
  '*.rootPassword',
  'private_key',
  '*.private_key',
  'privateKey',
  '*.privateKey',
  'secret',
  '*.secret',
  'encryptionKey',
  '*.encryptionKey',
];

const MASK = '[redacted]';

/**
 * Fields of a log line that the code writes itself and no input ever reaches:
 * a secret that happens to equal one of their values (a password typed as
 * `vps-command`) must not blank them.
 */
const OWN_FIELDS = new Set(['level', 'time', 'app', 'component', 'pid', 'hostname']);

/**
 * Values that must never reach a log line whatever key they hide under (the
 * provider key inside an error text, a password echoed in a provider message).
 * Redaction by key path cannot see those, so the final line is scrubbed too:
 * inside its string values only, so that no secret (`"time":"`, `level`) can
 * cut into the JSON of a line or into its keys.
 *
 * A value is registered loosely (`add`/`delete`: the configured tokens, a
 * secret held for one call) or held by a named holder (`hold`/`release`: a
 * sealed password, under its secret's id), and scrubbed while any reason to
 * keep it remains, so that one holder letting go does not expose a value
 * another still holds.
 */
export class SecretRegistry {
  private readonly loose = new Set<string>();
  private readonly held = new Map<string, string>();
  private cache: string[] | undefined;

  add(value: string | undefined | null): void {
    if (value && value.length >= 6) {
      this.loose.add(value);
      this.cache = undefined;
    }
  }

  delete(value: string | undefined | null): void {
    if (value && this.loose.delete(value)) this.cache = undefined;
  }

  /** Keeps `value` scrubbed until `holder` releases it (holding again under the same name replaces it). */
  hold(holder: string, value: string | undefined | null): void {
    if (value && value.length >= 6) {
      this.held.set(holder, value);
      this.cache = undefined;
    }
  }

  release(holder: string): void {
    if (this.held.delete(holder)) this.cache = undefined;
  }

  /** How many distinct values are scrubbed. */
  get size(): number {
    return this.values().length;
  }

  has(value: string): boolean {
    return this.values().includes(value);
  }

  private values(): string[] {
    if (!this.cache) {
      // Longest first: a secret that contains another is cut whole.
      this.cache = [...new Set([...this.loose, ...this.held.values()])].sort((a, b) => b.length - a.length);
    }
    return this.cache;
  }

  /** Plain text with every registered value masked. */
  scrubText(text: string): string {
    let out = text;
    for (const v of this.values()) if (out.includes(v)) out = out.split(v).join(MASK);
    return out;
  }

  /**
   * One log line (pino's JSON and its newline) with every registered value
   * masked inside its string values; a line that is not JSON is scrubbed as text.
   */
  scrub(line: string): string {
    const values = this.values();
    if (values.length === 0) return line;
    // Most lines carry no secret: only those that might are parsed.
    const suspect = values.some((v) => line.includes(v) || line.includes(JSON.stringify(v).slice(1, -1)));
    if (!suspect) return line;
    const newline = line.endsWith('\n') ? '\n' : '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return this.scrubText(line);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return this.scrubText(line);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(parsed)) out[k] = OWN_FIELDS.has(k) ? v : this.scrubValue(v, 0);
    return `${JSON.stringify(out)}${newline}`;
  }

  private scrubValue(v: unknown, depth: number): unknown {
    if (typeof v === 'string') return this.scrubText(v);
    if (v === null || typeof v !== 'object') return v;
    // Deeper than any line of ours: not worth a stack to look into, so not shown.
    if (depth > 100) return MASK;
    if (Array.isArray(v)) return v.map((x) => this.scrubValue(x, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = this.scrubValue(x, depth + 1);
    return out;
  }
}

export interface LoggerSetup {
  level?: LoggerOptions['level'];
  /** Where lines go; tests pass a sink stream and read the lines back. */
  stream?: DestinationStream;
  secrets?: SecretRegistry;
  base?: Record<string, unknown>;
}

export function createLogger(setup: LoggerSetup = {}): Logger {
  const secrets = setup.secrets;
  const options: LoggerOptions = {
    level: setup.level ?? 'info',
    base: setup.base ?? { app: 'vps-chatops' },
    redact: { paths: REDACT_PATHS, censor: MASK },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    ...(secrets ? { hooks: { streamWrite: (line: string) => secrets.scrub(line) } } : {}),
  };
  return setup.stream ? pino(options, setup.stream) : pino(options);
}

/** A sink that keeps every line in memory, for tests that read what was logged. */
export class MemoryLogSink implements DestinationStream {
  readonly lines: string[] = [];
  private readonly waiting = new Set<(line: string) => void>();

  write(line: string): void {
    this.lines.push(line);
    for (const w of [...this.waiting]) w(line);
  }

  /**
   * The first record, already written or still to come, that `match` takes
   * (work after an ack logs later); only among the lines from index `from` on.
   */
  waitFor(
    match: (record: Record<string, unknown>) => boolean,
    opts: { from?: number; timeoutMs?: number } = {},
  ): Promise<Record<string, unknown>> {
    const timeoutMs = opts.timeoutMs ?? 10_000;
    const found = this.records()
      .slice(opts.from ?? 0)
      .find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const on = (line: string) => {
        const record = JSON.parse(line) as Record<string, unknown>;
        if (!match(record)) return;
        clearTimeout(timer);
        this.waiting.delete(on);
        resolve(record);
      };
      // A guard against a test hanging forever, not a wait for something to happen.
      const timer = setTimeout(() => {
        this.waiting.delete(on);
        reject(new Error(`no matching log line within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.add(on);
    });
  }

  get text(): string {
    return this.lines.join('');
  }

  records(): Record<string, unknown>[] {
    return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}
