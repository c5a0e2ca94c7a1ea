/**
 * Every example the help and usage sentences give names something a fresh
 * simulator has, in both languages: a newcomer who copies one gets an answer,
 * not "no such server". Filters in `/vps list` examples match at least one
 * server (the type/status pair too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { parseHostingCommand } from '../../src/slack/grammar/hosting.ts';
import { parseVpsCommand } from '../../src/slack/grammar/vps.ts';
import { catalogs } from '../../src/slack/i18n/index.ts';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 'default' });
});
afterAll(async () => {
  await sim.close();
});

const texts = () => [...Object.values(catalogs.en), ...Object.values(catalogs.ja)];

describe('help examples on a fresh simulator', () => {
  it('every server named in a /vps example exists', () => {
    const names = new Set(sim.control.servers().map((s) => s.name));
    const named = new Set<string>();
    for (const t of texts()) {
      for (const m of t.matchAll(
        /`\/vps (?:show|power|rename|memo|rdns|audit|watch|unwatch|mute|unmute) ([^\s`<>[\]{}|…]+)/g,
      )) {
        const name = m[1]!;
        // `all` and `key` are words of the watch commands, not servers.
        if (name === 'all' || name === 'key' || name.startsWith('#')) continue;
        named.add(name);
      }
    }
    expect(named.size).toBeGreaterThan(1);
    for (const n of named) expect(names, `example names ${n}`).toContain(n);
  });

  it('every /vps list example matches at least one server', () => {
    const servers = sim.control.servers();
    let checked = 0;
    for (const t of texts()) {
      for (const m of t.matchAll(/`\/vps list ([^`<>[\]]+)`/g)) {
        const words = m[1]!.trim().split(/\s+/);
        const hits = servers.filter((s) =>
          words.every((w) => {
            const [k, v] = w.split('=');
            if (v === undefined) return [s.name, s.ipAddress, s.vpsType].join(' ').includes(w);
            return k === 'type' ? s.vpsType === v : k === 'status' ? s.status === v : false;
          }),
        );
        expect(hits.length, `/vps list ${m[1]}`).toBeGreaterThan(0);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('every /vps logs example is a command the grammar takes', () => {
    let checked = 0;
    for (const t of texts()) {
      for (const m of t.matchAll(/`\/vps (logs [^`<>[\]]+)`/g)) {
        expect(parseVpsCommand(m[1]!).ok, m[1]).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('every /hosting errorlog example reads lines of a simulated domain, its keyword found', async () => {
    let checked = 0;
    for (const t of texts()) {
      for (const m of t.matchAll(/`\/hosting (errorlog [^`<>[\]]+)`/g)) {
        const parsed = parseHostingCommand(m[1]!);
        if (!parsed.ok || parsed.command.name !== 'errorlog') throw new Error(`not a command: ${m[1]}`);
        const c = parsed.command;
        const query = new URLSearchParams({
          domain: c.domain,
          ...(c.lines === undefined ? {} : { lines: String(c.lines) }),
          ...(c.keyword === undefined ? {} : { keyword: c.keyword }),
        });
        const answers = await Promise.all(
          ['xs123456.xsrv.jp', 'xs654321.xsrv.jp'].map(async (server) => {
            const r = await fetch(`${sim.url}/v1/server/${server}/error-log?${query}`, {
              headers: { authorization: `Bearer ${sim.keys.full}` },
            });
            return r.ok ? ((await r.json()) as { log: string }).log : '';
          }),
        );
        expect(answers.join(''), m[1]).not.toBe('');
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
