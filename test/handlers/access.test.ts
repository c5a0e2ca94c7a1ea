import { afterEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { type Harness, messageText, OPERATOR, startHarness, VIEWER } from '../support/app-harness.ts';

const en = catalogs.en;

describe('access: key scope, roles, groups and policy', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('a read-only key turns writes off with an explanation, audited', async () => {
    h = await startHarness({ key: 'read' });
    const puts = h.sim.control.requests({ method: 'PUT' }).length;
    const r = await (await h.command('rename web-1 web-9', { user: OPERATOR })).reply();
    expect(messageText(r)).toContain(en['error.key_read_only']);
    expect(h.sim.control.requests({ method: 'PUT' }).length).toBe(puts);
    const audit = await h.bot.store.audit.latest({ limit: 1 });
    expect(audit[0]).toMatchObject({ outcome: 'refused', errorCode: 'key_read_only', actor: OPERATOR });
    const help = messageText(await (await h.command('help', { user: OPERATOR })).reply());
    expect(help).toContain(en['help.key_read_only']);
    const me = messageText(await (await h.command('me', { user: OPERATOR })).reply());
    expect(me).toContain(en['me.read_only']);
    expect(me).toContain('Key expires:');
    const card = await (await h.command('show web-1', { user: OPERATOR })).reply();
    expect(JSON.stringify(card.args.blocks)).not.toContain('vps_card_rename');
  });

  it('a key with selected targets shows only those servers', async () => {
    h = await startHarness({ key: 'selected' });
    const text = messageText(await (await h.command('list')).reply());
    expect(text).toContain('2 servers');
    expect(text).toContain('web-1');
    expect(text).toContain('db-1');
    expect(text).not.toContain('gpu-ml-1');
    const me = messageText(await (await h.command('me')).reply());
    expect(me).toContain('Targets: 2 selected');
    // The VPSs by their names (from the server list), the hosting server by its own.
    expect(me).toContain('`web-1`, `db-1`');
    expect(me).toContain('`xs123456.xsrv.jp`');
  });

  it('a key that expires while the bot runs is explained with what to do', async () => {
    // An already expired key stops start-up (test/handlers/key-health.test.ts); this one expires later.
    h = await startHarness({
      keyOf: (sim) =>
        sim.control.createKey({
          services: { vps: { permission_type: 'full' } },
          expires_at: new Date(sim.control.clock.now().getTime() + 3_600_000),
        }),
    });
    h.sim.control.clock.advance(2 * 3_600_000);
    const r = await (await h.command('list')).reply();
    expect(messageText(r)).toContain(en['provider.UNAUTHORIZED']);
  });

  it('policy: roles by user group read from Slack, allowed channels, per-action roles', async () => {
    h = await startHarness({
      operators: [],
      policy: [
        'roles:',
        '  operator: [S0OPSTEAM]',
        '  admin: [U0ADMIN01]',
        'channels: [C0OPS0001]',
        'actions:',
        '  logs: admin',
      ].join('\n'),
    });
    h.slack.setGroup('S0OPSTEAM', ['U0GROUPIE']);
    const help = messageText(await (await h.command('help', { user: 'U0GROUPIE' })).reply());
    expect(help).toContain('Your role here: *operator*');
    expect(h.slack.callsOf('usergroups.users.list')[0]?.args.usergroup).toBe('S0OPSTEAM');
    const before = h.slack.lastSeq;
    await h.command('memo db-2 by-group', { user: 'U0GROUPIE' });
    await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > before);
    const logs = messageText(await (await h.command('logs', { user: 'U0GROUPIE' })).reply());
    expect(logs).toContain('This needs the *admin* role; yours is *operator*');
    const adminLogs = messageText(await (await h.command('logs', { user: 'U0ADMIN01' })).reply());
    expect(adminLogs).toContain(en['logs.header']);
    const elsewhere = messageText(
      await (await h.command('list', { user: VIEWER, channel: 'C0RANDOM1' })).reply(),
    );
    // The refusal names where the bot can be used.
    expect(elsewhere).toContain(en['error.channel_not_allowed'].replace('{channels}', '<#C0OPS0001>'));
  });
});
