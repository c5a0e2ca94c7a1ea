import { describe, expect, it } from 'vitest';
import {
  assertSignupInput,
  type SignupInput,
  ValidationError,
  validateDomain,
  validateHostname,
  validateIdempotencyKey,
  validateLogsQuery,
  validateMailAddress,
  validateMemo,
  validatePartnerCode,
  validatePathId,
  validateRootPassword,
  validateServerName,
  validateSignupInput,
  validateSshKeyName,
  validateSshPublicKey,
  validateText,
} from '../../src/provider/index.ts';

const rules = (issues: { rule: string }[]) => issues.map((i) => i.rule);

const goodSignup: SignupInput = {
  plan_id: 'vps-2gb',
  period: 1,
  image_id: 'ubuntu-24.04',
  root_password: 'Passw0rd!x',
  expected_total_price: 1234,
  agree_to_terms: true,
};

describe('validateText: the one rule of every text field', () => {
  const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
  const C1 = Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)); // DEL and C1

  it('refuses every C0 control, DEL, every C1 control and a lone surrogate of either half', () => {
    for (const c of [...C0, ...C1, '\ud800', '\udfff', 'a\udc00b']) {
      expect(rules(validateText(`x${c}y`, 'f')), JSON.stringify(c)).toEqual(['control_character']);
    }
  });

  it('takes tab and line feed only in a multi-line field, never a carriage return or NUL', () => {
    expect(validateText('a\tb\nc', 'memo', { multiline: true })).toEqual([]);
    expect(rules(validateText('a\tb', 'name'))).toEqual(['control_character']);
    expect(rules(validateText('a\nb', 'name'))).toEqual(['control_character']);
    expect(rules(validateText('a\r\nb', 'memo', { multiline: true }))).toEqual(['control_character']);
    expect(rules(validateText('a\u0000b', 'memo', { multiline: true }))).toEqual(['control_character']);
  });

  it('takes every visible character: Japanese, emoji (a surrogate pair), full-width, no-break space', () => {
    for (const ok of ['サーバー', '😀 👩‍👩‍👧', 'ｗｅｂ－１', 'a\u00a0b', 'é', '\u200b'])
      expect(validateText(ok, 'f')).toEqual([]);
  });

  it('is the first rule of every text validator of both APIs', () => {
    const nul = 'a\u0000b';
    for (const issues of [
      validateServerName(nul),
      validateMemo(nul),
      validateHostname(nul),
      validateRootPassword(`Passw0rd!${nul}`),
      validateIdempotencyKey(`abcdefgh${nul}`),
      validatePartnerCode(nul),
      validateSshPublicKey(`ssh-ed25519 ${nul}`),
      validateSshKeyName(nul),
      validateDomain(`exa${nul}.com`),
      validateMailAddress(`a${nul}@example.jp`),
      validatePathId(nul, 'wp_id'),
      validateLogsQuery({ cursor: nul }),
    ])
      expect(rules(issues)).toEqual(['control_character']);
  });
});

describe('validateServerName', () => {
  it('accepts lower-case letters, digits, - and _ up to 50', () => {
    expect(validateServerName('web-01_a')).toEqual([]);
    expect(validateServerName('a'.repeat(50))).toEqual([]);
  });
  it('refuses upper case, dots, spaces, Japanese, empty, too long', () => {
    expect(rules(validateServerName('Web'))).toEqual(['charset']);
    expect(rules(validateServerName('web.1'))).toEqual(['charset']);
    expect(rules(validateServerName('ウェブ'))).toEqual(['charset']);
    expect(rules(validateServerName(''))).toEqual(['required']);
    expect(rules(validateServerName('a'.repeat(51)))).toEqual(['max_length']);
    expect(rules(validateServerName(3))).toEqual(['type']);
  });
  it('names the field', () => {
    expect(validateServerName('X')[0]?.field).toBe('name');
  });
});

