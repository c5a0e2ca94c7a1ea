/**
 * The order form against careless and hostile input (issue 12): what the
 * scrubber learns from a submission, and fields the provider would refuse
 * refused on their own field before any request.
 */
import { afterEach, describe, expect, it } from 'vitest';
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
});
