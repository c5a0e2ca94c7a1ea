import { describe, expect, it } from 'vitest';
import { createLogger, MemoryLogSink, SecretRegistry } from '../../src/log.ts';
import { boltLogger } from '../../src/slack/bolt-logger.ts';

describe('boltLogger', () => {
  it('writes Bolt’s lines through pino, errors kept, secrets scrubbed', () => {
    const sink = new MemoryLogSink();
    const secrets = new SecretRegistry();
    secrets.add('xoxb-secret-token-value');
    const log = boltLogger(createLogger({ stream: sink, secrets, level: 'debug' }));
    log.warn('signature failed for', { token: 'xoxb-secret-token-value' });
    log.error(new Error('boom'));
    log.debug('dbg');
    const records = sink.records();
    expect(records[0]).toMatchObject({ level: 'warn', component: 'bolt' });
    expect(records[1]).toMatchObject({ level: 'error', msg: 'boom' });
    expect(sink.text).not.toContain('xoxb-secret-token-value');
    expect(log.getLevel()).toBe('debug');
  });

  it('formats nothing for a level pino does not write (Bolt’s two debug lines per ack)', () => {
    const sink = new MemoryLogSink();
    const log = boltLogger(createLogger({ stream: sink, secrets: new SecretRegistry(), level: 'info' }));
    let formatted = 0;
    const arg = {
      toJSON() {
        formatted += 1;
        return 'body';
      },
    };
    log.debug('ack() call begins', arg);
    expect(formatted).toBe(0);
    expect(sink.records()).toHaveLength(0);
    log.info('shown', arg);
    expect(formatted).toBe(1);
    expect(sink.records()[0]).toMatchObject({ level: 'info', msg: 'shown "body"' });
  });
});
