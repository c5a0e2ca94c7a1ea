/**
 * compose.yaml as an operator runs it: two replicas on one PostgreSQL, which
 * only work when they share the key that seals secrets, so compose refuses to
 * start without it as it refuses without the database's password; one proxy
 * in front of them, which runs the repository's Caddyfile. It runs HTTP mode
 * while manifest.yml ships Socket Mode on, so its header says how to switch
 * the app.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

interface Compose {
  services: Record<
    string,
    { environment?: Record<string, string>; command?: string; image?: string; volumes?: string[] }
  >;
}

const text = read('compose.yaml');
const compose = parse(text, { merge: true }) as Compose;
const bots = Object.entries(compose.services).filter(([, s]) => s.environment?.DATABASE_URL !== undefined);

describe('compose.yaml', () => {
  it('runs two replicas of the bot on its PostgreSQL', () => {
    expect(bots.map(([name]) => name)).toEqual(['bot-a', 'bot-b']);
    for (const [, s] of bots) expect(s.environment!.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
  });

  it('requires BOT_ENCRYPTION_KEY, as it requires the database password, on every replica', () => {
    for (const [name, s] of bots) {
      expect(s.environment!.DATABASE_URL, name).toContain('${POSTGRES_PASSWORD:?');
      // `${VAR:?message}`: compose stops with the message when the variable is unset or empty.
      expect(s.environment!.BOT_ENCRYPTION_KEY, name).toMatch(/^\$\{BOT_ENCRYPTION_KEY:\?[^}]*share[^}]*\}$/);
    }
  });

  it('puts the repository’s Caddyfile in front of both replicas (test/deploy/proxy.test.ts runs it)', () => {
    const proxy = compose.services.proxy!;
    // The image's own command runs /etc/caddy/Caddyfile; a Caddy that retries a request with a body.
    expect(proxy.command).toBeUndefined();
    expect(proxy.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(proxy.image).toMatch(/^caddy:2\.(1[1-9]|[2-9]\d)/);
    const caddyfile = read('Caddyfile');
    for (const bot of ['bot-a:3000', 'bot-b:3000']) expect(caddyfile).toContain(bot);
    for (const setting of ['health_uri /healthz', 'lb_try_duration', 'keepalive off'])
      expect(caddyfile).toContain(setting);
  });

  it('runs HTTP mode, and its header says to switch the manifest’s Socket Mode off', () => {
    for (const [name, s] of bots) expect(s.environment!.SLACK_APP_TOKEN, name).toBe('');
    const manifest = parse(read('manifest.yml')) as { settings: { socket_mode_enabled: boolean } };
    expect(manifest.settings.socket_mode_enabled).toBe(true);
    const header = text.slice(0, text.indexOf('\nx-bot:'));
    expect(header).toContain('socket_mode_enabled: false');
    expect(header).toContain('/slack/events');
  });
});
