import { describe, expect, it } from 'vitest';
import { errorFromResponse, ProviderNetworkError, ValidationError } from '../../src/provider/errors.ts';
import { validateRootPassword } from '../../src/provider/validate.ts';
import { generateRootPassword } from '../../src/services/password-generator.ts';
import {
  type Catalogue,
  catalogueOf,
  imagesFor,
  nextJstMidnight,
  quoteExpiry,
} from '../../src/services/signup-catalogue.ts';
import { classifySignupFailure } from '../../src/services/signup-errors.ts';
import { checkRootPassword, checkSignupForm, type SignupFormValues } from '../../src/services/signup-form.ts';
import type { Plan } from '../../src/services/signup-ports.ts';

const plan = (id: string, memory: number): Plan => ({
  plan_id: id,
  vps_type: id.split('-')[0] ?? 'vps',
  plan_name: id,
  memory_mb: memory,
  vcpu: 2,
  disk_gb: 100,
  currency: 'JPY',
  periods: [
    { months: 1, total_price: 1500, regular_total_price: 1500, campaign_applied: false },
    { months: 12, total_price: 12000, regular_total_price: 15000, campaign_applied: true },
  ],
});

const catalogue: Catalogue = catalogueOf({
  plans: [plan('vps-1gb', 1024), plan('vps-8gb', 8192), { ...plan('gpu-8gb', 8192), vps_type: 'gpu' }],
  os_images: [
    { image_id: 'ubuntu-24.04', name: 'Ubuntu', version: '24.04', minimum_memory_mb: 0 },
    { image_id: 'big-os', name: 'Big', version: null, minimum_memory_mb: 4096 },
  ],
});

const good: SignupFormValues = {
  plan_id: 'vps-8gb',
  period: '12',
  image_id: 'big-os',
  name: 'web-1',
  root_password: 'Abcdef123!',
  auto_renew: true,
  agree_to_terms: true,
};

describe('signup form rules', () => {
  it('accepts a complete form and gives typed values', () => {
    const r = checkSignupForm(good, catalogue);
    expect(r).toEqual({
      ok: true,
      request: {
        planId: 'vps-8gb',
        period: 12,
        imageId: 'big-os',
        serverName: 'web-1',
        sshKeyName: null,
        sshPublicKey: null,
        rootPassword: 'Abcdef123!',
        autoRenew: true,
        partnerCode: null,
      },
    });
  });

  it('an empty password means "generate one"', () => {
    const r = checkSignupForm({ ...good, root_password: undefined }, catalogue);
    expect(r.ok && r.request.rootPassword).toBeNull();
  });

  it('refuses each field on its own, with the rule that failed', () => {
    const r = checkSignupForm(
      {
        plan_id: 'vps-1gb',
        period: '7',
        image_id: 'big-os',
        name: 'Web 1',
        ssh_public_key: 'not a key',
        root_password: 'short<',
        auto_renew: false,
        partner_code: 'ab-c',
        agree_to_terms: false,
      },
      catalogue,
    );
    expect(r.ok).toBe(false);
    const got = r.ok ? [] : r.problems.map((p) => `${p.field}:${p.rule}`);
    expect(got).toEqual([
      'period:period_unknown',
      'image_id:image_too_big',
      'name:charset',
      'ssh_public_key:ssh_format',
      'ssh_key_name:key_name_needed',
      'root_password:too_short',
      'root_password:forbidden_char',
      'partner_code:charset',
      'agree_to_terms:terms',
    ]);
  });

  it('requires plan, period, image and the terms', () => {
    const r = checkSignupForm({ auto_renew: true, agree_to_terms: false }, catalogue);
    expect(r.ok ? [] : r.problems.map((p) => `${p.field}:${p.rule}`)).toEqual([
      'plan_id:required',
      'period:required',
      'image_id:required',
      'agree_to_terms:terms',
    ]);
  });

  it('knows only plans the API can sign up (no gpu) and images that fit the memory', () => {
    expect(catalogue.plans.map((p) => p.plan_id)).toEqual(['vps-1gb', 'vps-8gb']);
    const small = catalogue.plans[0]!;
    expect(imagesFor(catalogue, small).map((i) => i.image_id)).toEqual(['ubuntu-24.04']);
    expect(checkSignupForm({ ...good, plan_id: 'gpu-8gb' }, catalogue).ok).toBe(false);
  });

  it('password rules agree with the provider client validator', () => {
    const cases = [
      'Abcdef123!',
      'abcdefghi',
      '123456789',
      'abcd1234',
      'abcde1234`',
      'ａbcdef1234',
      `${'a'.repeat(69)}1`,
      `${'a'.repeat(70)}1`,
      'pass word1',
    ];
    for (const c of cases) {
      expect(checkRootPassword(c).length === 0, c).toBe(validateRootPassword(c).length === 0);
    }
  });
});

