/**
 * `/hosting watch` and `/hosting unwatch` through the real app (signed
 * requests, the simulator, the fake Slack): a channel subscribes to a hosting
 * server as `/vps watch` does for servers (operators only, the key's servers
 * only, the channel checked, audited, answered in the person's language), and
 * then, with the watcher running: a domain added in the control panel is told
 * in that channel and in NOTIFY_CHANNEL, one added with `/hosting domain add`
 * is not; a domain's SSL failing on its name servers is an alarm someone
 * takes with "I'm on it", resolved in place when it works again; SSH turned
 * off outside is told.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WATCH_IDS } from '../../../src/slack/ids.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../../support/app-harness.ts';
import type { RecordedCall } from '../../support/fake-slack.ts';
import { hosting, SERVER } from '../../support/hosting.ts';
import { proveOwnership } from '../../support/ownership.ts';
import { listSaysSslStatus } from '../../support/ssl-status.ts';

const NOTIFY = 'C0NOTIFY1';
const ALERTS = 'C0ALERTS1';
const ONCALL = '<!subteam^S0ONCALL>';
const JA_OPERATOR = 'U0JAOPER1';

/** The value of the first "I'm on it" button of a message. */
function claimValue(call: RecordedCall): string {
  const m = /"action_id":"(watch_incident_claim[^"]*)","value":"((?:[^"\\]|\\.)*)"/.exec(
    JSON.stringify(call.args.blocks),
  );
  if (!m) throw new Error('no claim button');
  return JSON.parse(`"${m[2]}"`) as string;
}

const posted = (h: Harness, channel: string, text: string) =>
  h.slack.waitFor(
    (c) => c.method === 'chat.postMessage' && c.args.channel === channel && messageText(c).includes(text),
    15_000,
  );

describe('/hosting watch and unwatch through the real app', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('subscribes a channel to a hosting server as /vps watch does, audited, in the person’s language', async () => {
    h = await startHarness({ key: 'selected', operators: [OPERATOR, JA_OPERATOR] });
    h.slack.setUser(JA_OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    const run = async (text: string, user = OPERATOR) =>
      messageText(await (await h!.command(text, { user, command: '/hosting' })).answer());

    // The key's only server may be left out.
    expect(await run('watch')).toContain(
      `This channel <#${CHANNEL}> now hears of the hosting server *${SERVER}*: SSL that fails on its name servers or a free certificate that expired (alarms), a free certificate close to its expiry, and domains, SSH keys, DNS records, cron jobs, mail and FTP accounts added or removed and SSH turned on or off outside Slack.`,
    );
    expect(await run(`${SERVER} watch`)).toContain(`already watches the hosting server *${SERVER}*`);
    // Another channel: the bot checks it can post there, and says so there.
    expect(await run(`watch <#${ALERTS}|alerts>`)).toContain(`<#${ALERTS}> now hears of the hosting server`);
    const probe = await h.slack.waitFor(
      (c) => c.method === 'chat.postEphemeral' && c.args.channel === ALERTS,
    );
    expect(messageText(probe)).toContain(`I can post here: what happens to the hosting server *${SERVER}*`);
    expect(await run('watch', VIEWER)).toContain('This needs the *operator* role');
    expect(await run('xs654321.xsrv.jp watch')).toContain('xs654321.xsrv.jp');
    expect(await run('watch #ops extra')).toContain('Usage: `/hosting [server] watch [#channel]`');
    expect(await run('watch', JA_OPERATOR)).toContain(`ホスティングサーバー *${SERVER}*`);

    // /vps watches lists it by name (no server list read for it).
    const listed = messageText(await (await h.command('watches', { user: VIEWER })).reply());
    expect(listed).toContain(`the hosting server *${SERVER}* → <#${CHANNEL}>`);
    expect(await run('unwatch')).toContain(`<#${CHANNEL}> no longer watches the hosting server *${SERVER}*`);
    expect(await run('unwatch')).toContain('was not watching');
    expect((await h.bot.store.watches.list()).map((w) => [w.target, w.channelId])).toEqual([
      [`hosting:${SERVER}`, ALERTS],
    ]);
    const audit = await h.bot.store.audit.latest({ limit: 20 });
    expect(audit.map((a) => [a.action, a.outcome, a.errorCode ?? null, a.target]).reverse()).toEqual([
      ['hosting.watch', 'ok', null, SERVER],
      ['hosting.watch', 'ok', null, SERVER],
      ['hosting.watch', 'ok', null, SERVER],
      ['hosting.watch', 'refused', 'role_required', null],
      ['hosting.watch', 'refused', 'hosting_server_not_in_scope', 'xs654321.xsrv.jp'],
      ['hosting.watch', 'ok', null, SERVER],
      ['hosting.unwatch', 'ok', null, SERVER],
      ['hosting.unwatch', 'ok', null, SERVER],
    ]);
    // /hosting help offers it to operators.
    expect((await hosting(h, 'help', OPERATOR)).text).toContain('`/hosting watch [#channel]`');
  });

  it('tells outside changes and SSL failures of a watched server, not the bot’s own changes', async () => {
    h = await startHarness({
      key: 'selected',
      operators: [OPERATOR],
      watcher: true,
      rateLimit: { limit: 1200, windowSeconds: 60, concurrent: 10 },
      env: {
        WATCH_INTERVAL_SECONDS: '1',
        WATCH_FLAP_SECONDS: '0',
        NOTIFY_CHANNEL: NOTIFY,
        ONCALL_MENTION: ONCALL,
      },
    });
    const domains = `/v1/server/${SERVER}/domain`;
    const read = () => h!.sim.control.nextRequest({ path: domains, status: 200 });
    const baseline = read();
    await (await h.command('watch', { user: OPERATOR, command: '/hosting' })).answer();
    await baseline;

    // Added in the control panel: told in the watching channel and in NOTIFY_CHANNEL.
    h.sim.control.panelAddDomain(SERVER, 'outside-shop.jp');
    const told = '*outside-shop.jp* was added to the hosting server';
    await posted(h, CHANNEL, told);
    await posted(h, NOTIFY, told);

    // Added with /hosting: announced when it is made, never told as an outside change.
    proveOwnership(h.sim.control, SERVER, 'mine-shop.jp');
    await h.command('domain add mine-shop.jp ssl', { user: OPERATOR, command: '/hosting' });
    await posted(h, CHANNEL, 'mine-shop.jp');
    await read();
    await read();
    await read();
    const outside = h.slack.calls.filter(
      (c) =>
        c.method === 'chat.postMessage' &&
        messageText(c).includes('*mine-shop.jp* was added to the hosting server'),
    );
    expect(outside).toEqual([]);

    // SSL fails on the name servers: an alarm, taken with "I'm on it", resolved in place.
    h.sim.control.setExternalNameServers('example-shop.com', true);
    listSaysSslStatus(h.sim.control, SERVER);
    const alert = await posted(h, CHANNEL, 'SSL for *example-shop.com* failed');
    expect(messageText(alert)).toContain(ONCALL);
    expect(messageText(alert)).toContain('`ns1.xserver.jp`');
    const click = await h.click(WATCH_IDS.claim, claimValue(alert), { user: VIEWER });
    expect(messageText(await click.reply())).toContain('You’re on it');
    await h.slack.waitFor(
      (c) => c.method === 'chat.update' && messageText(c).includes(`<@${VIEWER}> is on it`),
    );
    h.sim.control.setExternalNameServers('example-shop.com', false);
    listSaysSslStatus(h.sim.control, SERVER);
    const resolved = await h.slack.waitFor(
      (c) =>
        c.method === 'chat.update' && messageText(c).includes('SSL for *example-shop.com* no longer fails'),
      15_000,
    );
    expect(messageText(resolved)).toContain(`<@${VIEWER}> was on it`);

    // SSH turned off in the control panel.
    h.sim.control.panelSetSsh(SERVER, false);
    await posted(h, CHANNEL, 'SSH was turned *off* for the hosting server');
  });
});
