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
 * Values that must never reach a log line whatever key they hide under (the
 * provider key inside an error text, a password echoed in a provider message).
 * Redaction by key path cannot see those, so the final line is scrubbed too.
 */
export class SecretRegistry {
  private readonly values = new Set<string>();

  add(value: string | undefined | null): void {
    if (value && value.length >= 6) this.values.add(value);
  }

  delete(value: string | undefined | null): void {
    if (value) this.values.delete(value);
  }

  get size(): number {
    return this.values.size;
  }

  scrub(text: string): string {
    let out = text;
    for (const v of this.values) {
      if (out.includes(v)) out = out.split(v).join(MASK);
      // A JSON line carries the value escaped; scrub that spelling as well.
      const escaped = JSON.stringify(v).slice(1, -1);
      if (escaped !== v && out.includes(escaped)) out = out.split(escaped).join(MASK);
    }
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

  write(line: string): void {
    this.lines.push(line);
  }

  get text(): string {
    return this.lines.join('');
  }

  records(): Record<string, unknown>[] {
    return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}
