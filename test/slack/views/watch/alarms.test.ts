/**
 * Every alarm kind's message, in English and Japanese, as a pure function:
 * its first line with the marker and the mention, what to do, the "I'm on it"
 * button while open, who is on it, the resolved edit with how long and who,
 * the thread's lines (claim, takeover, reminder, relapse, resolve), a digest
 * of mixed kinds with its buttons, and `/vps incidents` with many alarms,
 * all within Slack's limits.
 */
import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/slack/i18n/index.ts';
import type { Ui } from '../../../../src/slack/views/format.ts';
import { assertBlocksWithinLimits } from '../../../../src/slack/views/limits.ts';
import { textView } from '../../../../src/slack/views/messages.ts';
import { LISTED_INCIDENTS, withTakeOver } from '../../../../src/slack/views/watch/incident-list.ts';
import {
  ALARM_KINDS,
  type AlarmKind,
  type AlarmNotice,
  type IncidentRow,
} from '../../../../src/store/index.ts';
import { incidentRow } from '../../../support/incident-row.ts';
import {
  incidentListView,
  renderIncident,
  renderIncidentDigest,
  renderIncidentReplies,
} from '../../../support/watch-views.ts';

const T0 = Date.UTC(2026, 2, 2, 3, 0, 0);
const oncall = '<!subteam^S0ONCALL>';
const en: Ui = { t: translator('en'), locale: 'en', tz: 'UTC', dateLocale: 'en-US' };
const ja: Ui = { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };

const DETAIL: Record<AlarmKind, { subject: string; name: string; detail: unknown }> = {
  contract: { subject: 'uuid-1', name: 'db-1', detail: { from: 'active', to: 'suspended' } },
  'signup-stuck': {
    subject: 'signup:s1',
    name: 'new-web-1',
    detail: { signupId: 's1', serviceId: '12345', requesterId: 'U0REQ', since: T0 - 3 * 3_600_000 },
  },
  ssl: {
    subject: 'ssl:xs123456.xsrv.jp/example-shop.com',
    name: 'example-shop.com',
    detail: {
      server: 'xs123456.xsrv.jp',
      domain: 'example-shop.com',
      status: 'failed_nameserver',
      nameServers: ['ns1.xserver.jp', 'ns2.xserver.jp'],
    },
  },
  'ssl-expired': {
    subject: 'ssl-expiry:xs123456.xsrv.jp/example-shop.com',
    name: 'example-shop.com',
    detail: { server: 'xs123456.xsrv.jp', domain: 'example-shop.com', expiresAt: T0 - 3_600_000 },
  },
  'key-use': {
    subject: 'key-use:198.51.100.7',
    name: 'API key',
    detail: {
      method: 'DELETE',
      path: '/v1/vps/servers/x',
      status: 204,
      ip: '198.51.100.7',
      requestedAt: T0,
      more: 4,
    },
  },
  'key-auth': {
    subject: 'key-auth',
    name: 'API key',
    detail: { count: 7, windowMinutes: 10, statuses: [401, 403], ips: ['198.51.100.7', '203.0.113.9'] },
  },
  'key-expired': { subject: 'key', name: 'API key', detail: { expiresAt: T0 - 60_000 } },
};

function alarm(kind: AlarmKind, over: Partial<IncidentRow> = {}): IncidentRow {
  const d = DETAIL[kind];
  const at = new Date(T0);
  return incidentRow({
    id: `${kind}:1`,
    kind,
    subject: d.subject,
    name: d.name,
    baseline: 'ok',
    state: 'alarm',
    detail: d.detail,
    changes: [{ key: `${kind}:1`, from: 'ok', to: 'alarm', at: T0, later: false }],
    raisedAt: at,
    alarmSince: at,
    startedAt: at,
    lastChangeAt: at,
    ...over,
  });
}

function resolved(inc: IncidentRow, after: number, by: string | null = null): IncidentRow {
  const at = T0 + after;
  return {
    ...inc,
    state: 'ok',
    changes: [...inc.changes, { key: 'r', from: 'alarm', to: 'ok', at, later: true }],
    alarmSince: null,
    resolvedAt: new Date(at),
    lastChangeAt: new Date(at),
    claimedBy: by,
    claimedAt: by ? new Date(T0 + 60_000) : null,
    claims: by ? 1 : 0,
  };
}

const json = (m: { blocks: unknown }) => JSON.stringify(m.blocks);
/** Placeholders left in a text (Slack's date tokens carry their own braces). */
const unfilled = (text: string) => text.replace(/<!date\^[^>]+>/g, '').match(/\{\w+\}/g) ?? [];

