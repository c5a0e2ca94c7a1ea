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

  it('scrubs inside string values: a secret that spells JSON structure cannot cut into a line', () => {
    const sink = new MemoryLogSink();
    const secrets = new SecretRegistry();
    const log = createLogger({ stream: sink, secrets });
    // Each spells a piece of every line: a key, the quotes around it, a level.
    for (const s of ['time":"', '","level', '{"level":"info"']) secrets.add(s);
    log.info({ note: 'the literal time":"x and ","level' }, 'hello');
    log.warn('plain line');
    const records = sink.records();
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      level: 'info',
      msg: 'hello',
      note: 'the literal [redacted]x and [redacted]',
    });
    expect(records[1]).toMatchObject({ level: 'warn', msg: 'plain line' });
    expect(typeof records[1]!.time).toBe('string');
  });

  it('does not blank the fields the code writes itself when a secret equals one of their values', () => {
    const sink = new MemoryLogSink();
    const secrets = new SecretRegistry();
    const log = createLogger({ stream: sink, secrets }).child({ component: 'vps-command' });
    secrets.add('vps-command');
    log.info({ detail: 'echoed vps-command back' }, '/vps answered');
    const [rec] = sink.records();
    expect(rec).toMatchObject({
      component: 'vps-command',
      app: 'vps-chatops',
      detail: 'echoed [redacted] back',
    });
  });

  it('keeps a value held by one holder scrubbed until every holder has let it go', () => {
    const secrets = new SecretRegistry();
    secrets.hold('secret:a', 'Shared-pass-9');
    secrets.hold('secret:b', 'Shared-pass-9');
    secrets.add('Shared-pass-9');
    secrets.delete('Shared-pass-9');
    secrets.release('secret:a');
    expect(secrets.scrubText('x Shared-pass-9 y')).toBe('x [redacted] y');
    secrets.release('secret:b');
    expect(secrets.scrubText('x Shared-pass-9 y')).toBe('x Shared-pass-9 y');
    expect(secrets.size).toBe(0);
  });
});