describe('validateMemo', () => {
  it('accepts the empty string (deletes) and 500 characters, counting Japanese as one each', () => {
    expect(validateMemo('')).toEqual([]);
    expect(validateMemo('あ'.repeat(500))).toEqual([]);
    expect(validateMemo('😀'.repeat(500))).toEqual([]);
  });
  it('refuses 501 characters', () => {
    expect(rules(validateMemo('a'.repeat(501)))).toEqual(['max_length']);
  });
});

describe('validateHostname', () => {
  it('accepts letters, digits, - and . up to 253', () => {
    expect(validateHostname('vps-1.Example.jp')).toEqual([]);
    expect(
      validateHostname(`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`),
    ).toEqual([]);
  });
  it('refuses underscores, Japanese, empty and 254 characters', () => {
    expect(rules(validateHostname('a_b.jp'))).toEqual(['charset']);
    expect(rules(validateHostname('日本.jp'))).toEqual(['charset']);
    expect(rules(validateHostname(''))).toEqual(['required']);
    expect(rules(validateHostname('a'.repeat(254)))).toEqual(['max_length']);
  });
});

describe('validateRootPassword', () => {
  it('accepts 9 to 70 characters with two kinds', () => {
    expect(validateRootPassword('abcdefgh1')).toEqual([]);
    expect(validateRootPassword('abcdefgh!')).toEqual([]);
    expect(validateRootPassword('12345678!')).toEqual([]);
    expect(validateRootPassword(`a1${'x'.repeat(68)}`)).toEqual([]);
  });
  it('refuses short, long, one kind only', () => {
    expect(rules(validateRootPassword('abc1'))).toEqual(['min_length']);
    expect(rules(validateRootPassword(`a1${'x'.repeat(69)}`))).toEqual(['max_length']);
    expect(rules(validateRootPassword('abcdefghij'))).toEqual(['character_kinds']);
    expect(rules(validateRootPassword('1234567890'))).toEqual(['character_kinds']);
  });
  it('refuses backquote, < and >, and full-width characters', () => {
    expect(rules(validateRootPassword('abcdefg1`'))).toContain('forbidden_character');
    expect(rules(validateRootPassword('abcdefg1<'))).toContain('forbidden_character');
    expect(rules(validateRootPassword('abcdefg1>'))).toContain('forbidden_character');
    expect(rules(validateRootPassword('abcdefg1Ａ'))).toContain('full_width');
    expect(rules(validateRootPassword('abcdefg1あ'))).toContain('full_width');
    expect(rules(validateRootPassword('abcdefg1！'))).toContain('full_width');
  });
  it('leaves a space to the provider: the spec forbids ` < > and full-width characters, not it', () => {
    expect(validateRootPassword('abc def 12')).toEqual([]);
  });
  it('never puts the password in the message', () => {
    const issues = validateRootPassword('secret`pw1');
    expect(JSON.stringify(issues)).not.toContain('secret`pw1');
  });
});

describe('validateIdempotencyKey', () => {
  it('accepts 8 to 64 letters, digits, - and _ (a UUID)', () => {
    expect(validateIdempotencyKey('3f0c1a4e-8b7d-4c21-9a3e-2b1f0e9d8c7a')).toEqual([]);
    expect(validateIdempotencyKey('abcd_123')).toEqual([]);
    expect(validateIdempotencyKey('a'.repeat(64))).toEqual([]);
  });
  it('refuses short, long, other characters, missing', () => {
    expect(rules(validateIdempotencyKey('abc1234'))).toEqual(['length']);
    expect(rules(validateIdempotencyKey('a'.repeat(65)))).toEqual(['length']);
    expect(rules(validateIdempotencyKey('abcd 1234'))).toEqual(['charset']);
    expect(rules(validateIdempotencyKey('abcd.1234'))).toEqual(['charset']);
    expect(rules(validateIdempotencyKey(''))).toEqual(['required']);
    expect(rules(validateIdempotencyKey(undefined))).toEqual(['required']);
  });
});