describe('each alarm kind’s message', () => {
  it.each([...ALARM_KINDS])(
    '%s: alarm first with on-call, what to do, “I’m on it”; resolved in place (en, ja)',
    (kind) => {
      for (const ui of [en, ja]) {
        const open = renderIncident(ui, alarm(kind), oncall);
        assertBlocksWithinLimits(open.blocks, 'message');
        const [first] = open.text.split('\n');
        expect(first).toMatch(/^:rotating_light: <!subteam\^S0ONCALL> /);
        expect(unfilled(open.text)).toEqual([]);
        expect(json(open)).toContain('"action_id":"watch_incident_claim"');
        expect(json(open)).toContain(`"value":"{\\"i\\":\\"${kind}:1\\",\\"n\\":0}"`);
        expect(open.text).toContain(ui.t('oncall.unclaimed'));
        // Only a server's alarm has its card and mute buttons.
        expect(json(open).includes('vps_card_show')).toBe(kind === 'contract');

        const claimed = renderIncident(
          ui,
          alarm(kind, { claimedBy: 'U0BOB', claimedAt: new Date(T0 + 60_000), claims: 1 }),
          oncall,
        );
        expect(claimed.text.split('\n')[0]).not.toContain(oncall);
        expect(claimed.text).toContain('<@U0BOB>');

        const done = renderIncident(ui, resolved(alarm(kind), 5 * 60_000, 'U0BOB'), oncall);
        assertBlocksWithinLimits(done.blocks, 'message');
        expect(done.text).toMatch(/^:white_check_mark: /);
        expect(done.text).toContain(ui.locale === 'en' ? '5 min' : '5分');
        expect(done.text).toContain('<@U0BOB>');
        expect(json(done)).not.toContain('watch_incident_claim');
        expect(done.text).not.toContain(oncall);
      }
    },
  );

  it('says what each kind needs done, from its facts', () => {
    const t = (kind: AlarmKind) => renderIncident(en, alarm(kind), oncall).text;
    expect(t('signup-stuck')).toContain(
      '<@U0REQ> Please contact the provider’s support with the service code 12345',
    );
    expect(t('ssl')).toContain(
      'Set its name servers to `ns1.xserver.jp`, `ns2.xserver.jp`, or set up free SSL in the control panel',
    );
    expect(t('key-use')).toContain('`DELETE /v1/vps/servers/x` → 204 from `198.51.100.7`');
    expect(t('key-use')).toContain('and 4 more requests from there');
    expect(t('key-use')).toContain('KEY_EXPECTED_IPS');
    expect(t('key-auth')).toContain('7 requests with the API key were refused (401/403) within 10 min');
    expect(t('key-expired')).toContain('The provider API key expired <!date^');
    expect(renderIncident(en, alarm('key-expired', { detail: { expiresAt: null } }), oncall).text).toContain(
      'refuses the API key (401)',
    );
    // Expired while still answered, or refused: each says so, en and ja.
    expect(t('key-expired')).toContain(
      'The provider still answers it for now, but may refuse it at any moment',
    );
    const refused = { detail: { expiresAt: T0 - 60_000, refused: true } };
    expect(renderIncident(en, alarm('key-expired', refused), oncall).text).toContain(
      'The provider refuses the API key (401)\nThe bot can no longer read or change anything',
    );
    expect(renderIncident(ja, alarm('key-expired'), oncall).text).toContain('現在はまだ応答がありますが');
    expect(renderIncident(ja, alarm('key-expired', refused), oncall).text).toContain(
      'プロバイダーがAPIキーを拒否しています（401）',
    );
    // A stranger on the bot's own address: said, in both languages.
    const own = { detail: { ...(DETAIL['key-use'].detail as object), own: true } };
    expect(t('key-use')).not.toContain('bot’s own');
    expect(renderIncident(en, alarm('key-use', own), oncall).text).toContain(
      'This address is the bot’s own, yet the bot did not make this request',
    );
    expect(renderIncident(ja, alarm('key-use', own), oncall).text).toContain(
      'このアドレスはボット自身のものですが',
    );
    expect(renderIncident(ja, alarm('key-use'), oncall).text).toContain(
      '`198.51.100.7` から `DELETE /v1/vps/servers/x` → 204。ほかに同じアドレスから 4 件',
    );
    // Facts that cannot be read: a generic sentence, never a broken one.
    const odd = renderIncident(en, alarm('ssl', { detail: { nope: 1 } }), oncall);
    expect(odd.text).toContain('*example-shop.com* needs attention');
    expect(renderIncident(ja, alarm('contract'), oncall).text).toContain(
      '*db-1* の契約が *停止中（suspended）* になりました',
    );
  });

  it('says claims, reminders, a relapse and the resolve in the thread', () => {
    const inc = alarm('contract', { claimedBy: 'U0BOB', claimedAt: new Date(T0), claims: 2 });
    const ev = (event: AlarmNotice['event'], extra: Partial<AlarmNotice> = {}): AlarmNotice => ({
      kind: 'alarm',
      event,
      alarm: 'contract',
      incidentId: inc.id,
      subject: inc.subject,
      name: inc.name,
      at: T0 + 60_000,
      ...extra,
    });
    const lines = (ui: Ui, ...notices: AlarmNotice[]) =>
      renderIncidentReplies(
        ui,
        notices.map((notice) => ({ incident: inc, notice })),
        oncall,
      ).text;
    expect(lines(en, ev('claim', { by: 'U0ALICE', previous: null }))).toMatch(
      /^:raising_hand: <@U0ALICE> is on it · <!date\^/,
    );
    expect(lines(en, ev('claim', { by: 'U0BOB', previous: 'U0ALICE' }))).toContain(
      '<@U0BOB> took it over from <@U0ALICE>',
    );
    expect(lines(ja, ev('claim', { by: 'U0BOB', previous: 'U0ALICE' }))).toContain(
      '<@U0BOB> が <@U0ALICE> から対応を引き継ぎました',
    );
    expect(lines(en, ev('renotify', { round: 2, of: 3 }))).toMatch(
      /^:rotating_light: <!subteam\^S0ONCALL> Still nobody on it \(reminder 2 of 3\): the contract of \*db-1\* is suspended, since <!date\^/,
    );
    expect(lines(ja, ev('renotify', { round: 2, of: 3 }))).toContain('再通知 3 回中 2 回目');
    expect(lines(en, ev('reopen'))).toMatch(
      /^:rotating_light: <!subteam\^S0ONCALL> The contract of \*db-1\* is \*suspended\* again/,
    );
    const r = renderIncidentReplies(en, [
      { incident: resolved(inc, 120_000, 'U0BOB'), notice: ev('resolve') },
    ]);
    expect(r.text).toMatch(/no longer suspended, after 2 min · <!date\^.*; <@U0BOB> was on it$/);
  });

  it('a digest of mixed kinds: alarms first, an “I’m on …” button for the first five open ones', () => {
    const incidents = [
      ...Array.from({ length: 7 }, (_, i) =>
        alarm('contract', { id: `c${i}`, subject: `uuid-${i}`, name: `web-${i}` }),
      ),
      alarm('key-auth'),
      resolved(alarm('ssl', { id: 'ssl-done' }), 60_000),
    ];
    for (const ui of [en, ja]) {
      const m = renderIncidentDigest(ui, incidents, oncall);
      assertBlocksWithinLimits(m.blocks, 'message');
      expect(m.text).toContain(oncall);
      const buttons = json(m).match(/watch_incident_claim#\d/g) ?? [];
      expect(buttons).toEqual([
        'watch_incident_claim#0',
        'watch_incident_claim#1',
        'watch_incident_claim#2',
        'watch_incident_claim#3',
        'watch_incident_claim#4',
      ]);
    }
    const m = renderIncidentDigest(en, incidents, oncall);
    expect(m.text).toContain('7 × contract suspended');
    expect(json(m)).toContain('recovered after 1 min');
  });

  it('names the key’s alarms in words on their buttons, never by the id they are kept under', () => {
    const incidents = [
      alarm('key-auth', { id: 'auth', name: 'key-auth' }),
      alarm('key-expired', { id: 'exp', name: 'PROVIDER_API_KEY' }),
    ];
    const labels = (ui: typeof en) =>
      JSON.stringify(renderIncidentDigest(ui, incidents, oncall).blocks)
        .match(/"text":"[^"]*"/g)
        ?.filter((t) => t.includes('I’m on') || t.includes('に対応します'));
    expect(labels(en)).toEqual(['"text":"I’m on API key"', '"text":"I’m on API key"']);
    expect(labels(ja)).toEqual(['"text":"APIキー に対応します"', '"text":"APIキー に対応します"']);
    const all = JSON.stringify(renderIncidentDigest(en, incidents, oncall));
    expect(all).not.toContain('key-auth');
    expect(all).not.toContain('PROVIDER_API_KEY');
  });

  it('a digest of the key’s and a domain’s alarms speaks of alarms, not of servers', () => {
    const incidents = [
      alarm('key-use'),
      alarm('key-auth', { id: 'auth' }),
      alarm('ssl', { id: 'ssl' }),
      alarm('key-expired', { id: 'expired' }),
    ];
    const words = {
      en: { title: '4 alarms and changes', alarm: '4 of these need attention.', about: 'About: API key' },
      ja: {
        title: '4 件のアラームと変化がありました',
        alarm: 'うち 4 件は対応が必要です。',
        about: '対象: API key',
      },
    };
    for (const ui of [en, ja]) {
      const m = renderIncidentDigest(ui, incidents, oncall);
      assertBlocksWithinLimits(m.blocks, 'message');
      const w = words[ui.locale];
      expect(m.text).toContain(w.title);
      expect(m.text).toContain(w.alarm);
      expect(m.text).toContain(w.about);
      // Nothing here is a server: no server words, no `/vps show`, the open alarms' command instead.
      expect(json(m)).not.toMatch(
        /on the servers|unexpected stop|Servers:|サーバーに|予期しない停止|サーバー:/,
      );
      expect(json(m)).not.toContain('/vps show');
      expect(json(m)).toContain('/vps incidents');
    }
  });

  it('a digest of suspended contracts names the servers but not a stop that did not happen', () => {
    const incidents = Array.from({ length: 3 }, (_, i) =>
      alarm('contract', { id: `c${i}`, subject: `uuid-${i}`, name: `web-${i}` }),
    );
    const m = renderIncidentDigest(en, incidents, oncall);
    expect(m.text).toContain('3 changes on the servers');
    expect(m.text).toContain('Servers: web-0, web-1, web-2');
    expect(m.text).toContain('3 of these need attention.');
    expect(m.text).not.toContain('unexpected stop');
    expect(json(m)).toContain('/vps show');
  });
});

describe('/vps incidents', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      incident: alarm(i % 2 ? 'contract' : 'signup-stuck', {
        id: `i${i}`,
        name: `server-${'x'.repeat(60)}-${i}`,
        claimedBy: i % 3 === 0 ? 'U0BOB' : null,
        claimedAt: i % 3 === 0 ? new Date(T0) : null,
      }),
      mutedUntil: i % 4 === 0 ? new Date(T0 + 3_600_000) : null,
    }));

  it('lists each open alarm with since when, who is on it, the mute, and its buttons; many stay within limits', () => {
    for (const ui of [en, ja]) {
      const few = incidentListView(ui, many(3));
      assertBlocksWithinLimits(few.blocks, 'message');
      expect(unfilled(few.text)).toEqual([]);
      const lots = incidentListView(ui, many(120));
      assertBlocksWithinLimits(lots.blocks, 'message');
      expect((json(lots).match(/"watch_incident_claim"/g) ?? []).length).toBe(LISTED_INCIDENTS);
      expect(lots.text).toContain(ui.t('oncall.list.more', { count: 120 - LISTED_INCIDENTS }));
    }
    const few = incidentListView(en, many(3)).text;
    expect(few).toContain('Open alarms (3)');
    expect(few).toContain(':rotating_light: the signup of *server-');
    // To one person, in their zone as every answer to them is: not Slack's token (12-hour for some).
    expect(few).toContain('<@U0BOB> on it since Mar 2, 2026, 03:00 UTC');
    expect(few).toContain('nobody on it');
    expect(few).toContain('muted until Mar 2, 2026, 04:00 UTC');
    expect(few).not.toContain('<!date^');
    expect(json(incidentListView(en, many(2)))).toContain('vps_card_show');
    expect(incidentListView(en, []).text).toBe(':white_check_mark: No open alarms.');
    expect(incidentListView(ja, []).text).toBe(':white_check_mark: 未解決のアラートはありません。');
  });

  it('offers the takeover to whoever was just beaten to it, not to the owner', () => {
    const inc = alarm('contract', { claimedBy: 'U0BOB', claimedAt: new Date(T0), claims: 1 });
    const m = withTakeOver(en, textView('taken'), inc, 'U0ALICE');
    expect(json(m)).toContain('Take it over');
    expect(json(m)).toContain('\\"n\\":1');
    expect(withTakeOver(en, textView('yours'), inc, 'U0BOB').blocks).toEqual(textView('yours').blocks);
  });
});
