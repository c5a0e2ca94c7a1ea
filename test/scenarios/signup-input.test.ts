/**
 * The order form against careless and hostile input (issue 12): what the
 * scrubber learns from a submission, and fields the provider would refuse
 * refused on their own field before any request.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { REQUESTER, type Scene, type SubmitValues, startScene, VIEWER } from './signup-harness.ts';

const form = (over: Partial<SubmitValues> = {}): SubmitValues => ({
  plan_id: 'vps-2gb',
  period: '1',
  image_id: 'ubuntu-24.04',
  name: 'web-9',
  agree_to_terms: true,
  ...over,
});

type Errors = { response_action: string; errors: Record<string, string> };

describe('the order form and hostile input', () => {
  let scene: Scene | undefined;
  afterEach(async () => {
    await scene?.close();
    scene = undefined;
  });

  it('teaches the scrubber no password from a form its checks refuse, nor from a viewer', async () => {
    scene = await startScene();
    // A valid password (two kinds, 11 characters) that is also a word of every command log line.
    const word = 'vps-command';
    const refused = await scene.submit(form({ name: 'Web 9', root_password: word }), REQUESTER);
    expect((JSON.parse(refused.text) as Errors).response_action).toBe('errors');
    expect(scene.registry.has(word)).toBe(false);
    await scene.submit(form({ root_password: word }), VIEWER);
    await scene.slack.waitFor((c) => c.method === 'views.update');
    expect(scene.registry.has(word)).toBe(false);
    expect(scene.sim.control.requests({ method: 'POST' })).toHaveLength(0);
  });

  it('refuses SSH key names and public keys the provider would refuse, on their own fields', async () => {
    scene = await startScene();
    const en = catalogs.en;
    const ed = 'AAAAC3NzaC1lZDI1NTE5AAAAIB3x';
    const cases: [Partial<SubmitValues>, string, string][] = [
      [{ ssh_key_name: 'my laptop key' }, 'vps_signup_ssh_key_name', en['signup.rule.charset.ssh_key_name']],
      [
        { ssh_key_name: 'k'.repeat(51) },
        'vps_signup_ssh_key_name',
        en['signup.rule.too_long'].replace('{limit}', '50'),
      ],
      [
        { ssh_key_name: 'deploy', ssh_public_key: 'ssh-dss AAAAB3NzaC1kc3MAAACBAP' },
        'vps_signup_ssh_public_key',
        en['signup.rule.ssh_format'],
      ],
      [
        { ssh_key_name: 'deploy', ssh_public_key: `ssh-rsa ${ed} me@host` },
        'vps_signup_ssh_public_key',
        en['signup.rule.ssh_format'],
      ],
      [
        { ssh_key_name: 'deploy', ssh_public_key: `ssh-ed25519 ${ed.slice(0, -2)}` },
        'vps_signup_ssh_public_key',
        en['signup.rule.ssh_format'],
      ],
    ];
    for (const [over, block, sentence] of cases) {
      const ack = await scene.submit(form({ root_password: 'Typed-Passw0rd-77', ...over }), REQUESTER);
      const body = JSON.parse(ack.text) as Errors;
      expect(body.response_action).toBe('errors');
      expect(Object.keys(body.errors)).toEqual([block]);
      expect(body.errors[block]).toContain(sentence);
    }
    expect(scene.sim.control.requests({ method: 'POST' })).toHaveLength(0);
  });
});

describe('the order form and control characters (issue 21)', () => {
  it('refuses a control character on the field it was typed in, with the one sentence, before any request', async () => {
    const scene = await startScene();
    try {
      const sentence = catalogs.en['field.control_character'];
      const cases: [Partial<SubmitValues>, string][] = [
        [{ name: 'web\u001b9' }, 'vps_signup_name'],
        [{ partner_code: 'AB\u0000C' }, 'vps_signup_partner_code'],
        [{ ssh_key_name: 'deploy\u0007' }, 'vps_signup_ssh_key_name'],
        [{ root_password: 'Typed-Pass\u007fw0rd' }, 'vps_signup_root_password'],
        [
          { ssh_key_name: 'deploy', ssh_public_key: 'ssh-ed25519 AAAA\u0085 me@host' },
          'vps_signup_ssh_public_key',
        ],
      ];
      for (const [over, block] of cases) {
        const ack = await scene.submit(form({ root_password: 'Typed-Passw0rd-77', ...over }), REQUESTER);
        const body = JSON.parse(ack.text) as Errors;
        expect(body.errors, block).toEqual({ [block]: sentence });
      }
      expect(scene.sim.control.requests({ method: 'POST' })).toHaveLength(0);
    } finally {
      await scene.close();
    }
  });
});
