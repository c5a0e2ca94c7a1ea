/**
 * The hosting watch's words as pure functions, in English and Japanese: each
 * change told outside Slack (a domain shown as every view shows one, the key's
 * label or "no label"), the /hosting read that shows it now, a digest counting
 * them, the ssl alarm naming a domain that could deceive with its Punycode,
 * and the answers to `/hosting watch` and `/vps watches` naming a hosting
 * server; every message within Slack's limits, with a text fallback.
 */
import { describe, expect, it } from 'vitest';
import type { SubscriptionChange } from '../../../../src/services/watch/index.ts';
import { translator } from '../../../../src/slack/i18n/index.ts';
import type { Ui } from '../../../../src/slack/views/format.ts';
import { assertBlocksWithinLimits } from '../../../../src/slack/views/limits.ts';
import { renderAlarm } from '../../../../src/slack/views/watch/alarms.ts';
import {
  subscriptionChangeView,
  subscriptionListView,
  watchProbeView,
} from '../../../../src/slack/views/watch/command-answers.ts';
import { HOSTING_CHANGES, type HostingNotice, parseNotice } from '../../../../src/store/index.ts';
import { readIncident } from '../../../../src/watch/notices.ts';
import { incidentRow } from '../../../support/incident-row.ts';
import { renderDigest, renderUnit } from '../../../support/watch-views.ts';

const at = Date.UTC(2026, 2, 2, 3, 0, 0);
const en: Ui = { t: translator('en'), locale: 'en', tz: 'UTC', dateLocale: 'en-US' };
const ja: Ui = { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };
const S = 'xs123456.xsrv.jp';

const notice = (change: HostingNotice['change'], o: Partial<HostingNotice> = {}): HostingNotice => ({
  kind: 'hosting',
  server: S,
  change,
  ...(change.startsWith('domain') ? { item: 'xn--n8jyh.jp' } : {}),
  ...(change.startsWith('key') ? { item: '5001', label: 'old laptop' } : {}),
  ...(change.startsWith('dns') ? { item: 'mail.xn--n8jyh.jp', detail: 'MX 10 mx.example.net' } : {}),
  ...(change.startsWith('cron') ? { item: 'c-42', label: 'backup', detail: '0 3 * * *' } : {}),
  ...(change.startsWith('mail') ? { item: 'sales@shop.jp' } : {}),
  ...(change.startsWith('ftp') ? { item: 'dev@shop.jp', detail: '/public_html' } : {}),
  ...(change === 'ssl-expiring' ? { item: 'shop.jp', expiresAt: at + 10 * 86_400_000 } : {}),
  at,
  ...o,
});

