/**
 * The App Home as a pure view: every section in English and Japanese, the
 * channel's own decision buttons, someone without a role, and a Home with far
 * more than fits (incidents, approvals, mutes, servers, domains) held within a
 * Home's 100 blocks with what was left out counted, never cut silently, and
 * accepted by a Slack that refuses a repeated block_id (one per item). With
 * several provider accounts: one part per account, each block naming its
 * account, each list cut to the part's share, and the parts that do not fit
 * counted.
 */
import type { KnownBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import type { HomeData } from '../../../../src/services/home/index.ts';
import type { OpenIncident } from '../../../../src/services/watch/index.ts';
import { catalogs } from '../../../../src/slack/i18n/index.ts';
import {
  ACTIONS,
  accountOfBlockId,
  HOME_IDS,
  HOSTING_IDS,
  SIGNUP_IDS,
  WATCH_IDS,
} from '../../../../src/slack/ids.ts';
import { uiFor } from '../../../../src/slack/views/format.ts';
import { HOME_SHOWN, homeShare } from '../../../../src/slack/views/home/home-limits.ts';
import { homeView } from '../../../../src/slack/views/home/home-view.ts';
import type { OperationRow, SignupRow } from '../../../../src/store/index.ts';
import { readIncident } from '../../../../src/watch/notices.ts';
import { slackRefusal } from '../../../support/fake-slack.ts';
import { incidentRow } from '../../../support/incident-row.ts';

const en = uiFor('en', 'Asia/Tokyo');
const ja = uiFor('ja', 'Asia/Tokyo');
const AT = new Date('2026-03-10T03:00:00Z');

const signup = (i: number, over: Partial<SignupRow> = {}): SignupRow => ({
  id: `sig-${i}`,
  state: 'quoted',
  planId: 'vps-2gb',
  period: 1,
  imageId: 'ubuntu-24.04',
  serverName: `web-${i}`,
  sshKeyName: null,
  sshPublicKey: null,
  autoRenew: true,
  partnerCode: null,
  quotedPrice: 1_254 + i,
  regularPrice: null,
  campaignApplied: false,
  idempotencyKey: `key-${i}`,
  requesterId: 'U0BOB0001',
  approverId: null,
  channelId: 'C0OPS0001',
  messageTs: null,
  threadTs: null,
  locale: 'en',
  expiresAt: new Date(AT.getTime() + (30 + i) * 60_000),
  secretId: null,
  providerServiceId: null,
  uuid: null,
  ipAddress: null,
  providerStatus: null,
  errorCode: null,
  attempts: 0,
  nextCheckAt: null,
  createdAt: AT,
  updatedAt: AT,
  ...over,
});

const operation = (i: number, needsApproval: boolean): OperationRow => ({
  id: `op-${i}`,
  kind: 'hosting.ssh_off',
  target: 'xs123456.xsrv.jp',
  params: { loss: { kind: 'hosting.ssh_off', keys: 2 } },
  requesterId: needsApproval ? 'U0BOB0001' : 'U0ALICE01',
  channelId: 'C0OPS0001',
  state: 'pending',
  needsApproval,
  approverId: null,
  messageTs: null,
  expiresAt: new Date(AT.getTime() + 15 * 60_000),
  createdAt: AT,
  updatedAt: AT,
  errorCode: null,
  result: null,
});

const incident = (i: number): OpenIncident => ({
  incident: readIncident(
    incidentRow({
      id: `inc-${i}`,
      subject: `uuid-${i}`,
      name: `web-${i}`,
      changes: [{ key: `k${i}`, from: 'running', to: 'stopped', at: AT.getTime(), later: false }],
      startedAt: AT,
      lastChangeAt: AT,
      raisedAt: AT,
      alarmSince: AT,
      claimedBy: i === 0 ? 'U0ALICE01' : null,
      claimedAt: i === 0 ? AT : null,
    }),
  ),
  mutedUntil: null,
});

function home(over: { n?: number; role?: 'viewer' | 'operator' | 'approver' } = {}): HomeData {
  const n = over.n ?? 1;
  return {
    kind: 'home',
    userId: 'U0ALICE01',
    role: over.role ?? 'approver',
    waiting: {
      approvals: Array.from({ length: n }, (_, i) => signup(i)),
      operationApprovals: [operation(1, true)],
      confirmations: [operation(2, false)],
      ownSignups: Array.from({ length: n }, (_, i) => signup(100 + i, { requesterId: 'U0ALICE01' })),
      ownOperations: [],
      recentOrders: [signup(200, { state: 'active', requesterId: 'U0ALICE01' })],
    },
    now: {
      incidents: Array.from({ length: n }, (_, i) => incident(i)),
      mutes: Array.from({ length: n }, (_, i) => ({
        target: `uuid-${i}`,
        channelId: 'C0OPS0001',
        until: new Date(AT.getTime() + 3_600_000),
        createdBy: 'U0ALICE01',
        createdAt: AT,
        name: `web-${i}`,
        all: false,
      })),
      fleet: {
        total: n + 3,
        byPower: { running: 3, stopped: n },
        unknown: 0,
        notRunning: Array.from({ length: n }, (_, i) => ({
          uuid: `uuid-${i}`,
          name: `web-${i}`,
          power: 'stopped',
        })),
        asOf: AT,
      },
      hosting: {
        servers: ['xs123456.xsrv.jp'],
        sslProblems: Array.from({ length: n }, (_, i) => ({
          server: 'xs123456.xsrv.jp',
          domain: `shop-${i}.example.jp`,
          status: 'failed_nameserver',
          observedAt: AT,
        })),
      },
    },
    key: {
      key: {
        state: 'ok',
        expiresAt: new Date('2026-12-31T15:00:00Z'),
        limit: 10_000,
        used: 1_234,
        remaining: 8_766,
        resetsAt: AT.getTime(),
        readAt: AT,
      },
      lastKeyUse: incidentRow({
        id: 'ku',
        kind: 'key-use',
        subject: 'key-use:203.0.113.9',
        name: 'key',
        changes: [{ key: 'ku', from: 'ok', to: 'alarm', at: AT.getTime(), later: false }],
        startedAt: AT,
        lastChangeAt: AT,
        raisedAt: AT,
        resolvedAt: AT,
      }),
      visible: true,
    },
    may: {
      order: over.role !== 'viewer',
      plans: true,
      approve: over.role === 'approver' || over.role === undefined,
    },
  };
}

type Element = { action_id?: string; value?: string };
const buttons = (blocks: readonly KnownBlock[]): Element[] =>
  blocks.flatMap((b) => [
    ...('elements' in b && Array.isArray(b.elements) ? (b.elements as Element[]) : []),
    ...('accessory' in b && b.accessory ? [b.accessory as Element] : []),
  ]);
const text = (v: unknown) => JSON.stringify(v);

describe('the App Home view', () => {
  it('shows every section, with the channel’s own decision buttons, in English', () => {
    const view = homeView(en, home());
    expect(view.type).toBe('home');
    expect(view.callback_id).toBe(HOME_IDS.view);
    const blocks = view.blocks as KnownBlock[];
    const t = text(blocks);
    for (const key of [
      'home.waiting.title',
      'home.own.title',
      'home.now.title',
      'home.incidents.title',
      'home.mutes.title',
      'home.key.title',
      'home.may.title',
    ] as const)
      expect(t).toContain(en.t(key, { count: 1 }).replace(/\*/g, ''));
    const ids = buttons(blocks).map((b) => b.action_id);
    expect(ids).toEqual(
      expect.arrayContaining([
        SIGNUP_IDS.approve,
        SIGNUP_IDS.reject,
        HOSTING_IDS.approve,
        HOSTING_IDS.reject,
        HOSTING_IDS.confirm,
        HOSTING_IDS.cancel,
        WATCH_IDS.claim,
        ACTIONS.cardShow,
        HOME_IDS.orderVps,
        HOME_IDS.priceList,
      ]),
    );
    // The Approve button carries what the channel's carries: the request and the price it shows.
    expect(buttons(blocks).find((b) => b.action_id === SIGNUP_IDS.approve)?.value).toBe(
      '{"id":"sig-0","price":1254}',
    );
    expect(t).toContain('203.0.113.9');
    expect(t).toContain('8,766');
    expect(t).toContain('shop-0.example.jp');
    expect(t).toContain(catalogs.en['signup.state.active']);
    expect(slackRefusal('views.publish', { view })).toBeUndefined();
  });

  it('is written in Japanese for a Japanese reader', () => {
    const t = text(homeView(ja, home()).blocks);
    for (const key of ['home.waiting.title', 'home.now.title', 'home.key.title', 'home.may.title'] as const)
      expect(t).toContain(catalogs.ja[key]);
    expect(t).toContain(catalogs.ja['home.may.order']);
    expect(t).not.toContain(catalogs.en['home.waiting.title']);
  });

  it('someone without a role sees a short explanation and nothing else', () => {
    const view = homeView(en, { kind: 'no_role', userId: 'U0NOBODY1' });
    expect(view.blocks).toHaveLength(2);
    expect(text(view.blocks)).toContain(catalogs.en['home.no_role']);
    expect(buttons(view.blocks as KnownBlock[])).toEqual([]);
  });

  it('a viewer has no order button, and is told there is nothing to start when not even the price list', () => {
    const data = home({ role: 'viewer' });
    if (data.kind !== 'home') throw new Error('home');
    const viewer = homeView(en, { ...data, may: { order: false, plans: false, approve: false } });
    expect(buttons(viewer.blocks as KnownBlock[]).map((b) => b.action_id)).not.toContain(HOME_IDS.orderVps);
    expect(text(viewer.blocks)).toContain(catalogs.en['home.may.start_none']);
  });

  it.each([
    ['en', en],
    ['ja', ja],
  ] as const)(
    'holds far more than fits within a Home’s limits, saying how many were left out (%s)',
    (_, ui) => {
      const n = 60;
      const view = homeView(ui, home({ n }));
      const blocks = view.blocks as KnownBlock[];
      expect(blocks.length).toBeLessThanOrEqual(100);
      expect(slackRefusal('views.publish', { view })).toBeUndefined();
      const t = text(blocks);
      const decisions = n + 2;
      expect(t).toContain(ui.t('home.waiting.more', { count: decisions - HOME_SHOWN.decisions }));
      expect(t).toContain(ui.t('home.incidents.more', { count: n - HOME_SHOWN.incidents }));
      expect(t).toContain(ui.t('home.mutes.more', { count: n - HOME_SHOWN.mutes }));
      expect(t).toContain(ui.t('home.fleet.more', { count: n - HOME_SHOWN.notRunning }));
      expect(t).toContain(ui.t('home.hosting.more', { count: n - HOME_SHOWN.ssl }));
      // Own requests and orders: n quotes and one order, shown up to the share, the rest counted.
      expect(t).toContain(ui.t('home.own.more', { count: n + 1 - HOME_SHOWN.own }));
      const claims = buttons(blocks).filter((b) => b.action_id?.startsWith(WATCH_IDS.claim));
      expect(claims).toHaveLength(HOME_SHOWN.incidents);
    },
  );

  it('names a plan as the channel does, a server not running by its state, and every time in the reader’s zone', () => {
    const data = home();
    if (data.kind !== 'home') throw new Error('a Home');
    const plans = new Map([['vps-2gb', 'VPS 2GB']]);
    const withNames: HomeData = {
      ...data,
      waiting: { ...data.waiting, planNames: plans },
      now: {
        ...data.now,
        fleet: {
          ...data.now.fleet!,
          notRunning: [
            { uuid: 'u-1', name: 'batch-1', power: 'error' },
            { uuid: 'u-2', name: 'web-2', power: 'stopped' },
          ],
        },
      },
    };
    const t = text(homeView(en, withNames).blocks);
    // The plan by its label ("VPS 2GB"), as the approval in the channel names it, never its id.
    expect(t).toContain('*Order of a VPS:* VPS 2GB named `web-0`');
    expect(t).toContain('Order of VPS 2GB named `web-100`');
    expect(t).not.toContain('vps-2gb');
    // A state as a sentence: never "batch-1 is error".
    expect(t).toContain('*batch-1* reports a power error');
    expect(t).toContain('*web-2* is stopped');
    expect(t).not.toContain('is error');
    expect(text(homeView(ja, withNames).blocks)).toContain('*batch-1* の電源状態がエラーです');
    // The quote's expiry as the requester's own notice writes it (the reader's zone, 24-hour), never
    // Slack's token (which some clients show in 12 hours): one moment, one way.
    expect(t).toContain('the quote expires Mar 10, 2026, 12:30 Asia/Tokyo');
    expect(t).not.toContain('<!date^');
  });

  it('draws the same view twice for the same data (a Home unchanged is not published again)', () => {
    expect(text(homeView(en, home({ n: 3 })))).toBe(text(homeView(en, home({ n: 3 }))));
  });
});

describe('the App Home view with several provider accounts', () => {
  const part = (name: string, label: string, n = 1) => {
    const h = home({ n });
    if (h.kind !== 'home') throw new Error('a Home');
    return { account: { name, label }, home: h };
  };
  const blockIds = (blocks: readonly KnownBlock[]) => blocks.map((b) => b.block_id);

  it('draws one part per account headed by its label, every block of a part naming its account', () => {
    const view = homeView(en, {
      kind: 'accounts',
      userId: 'U0ALICE01',
      sections: [part('main', 'Production'), part('shop', 'Shop A')],
    });
    const blocks = view.blocks as KnownBlock[];
    const t = text(blocks);
    expect(t).toContain(en.t('home.account.title', { label: 'Production' }));
    expect(t).toContain(en.t('home.account.title', { label: 'Shop A' }));
    expect(t).toContain(catalogs.en['home.intro.accounts']);
    expect(slackRefusal('views.publish', { view })).toBeUndefined();
    // Each button's block names the account of the part it is in, read back as the kit reads it.
    const approvals = blocks.filter((b) => buttons([b]).some((e) => e.action_id === SIGNUP_IDS.approve));
    expect(approvals.map((b) => accountOfBlockId(b.block_id))).toEqual(['main', 'shop']);
    const ids = blockIds(blocks.slice(1));
    expect(ids.every((id) => accountOfBlockId(id) !== undefined || id === undefined)).toBe(true);
    expect(new Set(ids.filter((id) => id !== undefined)).size).toBe(
      ids.filter((id) => id !== undefined).length,
    );
    // A block of the title and the intro belongs to no account.
    expect(accountOfBlockId(blocks[0]!.block_id)).toBeUndefined();
    expect(
      text(homeView(ja, { kind: 'accounts', userId: 'U0ALICE01', sections: [part('main', '本番')] }).blocks),
    ).toContain(ja.t('home.account.title', { label: '本番' }));
  });

  it('gives each part its share of every list, saying what it left out, within a Home’s limits', () => {
    const n = 60;
    const view = homeView(en, {
      kind: 'accounts',
      userId: 'U0ALICE01',
      sections: [part('main', 'Production', n), part('shop', 'Shop A', n)],
    });
    const blocks = view.blocks as KnownBlock[];
    expect(blocks.length).toBeLessThanOrEqual(100);
    expect(slackRefusal('views.publish', { view })).toBeUndefined();
    const share = homeShare(2);
    expect(share.incidents).toBeLessThan(HOME_SHOWN.incidents);
    const t = text(blocks);
    const said = (s: string) => t.split(JSON.stringify(s).slice(1, -1)).length - 1;
    expect(said(en.t('home.incidents.more', { count: n - share.incidents }))).toBe(2);
    expect(said(en.t('home.waiting.more', { count: n + 2 - share.decisions }))).toBe(2);
    expect(said(en.t('home.fleet.more', { count: n - share.notRunning }))).toBe(2);
    const claims = buttons(blocks).filter((b) => b.action_id?.startsWith(WATCH_IDS.claim));
    expect(claims).toHaveLength(2 * share.incidents);
  });

  it('with more accounts than fit, shows those that do and says how many it left out', () => {
    const names = Array.from({ length: 12 }, (_, i) => `acct-${i}`);
    const view = homeView(ja, {
      kind: 'accounts',
      userId: 'U0ALICE01',
      sections: names.map((name) => part(name, name.toUpperCase(), 30)),
    });
    const blocks = view.blocks as KnownBlock[];
    expect(blocks.length).toBeLessThanOrEqual(100);
    expect(slackRefusal('views.publish', { view })).toBeUndefined();
    const headed = names.filter((name) =>
      text(blocks).includes(ja.t('home.account.title', { label: name.toUpperCase() })),
    );
    expect(headed.length).toBeGreaterThan(0);
    expect(headed.length).toBeLessThan(names.length);
    expect(text(blocks)).toContain(ja.t('home.accounts.more', { count: names.length - headed.length }));
  });
});
