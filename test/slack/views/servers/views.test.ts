import type { KnownBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import type { DailyBudgetState } from '../../../../src/provider/index.ts';
import type { KeyScope } from '../../../../src/services/access/index.ts';
import {
  FIELD_LIMITS,
  type ListedServer,
  type LogsPage,
  type VpsDetailRead,
} from '../../../../src/services/servers/index.ts';
import { translator } from '../../../../src/slack/i18n/index.ts';
import { ACTIONS, BLOCKS, CALLBACKS, INPUT_ACTION } from '../../../../src/slack/ids.ts';
import { assertBlocksWithinLimits, LIMITS } from '../../../../src/slack/views/limits.ts';
import { auditView } from '../../../../src/slack/views/servers/audit.ts';
import { changeModalView, noticeModalView } from '../../../../src/slack/views/servers/change-modal.ts';
import { helpView } from '../../../../src/slack/views/servers/help.ts';
import { logsView } from '../../../../src/slack/views/servers/logs.ts';
import { meView } from '../../../../src/slack/views/servers/me.ts';
import { serverCardView } from '../../../../src/slack/views/servers/server-card.ts';
import { LIST_PAGE_SIZE, serverListView } from '../../../../src/slack/views/servers/server-list.ts';
import { listedServer, serverDetail } from '../../../support/servers.ts';

const ui = { t: translator('en'), locale: 'en' as const, tz: 'UTC', dateLocale: 'en-US' };
const ja = { t: translator('ja'), locale: 'ja' as const, tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };

const server = (i: number): ListedServer => listedServer(i);

const detail: VpsDetailRead = serverDetail({ memo: `${'&<>'.repeat(166)}ab` });

const sectionTexts = (blocks: KnownBlock[]) =>
  blocks.flatMap((b) => (b.type === 'section' && b.text ? [b.text.text] : []));

describe('server list view', () => {
  it('says in its text which servers and their power, within a limit, for screen readers and notifications', () => {
    const few = [server(1), server(2), { ...server(3), name: '<!channel>' }];
    expect(serverListView(ui, few, { terms: [] }, 0).text).toBe(
      '3 servers: server-001 (running), server-002 (power not seen yet), &lt;!channel&gt; (running)',
    );
    expect(serverListView(ja, few.slice(0, 2), { terms: [] }, 0).text).toBe(
      'サーバー 2 台: server-001（稼働中）、server-002（電源状態は未取得）',
    );
    const many = serverListView(
      ui,
      Array.from({ length: 500 }, (_, i) => server(i)),
      { terms: [] },
      3,
    ).text;
    expect(many.length).toBeLessThanOrEqual(1_000);
    expect(many).toMatch(
      /^500 servers: server-000 \(power not seen yet\), server-001 \(running\), .* and \d+ more$/,
    );
  });

  it('pages 500 servers, every page within the message limits, nothing silently dropped', () => {
    const all = Array.from({ length: 500 }, (_, i) => server(i));
    const pages = Math.ceil(500 / LIST_PAGE_SIZE);
    const seen = new Set<string>();
    for (let p = 0; p < pages; p++) {
      const m = serverListView(ui, all, { terms: [] }, p);
      expect(m.blocks.length).toBeLessThanOrEqual(LIMITS.messageBlocks);
      for (const t of sectionTexts(m.blocks)) expect(t.length).toBeLessThanOrEqual(LIMITS.sectionText);
      for (const t of sectionTexts(m.blocks)) for (const s of t.match(/server-\d{3}/g) ?? []) seen.add(s);
      expect(JSON.stringify(m.blocks)).toContain(`Page ${p + 1} of ${pages}`);
    }
    expect(seen.size).toBe(500);
  });

  it('carries the page and filter in the pager buttons, with short action ids', () => {
    const all = Array.from({ length: 40 }, (_, i) => server(i));
    const m = serverListView(ui, all, { terms: ['srv'], type: 'vps' }, 1);
    const pager = m.blocks.find((b) => b.block_id === BLOCKS.listPager);
    expect(pager?.type).toBe('actions');
    const buttons = pager?.type === 'actions' ? pager.elements : [];
    expect(buttons.map((b) => b.action_id)).toEqual([`${ACTIONS.listPage}:prev`, `${ACTIONS.listPage}:next`]);
    const value = buttons[1]?.type === 'button' ? buttons[1].value : undefined;
    expect(JSON.parse(value ?? '')).toEqual({ p: 2, f: { terms: ['srv'], type: 'vps' } });
  });

  it('summarises instead of cutting when the filter is too long to carry in a button', () => {
    const all = Array.from({ length: 40 }, (_, i) => server(i));
    const m = serverListView(ui, all, { terms: ['x'.repeat(2100)] }, 0);
    expect(m.blocks.some((b) => b.type === 'actions')).toBe(false);
    expect(JSON.stringify(m.blocks)).toContain('…and 25 more not shown');
  });

  it('shows each power state with its age, and says when one was not read for several rounds', () => {
    const fresh = { ...server(1), powerAgeMs: 12_000, powerStale: false };
    const stale = { ...server(3), name: 'late-1', powerAgeMs: 14 * 60_000, powerStale: true };
    const unknown = { ...server(2), name: 'new-1' };
    const text = JSON.stringify(serverListView(ui, [fresh, stale, unknown], { terms: [] }, 0).blocks);
    expect(text).toContain(':large_green_circle: running (seen 12 s ago)');
    expect(text).toContain(':warning: running when last seen 14 min ago: not read again for several rounds');
    expect(text).toContain('power not seen yet');
  });

  it('says how old a list shown again from a recent read is, in both languages; a fresh one says nothing', () => {
    const all = Array.from({ length: 3 }, (_, i) => server(i));
    const text = (u: typeof ui | typeof ja, readAgeMs: number) =>
      JSON.stringify(serverListView(u, all, { terms: [] }, 0, { readAgeMs }).blocks);
    expect(text(ui, 12_000)).toContain('Server list as read from the provider 12 s ago.');
    expect(text(ja, 12_000)).toContain('12秒前にプロバイダーから取得した一覧です。');
    expect(text(ui, 300)).not.toContain('as read from the provider');
  });

  it('says when nothing matches', () => {
    expect(serverListView(ui, [], { terms: ['zzz'] }, 0).text).toBe(ui.t('list.empty'));
  });
});

describe('server card view', () => {
  it('shows every field and escapes a long memo within the section limit', () => {
    const m = serverCardView(ui, detail, { canEdit: true, readAt: new Date(0) });
    const json = JSON.stringify(m.blocks);
    for (const label of ['Plan', 'IP address', 'Hostname', 'Reverse DNS', 'OS', 'Memo', 'Power']) {
      expect(json).toContain(label);
    }
    expect(json).toContain('&amp;&lt;&gt;');
    expect(json).not.toContain('<>');
    const actions = m.blocks.find((b) => b.block_id === BLOCKS.cardActions);
    expect(actions?.type === 'actions' && actions.elements.map((e) => e.action_id)).toEqual([
      ACTIONS.cardRefresh,
      ACTIONS.cardRename,
      ACTIONS.cardMemo,
      ACTIONS.cardRdns,
    ]);
  });

  it('is in Japanese for a Japanese user', () => {
    const m = serverCardView(ja, detail, { canEdit: false, readAt: new Date(0) });
    expect(JSON.stringify(m.blocks)).toContain('逆引きDNS');
    expect(JSON.stringify(m.blocks)).toContain('1970/01/01 09:00 Asia/Tokyo');
  });
});

describe('answers that break the spec, as far as they read', () => {
  it('lists a broken entry by its uuid with the fields it broke, and one without a uuid as unaddressable', () => {
    const bad = {
      index: 4,
      uuid: 'u-bad',
      broken: ['name', 'plan_name', 'memo'],
      vps_type: 'vps',
      status: 'active',
      ip_address: '203.0.113.9',
      os: null,
      power: 'running',
      powerAgeMs: 5_000,
    };
    const lost = { index: 7, uuid: null, broken: ['uuid'], name: '<!here>' };
    const whole = { index: 8, uuid: null, broken: ['*'] };
    const m = serverListView(ui, [server(1), bad, lost, whole], { terms: [] }, 0);
    const texts = sectionTexts(m.blocks);
    expect(texts[1]).toMatch(/^\*server-001\* · `10\.0\.0\.1` · vps · 2GB plan · active\n/);
    expect(texts[2]).toBe(
      ':warning: *u-bad* · `203.0.113.9` · vps · active\nThe provider’s answer for this server breaks its spec (`name`, `plan_name`, `memo`): only what could be read is shown. `/vps show u-bad` shows its detail.\n:large_green_circle: running (seen 5 s ago)',
    );
    expect(texts[3]).toBe(
      ':warning: *&lt;!here&gt;* Entry 8 of the provider’s list breaks its spec (`uuid`) and has no readable uuid, so it cannot be shown or changed from here. Check it in the provider’s panel.',
    );
    expect(texts[4]).toContain('Entry 9 of the provider’s list breaks its spec (the whole entry)');
    expect(m.text).toBe(
      '4 servers: server-001 (running), u-bad (running), &lt;!here&gt; (power not seen yet), ? (power not seen yet)',
    );
    const jaText = sectionTexts(serverListView(ja, [bad], { terms: [] }, 0).blocks).join('\n');
    expect(jaText).toContain('仕様に合っていません（`name`、`plan_name`、`memo`）');
  });

  it('marks a power state the spec does not list as such, in the list, the card and the power line', () => {
    const odd = { ...server(1), power: 'suspended', powerUnlisted: true, powerAgeMs: 3_000 };
    expect(sectionTexts(serverListView(ui, [odd], { terms: [] }, 0).blocks)[1]).toContain(
      ':grey_question: “suspended” (a state the provider’s spec does not list) (seen 3 s ago)',
    );
    const card = serverCardView(
      ja,
      { ...detail, power: { status: 'suspended' } },
      { canEdit: false, readAt: new Date(0) },
    );
    expect(card.text).toBe('db-1: 「suspended」（プロバイダーの仕様にない状態）');
    // A value that happens to be a catalog key's suffix is still only what the provider said.
    expect(
      serverCardView(
        ui,
        { ...detail, power: { status: 'constructor' } },
        { canEdit: false, readAt: new Date(0) },
      ).text,
    ).toBe('db-1: “constructor” (a state the provider’s spec does not list)');
  });

  it('a broken detail: each unreadable field marked, a line naming them, nothing guessed', () => {
    const broken: VpsDetailRead = {
      uuid: 'u-1',
      vps_type: 'business',
      status: 'active',
      plan: { name: '8GB', vcpu: 4 },
      os: 'Ubuntu',
      application: null,
      hostname: 'x1.example.net',
      reverse_hostname: null,
      power: {},
      memo: null,
      broken: ['name', 'plan.memory_gb', 'plan.disk_gb', 'ip_address', 'power.status'],
    };
    for (const u of [ui, ja]) {
      const m = serverCardView(u, broken, { canEdit: true, readAt: new Date(0) });
      const json = JSON.stringify(m.blocks);
      expect(json).toContain(`:warning: ${u.t('card.unreadable')}`);
      expect(json).toContain('`plan.memory_gb`');
      expect(m.text).toBe(`u-1: ${u.t('card.unreadable')}`);
      // Named by the uuid asked for: the header and the buttons still work.
      expect(m.blocks[0]).toMatchObject({ type: 'header', text: { text: 'u-1' } });
      expect(m.blocks.some((b) => b.block_id === BLOCKS.cardActions)).toBe(true);
    }
  });
});

describe('change modal', () => {
  it('uses the provider field name as action_id and carries the server in private_metadata', () => {
    const v = changeModalView(ui, 'rdns', { ...server(1), name: 'web-1' }, 'h.example', {
      uuid: 'u-1',
      ref: 'web-1',
      channelId: 'C1',
    });
    expect(v.callback_id).toBe(CALLBACKS.rdns);
    expect(v.title.text.length).toBeLessThanOrEqual(LIMITS.modalTitle);
    expect(JSON.parse(v.private_metadata ?? '')).toEqual({ uuid: 'u-1', ref: 'web-1', channelId: 'C1' });
    const input = v.blocks.find((b) => b.block_id === BLOCKS.changeInput);
    expect(JSON.stringify(input)).toContain(`"action_id":"${INPUT_ACTION.rdns}"`);
  });

  it('holds each field to the limit its hint states (never "at most 51" beside "Up to 50")', () => {
    for (const field of ['name', 'memo', 'rdns'] as const) {
      for (const u of [ui, ja]) {
        const v = changeModalView(u, field, { ...server(1), name: 'web-1' }, '', {
          uuid: 'u-1',
          ref: 'web-1',
          channelId: 'C1',
        });
        const input = v.blocks.find((b) => b.block_id === BLOCKS.changeInput) as {
          hint: { text: string };
          element: { max_length: number };
        };
        expect(input.element.max_length, field).toBe(FIELD_LIMITS[field]);
        expect(input.hint.text, field).toContain(`${FIELD_LIMITS[field]}`);
      }
    }
  });

  it('keeps every modal title within 24 characters in both languages', () => {
    for (const u of [ui, ja]) {
      for (const f of ['name', 'memo', 'rdns'] as const) {
        expect(noticeModalView(u, f, 'x').title.text.length).toBeLessThanOrEqual(LIMITS.modalTitle);
      }
    }
  });
});

describe('logs view', () => {
  const page = (n: number, cursor: string | null): LogsPage => ({
    logs: Array.from({ length: n }, (_, i) => ({
      method: 'GET',
      path: `/v1/vps/servers/${'x'.repeat(200)}${i}`,
      status_code: i % 3 ? 200 : 404,
      response_time_ms: i,
      ip_address: '198.51.100.1',
      created_at: '2026-01-02 09:00:00',
    })),
    count: n,
    limit: n,
    has_more: cursor !== null,
    next_cursor: cursor,
  });

  it('packs long pages into several sections under the limit, in the user’s zone', () => {
    const m = logsView(ui, page(50, 'abc'), { method: 'GET' });
    for (const t of sectionTexts(m.blocks)) expect(t.length).toBeLessThanOrEqual(LIMITS.sectionText);
    expect(
      sectionTexts(m.blocks)
        .join('\n')
        .match(/\/v1\/vps/g),
    ).toHaveLength(50);
    expect(JSON.stringify(m.blocks)).toContain('Jan 2, 2026, 00:00:00');
    expect(m.blocks.find((b) => b.block_id === BLOCKS.logsPager)).toBeDefined();
  });

  it('shows every entry of a 500-entry page within the limits, the limit carried by the pager', () => {
    const full = page(500, 'next');
    for (const u of [ui, ja]) {
      const m = logsView(u, full, { status: 'error', limit: 500 });
      assertBlocksWithinLimits(m.blocks, 'message');
      const shown = sectionTexts(m.blocks).join('\n');
      // Long paths are cut visibly to make room; every entry is there.
      expect(shown.match(/\/v1\/vps/g)).toHaveLength(500);
      expect(shown).toContain('…');
      // Nothing left out: the count line says the page's count and nothing else.
      const contexts = m.blocks.flatMap((b) =>
        b.type === 'context' ? b.elements.map((e) => ('text' in e ? e.text : '')) : [],
      );
      expect(contexts).toContain(u.t('logs.count', { count: 500 }));
      const pager = m.blocks.find((b) => b.block_id === BLOCKS.logsPager) as {
        elements: { value: string }[];
      };
      expect(JSON.parse(pager.elements[0]!.value)).toEqual({ c: 'next', f: { status: 'error', limit: 500 } });
    }
  });

  it('keeps short entries whole, and cuts a hostile page’s entries to fit, every one shown', () => {
    const short: LogsPage = {
      ...page(500, null),
      logs: page(500, null).logs.map((e, i) => ({ ...e, path: `/v1/vps/servers/u${i}` })),
    };
    const m = logsView(ui, short, { limit: 500 });
    expect(sectionTexts(m.blocks).join('\n')).not.toContain('…');
    // Every character of a path escaped five times over and a long address: each is cut to the
    // room it has as shown, escapes counted, so every entry still fits, visibly cut.
    const hostile: LogsPage = {
      ...page(500, null),
      logs: page(500, null).logs.map((e) => ({ ...e, path: '&'.repeat(300), ip_address: '<'.repeat(100) })),
    };
    const h = logsView(ui, hostile, { limit: 500 });
    assertBlocksWithinLimits(h.blocks, 'message');
    const lines = sectionTexts(h.blocks).join('\n').split('\n');
    expect(lines).toHaveLength(500);
    for (const line of lines) expect(line).toMatch(/`(&amp;)+…`/);
    expect(JSON.stringify(h.blocks)).not.toContain('not shown');
  });

  it('says so when the cursor is too long for a button', () => {
    const m = logsView(ui, page(1, 'c'.repeat(2100)), {});
    expect(m.blocks.find((b) => b.block_id === BLOCKS.logsPager)).toBeUndefined();
    expect(JSON.stringify(m.blocks)).toContain(ui.t('logs.cursor_too_long'));
  });
});

describe('me, audit, help views', () => {
  const key: KeyScope = {
    readable: true,
    writable: false,
    signupAllowed: false,
    targets: undefined,
    expiresAt: '2020-01-01 00:00:00',
    hosting: {
      available: false,
      servers: undefined,
      permission: undefined,
    },
    info: {
      expires_at: '2020-01-01 00:00:00',
      services: { vps: { permission_type: 'read', target_mode: 'all', targets: [] } },
      legacy: undefined,
    },
  };

  it('me counts the clients of KEY_EXPECTED_IPS in the key’s log, en and ja; nothing when there are none', () => {
    const now = new Date('2026-03-02T03:00:00Z');
    const seen = [{ range: '198.51.100.0/24', count: 42, lastAt: Date.parse('2026-03-02T02:59:00Z') }];
    const en = JSON.stringify(meView(ui, key, 'viewer', now, undefined, new Map(), seen).blocks);
    expect(en).toContain('Other clients you expect (KEY_EXPECTED_IPS), counted in the key’s log:');
    // To one person: their zone, as every answer to them, not Slack's token.
    expect(en).toContain('• `198.51.100.0/24`: 42 requests, the last Mar 2, 2026, 02:59 UTC');
    const jp = JSON.stringify(meView(ja, key, 'viewer', now, undefined, new Map(), seen).blocks);
    expect(jp).toContain('• `198.51.100.0/24`: 42 件（最終 2026/03/02 11:59 Asia/Tokyo）');
    expect(JSON.stringify(meView(ui, key, 'viewer', now).blocks)).not.toContain('KEY_EXPECTED_IPS');
  });

  it('me tells the day’s budget: the count, running low, the watcher paused, refused for the day', () => {
    const now = new Date('2026-03-02T03:00:00Z');
    const resetsAt = Date.parse('2026-03-02T15:00:00Z');
    const day = (over: Partial<DailyBudgetState>): DailyBudgetState => ({
      limit: 10_000,
      used: 1_200,
      remaining: 8_800,
      resetsAt,
      reserve: 1_000,
      level: 'ok',
      backgroundHeldUntil: null,
      ...over,
    });
    const text = (u: typeof ui | typeof ja, d: DailyBudgetState) =>
      JSON.stringify(meView(u, key, 'viewer', now, d).blocks);
    expect(text(ui, day({}))).toContain(
      'Provider requests today: 1,200 of 10,000 (the count starts again Mar 2, 2026, 15:00 UTC).',
    );
    const low = day({ used: 8_500, remaining: 1_500, level: 'low' });
    expect(text(ui, low)).toContain(
      'The provider’s daily request budget is running low: 1,500 of 10,000 left until Mar 2, 2026, 15:00 UTC. The watcher checks servers less often',
    );
    expect(text(ja, low)).toContain(
      'プロバイダーの1日あたりのリクエスト数が残りわずかです（2026/03/03 00:00 Asia/Tokyo までに残り 1,500 / 10,000 件）。',
    );
    const held = day({ used: 9_100, remaining: 900, level: 'low', backgroundHeldUntil: resetsAt });
    expect(text(ui, held)).toContain('the watcher is paused until Mar 2, 2026, 15:00 UTC');
    expect(text(ja, held)).toContain('2026/03/03 00:00 Asia/Tokyo まで監視を止めています。');
    const refused = day({
      limit: null,
      remaining: null,
      reserve: null,
      level: 'exhausted',
      backgroundHeldUntil: resetsAt,
    });
    expect(text(ui, refused)).toContain(
      'The provider’s daily request limit is reached until Mar 2, 2026, 15:00 UTC.',
    );
    expect(text(ja, refused)).toContain('1日あたりのリクエスト上限に達しました。');
    // No limit configured and nothing refused: nothing to say about the day.
    expect(text(ui, day({ limit: null, remaining: null, reserve: null }))).not.toContain('requests today');
  });

  it('me counts the services one message cannot hold, and lists every documented field of one', () => {
    const many: KeyScope = {
      ...key,
      info: {
        ...key.info,
        services: Object.fromEntries(
          Array.from({ length: 45 }, (_, i) => [
            `svc${i}`,
            { permission_type: 'full', target_mode: 'all', targets: [] },
          ]),
        ),
      },
    };
    const m = meView(ui, many, 'viewer', new Date(0));
    expect(m.blocks.length).toBeLessThanOrEqual(LIMITS.messageBlocks);
    expect(JSON.stringify(m.blocks)).toContain('…and 5 more (45 in all)');
    const wp: KeyScope = {
      ...key,
      info: {
        ...key.info,
        services: {
          wphosting: {
            permission_type: 'full',
            target_mode: 'selected',
            targets: [],
            allow_signup: true,
            site_target_mode: 'all',
            sites: [],
          },
        },
      },
    };
    const text = JSON.stringify(meView(ui, wp, 'viewer', new Date(0)).blocks);
    expect(text).toContain('Targets: 0 selected');
    expect(text).toContain(ui.t('me.allow_signup_yes'));
    expect(text).toContain(ui.t('me.sites_all'));
  });

  it('me says an expired key expired', () => {
    const m = meView(ui, key, 'viewer', new Date('2026-01-01T00:00:00Z'));
    expect(JSON.stringify(m.blocks)).toContain('The key expired at Dec 31, 2019, 15:00 UTC');
  });

  it('me says the days left, and warns from 14 days on, in both languages', () => {
    const jaUi = { t: translator('ja'), locale: 'ja' as const, tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };
    const expiring = { ...key, expiresAt: '2026-02-01 09:00:00' };
    const text = (u: typeof ui | typeof jaUi, now: string) =>
      JSON.stringify(meView(u, expiring, 'viewer', new Date(now)).blocks);
    // 2026-02-01 09:00 JST is 2026-02-01 00:00 UTC.
    expect(text(ui, '2026-01-01T00:00:00Z')).toContain('Key expires: Feb 1, 2026, 00:00 UTC (31 days left)');
    expect(text(ui, '2026-01-18T00:00:00Z')).toContain(
      ':warning: Key expires: Feb 1, 2026, 00:00 UTC, in 14 days.',
    );
    expect(text(ui, '2026-01-31T12:00:00Z')).toContain('in 12 hours.');
    expect(text(ui, '2026-01-31T23:59:00Z')).toContain('in less than an hour.');
    expect(text(jaUi, '2026-01-01T00:00:00Z')).toContain(
      'キーの有効期限: 2026/02/01 09:00 Asia/Tokyo（あと31日）',
    );
    expect(text(jaUi, '2026-01-30T00:00:00Z')).toContain(
      ':warning: キーの有効期限: 2026/02/01 09:00 Asia/Tokyo（あと2日）。',
    );
    expect(text(jaUi, '2026-01-31T23:00:00Z')).toContain('（あと1時間）');
    expect(text(ui, '2026-01-30T23:00:00Z')).toContain('in 1 day.');
  });

  it('the audit’s text says what is in it, within a limit, for screen readers', () => {
    const entry = (i: number) => ({
      at: new Date(0),
      actor: 'U1',
      channelId: 'C1',
      action: 'rename',
      target: `u-${i}`,
      params: { name: `web-${i}`, value: `web-${i}0` },
      outcome: 'ok' as const,
      errorCode: null,
    });
    const one = auditView(ui, [entry(1)]);
    expect(one.text).toContain('Recent changes and refused attempts\n');
    expect(one.text).toContain('rename → `web-10` · web-1 · done');
    const many = auditView(
      ui,
      Array.from({ length: 200 }, (_, i) => entry(i)),
    );
    expect(many.text.length).toBeLessThanOrEqual(1_000);
    expect(many.text).toContain('web-0');
    expect(many.text.endsWith('\n…')).toBe(true);
    expect(auditView(ui, []).text).toContain('Nothing recorded yet.');
  });

  it('audit lists entries with outcome and code', () => {
    const m = auditView(ui, [
      {
        at: new Date(0),
        actor: 'U1',
        channelId: 'C1',
        action: 'memo',
        target: 'u-1',
        params: { name: 'db-1' },
        outcome: 'failed',
        errorCode: 'OPERATION_ERROR',
      },
    ]);
    expect(JSON.stringify(m.blocks)).toContain(
      '<@U1> · memo · db-1 · failed: the provider refused it (OPERATION_ERROR)',
    );
    const ja = auditView({ t: translator('ja'), locale: 'ja', tz: 'UTC', dateLocale: 'ja-JP' }, [
      {
        at: new Date(0),
        actor: 'U1',
        channelId: 'C1',
        action: 'rename',
        target: 'u-1',
        params: { name: 'db-1', value: 'db-9' },
        outcome: 'refused',
        errorCode: 'name_taken',
      },
    ]);
    expect(JSON.stringify(ja.blocks)).toContain(
      '<@U1> · 名前 → `db-9` · db-1 · 拒否（同じ名前のサーバーがあります）',
    );
  });

  it('help lists only what the user may run', () => {
    const m = helpView(ui, {
      role: 'viewer',
      allowed: ['list', 'show'],
      needsHigherRole: ['rename'],
      key,
      channelAllowed: true,
    });
    const json = JSON.stringify(m.blocks);
    expect(json).toContain('/vps list');
    expect(json).not.toContain('/vps rename <server>');
    expect(json).toContain('Needs a higher role: `rename`');
    expect(json).toContain(ui.t('help.key_read_only'));
  });
});
