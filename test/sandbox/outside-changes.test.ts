/**
 * Changes made outside Slack as a person sees them in `npm run sandbox`: a
 * rename made in the control panel (`sim panel …`) is told in #ops; a rename
 * made with `/vps rename` is announced when it is made and never told as made
 * outside.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './support.ts';

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
});

afterAll(async () => {
  await t?.close();
});

describe('changes made outside Slack in the sandbox', () => {
  it('tells the control panel’s rename, never the bot’s own', async () => {
    let mark = t.out.mark();
    await t.type('/vps rename web-1 web-01');
    await t.out.waitFor(/renamed server web-1 to web-01/, mark);

    mark = t.out.mark();
    expect(await t.type('sim panel db-1 rename db-primary')).toContain(
      'db-1: renamed to db-primary in the control panel',
    );
    await t.out.waitFor(
      /db-1 was renamed to db-primary outside Slack \(in the control panel or by another API client\)/,
      mark,
    );
    expect(t.out.since(0)).not.toMatch(/web-1 was renamed to web-01 outside Slack/);
  }, 60_000);
});
