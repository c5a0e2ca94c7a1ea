import { describe, expect, it } from 'vitest';
import { validateRootPassword } from '../../../src/provider/validate.ts';
import { generateRootPassword } from '../../../src/services/signup/password.ts';
import { checkRootPassword } from '../../../src/services/signup/signup-quotes.ts';

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
