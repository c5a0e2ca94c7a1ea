import { describe, expect, it } from 'vitest';
import type { KeyInfo } from '../../src/provider/index.ts';
import { AccessService, keyScopeOf, PolicyError, parsePolicy } from '../../src/services/access.ts';
import { ServiceError } from '../../src/services/errors.ts';

const fullKey: KeyInfo = {
  expires_at: null,
  services: { vps: { permission_type: 'full', target_mode: 'all', targets: [], allow_signup: true } },
};

function service(opts: {
  policy?: string;
  operators?: string[];
  key?: KeyInfo;
  groups?: Record<string, string[]>;
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
  it('names every problem in one line each', () => {
    try {
      parsePolicy('roles:\n  operator: [bob]\nchannels: [general]\nactions:\n  reboot: admin\nextra: 1\n');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PolicyError);
      const problems = (e as PolicyError).problems.join('\n');
      expect(problems).toContain('roles.operator.0');
      expect(problems).toContain('channels.0');
      expect(problems).toMatch(/actions/);
    }
  });

  it('rejects YAML that is not YAML', () => {
    expect(() => parsePolicy('roles: [unclosed')).toThrow(PolicyError);
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