describe('hosting notices', () => {
  it('words every change in en and ja, with where to look now, within limits and with a text fallback', () => {
    for (const change of HOSTING_CHANGES) {
      const n = notice(change);
      expect(parseNotice(JSON.stringify(n))).toEqual(n);
      for (const ui of [en, ja]) {
        const m = renderUnit(ui, { notices: [n] });
        assertBlocksWithinLimits(m.blocks ?? [], 'message');
        expect(m.text.length).toBeGreaterThan(20);
        expect(m.text).toContain(`\`${S}\``);
        expect(m.text).toContain('<!date^');
        expect(m.text).not.toMatch(/\{(item|server|label|at|command|detail|expires|comment)\}/);
        const hint = JSON.stringify(m.blocks);
        const areas: Record<string, string> = { domain: 'domains', ssh: 'ssh', key: 'ssh keys' };
        const part = change.split('-')[0]!;
        const area = areas[part] ?? part;
        expect(hint).toContain(`/hosting ${S} ${area}`);
      }
    }
    // A Japanese domain is shown as people write it; the key by its label, or as having none.
    expect(renderUnit(en, { notices: [notice('domain-added')] }).text).toMatch(
      /^:globe_with_meridians: The domain \*れい\.jp\* was added to the hosting server `xs123456\.xsrv\.jp` outside Slack \(in the control panel or by another API client\)/,
    );
    expect(renderUnit(ja, { notices: [notice('domain-removed')] }).text).toMatch(
      /^:wastebasket: Slack 以外（コントロールパネルまたは別のAPIクライアント）で、ホスティングサーバー `xs123456\.xsrv\.jp` からドメイン \*れい\.jp\* が削除されました/,
    );
    expect(renderUnit(en, { notices: [notice('key-removed', { label: null })] }).text).toContain(
      'The SSH key *with no label* (ID `5001`) was removed',
    );
    expect(renderUnit(ja, { notices: [notice('ssh-on')] }).text).toContain('のSSHが *オン* になりました');
    // The record lists: a cron job nobody here added is a sign of compromise, in both languages.
    expect(renderUnit(en, { notices: [notice('cron-added')] }).text).toMatch(
      /^:warning: The cron job `c-42` \(0 3 \* \* \*, “backup”\) was added to the hosting server `xs123456\.xsrv\.jp` outside Slack .* A cron job nobody here added is a classic sign of a compromised site: check its command with `\/hosting xs123456\.xsrv\.jp cron`/,
    );
    expect(renderUnit(ja, { notices: [notice('cron-added')] }).text).toContain(
      'cronジョブ `c-42`（0 3 * * *、「backup」）が追加されました',
    );
    expect(renderUnit(ja, { notices: [notice('cron-added')] }).text).toContain(
      '誰も追加していないcronジョブは、サイトが乗っ取られたときの典型的な兆候です',
    );
    expect(renderUnit(en, { notices: [notice('dns-added')] }).text).toContain(
      'The DNS record *mail.れい.jp* `MX 10 mx.example.net` was added',
    );
    expect(renderUnit(ja, { notices: [notice('mail-removed')] }).text).toContain(
      'からメールアカウント *sales@shop.jp* が削除されました',
    );
    expect(renderUnit(ja, { notices: [notice('ssl-expiring')] }).text).toContain(
      '*shop.jp* の無料SSL証明書は <!date^',
    );
  });

  it('shows a domain that could pass for another with its Punycode, and escapes what the provider said', () => {
    const deceptive = notice('domain-added', { item: 'xn--exmple-4nf.com' });
    expect(renderUnit(en, { notices: [deceptive] }).text).toContain('*exаmple.com (xn--exmple-4nf.com)*');
    const odd = notice('key-added', { label: '*<!channel>*' });
    const text = renderUnit(en, { notices: [odd] }).text;
    expect(text).not.toContain('<!channel>');
  });

  it('counts hosting changes in a digest beside power changes', () => {
    const units = [
      { notices: [notice('domain-added')] },
      { notices: [notice('domain-added', { item: 'shop.jp' })] },
      { notices: [notice('ssh-off')] },
    ];
    for (const ui of [en, ja]) {
      const m = renderDigest(ui, units);
      assertBlocksWithinLimits(m.blocks ?? [], 'message');
    }
    const m = renderDigest(en, units);
    expect(m.text).toContain('2 × domain added outside Slack');
    expect(m.text).toContain('1 × SSH turned off outside Slack');
    expect(m.text).toContain(S);
  });
});

