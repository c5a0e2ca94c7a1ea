import { describe, expect, it } from 'vitest';
import type { KeyInfo } from '../../../src/provider/index.ts';
import { ProviderAuthError, ProviderRejectedError } from '../../../src/provider/index.ts';
import {
  AccessService,
  customKeyRefusal,
  HOSTING_ACTION_SPECS,
  HOSTING_ACTIONS,
  keyRefusal,
  keyScopeOf,
  PolicyError,
  parsePolicy,
} from '../../../src/services/access/index.ts';
import { ServiceError } from '../../../src/services/errors.ts';

const fullKey: KeyInfo = {
  expires_at: null,
  services: { vps: { permission_type: 'full', target_mode: 'all', targets: [], allow_signup: true } },
};

function service(opts: {
  policy?: string;
  operators?: string[];
  key?: KeyInfo;
  groups?: Record<string, string[]>;
  /** Who may read which channel in Slack; absent: no channel directory at all. */
  readers?: Record<string, string[]> | 'fails';
}) {
  let now = 0;
  let groupCalls = 0;
  let meCalls = 0;
  const access = new AccessService({
    operators: opts.operators ?? [],
    approvers: [],
    policy: opts.policy ? parsePolicy(opts.policy) : undefined,
    groups: {
      async membersOf(id) {
        groupCalls++;
        return opts.groups?.[id] ?? [];
      },
    },
    provider: {
      async me() {
        meCalls++;
        return opts.key ?? fullKey;
      },
    },
    clock: { now: () => new Date(now) },
    channels:
      opts.readers === undefined
        ? undefined
        : {
            async mayRead(userId, channelId) {
              if (opts.readers === 'fails') throw new Error('channel_not_found');
              const members = opts.readers?.[channelId] ?? [];
              return members.includes('everyone') || members.includes(userId);
            },
            async readersOf(channelId) {
              if (opts.readers === 'fails') throw new Error('channel_not_found');
              const members = opts.readers?.[channelId];
              if (!members) throw new Error('channel_not_found');
              return members.includes('everyone') ? 'everyone' : members;
            },
          },
  });
  return {
    access,
    advance: (ms: number) => {
      now += ms;
    },
    counts: () => ({ groupCalls, meCalls }),
  };
}

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof ServiceError) return e.code;
    throw e;
  }
  return 'allowed';
};

