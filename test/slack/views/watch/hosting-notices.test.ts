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
        expect(m.text).not.toMatch(/\{(item|server|label|at|command)\}/);
        const hint = JSON.stringify(m.blocks);
        const area = change.startsWith('domain') ? 'domains' : change.startsWith('ssh') ? 'ssh' : 'ssh keys';
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

  it('answers /hosting watch and unwatch, the probe and /vps watches with the hosting server named', () => {
    const c: SubscriptionChange = {
      target: `hosting:${S}`,
      label: S,
      hosting: true,
      channelId: 'C0OPS',
      changed: true,
    };
    expect(subscriptionChangeView(en, 'watch', c).text).toBe(
      `This channel <#C0OPS> now hears of the hosting server *${S}*: SSL that fails on its name servers (an alarm), and domains added or removed, SSH turned on or off and SSH keys added or removed outside Slack.`,
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
