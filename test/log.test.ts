import { describe, expect, it } from 'vitest';
import { createLogger, MemoryLogSink, SecretRegistry } from '../src/log.ts';

describe('logger', () => {
  it('redacts secrets by key path', () => {
    const sink = new MemoryLogSink();
    const log = createLogger({ stream: sink });
    log.info(
      {
        headers: { authorization: 'Bearer xs_abc' },
        req: { headers: { authorization: 'Bearer xs_def' } },
        body: { root_password: 'Passw0rd!x', name: 'web-1' },
        token: 'xoxb-1',
        apiKey: 'xs_k',
      },
      'request',
    );
    const [rec] = sink.records();
    expect(sink.text).not.toMatch(/xs_abc|xs_def|Passw0rd|xoxb-1|xs_k/);
    expect(rec).toMatchObject({ body: { name: 'web-1', root_password: '[redacted]' }, token: '[redacted]' });
  });

  it('scrubs registered secret values wherever they appear', () => {
    const sink = new MemoryLogSink();
    const secrets = new SecretRegistry();
    secrets.add('xs_live_key_123');
    secrets.add('pa"ss\\word9');
    const log = createLogger({ stream: sink, secrets });
    log.warn({ detail: 'failed with key xs_live_key_123 in the url' }, 'echo pa"ss\\word9');
    log.error(new Error('boom xs_live_key_123'));
    expect(sink.text).not.toContain('xs_live_key_123');
    expect(sink.text).not.toContain('word9');
    // detail, msg, and the error's msg, message and stack.
    expect(sink.text.match(/\[redacted\]/g)?.length).toBe(5);
    secrets.delete('xs_live_key_123');
    log.info('xs_live_key_123');
    expect(sink.lines.at(-1)).toContain('xs_live_key_123');
  });

  it('ignores values too short to be secrets', () => {
    const secrets = new SecretRegistry();
    secrets.add('abc');
    expect(secrets.size).toBe(0);
  });
});
