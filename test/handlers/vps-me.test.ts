/**
 * `/vps me` through the real app: the key's whole scope as GET /v1/me gives
 * it (docs/provider-api.md, Key information): every service's permission
 * type, target mode and targets (VPSs by name where the server list knows
 * them), a custom key's categories as the provider names them, allow_signup,
 * allow_acquisition, the WordPress sites, the expiry and a legacy key's
 * deprecated fields; a key with hundreds of targets within Slack's limits,
 * summarised with counts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { type Harness, messageText, OPERATOR, startHarness, VIEWER } from '../support/app-harness.ts';
import { mrkdwnTexts } from '../support/mrkdwn.ts';

const en = catalogs.en;
const ja = catalogs.ja;

/** A uuid the server list does not hold (the simulator's seed never makes it). */
const ghost = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

describe('/vps me', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const me = async (user = VIEWER) => {
    const call = await (await h!.command('me', { user })).reply();
    return { call, text: messageText(call) };
  };

  it('a custom key: each service’s permission and targets, its categories as the provider names them', async () => {
    h = await startHarness({
      categoryNames: { vps: { server: 'vps<view>', settings: 'meta' } },
      keyOf: (sim) =>
        sim.control.createKey({
          name: 'custom-me',
          expires_at: '2027-03-31 23:59:59',
          services: {
            vps: {
              permission_type: 'custom',
              permissions: { 'vps<view>': 'read', meta: 'none', extra: 'full' },
            },
            server: { permission_type: 'read', target_mode: 'selected', targets: ['xs123456.xsrv.jp'] },
            domain: { permission_type: 'full', allow_acquisition: true },
            wphosting: {
              permission_type: 'custom',
              permissions: {},
              target_mode: 'selected',
              targets: ['WP-0001'],
              site_target_mode: 'selected',
              sites: ['blog.example.jp'],
            },
          },
        }),
    });
    const { call, text } = await me();
    expect(text).toContain('Key expires: Mar 31, 2027');
    expect(text).toContain('*VPS* `vps`');
    expect(text).toContain('Permission: *custom*');
    expect(text).toContain(en['me.categories']);
    expect(text).toContain('• `vps&lt;view&gt;`: read only');
    expect(text).toContain('• `meta`: none');
    expect(text).toContain('• `extra`: full');
    expect(text).toContain('*web hosting servers* `server`');
    expect(text).toContain('Permission: *read only*');
    expect(text).toContain('`xs123456.xsrv.jp`');
    expect(text).toContain(en['me.allow_acquisition_yes']);
    expect(text).toContain('`WP-0001`');
    expect(text).toContain('WordPress sites: 1 selected');
    expect(text).toContain('`blog.example.jp`');
    expect(text).toContain(en['me.categories_none']);
    expect(text).toContain(en['me.allow_signup_no']);
    for (const t of mrkdwnTexts(call.args)) expect(t).not.toContain('<view>');
  });

  it('a legacy single-server key: its deprecated fields, and its server', async () => {
    h = await startHarness({ key: 'legacy' });
    const { text } = await me(OPERATOR);
    expect(text).toContain(en['me.legacy']);
    expect(text).toContain('• `service_type`: `server`');
    expect(text).toContain('• `servername`: `xs123456.xsrv.jp`');
    expect(text).toContain('• `permission_type`: `full`');
    expect(text).toContain('*web hosting servers* `server`');
  });

  it('hundreds of targets: within Slack’s limits, named where known, the rest counted, in both languages', async () => {
    h = await startHarness({
      keyOf: (sim) => {
        const known = sim.control.servers().map((s) => s.uuid);
        return sim.control.createKey({
          name: 'wide',
          services: {
            vps: {
              permission_type: 'full',
              target_mode: 'selected',
              targets: [...known, ...Array.from({ length: 300 }, (_, i) => ghost(i))],
            },
            server: {
              permission_type: 'full',
              target_mode: 'selected',
              targets: Array.from({ length: 250 }, (_, i) => `xs${String(100000 + i)}.xsrv.jp`),
            },
            domain: {
              permission_type: 'read',
              target_mode: 'selected',
              targets: Array.from({ length: 400 }, (_, i) => `shop-${i}.example.jp`),
            },
          },
        });
      },
    });
    const { call, text } = await me();
    // The fake Slack holds a response_url message to Block Kit's limits, as Slack does: it was accepted.
    expect(text).toContain('Targets: 312 selected');
    expect(text).toContain('`web-1`');
    expect(text).toMatch(/…and \d+ more \(312 in all\)/);
    expect(text).toMatch(/…and \d+ more \(250 in all\)/);
    expect(text).toMatch(/…and \d+ more \(400 in all\)/);
    const blocks = call.args.blocks as { type: string; text?: { text: string } }[];
    expect(blocks.length).toBeLessThanOrEqual(50);
    for (const b of blocks) expect(b.text?.text.length ?? 0).toBeLessThanOrEqual(3000);
    // What is shown plus what is counted is every target.
    const vpsSection = blocks.find((b) => b.text?.text.includes('`vps`'))?.text?.text ?? '';
    const shown = (vpsSection.match(/`[^`]+`/g) ?? []).length - 1;
    const counted = Number(/…and (\d+) more \(312 in all\)/.exec(vpsSection)?.[1]);
    expect(shown + counted).toBe(312);

    h.slack.setUser('U0JAPAN01', { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    const jaText = messageText(await (await h.command('me', { user: 'U0JAPAN01' })).reply());
    expect(jaText).toContain('対象: 選択された 312 件');
    expect(jaText).toMatch(/…ほか \d+ 件（全 400 件）/);
    expect(jaText).toContain(ja['me.service.domain']);
  });

  it('the key’s one reading: a cached one says its age, and the App Home shows the same reading as /vps me', async () => {
    const t0 = new Date('2026-03-10T03:00:00.000Z');
    h = await startHarness({ manualClockAt: t0 });
    const clock = h.sim.control.clock;
    const home = async () => {
      clock.advance(1_100);
      const since = h!.slack.lastSeq;
      await h!.openHome({ userId: VIEWER });
      return messageText(await h!.slack.waitForHome(VIEWER, since));
    };
    expect(await home()).toContain('*Expires:* never');
    expect((await me()).text).toContain(en['me.never']);
    // The provider now says the key ends in 3 days.
    h.sim.control.setKeyExpiry('full', new Date(clock.now().getTime() + 3 * 86_400_000));
    clock.advance(30_000);
    // Read at most once a minute: the cached reading is shown, with its age.
    const cached = (await me()).text;
    expect(cached).toContain(en['me.never']);
    expect(cached).toMatch(/As the provider said \d+ s ago/);
    clock.advance(40_000);
    const fresh = (await me()).text;
    expect(fresh).toContain('Key expires: Mar 13, 2026');
    expect(fresh).not.toContain('As the provider said');
    // The Home shows that same reading (not the key check's of start-up), and when it was read.
    const after = await home();
    expect(after).not.toContain('*Expires:* never');
    expect(after).toMatch(/\*Expires:\* Mar 13, 2026/);
    expect(after).toMatch(/As the provider said at Mar 10, 2026/);
  });
});
