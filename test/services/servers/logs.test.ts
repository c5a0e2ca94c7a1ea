/**
 * `/vps logs` as a use case against the simulator over real HTTP: the page
 * size the person asked for reaches the provider, the bot's own default
 * otherwise, and a size outside the provider's range is refused on its field
 * before any request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/log.ts';
import { ProviderClient } from '../../../src/provider/index.ts';
import { AccessService } from '../../../src/services/access/index.ts';
import { Audit } from '../../../src/services/audit.ts';
import { LOG_LIMIT, ServersService } from '../../../src/services/servers/index.ts';
import { type Simulator, startSimulator } from '../../../src/simulator/index.ts';
import type { AuditEntry, AuditRow } from '../../../src/store/index.ts';

let sim: Simulator;
let svc: ServersService;
const actor = { userId: 'U0VIEW', channelId: 'C1' };
const logsAsked = () => sim.control.requests({ path: '/v1/logs' }).map((r) => r.query);

beforeAll(async () => {
  sim = await startSimulator({ seed: 'default' });
  const logger = createLogger({ level: 'silent' });
  const clock = { now: () => sim.control.clock.now() };
  const provider = new ProviderClient({
    baseUrl: sim.url,
    apiKey: sim.keys.full,
    logger,
    clock: { now: () => Date.now(), sleep: async () => undefined },
  });
  const store = {
    audit: {
      append: async (r: AuditEntry) => ({ id: 1, at: new Date(0), params: {}, ...r }) as AuditRow,
      latest: async () => [],
    },
    snapshots: { all: async () => [] },
  };
  const access = new AccessService({
    operators: [],
    approvers: [],
    groups: { membersOf: async () => [] },
    provider,
    clock,
  });
  svc = new ServersService({ provider, store, access, audit: new Audit(store, logger), clock });
  // Some history for the key's log to hold.
  for (let i = 0; i < 6; i++) await provider.listServers();
});

afterAll(async () => {
  await sim?.close();
});

describe('ServersService.logs against the simulator', () => {
  it('asks for limit= entries, and for the bot’s own page size when none is given', async () => {
    const page = await svc.logs(actor, { limit: 4, method: 'GET' });
    expect(page.logs).toHaveLength(4);
    expect(page.limit).toBe(4);
    expect(logsAsked().at(-1)).toMatchObject({ limit: '4', method: 'GET' });
    await svc.logs(actor, {});
    expect(logsAsked().at(-1)).toEqual({ limit: String(LOG_LIMIT.shown) });
  });

  it('follows the cursor with the same page size', async () => {
    const first = await svc.logs(actor, { limit: 2 });
    expect(first.has_more).toBe(true);
    const second = await svc.logs(actor, { limit: 2 }, first.next_cursor!);
    expect(second.logs).toHaveLength(2);
    expect(logsAsked().at(-1)).toMatchObject({ limit: '2', cursor: first.next_cursor });
    expect(second.logs[0]).not.toEqual(first.logs[0]);
  });

  it('refuses a page size outside 1 to 500 on its field, sending nothing', async () => {
    const before = logsAsked().length;
    for (const limit of [0, 501, 2.5, -1]) {
      await expect(svc.logs(actor, { limit })).rejects.toMatchObject({
        code: 'invalid_field',
        params: { field: 'limit', rule: 'range', limit: 500 },
      });
    }
    expect(logsAsked()).toHaveLength(before);
    await svc.logs(actor, { limit: 500 });
    expect(logsAsked().at(-1)).toMatchObject({ limit: '500' });
  });
});
