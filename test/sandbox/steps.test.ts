/**
 * Workflow Builder steps in the sandbox: `steps` lists what manifest.yml
 * declares, `step <name> key=value …` sends Slack's `function_executed` with
 * the person at the keyboard as its user context, and the outcome the bot
 * tells Slack is printed. The real bot behind the sandbox's Slack.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INSTALLED_STEPS, stepInputs } from '../../src/sandbox/steps.ts';
import { startTestSandbox, type TestSandbox } from './support.ts';

interface Manifest {
  functions: Record<
    string,
    { title: string; input_parameters: { properties: Record<string, { type: string }> } }
  >;
}

const CONTEXT = new Set(['user_context', 'interactivity', 'channel']);

describe('the steps the sandbox’s Slack knows', () => {
  it('are the ones manifest.yml declares, with their own inputs', () => {
    const manifest = parse(readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8')) as Manifest;
    expect(
      INSTALLED_STEPS.map((s) => ({ callbackId: s.callbackId, title: s.title, inputs: [...s.inputs] })),
    ).toEqual(
      Object.entries(manifest.functions).map(([id, f]) => ({
        callbackId: id,
        title: f.title,
        inputs: Object.keys(f.input_parameters.properties).filter((k) => !CONTEXT.has(k)),
      })),
    );
    for (const s of INSTALLED_STEPS)
      for (const [k, p] of Object.entries(manifest.functions[s.callbackId]!.input_parameters.properties))
        if (!CONTEXT.has(k))
          expect(s.channelInputs.includes(k), k).toBe(p.type === 'slack#/types/channel_id');
  });

  it('reads key=value words, quoted values with spaces', () => {
    expect(stepInputs('server=web-1 memo="moved to rack 4"')).toEqual({
      ok: true,
      inputs: { server: 'web-1', memo: 'moved to rack 4' },
    });
    expect(stepInputs('server')).toEqual({ ok: false, problem: 'not key=value: server' });
  });
});

describe('steps through the sandbox', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a read step completes with its outputs', async () => {
    const mark = t.out.mark();
    await t.type('as carol', 'step show_server server=db-1');
    const text = await t.out.waitFor(/step show_server completed/, mark);
    expect(text).toContain('(Show server, as carol in #ops)');
    expect(text).toContain('name: db-1');
    expect(text).toMatch(/power_status: [a-z]+/);
  });

  it('a change nobody started fails with the reason; as an operator it is made', async () => {
    let mark = t.out.mark();
    await t.type('step set_server_memo scheduled server=db-1 memo=nightly');
    expect(await t.out.waitFor(/step set_server_memo failed/, mark)).toContain('a person must start it');
    mark = t.out.mark();
    await t.type('as bob', 'step set_server_memo server=db-1 memo="from a step"');
    const made = await t.out.waitFor(/step set_server_memo completed/, mark);
    expect(made).toContain('from a step');
  });
});