describe('validatePartnerCode', () => {
  it('accepts alphanumeric up to 50', () => {
    expect(validatePartnerCode('AB12cd')).toEqual([]);
    expect(validatePartnerCode('a'.repeat(50))).toEqual([]);
  });
  it('refuses symbols and 51 characters', () => {
    expect(rules(validatePartnerCode('AB-12'))).toEqual(['charset']);
    expect(rules(validatePartnerCode('a'.repeat(51)))).toEqual(['max_length']);
  });
});

describe('validateSshPublicKey', () => {
  it('accepts OpenSSH lines', () => {
    expect(validateSshPublicKey('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB3x me@host')).toEqual([]);
    expect(validateSshPublicKey('ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ==')).toEqual([]);
  });
  it('refuses garbage and full-width characters', () => {
    expect(rules(validateSshPublicKey('hello world'))).toEqual(['format']);
    expect(rules(validateSshPublicKey('ssh-ed25519 AAAA me＠host'))).toEqual(['full_width']);
    expect(rules(validateSshPublicKey(''))).toEqual(['required']);
  });
  it('refuses base64 that is not a key of the type named; the type itself is the provider’s to judge', () => {
    const ed = 'AAAAC3NzaC1lZDI1NTE5AAAAIB3x';
    expect(rules(validateSshPublicKey('ssh-dss AAAAB3NzaC1kc3MAAACBAP'))).toEqual(['format']);
    // Which key types the provider takes is not published: a well-formed key of any type is sent.
    const blob = (type: string) =>
      Buffer.concat([Buffer.from([0, 0, 0, type.length]), Buffer.from(type), Buffer.alloc(5, 1)]).toString(
        'base64',
      );
    expect(validateSshPublicKey(`ssh-dss ${blob('ssh-dss')} old@host`)).toEqual([]);
    expect(validateSshPublicKey(`ssh-ed448 ${blob('ssh-ed448')}`)).toEqual([]);
    expect(rules(validateSshPublicKey(`Ssh Rsa ${blob('Ssh')}`))).toEqual(['format']);
    expect(rules(validateSshPublicKey(`ssh-rsa ${ed} me`))).toEqual(['format']);
    expect(rules(validateSshPublicKey(`ssh-ed25519 ${ed.slice(0, -1)}`))).toEqual(['format']);
    expect(rules(validateSshPublicKey(`ssh-ed25519 ${ed}===`))).toEqual(['format']);
    expect(rules(validateSshPublicKey('ssh-ed25519 AAAA'))).toEqual(['format']);
    expect(rules(validateSshPublicKey('ssh-ed25519'))).toEqual(['format']);
    expect(validateSshPublicKey(`  ssh-ed25519 ${ed} me@host and more words `)).toEqual([]);
  });
});

describe('validateSshKeyName', () => {
  it('guesses no length and no characters the spec does not give: given, it is not empty and keeps the text rule', () => {
    expect(validateSshKeyName('deploy-key_1@laptop')).toEqual([]);
    // The provider decides these (the simulator refuses them, in its words).
    expect(validateSshKeyName('k'.repeat(51))).toEqual([]);
    expect(validateSshKeyName('my key')).toEqual([]);
    expect(validateSshKeyName('鍵')).toEqual([]);
    expect(rules(validateSshKeyName('a\u0000b'))).toEqual(['control_character']);
    expect(rules(validateSshKeyName(' '))).toEqual(['required']);
  });
});