describe('AccessService', () => {
  it('defaults: everyone reads, writes need operator', async () => {
    const { access } = service({ operators: ['U0OP'] });
    expect(await access.roleOf('U0ANY')).toBe('viewer');
    expect(await refusal(access.authorize({ userId: 'U0ANY', channelId: 'C1' }, 'list'))).toBe('allowed');
    expect(await refusal(access.authorize({ userId: 'U0ANY', channelId: 'C1' }, 'rename'))).toBe(
      'role_required',
    );
    expect(await refusal(access.authorize({ userId: 'U0OP', channelId: 'C1' }, 'rename'))).toBe('allowed');
  });

  it('reads group membership from Slack and caches it briefly', async () => {
    const s = service({ operators: ['S0OPS'], groups: { S0OPS: ['U0MEMBER'] } });
    expect(await s.access.roleOf('U0MEMBER')).toBe('operator');
    expect(await s.access.roleOf('U0MEMBER')).toBe('operator');
    expect(s.counts().groupCalls).toBe(1);
    s.advance(61_000);
    await s.access.roleOf('U0MEMBER');
    expect(s.counts().groupCalls).toBe(2);
  });

  it('a user id and a group id are never compared: a group’s id is nobody, its members are its role', async () => {
    const { access, counts } = service({
      operators: ['S0OPS'],
      policy: 'roles:\n  admin: [S0ADMINS, U0ADMIN]\n  approver: [W0GRIDUSER]\n',
      // A member list that (wrongly) holds a group id grants that id nothing either.
      groups: { S0OPS: ['U0MEMBER', 'S0ADMINS'], S0ADMINS: ['U0BOSS'] },
    });
    expect(await access.roleOf('S0OPS')).toBe('none');
    expect(await access.roleOf('S0ADMINS')).toBe('none');
    expect(await access.roleOf('C0CHANNEL')).toBe('none');
    expect(counts().groupCalls).toBe(0);
    expect(await access.roleOf('U0MEMBER')).toBe('operator');
    expect(await access.roleOf('U0BOSS')).toBe('admin');
    expect(await access.roleOf('U0ADMIN')).toBe('admin');
    expect(await access.roleOf('W0GRIDUSER')).toBe('approver');
    expect(await refusal(access.authorize({ userId: 'S0ADMINS', channelId: 'C1' }, 'list'))).toBe(
      'role_required',
    );
  });

  it('a group Slack will not list grants nothing, and is asked again next time', async () => {
    let calls = 0;
    const access = new AccessService({
      operators: ['S0GONE'],
      approvers: [],
      groups: {
        async membersOf() {
          calls++;
          throw new Error('no_such_subteam');
        },
      },
      provider: { me: async () => fullKey },
      clock: { now: () => new Date(0) },
    });
    expect(await access.roleOf('U0ANY')).toBe('viewer');
    expect(await access.roleOf('U0ANY')).toBe('viewer');
    expect(calls).toBe(2);
  });

  it('a read-only key refuses writes for everyone, even admins', async () => {
    const { access } = service({
      policy: 'roles:\n  admin: [U0ADMIN]\n',
      key: {
        expires_at: null,
        services: { vps: { permission_type: 'read', target_mode: 'all', targets: [] } },
      },
    });
    expect(await refusal(access.authorize({ userId: 'U0ADMIN', channelId: 'C1' }, 'memo'))).toBe(
      'key_read_only',
    );
    const caps = await access.capabilities({ userId: 'U0ADMIN', channelId: 'C1' });
    expect(caps.allowed).not.toContain('memo');
    expect(caps.allowed).toContain('list');
  });

  it('policy: default_role none, channels, per-action roles', async () => {
    const { access } = service({
      policy: 'default_role: none\nroles:\n  viewer: [U0VIEW]\nchannels: [C0OK]\nactions:\n  audit: admin\n',
    });
    expect(await refusal(access.authorize({ userId: 'U0NOBODY', channelId: 'C0OK' }, 'list'))).toBe(
      'role_required',
    );
    expect(await refusal(access.authorize({ userId: 'U0VIEW', channelId: 'C0OK' }, 'list'))).toBe('allowed');
    expect(await refusal(access.authorize({ userId: 'U0VIEW', channelId: 'C0OTHER' }, 'list'))).toBe(
      'channel_not_allowed',
    );
    expect(await refusal(access.authorize({ userId: 'U0VIEW', channelId: 'C0OK' }, 'audit'))).toBe(
      'role_required',
    );
  });

  it('the channel an action is about obeys the policy’s list too, and approvals are channel-bound', async () => {
    const { access } = service({
      operators: ['U0OP'],
      policy: 'roles:\n  approver: [U0APP]\nchannels: [C0OK, C0ALERTS, G0SECRET]\n',
      readers: { C0ALERTS: ['U0OP'] },
    });
    const op = { userId: 'U0OP', channelId: 'C0OK' };
    expect(await refusal(access.authorize(op, 'watch', { channel: 'C0ALERTS' }))).toBe('allowed');
    expect(await refusal(access.authorize(op, 'watch', { channel: 'C0OK' }))).toBe('allowed');
    // Listed, but they cannot read it; or no channel at all (a person's own id, from the App Home).
    expect(await refusal(access.authorize(op, 'mute', { channel: 'G0SECRET' }))).toBe(
      'target_channel_not_visible',
    );
    const anywhere = service({ operators: ['U0OP'], readers: {} }).access;
    const home = { userId: 'U0OP', channelId: 'U0OP', fromHome: true };
    expect(await refusal(anywhere.authorize(home, 'mute', { channel: 'U0OP' }))).toBe(
      'target_channel_not_visible',
    );
    expect(await refusal(access.authorize(op, 'watch', { channel: 'C0OUTSIDE' }))).toBe(
      'target_channel_not_allowed',
    );
    const d = await access.decide(op, 'watch', { channel: 'C0OUTSIDE' });
    expect(d.refusal?.params).toEqual({ channel: 'C0OUTSIDE' });
    expect(await refusal(access.authorize({ userId: 'U0APP', channelId: 'C0OK' }, 'approve'))).toBe(
      'allowed',
    );
    for (const action of ['approve', 'hosting.approve'] as const) {
      expect(await refusal(access.authorize({ userId: 'U0APP', channelId: 'C0GONE' }, action))).toBe(
        'channel_not_allowed',
      );
    }
  });

  it('reads group membership live for approvals, destructive operations, and when asked', async () => {
    const s = service({ operators: ['S0OPS'], groups: { S0OPS: ['U0MEMBER'] } });
    const m = { userId: 'U0MEMBER', channelId: 'C1' };
    await s.access.decide(m, 'rename');
    await s.access.decide(m, 'rename');
    expect(s.counts().groupCalls).toBe(1);
    await s.access.decide(m, 'signup', { live: true });
    expect(s.counts().groupCalls).toBe(2);
    await s.access.decide(m, 'hosting.ssh_off');
    expect(s.counts().groupCalls).toBe(3);
  });

  it('another channel’s things are seen only by those who can read it, in the list, and on a clear answer', async () => {
    const me = { userId: 'U0ME', channelId: 'C0HERE' };
    const none = service({});
    expect(await none.access.maySeeChannel(me, 'C0HERE')).toBe(true);
    expect(await none.access.maySeeChannel(me, 'G0PRIVATE')).toBe(false);
    const slack = service({ readers: { G0PRIVATE: ['U0ME'], G0OTHERS: ['U0YOU'] } });
    expect(await slack.access.maySeeChannel(me, 'G0PRIVATE')).toBe(true);
    expect(await slack.access.maySeeChannel(me, 'G0OTHERS')).toBe(false);
    const listed = service({ readers: { G0PRIVATE: ['U0ME'] }, policy: 'channels: [C0HERE]\n' });
    expect(await listed.access.maySeeChannel(me, 'G0PRIVATE')).toBe(false);
    expect(await service({ readers: 'fails' }).access.maySeeChannel(me, 'G0PRIVATE')).toBe(false);
  });

  it('a channel is shown what everyone who reads it may read, by the same rule', async () => {
    const slack = service({
      readers: {
        G0OPS: ['U0A', 'U0B'],
        G0SECRET: ['U0A'],
        G0WIDE: ['U0A', 'U0B', 'U0C'],
        C0PUBLIC: ['everyone'],
        C0DIGEST: ['everyone'],
      },
    });
    const ops = slack.access.audienceOf('G0OPS');
    expect(await ops('G0OPS')).toBe(true);
    expect(await ops('C0PUBLIC')).toBe(true);
    expect(await ops('G0WIDE')).toBe(true);
    // U0B reads the digest's channel but not this one.
    expect(await ops('G0SECRET')).toBe(false);
    expect(await ops('G0UNKNOWN')).toBe(false);
    expect(await ops(null)).toBe(false);
    expect(await ops('U0A')).toBe(false);
    // A public channel is read by anyone: a private channel's things are never posted there.
    const pub = slack.access.audienceOf('C0DIGEST');
    expect(await pub('C0PUBLIC')).toBe(true);
    expect(await pub('G0WIDE')).toBe(false);
    expect(await service({}).access.audienceOf('G0OPS')('C0PUBLIC')).toBe(false);
    expect(await service({ readers: 'fails' }).access.audienceOf('G0OPS')('C0PUBLIC')).toBe(false);
    const listed = service({
      readers: { G0OPS: ['U0A'], C0PUBLIC: ['everyone'] },
      policy: 'channels: [G0OPS]\n',
    });
    expect(await listed.access.audienceOf('G0OPS')('C0PUBLIC')).toBe(false);
    // One person's view, asked once per channel.
    const mine = slack.access.readerOf({ userId: 'U0B', channelId: 'C0HERE' });
    expect([await mine('G0OPS'), await mine('G0SECRET'), await mine('C0HERE'), await mine(null)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('caches the key scope and reads it again after the period', async () => {
    const s = service({});
    await s.access.keyScope();
    await s.access.keyScope();
    expect(s.counts().meCalls).toBe(1);
    s.advance(60_001);
    await s.access.keyScope();
    expect(s.counts().meCalls).toBe(2);
  });
});

describe('parsePolicy', () => {
  const problemsOf = (text: string, source?: string): readonly string[] => {
    try {
      parsePolicy(text, source);
    } catch (e) {
      expect(e).toBeInstanceOf(PolicyError);
      return (e as PolicyError).problems;
    }
    return expect.unreachable();
  };

  it('names every problem in one line each: the file, the line, and the rule the value breaks', () => {
    const problems = problemsOf(
      'roles:\n  operator: [bob]\nchannels: [general]\nactions:\n  reboot: admin\nextra: 1\n',
      'policy file /etc/vps/policy.yml',
    );
    expect(problems).toEqual([
      'policy file /etc/vps/policy.yml, line 2: "bob" under operator is not a Slack user id (U… or W…) or user-group id (S…)',
      'policy file /etc/vps/policy.yml, line 3: "general" is not a Slack channel id such as C0123ABCD (channels are named by id, not by #name)',
      'policy file /etc/vps/policy.yml, line 5: reboot: not an action of /vps or /hosting, such as show, rename or hosting.wp_delete (docs/operators.md lists them)',
      'policy file /etc/vps/policy.yml, line 6: extra: not a setting of the policy file, which takes roles, default_role, channels, actions, approvals, accounts and default_account',
    ]);
    // Never the parser's path.
    for (const p of problems) expect(p).not.toMatch(/roles\.operator|channels\.0|\.\d/);
  });

  it('finds the line of a value in a block list, and words each rule of the file', () => {
    const text = [
      'roles:',
      '  admin:',
      '    - U0ADMIN1',
      '    - carol',
      '  boss: [U0BOSS1]',
      'default_role: everyone',
      'actions:',
      '  logs: boss',
      'approvals:',
      '  allow_self: yes',
      '  second_person:',
      '    - hosting.info',
      '  quorum: 2',
    ].join('\n');
    expect(problemsOf(text)).toEqual([
      'the policy file, line 4: "carol" under admin is not a Slack user id (U… or W…) or user-group id (S…)',
      'the policy file, line 5: boss: not a role a policy gives; the roles are viewer, operator, approver and admin',
      'the policy file, line 6: default_role is "everyone"; it must be none or viewer',
      'the policy file, line 8: "boss" is not a role; an action needs none, viewer, operator, approver or admin',
      'the policy file, line 10: approvals: allow_self is "yes"; it must be true or false',
      'the policy file, line 12: "hosting.info" cannot need a second person; only hosting.domain_reset, hosting.wp_delete, hosting.ssh_key_delete, hosting.ssh_off, hosting.dns_change, hosting.dns_delete, hosting.cron_delete, hosting.ssl_delete, hosting.ftp_delete, hosting.mail_delete, hosting.mail_rules_delete, hosting.domain_delete, hosting.subdomain_delete, hosting.db_delete, hosting.db_user_delete or hosting.db_revoke can',
      'the policy file, line 13: quorum: not a setting of approvals, which takes allow_self and second_person',
    ]);
    expect(problemsOf('roles: 3\nchannels: C0OPS\n')).toEqual([
      'the policy file, line 1: roles must be a map of names to values, one "name: value" a line',
      'the policy file, line 2: channels must be a list: [a, b] on one line, or one "- item" a line',
    ]);
  });

  it('rejects YAML that is not YAML, naming its line', () => {
    expect(() => parsePolicy('roles: [unclosed')).toThrow(PolicyError);
    const [line, ...more] = problemsOf(
      'roles:\n  operator: [U0OPS1]\nchannels: [C0OPS, \n',
      'policy file p.yml',
    );
    expect(more).toEqual([]);
    expect(line).toMatch(/^policy file p\.yml, line \d: not valid YAML: \S/);
    expect(line).not.toContain('\n');
  });

  it('accepts an empty file as no refinements', () => {
    expect(parsePolicy('')).toMatchObject({ default_role: 'viewer', roles: {}, actions: {} });
  });
});

describe('keyScopeOf', () => {
  it('reads custom permissions and selected targets', () => {
    const k = keyScopeOf({
      expires_at: '2030-01-01 00:00:00',
      services: {
        vps: {
          permission_type: 'custom',
          target_mode: 'selected',
          targets: ['u1'],
          permissions: { server: 'read', settings: 'full' },
        },
      },
    });
    expect(k).toMatchObject({ readable: true, writable: true, signupAllowed: false });
    expect([...(k.targets ?? [])]).toEqual(['u1']);
    expect(keyScopeOf({ expires_at: null, services: {} })).toMatchObject({
      readable: false,
      writable: false,
    });
  });
});

describe('custom keys: no category name is guessed', () => {
  const forbidden = new ProviderAuthError({
    code: 'FORBIDDEN',
    rawCode: 'FORBIDDEN',
    status: 403,
    providerMessage: '権限がありません',
    details: [],
    endpoint: 'POST /v1/server/{servername}/db',
    rawBody: null,
  });
  // Whatever a custom map says, and whatever it names, nothing is refused before the provider is asked.
  const maps: Record<string, string>[] = [
    {},
    { server_info: 'none', domain: 'none', wordpress: 'none', database: 'none', ssh: 'none', log: 'none' },
    { ウェブ: 'read', 'x.y': 'none' },
    { anything: 'read' },
  ];

  it('a custom hosting key refuses no action beforehand, whatever its map', () => {
    for (const permissions of maps) {
      const key = keyScopeOf({
        expires_at: null,
        services: { server: { permission_type: 'custom', target_mode: 'all', targets: [], permissions } },
      });
      for (const a of HOSTING_ACTIONS)
        expect(keyRefusal(key, a), `${a} ${JSON.stringify(permissions)}`).toBeNull();
    }
  });

  it('a custom VPS key refuses no change beforehand and counts as readable', () => {
    for (const permissions of maps) {
      const key = keyScopeOf({
        expires_at: null,
        services: { vps: { permission_type: 'custom', target_mode: 'all', targets: [], permissions } },
      });
      expect(key).toMatchObject({ readable: true, writable: true });
      for (const a of ['rename', 'memo', 'rdns'] as const) expect(keyRefusal(key, a)).toBeNull();
    }
  });

  it('read and full keys keep their checks: a read key refuses every hosting write, never a read', () => {
    const of = (permission_type: string) =>
      keyScopeOf({
        expires_at: null,
        services: { server: { permission_type, target_mode: 'all', targets: [] } },
      });
    for (const a of HOSTING_ACTIONS) {
      const spec = HOSTING_ACTION_SPECS[a];
      expect(keyRefusal(of('read'), a)?.code ?? null, a).toBe(
        spec.provider && spec.write ? 'key_read_only' : null,
      );
      expect(keyRefusal(of('full'), a), a).toBeNull();
    }
    const legacyRead = keyScopeOf({
      expires_at: null,
      services: {},
      servername: 'xs1.xsrv.jp',
      permission_type: 'read',
      service_type: 'server',
    });
    expect(keyRefusal(legacyRead, 'hosting.ssh_on')?.code).toBe('key_read_only');
    expect(keyRefusal(keyScopeOf({ expires_at: null, services: {} }), 'hosting.info')?.code).toBe(
      'key_no_server',
    );
  });

  it('explains a 403 for a custom key with its categories as given, and nothing else', () => {
    const custom = keyScopeOf({
      expires_at: null,
      services: {
        server: {
          permission_type: 'custom',
          target_mode: 'all',
          targets: [],
          permissions: { 'b<x>': 'none', a: 'read' },
        },
        vps: { permission_type: 'full', target_mode: 'all', targets: [] },
      },
    });
    const e = customKeyRefusal(custom, 'server', forbidden);
    expect(e?.code).toBe('key_custom_forbidden');
    expect(e?.params).toEqual({ service: 'server', count: 2 });
    expect(e?.details).toEqual([
      { label: 'b<x>', detail: 'none' },
      { label: 'a', detail: 'read' },
    ]);
    // A full service, another status, or not a provider error at all: left as it is.
    expect(customKeyRefusal(custom, 'vps', forbidden)).toBeNull();
    const rejected = new ProviderRejectedError({ ...forbidden, code: 'VALIDATION_ERROR', status: 422 });
    expect(customKeyRefusal(custom, 'server', rejected)).toBeNull();
    expect(customKeyRefusal(custom, 'server', new Error('x'))).toBeNull();
  });

  it('explainRefusal reads the key once and passes other failures through', async () => {
    const { access, counts } = service({
      key: {
        expires_at: null,
        services: {
          vps: { permission_type: 'custom', target_mode: 'all', targets: [], permissions: { p: 'read' } },
        },
      },
    });
    const explained = await access.explainRefusal(forbidden, 'vps');
    expect(explained).toBeInstanceOf(ServiceError);
    expect((explained as ServiceError).code).toBe('key_custom_forbidden');
    const other = new Error('boom');
    expect(await access.explainRefusal(other, 'vps')).toBe(other);
    expect(await access.explainRefusal(forbidden, 'server')).toBe(forbidden);
    expect(counts().meCalls).toBe(1);
  });
});

describe('keyScopeOf: the legacy fields', () => {
  it('keeps the deprecated top-level fields only when the key has them', () => {
    const legacy = keyScopeOf({
      expires_at: null,
      services: {},
      service_type: 'server',
      servername: 'xs1.xsrv.jp',
      permission_type: 'full',
    });
    expect(legacy.info.legacy).toEqual({
      service_type: 'server',
      servername: 'xs1.xsrv.jp',
      permission_type: 'full',
    });
    expect(legacy.hosting).toMatchObject({ available: true, servers: ['xs1.xsrv.jp'], permission: 'full' });
    expect(keyScopeOf(fullKey).info.legacy).toBeUndefined();
  });
});