describe('password generator', () => {
  it('always meets the rules and has every kind', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const p = generateRootPassword();
      expect(p).toHaveLength(24);
      expect(checkRootPassword(p)).toEqual([]);
      expect(validateRootPassword(p)).toEqual([]);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[0-9]/);
      expect(p).toMatch(/[^A-Za-z0-9]/);
      expect(p).not.toMatch(/[`<>'"\\ $]/);
      seen.add(p);
    }
    expect(seen.size).toBe(500);
  });

  it('refuses lengths outside the provider range', () => {
    expect(() => generateRootPassword(8)).toThrow(RangeError);
    expect(generateRootPassword(9)).toHaveLength(9);
  });
});

describe('quote expiry and Japan time', () => {
  it('ends at 00:00 JST when that comes before the TTL', () => {
    // 14:50 UTC = 23:50 JST.
    const now = new Date('2026-03-10T14:50:00Z');
    expect(nextJstMidnight(now).toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(quoteExpiry(now, 30 * 60_000).toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(quoteExpiry(new Date('2026-03-10T03:00:00Z'), 30 * 60_000).toISOString()).toBe(
      '2026-03-10T03:30:00.000Z',
    );
  });

  it('just after midnight JST the next midnight is a full day away', () => {
    expect(nextJstMidnight(new Date('2026-03-10T15:00:00Z')).toISOString()).toBe('2026-03-11T15:00:00.000Z');
  });
});

describe('what a provider failure means for money', () => {
  const err = (status: number, code: string) =>
    errorFromResponse(status, {}, JSON.stringify({ error: { code, message: 'x' } }), 'POST /v1/vps/servers');

  it('sorts refusals, price moves, in-process and the unknowable', () => {
    expect(classifySignupFailure(err(422, 'PRICE_MISMATCH'))).toEqual({ kind: 'price_mismatch' });
    expect(classifySignupFailure(err(409, 'DUPLICATE_REQUEST'))).toEqual({ kind: 'in_process' });
    for (const [s, c] of [
      [402, 'PAYMENT_REQUIRED'],
      [403, 'FORBIDDEN'],
      [409, 'CAPACITY_UNAVAILABLE'],
      [422, 'PLAN_NOT_AVAILABLE'],
      [422, 'VALIDATION_ERROR'],
    ] as const) {
      expect(classifySignupFailure(err(s, c))).toEqual({ kind: 'refused', code: c });
    }
    expect(classifySignupFailure(err(500, 'INTERNAL_ERROR'))).toEqual({
      kind: 'indeterminate',
      code: 'INTERNAL_ERROR',
    });
    expect(classifySignupFailure(err(502, 'BACKEND_ERROR')).kind).toBe('indeterminate');
    expect(classifySignupFailure(err(429, 'RATE_LIMIT_EXCEEDED')).kind).toBe('indeterminate');
    const net = new ProviderNetworkError({
      kind: 'reset',
      phase: 'headers',
      mayHaveReachedServer: true,
      endpoint: 'POST /v1/vps/servers',
      detail: 'socket hang up',
    });
    expect(classifySignupFailure(net)).toEqual({ kind: 'indeterminate', code: 'NETWORK' });
    expect(classifySignupFailure(new ValidationError([]))).toEqual({
      kind: 'refused',
      code: 'VALIDATION_ERROR',
    });
    expect(classifySignupFailure(new TypeError('boom'))).toEqual({ kind: 'indeterminate', code: 'INTERNAL' });
  });
});
