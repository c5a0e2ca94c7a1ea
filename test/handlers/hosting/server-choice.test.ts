/**
 * Which server a /hosting command is about, decided from the key's `server`
 * service in GET /v1/me: one target is the default, several or all must be
 * named (the answer says how), a name outside the key is refused with the
 * allowed names before any request, a key without the service gets one
 * sentence, and a legacy single-server key works like a one-target key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/slack/i18n/index.ts';
import { type Harness, startHarness, VIEWER } from '../../support/app-harness.ts';
import { hosting, hostingRequests, NO_RATE_LIMIT, OTHER_SERVER, SERVER } from '../../support/hosting.ts';
import { fill } from '../../support/words.ts';

const en = catalogs.en;

describe('a key with one server (selected)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('uses that server when none is named, and when it is named in any case', async () => {
    expect((await hosting(h, 'info', VIEWER)).text).toContain(`Server ${SERVER}`);
    expect((await hosting(h, `${SERVER.toUpperCase()} info`, VIEWER)).text).toContain(`Server ${SERVER}`);
    expect(h.sim.control.requests({ path: `/v1/server/${SERVER}/server-info` }).length).toBe(2);
  });

  it('refuses another server with the allowed names, before any request', async () => {
    const before = hostingRequests(h);
    const r = await hosting(h, `${OTHER_SERVER} domains`, VIEWER);
    expect(r.text).toContain(
      fill(en['error.hosting_server_not_in_scope'], { server: OTHER_SERVER, servers: SERVER }),
    );
    // A write is refused the same way, and audited against the server it named.
    const w = await hosting(h, `${OTHER_SERVER} ssh on`);
    expect(w.text).toContain(
      fill(en['error.hosting_server_not_in_scope'], { server: OTHER_SERVER, servers: SERVER }),
    );
    expect(hostingRequests(h)).toBe(before);
    const [row] = await h.bot.store.audit.latest({ target: OTHER_SERVER, limit: 1 });
    expect(row).toMatchObject({
      action: 'hosting.ssh_on',
      outcome: 'refused',
      errorCode: 'hosting_server_not_in_scope',
    });
  });

  it('help names the one server and says it may be left out', async () => {
    expect((await hosting(h, 'help', VIEWER)).text).toContain(
      fill(en['hosting.help.server'], { server: SERVER }),
    );
  });
});

describe('a key covering every server (full)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'full', rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('asks for the server when none is named, saying how, and sends nothing', async () => {
    const before = hostingRequests(h);
    const r = await hosting(h, 'info', VIEWER);
    expect(r.text).toContain(en['error.hosting_server_needed_all']);
    expect(hostingRequests(h)).toBe(before);
  });

  it('answers for the server named first', async () => {
    const r = await hosting(h, `${OTHER_SERVER} info`, VIEWER);
    expect(r.text).toContain(`Server ${OTHER_SERVER}`);
    expect(r.text).toContain('183.90.241.22');
    const d = await hosting(h, `${SERVER} domains`, VIEWER);
    expect(d.text).toContain(`domains on ${SERVER}`);
  });

  it('servers and help say that every server is covered and how to name one', async () => {
    expect((await hosting(h, 'servers', VIEWER)).text).toContain(en['hosting.servers.all']);
    expect((await hosting(h, 'help', VIEWER)).text).toContain(en['hosting.help.all']);
  });
});

describe('a key covering several servers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      rateLimit: NO_RATE_LIMIT,
      keyOf: (sim) =>
        sim.control.createKey({
          name: 'two-servers',
          services: {
            server: { permission_type: 'full', target_mode: 'selected', targets: [SERVER, OTHER_SERVER] },
          },
        }),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists them, and asks for one with the list when none is named', async () => {
    const list = await hosting(h, 'servers', VIEWER);
    expect(list.text).toContain(`\`${SERVER}\``);
    expect(list.text).toContain(`\`${OTHER_SERVER}\``);
    const before = hostingRequests(h);
    const r = await hosting(h, 'domains', VIEWER);
    expect(r.text).toContain(
      fill(en['error.hosting_server_needed'], { servers: `${SERVER}, ${OTHER_SERVER}` }),
    );
    expect(hostingRequests(h)).toBe(before);
    expect((await hosting(h, `${OTHER_SERVER} domains`, VIEWER)).text).toContain('corp-example.co.jp');
  });

  it('refuses a third server with the two allowed names, before any request', async () => {
    const before = hostingRequests(h);
    const r = await hosting(h, 'xs999999.xsrv.jp info', VIEWER);
    expect(r.text).toContain(
      fill(en['error.hosting_server_not_in_scope'], {
        server: 'xs999999.xsrv.jp',
        servers: `${SERVER}, ${OTHER_SERVER}`,
      }),
    );
    expect(hostingRequests(h)).toBe(before);
  });

  it('help tells to put the server name first', async () => {
    expect((await hosting(h, 'help', VIEWER)).text).toContain(
      fill(en['hosting.help.servers'], { example: SERVER }),
    );
  });
});

describe('a key without the server service', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      rateLimit: NO_RATE_LIMIT,
      keyOf: (sim) =>
        sim.control.createKey({ name: 'vps-only', services: { vps: { permission_type: 'full' } } }),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('gets one clear sentence for a read, a write and the server list, and nothing is sent', async () => {
    for (const text of ['info', 'domains', 'ssh on', 'servers', `${SERVER} usage`]) {
      const r = await hosting(h, text);
      expect(r.text, text).toContain(en['error.key_no_server']);
      expect(r.text, text).not.toMatch(/FORBIDDEN|403|error code/i);
    }
    expect(hostingRequests(h)).toBe(0);
  });

  it('help says /hosting cannot be used with this key', async () => {
    const r = await hosting(h, 'help');
    expect(r.text).toContain(en['hosting.help.no_key']);
    expect(r.text).not.toContain(en['hosting.help.cmd.hosting.info']);
  });
});

describe('a legacy single-server key', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'legacy', rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('uses its server by default, for reads and writes', async () => {
    expect((await hosting(h, 'info', VIEWER)).text).toContain(`Server ${SERVER}`);
    expect((await hosting(h, 'help', VIEWER)).text).toContain(
      fill(en['hosting.help.server'], { server: SERVER }),
    );
    const r = await hosting(h, `${OTHER_SERVER} info`, VIEWER);
    expect(r.text).toContain(
      fill(en['error.hosting_server_not_in_scope'], { server: OTHER_SERVER, servers: SERVER }),
    );
  });
});
