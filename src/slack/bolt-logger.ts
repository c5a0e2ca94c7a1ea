import { type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import type { Logger } from '../log.ts';

/**
 * Bolt's Logger interface over a pino child, so Bolt's own lines (signature
 * failures, listener errors) land in the same redacted JSON stream as ours.
 * Bolt passes loose arguments; they are joined into `msg`, errors kept as `err`,
 * and only for a level pino writes: Bolt logs two debug lines for every ack,
 * which must cost nothing at the level the bot runs.
 */
export function boltLogger(root: Logger): BoltLogger {
  let pinoLogger = root.child({ component: 'bolt' });
  let level: LogLevel = toBoltLevel(root.level);
  const write = (method: 'debug' | 'info' | 'warn' | 'error', args: unknown[]) => {
    if (!pinoLogger.isLevelEnabled(method)) return;
    const err = args.find((a): a is Error => a instanceof Error);
    const msg = args
      .filter((a) => !(a instanceof Error))
      .map((a) => (typeof a === 'string' ? a : safeJson(a)))
      .join(' ');
    if (err) pinoLogger[method]({ err }, msg || err.message);
    else pinoLogger[method](msg);
  };
  return {
    debug: (...args: unknown[]) => write('debug', args),
    info: (...args: unknown[]) => write('info', args),
    warn: (...args: unknown[]) => write('warn', args),
    error: (...args: unknown[]) => write('error', args),
    setLevel(l: LogLevel) {
      level = l;
      // pino's level is set on the root by LOG_LEVEL; Bolt asking for a level only narrows ours.
      pinoLogger.level = l;
    },
    getLevel: () => level,
    setName(name: string) {
      pinoLogger = root.child({ component: name });
    },
  };
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

function toBoltLevel(pinoLevel: string): LogLevel {
  switch (pinoLevel) {
    case 'trace':
    case 'debug':
      return LogLevel.DEBUG;
    case 'warn':
      return LogLevel.WARN;
    case 'error':
    case 'fatal':
    case 'silent':
      return LogLevel.ERROR;
    default:
      return LogLevel.INFO;
  }
}
