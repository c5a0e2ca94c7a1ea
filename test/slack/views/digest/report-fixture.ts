/** Digest reports for the view tests: a quiet day, and a day with a lot of everything. */
import type { DigestIncident, DigestReport } from '../../../../src/services/digest/index.ts';
import { DIGEST_LISTED } from '../../../../src/services/digest/index.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** 09:00 Japan time on 10 March 2026. */
export const TO = Date.parse('2026-03-10T00:00:00Z');
export const FROM = TO - 24 * HOUR;

export function quietReport(over: Partial<DigestReport> = {}): DigestReport {
  return {
    day: '2026-03-10',
    from: FROM,
    to: TO,
    at: TO + 2_000,
    incidents: { opened: 0, resolved: 0, stillOpen: 0, list: { total: 0, items: [] }, longest: null },
    keyAlarms: { total: 0, items: [] },
    notRunning: { total: 0, items: [] },
    orders: { placed: 0, unknown: 0, totalYen: 0, list: { total: 0, items: [] } },
    refusals: { rejected: 0, expired: 0, list: { total: 0, items: [] } },
    hosting: { bot: { total: 0, items: [] }, outside: { total: 0, items: [] } },
    servers: { outside: { total: 0, items: [] } },
    budget: {
      limit: null,
      previousDay: 1234,
      today: 56,
      level: 'ok',
      window: { limit: null, remaining: null, seenAt: null },
    },
    renewals: { withinDays: 30, list: { total: 0, items: [] } },
    ...over,
  };
}

/** Names as long as the spec allows, with characters mrkdwn must not read as markup. */
const longName = (i: number) => `<!channel> *web*-${i}-${'x'.repeat(60)}`;

function incident(i: number, open: boolean): DigestIncident {
  const raisedAt = FROM + i * MIN;
  return {
    id: `inc-${i}`,
    kind: i % 3 === 0 ? 'key-use' : i % 3 === 1 ? 'power' : 'some-future-kind',
    name: longName(i),
    raisedAt,
    resolvedAt: open ? null : raisedAt + 30 * MIN,
    claimedBy: i % 2 === 0 ? 'U0ONCALL' : null,
  };
}

const listOf = <T>(n: number, make: (i: number) => T) => ({
  total: n,
  items: Array.from({ length: Math.min(n, DIGEST_LISTED) }, (_, i) => make(i)),
});

/** Three hundred incidents and a lot of everything else: counted whole, listed in part. */
export function busyReport(n = 300): DigestReport {
  const incidents = listOf(n, (i) => incident(i, i < 20));
  return quietReport({
    incidents: { opened: n, resolved: n - 20, stillOpen: 20, list: incidents, longest: incidents.items[0]! },
    keyAlarms: listOf(100, (i) => incident(i * 3, i < 5)),
    notRunning: listOf(120, (i) => ({
      uuid: `uuid-${i}`,
      name: longName(i),
      power: i % 2 === 0 ? 'error' : 'stopped',
      since: i % 5 === 0 ? null : FROM + i * MIN,
    })),
    orders: {
      placed: 60,
      unknown: 2,
      totalYen: 60 * 3960,
      list: listOf(62, (i) => ({
        signupId: `s-${i}`,
        name: longName(i),
        planId: 'vps-2gb',
        period: 3,
        price: 3960,
        requesterId: 'U0REQ',
        approverId: 'U0APP',
        outcome: i < 60 ? ('placed' as const) : ('unknown' as const),
        at: FROM + i * MIN,
      })),
    },
    refusals: {
      rejected: 40,
      expired: 40,
      list: listOf(80, (i) => ({
        what: i % 2 === 0 ? 'signup' : 'hosting.domain_reset',
        target: i % 2 === 0 ? 'vps-2gb' : 'sv1234.xsrv.jp',
        name: longName(i),
        price: 3960,
        state: i < 40 ? ('rejected' as const) : ('expired' as const),
        requesterId: 'U0REQ',
        by: i < 40 ? 'U0APP' : null,
        at: FROM + i * MIN,
      })),
    },
    hosting: {
      bot: listOf(90, (i) => ({
        at: FROM + i * MIN,
        server: 'sv1234.xsrv.jp',
        action: 'hosting.domain_add',
        actor: 'U0OPS',
        subject: `shop-${i}.example.jp`,
      })),
      outside: listOf(70, (i) => ({
        at: FROM + i * MIN,
        server: 'sv1234.xsrv.jp',
        action: i % 2 === 0 ? 'domain-added' : 'key-removed',
        actor: null,
        subject: `${i}`,
      })),
    },
    servers: {
      outside: listOf(60, (i) => ({
        at: FROM + i * MIN,
        name: longName(i),
        fields: i % 3 === 0 ? ['name', 'memo', 'rdns', 'ip', 'plan'] : ['memo'],
      })),
    },
    budget: {
      limit: 10_000,
      previousDay: 9_876,
      today: 432,
      level: 'low',
      window: { limit: 60, remaining: 12, seenAt: TO - MIN },
    },
    renewals: {
      withinDays: 30,
      list: listOf(45, (i) => ({
        name: longName(i),
        date: '2026-03-20',
        left: 10,
        source: 'provider' as const,
        autoRenew: i % 2 === 0 ? false : null,
      })),
    },
  });
}
