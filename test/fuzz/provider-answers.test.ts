/**
 * Property: whatever the provider answers (any status, any body: JSON of any
 * shape, an HTML page, nothing), the client hands back typed data or throws
 * one of its own typed errors, never anything else, and every such error
 * reads as a sentence in English and Japanese. Data it accepts renders.
 * Pure for the error mapping (thousands of cases), and through the real
 * transport against the simulator's faults (real HTTP) for whole answers.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorFromResponse,
  ProviderClient,
  ProviderError,
  ProviderNetworkError,
  ProviderResponseError,
  type ServerListing,
  ValidationError,
} from '../../src/provider/index.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { failureMessage } from '../../src/slack/error-text.ts';
import { translator } from '../../src/slack/i18n/index.ts';
import { mrkdwnText, SHOWN, type Ui } from '../../src/slack/views/format.ts';
import { powerView } from '../../src/slack/views/messages.ts';
import { logsView } from '../../src/slack/views/servers/logs.ts';
import { serverCardView } from '../../src/slack/views/servers/server-card.ts';
import { LIST_PAGE_SIZE, serverListView } from '../../src/slack/views/servers/server-list.ts';
import { nastyText, params } from './support.ts';

const uis: Ui[] = [
  { t: translator('en'), locale: 'en', tz: 'UTC', dateLocale: 'en-US' },
  { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' },
];

/** The list view's rows: the servers as the spec describes them, then the entries that break it. */
const rows = (l: ServerListing) => [...l.servers, ...l.malformed];

const isTyped = (e: unknown): boolean =>
  e instanceof ProviderError ||
  e instanceof ProviderResponseError ||
  e instanceof ProviderNetworkError ||
  e instanceof ValidationError;

function readsAsSentence(err: unknown): void {
  for (const ui of uis) {
    const m = failureMessage(ui, err);
    expect(m.text.trim().length).toBeGreaterThan(0);
    expect(m.text).not.toMatch(/<!channel>|<@U0EVIL>/);
  }
}

/** A value shaped somewhat like a provider answer, fields of any type. */
const loose: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, '', '2026-13-01 00:00:00'),
    nastyText,
    fc.integer(),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(
      fc.constantFrom(
        'servers',
        'server',
        'uuid',
        'name',
        'status',
        'power',
        'ip_address',
        'memo',
        'plan',
        'logs',
        'count',
        'has_more',
        'next_cursor',
        'error',
        'code',
        'message',
        'errors',
        'services',
        'expires_at',
        'plans',
        'os_images',
        'total_price',
        'dry_run',
      ),
      tie('value'),
      { maxKeys: 6 },
    ),
  ),
})).value;

const body: fc.Arbitrary<string> = fc.oneof(
  loose.map((v) => JSON.stringify(v) ?? ''),
  fc.json(),
  nastyText,
  fc.constantFrom(
    '',
    ' ',
    '<html><body>502 Bad Gateway</body></html>',
    '{"error":',
    '{"error":{"code":null}}',
  ),
  fc
    .record({
      code: fc.oneof(nastyText, fc.constantFrom('RATE_LIMIT_EXCEEDED', 'PRICE_MISMATCH', 'UNKNOWN_X')),
    })
    .map((e) => JSON.stringify({ error: { ...e, message: '<!channel>', errors: ['<@U0EVIL>'] } })),
);

describe('the provider’s error answers, mapped', () => {
  it('maps any status, headers and body to one typed error with a sentence', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.dictionary(
          fc.constantFrom(
            'retry-after',
            'x-ratelimit-remaining',
            'x-ratelimit-concurrent-remaining',
            'x-ratelimit-reset',
            'content-type',
          ),
          fc.oneof(nastyText, fc.integer().map(String), fc.array(fc.string(), { maxLength: 2 })),
        ),
        body,
        (status, headers, text) => {
          const err = errorFromResponse(status, headers, text, 'GET /v1/vps/servers', Date.now());
          expect(err).toBeInstanceOf(ProviderError);
          expect(typeof err.code).toBe('string');
          readsAsSentence(err);
        },
      ),
      params(2000),
    );
  });
});