describe('validateLogsQuery', () => {
  it('accepts every filter', () => {
    expect(
      validateLogsQuery({
        from: '2026-01-01 00:00:00',
        to: '2026-01-02 23:59:59',
        status_class: 'error',
        status_code: 404,
        method: 'PUT',
        limit: 500,
        cursor: 'abc',
      }),
    ).toEqual([]);
    expect(validateLogsQuery(undefined)).toEqual([]);
  });
  it('refuses limit 0 and 501, lower-case method, unknown class, bad dates, unknown filters', () => {
    expect(rules(validateLogsQuery({ limit: 0 }))).toEqual(['range']);
    expect(rules(validateLogsQuery({ limit: 501 }))).toEqual(['range']);
    expect(rules(validateLogsQuery({ limit: 1.5 }))).toEqual(['range']);
    expect(rules(validateLogsQuery({ method: 'get' }))).toEqual(['enum']);
    expect(rules(validateLogsQuery({ method: 'PATCH' }))).toEqual(['enum']);
    expect(rules(validateLogsQuery({ status_class: 'client' }))).toEqual(['enum']);
    expect(rules(validateLogsQuery({ status_code: 99 }))).toEqual(['range']);
    expect(rules(validateLogsQuery({ from: 'yesterday' }))).toEqual(['format']);
    expect(rules(validateLogsQuery({ from: '2026-13-01 00:00:00' }))).toEqual(['format']);
    expect(rules(validateLogsQuery({ to: '2026-02-30 23:59:59' }))).toEqual(['format']);
    expect(rules(validateLogsQuery({ to: '2026-01-01 24:00:00' }))).toEqual(['format']);
    expect(validateLogsQuery({ from: '2028-02-29 12:00:00' })).toEqual([]);
    expect(rules(validateLogsQuery({ page: 2 }))).toEqual(['unknown']);
    expect(validateLogsQuery({ method: 'get' })[0]?.field).toBe('method');
  });
});

describe('validateSignupInput', () => {
  it('accepts a complete input with the optional fields', () => {
    expect(validateSignupInput(goodSignup)).toEqual([]);
    expect(
      validateSignupInput({
        ...goodSignup,
        name: 'web-1',
        ssh_key_name: 'deploy',
        ssh_public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 me',
        partner_code: 'P123',
        auto_renew: false,
      }),
    ).toEqual([]);
  });
  it('names every bad field', () => {
    const issues = validateSignupInput({
      plan_id: 'windows-2gb',
      period: 0,
      image_id: '',
      root_password: 'short',
      name: 'Bad Name',
      ssh_public_key: 'ssh-ed25519 AAAA',
      expected_total_price: -1,
      agree_to_terms: false,
      partner_code: 'x-y',
    });
    const fields = issues.map((i) => i.field);
    for (const f of [
      'plan_id',
      'period',
      'image_id',
      'root_password',
      'name',
      'ssh_key_name',
      'expected_total_price',
      'agree_to_terms',
      'partner_code',
    ])
      expect(fields).toContain(f);
  });
  it('assert throws ValidationError with field and rule, without the password', () => {
    try {
      assertSignupInput({ ...goodSignup, root_password: 'abcdefg<1' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      const v = e as ValidationError;
      expect(v.field).toBe('root_password');
      expect(v.rule).toBe('forbidden_character');
      expect(v.message).not.toContain('abcdefg<1');
    }
  });
  it('refuses dry_run in the input (the method decides)', () => {
    expect(rules(validateSignupInput({ ...goodSignup, dry_run: true }))).toEqual(['not_allowed']);
  });
});

describe('path ids, domains and mail addresses', () => {
  it('refuses slashes and traversal in ids', () => {
    expect(validatePathId('a1b2-c3', 'uuid')).toEqual([]);
    expect(validatePathId(12, 'id')).toEqual([]);
    expect(rules(validatePathId('../me', 'uuid'))).toEqual(['format']);
    expect(rules(validatePathId('', 'uuid'))).toEqual(['required']);
    expect(rules(validatePathId('a?b', 'uuid'))).toEqual(['format']);
  });
  it('accepts Japanese domains and refuses junk', () => {
    expect(validateDomain('日本語.jp')).toEqual([]);
    expect(validateDomain('example.com')).toEqual([]);
    expect(rules(validateDomain('exa mple.com'))).toEqual(['format']);
    expect(validateMailAddress('info@日本語.jp')).toEqual([]);
    expect(rules(validateMailAddress('nobody'))).toEqual(['format']);
  });
});
