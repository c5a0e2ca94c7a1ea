import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../src/simulator/index.ts';
import { call } from './sim-client.ts';

const here = dirname(fileURLToPath(import.meta.url));
const simDir = join(here, '../../src/simulator');

describe('module boundaries', () => {
  it('src/simulator imports only node: built-ins and its own files', () => {
    const bad: string[] = [];
    for (const f of readdirSync(simDir).filter((x) => x.endsWith('.ts'))) {
      const text = readFileSync(join(simDir, f), 'utf8');
      for (const m of text.matchAll(/from '([^']+)'/g)) {
        const spec = m[1] ?? '';
        if (!(spec.startsWith('node:') || /^\.\/[a-z0-9-]+\.ts$/.test(spec))) bad.push(`${f}: ${spec}`);
      }
      if (/console\./.test(text)) bad.push(`${f}: console`);
    }
    expect(bad).toEqual([]);
  });
});

describe("seed 'empty'", () => {
  it('has plans and balance but no VPS and no hosting server', async () => {
    const sim = await startSimulator({ clock: 'manual', seed: 'empty' });
    try {
      expect((await call(sim, 'GET', '/v1/vps/servers')).json).toEqual({ servers: [] });
      expect((await call(sim, 'GET', '/v1/vps/plans')).status).toBe(200);
      expect((await call(sim, 'GET', '/v1/server/xs123456.xsrv.jp/server-info')).status).toBe(404);
      expect(sim.control.balance()).toBe(50_000);
    } finally {
      await sim.close();
    }
  });
});

describe('cli', () => {
  it('prints its address and keys, serves, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(simDir, 'cli.ts'), '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m?.[1] && out.includes('ipRestricted')) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
    });
    const full = /full\s+(xs_sim_\S+)/.exec(out)?.[1];
    expect(full).toBeDefined();
    const res = await fetch(`${url}/v1/me`, { headers: { authorization: `Bearer ${full}` } });
    expect(res.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('with --accounts prints each account’s keys, and each key reaches its own account', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(simDir, 'cli.ts'), '--port', '0', '--accounts', 'main,shop'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m?.[1] && out.includes('control API')) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
    });
    expect(out).toContain('account main');
    expect(out).toContain('account shop');
    const shopFull = /full\s+(xs_sim_shop_\S+)/.exec(out)?.[1];
    expect(shopFull).toBeDefined();
    const res = await fetch(`${url}/v1/server/xs234567.xsrv.jp/domain`, {
      headers: { authorization: `Bearer ${shopFull}` },
    });
    expect(res.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses a malformed --accounts with a readable line', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(simDir, 'cli.ts'), '--port', '0', '--accounts', 'Main,shop a'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(err).toContain('--accounts');
  });

  it('says in one line that a port is taken and how to pick another, and exits non-zero', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(simDir, 'cli.ts'), '--port', String(port)],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
      });
      child.stderr.on('data', (c: Buffer) => {
        err += c.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
      expect(code).not.toBe(0);
      expect(out).toBe('');
      expect(err).toBe(
        `port ${port} on 127.0.0.1 is already in use (another simulator?): pick another with --port, such as npm run simulator -- --port ${port + 1}\n`,
      );
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it('refuses a bad --port with a readable line', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(simDir, 'cli.ts'), '--port', 'abc'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(err).toContain('--port');
  });
});
