import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../src/provider/index.ts';
import { validateRootPassword } from '../../../src/provider/validate.ts';
import { type Catalogue, catalogueOf, imagesFor } from '../../../src/services/signup/catalogue.ts';
import {
  checkRootPassword,
  checkSignupForm,
  type SignupFormValues,
} from '../../../src/services/signup/signup-quotes.ts';

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
