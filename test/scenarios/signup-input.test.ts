/**
 * The order form against careless and hostile input (issue 12): what the
 * scrubber learns from a submission, and fields the provider would refuse
 * refused on their own field before any request.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { fill } from '../support/words.ts';
import { allText, REQUESTER, type Scene, type SubmitValues, startScene, VIEWER } from './signup-harness.ts';

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

  it('refuses public keys that are not OpenSSH and key names past the form’s bound, on their own fields', async () => {
    scene = await startScene();
    const en = catalogs.en;
    const ed = 'AAAAC3NzaC1lZDI1NTE5AAAAIB3x';
    const cases: [Partial<SubmitValues>, string, string][] = [
      [
        // The form's own bound (Slack's input holds 3,000), not the provider's: the spec gives none.
        { ssh_key_name: 'k'.repeat(3000) },
        'vps_signup_ssh_key_name',
        fill(en['signup.rule.too_long'], { limit: 2999 }),
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

  it('sends a key name the spec gives no rule, and shows the provider’s refusal in its words on the form', async () => {
    scene = await startScene();
    // No length and no characters in the spec: the bot guesses none, the provider decides.
    for (const [name, said] of [
      ['my laptop key', '半角英数字記号50文字以内で指定してください。'],
      ['k'.repeat(51), '半角英数字記号50文字以内で指定してください。'],
      ['never-registered', '登録されていないSSHキー名です。'],
    ] as const) {
      const viewId = `V0KEYNAME${name.length}${name[0]}`;
      const sent = scene.sim.control.requests({ method: 'POST' }).length;
      const ack = await scene.submit(
        form({ root_password: 'Typed-Passw0rd-77', ssh_key_name: name }),
        REQUESTER,
        {
          viewId,
        },
      );
      expect((JSON.parse(ack.text) as Errors).response_action).toBe('update');
      const notice = await scene.slack.waitFor(
        (c) =>
          c.method === 'views.update' && c.args.view_id === viewId && allText(c.args.view).includes(said),
      );
      const text = allText(notice.args.view);
      expect(text).toContain(catalogs.en['signup.refused.VALIDATION_ERROR']);
      expect(text).toContain(catalogs.en['signup.refused.provider_said']);
      // The field it names, by the form's label for it, then the provider's words as written.
      expect(text).toContain(`*${catalogs.en['signup.field.ssh_key_name']}*: ${said}`);
      // The dry run was sent with the key name as typed; nothing was ordered.
      const dry = scene.sim.control.requests({ method: 'POST' }).slice(sent);
      expect(dry).toHaveLength(1);
      expect((dry[0]!.body as { ssh_key_name?: string; dry_run?: boolean }).ssh_key_name).toBe(name);
      expect((dry[0]!.body as { dry_run?: boolean }).dry_run).toBe(true);
    }
  });
});

describe('the order form and a root password with a space', () => {
  it('sends it (the spec does not forbid a space) and shows the provider’s refusal, never the password', async () => {
    const scene = await startScene();
    try {
      const password = 'Typed Passw0rd 77';
      const ack = await scene.submit(form({ root_password: password }), REQUESTER, { viewId: 'V0SPACE01' });
      expect((JSON.parse(ack.text) as Errors).response_action).toBe('update');
      const said = '全角文字・空白は使用できません。';
      const notice = await scene.slack.waitFor(
        (c) =>
          c.method === 'views.update' &&
          c.args.view_id === 'V0SPACE01' &&
          allText(c.args.view).includes(said),
      );
      expect(allText(notice.args.view)).toContain(`*${catalogs.en['signup.field.root_password']}*: ${said}`);
      expect(JSON.stringify(scene.slack.calls)).not.toContain(password);
      expect(scene.sim.control.requests({ method: 'POST' })).toHaveLength(1);
    } finally {
      await scene.close();
    }
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