describe('whole answers through the real transport', () => {
  let sim: Simulator;
  let client: ProviderClient;
  let skew = 0;
  beforeAll(async () => {
    // Thousands of answers: the simulator's own rate limit is not what is tested here.
    sim = await startSimulator({
      rateLimit: { limit: 1_000_000, windowSeconds: 60, concurrent: 100, daily: 10_000_000 },
    });
    client = new ProviderClient({
      baseUrl: sim.url,
      apiKey: sim.keys.full,
      // One attempt: each case is one answer; the retry policy has its own tests.
      retry: { maxAttempts: 1 },
      // A 429 blocks the gate for its Retry-After: on this clock the wait passes at once.
      clock: {
        now: () => Date.now() + skew,
        sleep: async (ms: number) => {
          skew += ms;
        },
      },
      timeouts: { headersMs: 2000, bodyMs: 2000 },
    });
  });
  afterAll(async () => {
    await client?.close();
    await sim?.close();
  });

  const UUID = '00000000-0000-4000-8000-000000000000';
  const calls = {
    list: { method: 'GET', path: /^\/v1\/vps\/servers$/, run: () => client.listServers() },
    show: { method: 'GET', path: /^\/v1\/vps\/servers\/[^/]+$/, run: () => client.getServer(UUID) },
    power: { method: 'GET', path: /\/power$/, run: () => client.getPower(UUID) },
    logs: { method: 'GET', path: /^\/v1\/logs$/, run: () => client.logs({ limit: 20 }) },
    me: { method: 'GET', path: /^\/v1\/me$/, run: () => client.me() },
    plans: { method: 'GET', path: /^\/v1\/vps\/plans$/, run: () => client.plans() },
    memo: { method: 'PUT', path: /\/memo$/, run: () => client.setMemo(UUID, 'hello') },
    domains: {
      method: 'GET',
      path: /\/domain$/,
      run: () => client.hosting('xs123456.xsrv.jp').listDomains(),
    },
  } as const;

  it('gives typed data or a typed error for any answer, and what it accepts renders', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(calls) as (keyof typeof calls)[])),
        fc.oneof(fc.constant(200), fc.integer({ min: 200, max: 599 })),
        body,
        async (name, status, rawBody) => {
          sim.control.clearFaults();
          const c = calls[name];
          sim.control.addFault({ method: c.method, path: c.path, status, rawBody, times: 1 });
          let value: unknown;
          try {
            value = await c.run();
          } catch (err) {
            expect(isTyped(err), String(err)).toBe(true);
            readsAsSentence(err);
            return;
          }
          for (const ui of uis) {
            if (name === 'list') serverListView(ui, rows(value as ServerListing), { terms: [] }, 0);
            if (name === 'show') serverCardView(ui, value as never, { canEdit: true, readAt: new Date() });
            if (name === 'power')
              powerView(ui, 'web-1', (value as { status: string | null }).status ?? 'unknown', new Date());
            if (name === 'logs') logsView(ui, value as never, {});
          }
        },
      ),
      params(300, 0.1),
    );
  });

  /** Answers of the documented shape whose strings and numbers are anything. */
  const text = fc.oneof(nastyText, fc.constantFrom('web-1', '203.0.113.10', 'running', 'active'));
  const maybe = fc.option(text);
  const summary = fc.record({
    uuid: text,
    name: text,
    vps_type: text,
    plan_name: text,
    status: text,
    ip_address: maybe,
    os: maybe,
    memo: maybe,
  });
  const detail = fc.record({
    uuid: text,
    name: text,
    vps_type: text,
    status: text,
    plan: fc.record({
      name: text,
      vcpu: fc.integer(),
      memory_gb: fc.double({ noNaN: true, noDefaultInfinity: true }),
      disk_gb: fc.double({ noNaN: true, noDefaultInfinity: true }),
    }),
    os: maybe,
    application: maybe,
    hostname: maybe,
    reverse_hostname: maybe,
    ip_address: maybe,
    power: fc.record({ status: text }),
    memo: maybe,
  });
  const entry = fc.record({
    method: text,
    path: text,
    status_code: fc.integer({ min: -1, max: 1000 }),
    response_time_ms: fc.option(fc.integer()),
    ip_address: text,
    created_at: fc.oneof(text, fc.constant('2026-03-01 12:00:00')),
  });

  it('renders every well-shaped answer whatever its strings hold', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({
            name: fc.constant('list' as const),
            body: fc.array(summary, { maxLength: 20 }).map((servers) => ({ servers })),
          }),
          fc.record({ name: fc.constant('show' as const), body: detail.map((server) => ({ server })) }),
          fc.record({
            name: fc.constant('logs' as const),
            body: fc.record({
              logs: fc.array(entry, { maxLength: 25 }),
              count: fc.integer(),
              limit: fc.integer(),
              has_more: fc.boolean(),
              next_cursor: fc.option(text),
            }),
          }),
        ),
        async ({ name, body: answer }) => {
          sim.control.clearFaults();
          const c = calls[name];
          sim.control.addFault({
            method: c.method,
            path: c.path,
            status: 200,
            rawBody: JSON.stringify(answer),
            times: 1,
          });
          const value = await c.run();
          for (const ui of uis) {
            const m =
              name === 'list'
                ? serverListView(ui, rows(value as ServerListing), { terms: [] }, 0)
                : name === 'show'
                  ? serverCardView(ui, value as never, { canEdit: true, readAt: new Date() })
                  : logsView(ui, value as never, {});
            expect(m.text.length).toBeGreaterThan(0);
          }
        },
      ),
      params(200, 0.1),
    );
  });
  // Hostile provider entries (issue 21): one server whose entry breaks the spec, in any way, mixed
  // with good ones. Whatever it holds, nothing crashes and every good entry is read and shown.

  /** A value that breaks the spec for a string field: null, a number, a boolean, an array, an object. */
  const wrongType = fc.oneof(
    fc.constant(null),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
    fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
  );
  /** What a hostile provider puts in a field: a wrong type, a huge string, nothing at all. */
  const OMIT = Symbol('omit');
  const hostileValue = fc.oneof(
    { weight: 4, arbitrary: wrongType },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('a', '<', '😀', '\u0000'), fc.integer({ min: 1_000, max: 60_000 }))
        .map(([c, n]) => c.repeat(n)),
    },
    { weight: 2, arbitrary: fc.constant(OMIT) },
  );
  /** A power state the spec does not list, or one that is no state at all. */
  const hostilePower = fc.oneof(
    fc.constantFrom('suspended', 'hibernating', 'RUNNING', 'unknown', 'starting', '停止中', 'running '),
    hostileValue,
    nastyText,
  );
  const goodSummary = fc.record({
    uuid: fc.uuid(),
    name: fc.oneof(fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,20}$/), text),
    vps_type: fc.oneof(fc.constantFrom('vps', 'business', 'windows', 'gpu'), text),
    plan_name: text,
    status: fc.oneof(fc.constantFrom('active', 'suspended', 'frozen'), text),
    ip_address: maybe,
    os: maybe,
    memo: maybe,
  });
  const SUMMARY_FIELDS = ['uuid', 'name', 'vps_type', 'plan_name', 'status', 'ip_address', 'os', 'memo'];
  const DETAIL_FIELDS = [
    'uuid',
    'name',
    'vps_type',
    'status',
    'plan',
    'plan.name',
    'plan.vcpu',
    'plan.memory_gb',
    'plan.disk_gb',
    'os',
    'application',
    'hostname',
    'reverse_hostname',
    'ip_address',
    'power',
    'power.status',
    'memo',
  ];

  /** `entry` with each named field (dotted for nested ones) set to a hostile value or left out. */
  function broken(entry: Record<string, unknown>, changes: [string, unknown][]): Record<string, unknown> {
    const out: Record<string, unknown> = structuredClone(entry);
    for (const [path, value] of changes) {
      const parts = path.split('.');
      let at: Record<string, unknown> = out;
      for (const p of parts.slice(0, -1)) {
        if (typeof at[p] !== 'object' || at[p] === null || Array.isArray(at[p])) at = {};
        else at = at[p] as Record<string, unknown>;
      }
      const k = parts[parts.length - 1]!;
      if (value === OMIT) delete at[k];
      else at[k] = value;
    }
    return out;
  }

  const hostileEntry = fc.oneof(
    // A good entry with some of its fields broken.
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          goodSummary,
          fc.array(fc.tuple(fc.constantFrom(...SUMMARY_FIELDS), hostileValue), {
            minLength: 1,
            maxLength: 4,
          }),
        )
        .map(([e, changes]) => broken(e, changes)),
    },
    // No entry at all where one should be.
    { weight: 1, arbitrary: fc.oneof(wrongType, nastyText) },
  );

  /** The section texts of every page of the list view. */
  function listTexts(ui: Ui, listing: ServerListing): string[] {
    const all = rows(listing);
    const pages = Math.max(1, Math.ceil(all.length / LIST_PAGE_SIZE));
    return Array.from({ length: pages }, (_, p) => serverListView(ui, all, { terms: [] }, p)).flatMap((m) =>
      m.blocks.flatMap((b) => (b.type === 'section' && b.text ? [b.text.text] : [])),
    );
  }

  it('hostile list entries: no crash, every good entry read and shown, every entry accounted for', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            goodSummary.map((e) => ({ good: true, e })),
            hostileEntry.map((e) => ({ good: false, e })),
          ),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        async (entries) => {
          sim.control.clearFaults();
          sim.control.addFault({
            method: 'GET',
            path: /^\/v1\/vps\/servers$/,
            status: 200,
            rawBody: JSON.stringify({ servers: entries.map((x) => x.e) }),
            times: 1,
          });
          const listing = await client.listServers();
          expect(listing.servers.length + listing.malformed.length).toBe(entries.length);
          const read = new Set(listing.servers.map((s) => s.uuid));
          const good = entries.filter((x) => x.good).map((x) => x.e as { uuid: string; name: string });
          for (const g of good) expect(read.has(g.uuid)).toBe(true);
          for (const m of listing.malformed) {
            expect(m.broken.length).toBeGreaterThan(0);
            expect(m.uuid === null || typeof m.uuid === 'string').toBe(true);
          }
          for (const ui of uis) {
            const texts = listTexts(ui, listing);
            expect(texts.join('\n')).toContain(ui.t('list.header', { count: entries.length }));
            for (const g of good)
              expect(texts.some((t) => t.includes(`*${mrkdwnText(g.name, SHOWN.name)}*`))).toBe(true);
          }
        },
      ),
      params(150, 0.1),
    );
  });

  const goodDetail = fc.record({
    uuid: fc.constant(UUID),
    name: text,
    vps_type: text,
    status: text,
    plan: fc.record({
      name: text,
      vcpu: fc.integer({ min: 1, max: 64 }),
      memory_gb: fc.integer({ min: 1, max: 512 }),
      disk_gb: fc.integer({ min: 1, max: 4000 }),
    }),
    os: maybe,
    application: maybe,
    hostname: maybe,
    reverse_hostname: maybe,
    ip_address: maybe,
    power: fc.record({ status: fc.constantFrom('running', 'stopped', 'processing', 'error') }),
    memo: maybe,
  });

  it('a hostile detail: no crash, the card shows what reads and marks the rest; any power state is shown', async () => {
    await fc.assert(
      fc.asyncProperty(
        goodDetail,
        fc.array(fc.tuple(fc.constantFrom(...DETAIL_FIELDS), hostileValue), { maxLength: 5 }),
        hostilePower,
        async (good, changes, power) => {
          const answer = broken(good, [...changes, ['power.status', power]]);
          sim.control.clearFaults();
          sim.control.addFault({
            method: 'GET',
            path: /^\/v1\/vps\/servers\/[^/]+$/,
            status: 200,
            rawBody: JSON.stringify({ server: answer }),
            times: 1,
          });
          const detail = await client.getServer(UUID);
          expect(detail.uuid).toBe(UUID);
          for (const f of detail.broken) expect([...DETAIL_FIELDS, '*']).toContain(f);
          const status = detail.power.status;
          for (const ui of uis) {
            const card = serverCardView(ui, detail, { canEdit: true, readAt: new Date() });
            expect(card.text.length).toBeGreaterThan(0);
            if (detail.broken.length > 0)
              expect(JSON.stringify(card.blocks)).toContain(ui.t('card.unreadable'));
            // A short word the spec does not list is still what the card says, never an old state.
            if (status !== undefined && !['running', 'stopped', 'processing', 'error'].includes(status))
              expect(card.text).toContain(mrkdwnText(status, 40).slice(0, 30));
          }
        },
      ),
      params(150, 0.1),
    );
  });
});
