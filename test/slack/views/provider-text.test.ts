/**
 * Provider data reaches mrkdwn as text (issue 12): a server name, IP,
 * hostname, OS, memo, plan, code or domain returned by the provider that
 * carries `<!channel>`, `<@U…>` or a `<http…|…>` link is shown as text in every
 * view, never as a live mention or link. plain_text fields show text as it is
 * and are not checked (nor double-escaped).
 */
import type { KnownBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import type { KeyScope } from '../../../src/services/access/index.ts';
import type { ListedServer, LogsPage, VpsDetailRead } from '../../../src/services/servers/index.ts';
import type { Plan, SignupRow } from '../../../src/services/signup/index.ts';
import { translator } from '../../../src/slack/i18n/index.ts';
import { channelUiFor, type Message, type Ui } from '../../../src/slack/views/format.ts';
import { errorLogView } from '../../../src/slack/views/hosting/errorlog.ts';
import {
  domainsView,
  domainView,
  infoView,
  sshKeysView,
  sshView,
  usageView,
  wordpressView,
} from '../../../src/slack/views/hosting/reads.ts';
import { privateKeyView } from '../../../src/slack/views/hosting/writes.ts';
import { announceView, powerView } from '../../../src/slack/views/messages.ts';
import { auditView } from '../../../src/slack/views/servers/audit.ts';
import { changeModalView } from '../../../src/slack/views/servers/change-modal.ts';
import { logsView } from '../../../src/slack/views/servers/logs.ts';
import { meView } from '../../../src/slack/views/servers/me.ts';
import { serverCardView } from '../../../src/slack/views/servers/server-card.ts';
import { serverListView } from '../../../src/slack/views/servers/server-list.ts';
import { signupApprovalMessage } from '../../../src/slack/views/signup/approval.ts';
import { signupListView } from '../../../src/slack/views/signup/list.ts';
import { signupOutcomeMessage } from '../../../src/slack/views/signup/outcomes.ts';
import { signupQuotedNotice } from '../../../src/slack/views/signup/requester.ts';
import type { IncidentRow, Notice } from '../../../src/store/index.ts';
import { incidentRow } from '../../support/incident-row.ts';
import { mrkdwnTexts } from '../../support/mrkdwn.ts';
import { renderDigest, renderIncident, renderIncidentDigest, renderUnit } from '../../support/watch-views.ts';

const EVIL = '<!channel> <@U0EVIL> <!here> <https://evil.example|click>';
/** What may never appear live in mrkdwn when it came from the provider. */
const LIVE = ['<!channel>', '<@U0EVIL>', '<!here>', '<https://evil.example'];

const en: Ui = { t: translator('en'), locale: 'en', tz: 'UTC', dateLocale: 'en-US' };
const ja: Ui = { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };

function expectNoLiveMention(what: string, m: Message | { blocks: unknown } | unknown): void {
  const texts = mrkdwnTexts(m);
  expect(texts.length, `${what} has mrkdwn text`).toBeGreaterThan(0);
  for (const t of texts) for (const live of LIVE) expect(t, `${what}: ${t}`).not.toContain(live);
}

const listed: ListedServer = {
  uuid: `uuid-${EVIL}`,
  name: `web ${EVIL}`,
  vps_type: `vps ${EVIL}`,
  plan_name: `plan ${EVIL}`,
  status: `odd ${EVIL}`,
  ip_address: `ip ${EVIL}`,
  os: `os ${EVIL}`,
  memo: `memo ${EVIL}`,
  power: `weird ${EVIL}`,
  powerSeenAt: new Date(0),
  powerAgeMs: 1000,
};

const detail: VpsDetailRead = {
  uuid: `uuid-${EVIL}`,
  name: `web ${EVIL}`,
  vps_type: `vps ${EVIL}`,
  status: `odd ${EVIL}`,
  plan: { name: `plan ${EVIL}`, vcpu: 1, memory_gb: 1, disk_gb: 1 },
  os: `os ${EVIL}`,
  application: `app ${EVIL}`,
  hostname: `host ${EVIL}`,
  reverse_hostname: `rdns ${EVIL}`,
  ip_address: `ip ${EVIL}`,
  power: { status: `weird ${EVIL}` },
  memo: `memo ${EVIL}`,
  broken: [],
};

describe.each([
  ['en', en],
  ['ja', ja],
])('provider text in mrkdwn (%s)', (_lang, ui) => {
  it('/vps list, show, power, announcements and the change modal', () => {
    expectNoLiveMention('list', serverListView(ui, [listed], { terms: [] }, 0));
    expectNoLiveMention('card', serverCardView(ui, detail, { canEdit: true, readAt: new Date(0) }));
    expectNoLiveMention('power', powerView(ui, detail.name!, detail.power.status!, new Date(0)));
    for (const field of ['name', 'memo', 'rdns'] as const) {
      expectNoLiveMention(
        `announce ${field}`,
        announceView(ui, 'U0ACTOR', {
          server: listed,
          field,
          before: `before ${EVIL}`,
          after: `after ${EVIL}`,
        }),
      );
      expectNoLiveMention(
        `change modal ${field}`,
        changeModalView(ui, field, listed, `current ${EVIL}`, { uuid: 'u1', ref: 'web', channelId: 'C0OPS' }),
      );
    }
  });

  it('/vps logs, me and audit', () => {
    const page: LogsPage = {
      logs: [
        {
          method: `GET ${EVIL}`,
          path: `/v1/${EVIL}`,
          status_code: 200,
          response_time_ms: 3,
          ip_address: `ip ${EVIL}`,
          created_at: `when ${EVIL}`,
        },
      ],
      count: 1,
      limit: 20,
      has_more: false,
      next_cursor: null,
    };
    expectNoLiveMention('logs', logsView(ui, page, {}));
    const key = {
      readable: true,
      writable: true,
      signupAllowed: false,
      targets: undefined,
      expiresAt: `soon ${EVIL}`,
      hosting: { available: false, servers: undefined, permission: undefined },
      info: {
        expires_at: `soon ${EVIL}`,
        services: {
          vps: {
            permission_type: `odd ${EVIL}`,
            target_mode: 'selected',
            targets: [`uuid ${EVIL}`, 'u-known'],
            permissions: { [`cat ${EVIL}`]: `lvl ${EVIL}` },
          },
          [`svc ${EVIL}`]: { permission_type: `odd ${EVIL}`, target_mode: `mode ${EVIL}`, targets: [] },
          wphosting: {
            permission_type: 'full',
            target_mode: 'all',
            targets: [],
            site_target_mode: `sites ${EVIL}`,
          },
        },
        legacy: { servername: `name ${EVIL}`, permission_type: `perm ${EVIL}` },
      },
    } as unknown as KeyScope;
    expectNoLiveMention(
      'me',
      meView(ui, key, 'viewer', new Date(0), undefined, new Map([['u-known', `vps ${EVIL}`]])),
    );
    expectNoLiveMention(
      'audit',
      auditView(
        ui,
        [
          {
            actor: 'U0A',
            channelId: null,
            action: `rename ${EVIL}`,
            target: `t ${EVIL}`,
            params: { name: `n ${EVIL}` },
            outcome: 'refused',
            errorCode: `E ${EVIL}`,
            at: new Date(0),
          },
        ],
        listed,
      ),
    );
  });

  it('watch notifications, digests and incidents', () => {
    const at = Date.UTC(2026, 2, 2);
    const notices: Notice[] = [
      { kind: 'contract', uuid: 'u1', name: `web ${EVIL}`, from: `a ${EVIL}`, to: `b ${EVIL}`, at },
      { kind: 'server-added', uuid: 'u2', name: `web ${EVIL}`, at },
      { kind: 'server-removed', uuid: 'u3', name: `web ${EVIL}`, at },
      {
        kind: 'signup-active',
        signupId: 's1',
        serviceId: `svc ${EVIL}`,
        uuid: `uuid ${EVIL}`,
        name: `web ${EVIL}`,
        ip: `ip ${EVIL}`,
        requesterId: 'U0REQ',
        at,
      },
      {
        kind: 'signup-stuck',
        signupId: 's2',
        serviceId: `svc ${EVIL}`,
        name: `web ${EVIL}`,
        requesterId: 'U0REQ',
        since: at,
        at,
      },
      { kind: 'power', uuid: 'u4', name: `web ${EVIL}`, from: 'running', to: 'stopped', at } as Notice,
    ];
    const channel = channelUiFor(ui.locale);
    for (const n of notices) expectNoLiveMention(`unit ${n.kind}`, renderUnit(channel, { notices: [n] }));
    expectNoLiveMention(
      'digest',
      renderDigest(
        channel,
        notices.map((n) => ({ notices: [n] })),
      ),
    );
    const inc: IncidentRow = incidentRow({
      id: 'inc',
      subject: `uuid ${EVIL}`,
      name: `web ${EVIL}`,
      ipAddress: `ip ${EVIL}`,
      plan: `plan ${EVIL}`,
      baseline: 'running',
      baselineSince: new Date(at - 3_600_000),
      baselineSinceKnown: true,
      state: `weird ${EVIL}`,
      changes: [{ key: 'k', from: 'running', to: `weird ${EVIL}`, at, later: false }],
      startedAt: new Date(at),
      lastChangeAt: new Date(at),
      updatedAt: new Date(at),
    });
    expectNoLiveMention('incident', renderIncident(channel, inc));
    expectNoLiveMention('incident digest', renderIncidentDigest(channel, [inc, { ...inc, id: 'inc2' }]));
  });

  it('signup approvals, outcomes, notices and the list', () => {
    const plan: Plan = {
      plan_id: 'vps-2gb',
      vps_type: 'vps',
      plan_name: `VPS ${EVIL}`,
      memory_mb: 2048,
      vcpu: 2,
      disk_gb: 50,
      currency: 'JPY',
      periods: [{ months: 1, total_price: 1000, regular_total_price: 1000, campaign_applied: false }],
    };
    const image = { image_id: 'img', name: `OS ${EVIL}`, version: `v ${EVIL}`, minimum_memory_mb: 0 };
    const row = {
      id: 'sig-1',
      state: 'quoted',
      planId: `vps ${EVIL}`,
      period: 1,
      imageId: `img ${EVIL}`,
      serverName: 'web-7',
      sshKeyName: 'deploy',
      sshPublicKey: null,
      autoRenew: true,
      partnerCode: null,
      quotedPrice: 1000,
      regularPrice: 1000,
      campaignApplied: false,
      idempotencyKey: 'k-123456789',
      requesterId: 'UREQ',
      approverId: 'UAPP',
      channelId: 'COPS',
      messageTs: null,
      threadTs: null,
      locale: 'en',
      expiresAt: new Date('2026-03-10T03:30:00Z'),
      secretId: null,
      providerServiceId: null,
      uuid: null,
      ipAddress: null,
      providerStatus: null,
      errorCode: `E ${EVIL}`,
      attempts: 0,
      nextCheckAt: null,
      createdAt: new Date('2026-03-10T03:00:00Z'),
      updatedAt: new Date('2026-03-10T03:00:00Z'),
    } as SignupRow;
    const channel = channelUiFor(ui.locale);
    for (const state of ['quoted', 'failed', 'rejected', 'active'] as const) {
      expectNoLiveMention(
        `approval ${state}`,
        signupApprovalMessage(channel, { row: { ...row, state }, plan, image }),
      );
      expectNoLiveMention(
        `approval ${state} without catalogue`,
        signupApprovalMessage(channel, { row: { ...row, state } }),
      );
    }
    expectNoLiveMention('quoted notice', signupQuotedNotice(ui, { row, plan }, true));
    for (const o of [
      { kind: 'failed' as const, row, code: `E ${EVIL}` },
      { kind: 'unknown' as const, row, code: `E ${EVIL}` },
      { kind: 'price_changed' as const, row, oldPrice: 1, requote: null, requoteError: `E ${EVIL}` },
    ]) {
      const m = signupOutcomeMessage(channel, o);
      if (m) expectNoLiveMention(`outcome ${o.kind}`, m);
    }
    expectNoLiveMention('signup list', signupListView(ui, [{ ...row, state: 'failed' }], [plan]));
  });

  it('/hosting reads and writes', () => {
    const server = 'xs123456.xsrv.jp';
    expectNoLiveMention(
      'info',
      infoView(ui, server, {
        ip_address: `ip ${EVIL}`,
        hostname: `host ${EVIL}`,
        name_servers: [`ns ${EVIL}`],
        php_versions: [`8 ${EVIL}`],
        db_versions: [{ product: `db ${EVIL}`, version: `1 ${EVIL}` }],
      } as never),
    );
    expectNoLiveMention('usage', usageView(ui, server, { [`k ${EVIL}`]: `v ${EVIL}` }));
    const item = { domain: `d ${EVIL}`, sslStatus: `s ${EVIL}`, url: `u ${EVIL}`, documentRoot: `r ${EVIL}` };
    expectNoLiveMention('domains', domainsView(ui, server, [item]));
    expectNoLiveMention(
      'domain',
      domainView(ui, server, 'example.jp', {
        domain: {
          domain: `d ${EVIL}`,
          url: `u ${EVIL}`,
          ssl_status: `s ${EVIL}`,
          document_root: `r ${EVIL}`,
        },
        nameServers: [`ns ${EVIL}`],
      } as never),
    );
    expectNoLiveMention(
      'wordpress',
      wordpressView(ui, server, undefined, [
        { id: `1 ${EVIL}`, url: `u ${EVIL}`, title: `t ${EVIL}`, domain: `d ${EVIL}`, version: `v ${EVIL}` },
      ]),
    );
    expectNoLiveMention('ssh', sshView(ui, server, { enabled: true }));
    expectNoLiveMention(
      'ssh keys',
      sshKeysView(ui, server, [{ id: `1 ${EVIL}`, label: `l ${EVIL}`, publicKey: `ssh-ed25519 ${EVIL}` }]),
    );
    expectNoLiveMention(
      'error log',
      errorLogView(ui, server, { domain: `d ${EVIL}`, lines: [`line ${EVIL}`] }, 100, 0),
    );
    expectNoLiveMention(
      'missing key',
      privateKeyView(ui, { server, created: `k ${EVIL}`, privateKey: undefined }),
    );
  });
});

describe('plain_text is not escaped', () => {
  it('shows a server name as it is in the card header', () => {
    const m = serverCardView(en, { ...detail, name: 'a&b<c>' }, { canEdit: false, readAt: new Date(0) });
    const header = m.blocks.find((b): b is Extract<KnownBlock, { type: 'header' }> => b.type === 'header');
    expect(header?.text.text).toBe('a&b<c>');
  });
});