describe('the ssl alarm and the watch answers', () => {
  it('names a domain that could deceive with its Punycode in the alarm', () => {
    const inc = incidentRow({
      changes: [{ key: 'k', from: 'ok', to: 'alarm', at, later: false }],
      startedAt: new Date(at),
      lastChangeAt: new Date(at),
      raisedAt: new Date(at),
      alarmSince: new Date(at),
      kind: 'ssl',
      subject: `ssl:${S}/xn--exmple-4nf.com`,
      name: 'exаmple.com',
      state: 'alarm',
      detail: {
        server: S,
        domain: 'xn--exmple-4nf.com',
        status: 'failed_nameserver',
        nameServers: ['ns1.xserver.jp'],
      },
    });
    for (const ui of [en, ja]) {
      const m = renderAlarm(ui, readIncident(inc), '<!subteam^S0ONCALL>');
      expect(m.text).toContain('exаmple.com (xn--exmple-4nf.com)');
      expect(m.text).toContain('`ns1.xserver.jp`');
    }
  });

  it('words the ssl-expired alarm in en and ja: the expiry, what to do, and its resolution', () => {
    const base = {
      changes: [{ key: 'k', from: 'ok', to: 'alarm', at, later: false }],
      startedAt: new Date(at),
      lastChangeAt: new Date(at),
      raisedAt: new Date(at),
      alarmSince: new Date(at),
      kind: 'ssl-expired' as const,
      subject: `ssl-expiry:${S}/shop.jp`,
      name: 'shop.jp',
      detail: { server: S, domain: 'shop.jp', expiresAt: at - 60_000 },
    };
    const open = readIncident(incidentRow({ ...base, state: 'alarm' }));
    const en1 = renderAlarm(en, open, '<!subteam^S0ONCALL>');
    expect(en1.text.split('\n')[0]).toMatch(
      /^:rotating_light: <!subteam\^S0ONCALL> The free SSL certificate of \*shop\.jp\* expired <!date\^\d+\^.*\(hosting server xs123456\.xsrv\.jp\)$/,
    );
    expect(en1.text).toContain(`install free SSL again with \`/hosting ${S} ssl add shop.jp\``);
    const ja1 = renderAlarm(ja, open, '<!subteam^S0ONCALL>');
    expect(ja1.text).toContain('*shop.jp* の無料SSL証明書の期限が <!date^');
    expect(ja1.text).toContain(
      `\`/hosting ${S} ssl add shop.jp\` かコントロールパネルで無料SSLを設定し直してください`,
    );
    for (const m of [en1, ja1]) assertBlocksWithinLimits(m.blocks ?? [], 'message');
    const over = readIncident(
      incidentRow({ ...base, state: 'ok', resolvedAt: new Date(at + 3_600_000), alarmSince: null }),
    );
    expect(renderAlarm(en, over, '').text).toMatch(
      /^:white_check_mark: The free SSL certificate of \*shop\.jp\* is valid again/,
    );
    expect(renderAlarm(ja, over, '').text).toMatch(
      /^:white_check_mark: \*shop\.jp\* の無料SSL証明書は有効に戻りました/,
    );
  });

  it('answers /hosting watch and unwatch, the probe and /vps watches with the hosting server named', () => {
    const c: SubscriptionChange = {
      target: `hosting:${S}`,
      label: S,
      hosting: true,
      channelId: 'C0OPS',
      changed: true,
    };
    expect(subscriptionChangeView(en, 'watch', c).text).toBe(
      `This channel <#C0OPS> now hears of the hosting server *${S}*: SSL that fails on its name servers or a free certificate that expired (alarms), a free certificate close to its expiry, and domains, SSH keys, DNS records, cron jobs, mail and FTP accounts added or removed and SSH turned on or off outside Slack.`,
    );
    expect(subscriptionChangeView(ja, 'watch', c).text).toContain(
      `ホスティングサーバー *${S}* の通知が届くようになりました`,
    );
    expect(subscriptionChangeView(en, 'unwatch', c).text).toBe(
      `<#C0OPS> no longer watches the hosting server *${S}*.`,
    );
    expect(subscriptionChangeView(en, 'watch', { ...c, changed: false }).text).toBe(
      `<#C0OPS> already watches the hosting server *${S}*.`,
    );
    expect(watchProbeView(ja, c).text).toContain(`ホスティングサーバー *${S}*`);
    const list = subscriptionListView(en, {
      rows: [
        { target: `hosting:${S}`, label: S, hosting: true, channelId: 'C0OPS', createdBy: 'U0OPS' },
        { target: 'all', label: 'all', hosting: false, channelId: 'C0OPS', createdBy: 'U0OPS' },
      ],
      mutes: [],
      notifyChannel: undefined,
    });
    expect(list.text).toContain(`the hosting server *${S}* → <#C0OPS>`);
    expect(list.text).toContain('every server → <#C0OPS>');
  });
});
