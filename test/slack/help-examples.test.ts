/**
 * Every example the help and usage sentences give names something a fresh
 * simulator has, in both languages: a newcomer who copies one gets an answer,
 * not "no such server". Filters in `/vps list` examples match at least one
 * server (the type/status pair too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
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
        if (name === 'all' || name.startsWith('#')) continue;
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
});
