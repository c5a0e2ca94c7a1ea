/**
 * Property, through the running bot (signed Slack requests, the real app, the
 * simulator behind): whatever an operator or a viewer types after `/vps` or
 * `/hosting`, the command is acknowledged and answered (a reply, a form, or a
 * post) with a sentence that is not our internal error, what was typed is
 * never echoed as a live mention, and no request reaches the provider with
 * input its rules forbid (the simulator, strict like the real API, would
 * answer it 400 or 422 VALIDATION_ERROR).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VPS_WORDS } from '../../src/slack/grammar/vps.ts';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { ADMIN, type Harness, OPERATOR, startHarness, VIEWER } from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';
import { argument, commandLine, LIVE_MENTION, mrkdwnTexts, params, refusedAsInvalid } from './support.ts';

/**
 * Every word of /vps but `signup`, which only opens a form (the grammar's own list, so a new word is
 * fuzzed too), and `signup status`, which reads one signup by the id typed after it.
 */
const VPS_LINES = [...VPS_WORDS.filter((w) => w !== 'signup'), 'signup status'];
/** The /hosting lines typed into the running bot: its areas and the phrases below them that take values. */
const HOSTING_LINES = [
  'help',
  'servers',
  'info',
  'usage',
  'domains',
  'domain',
  'domain add',
  'subdomains',
  'subdomain add',
  'wp',
  'db grant',
  'ssh',
  'ssh keys',
  'ssh key generate',
  'errorlog',
  'audit',
];

const INTERNAL = [catalogs.en['error.internal'], catalogs.ja['error.internal']];

describe('commands typed into the running bot', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      operators: [OPERATOR, ADMIN],
      policy: `roles:\n  admin: [${ADMIN}]\n  operator: [${OPERATOR}]\n`,
      // Hundreds of commands in a few seconds: the simulator's rate limit is not what is tested here.
      rateLimit: { limit: 1_000_000, windowSeconds: 60, concurrent: 100 },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Sends one command and returns the first thing the bot did in answer. */
  async function answerTo(text: string, user: string, command: string): Promise<RecordedCall> {
    const since = h.slack.lastSeq;
    const sent = await h.command(text, { user, command });
    expect(sent.ack.status).toBe(200);
    return h.slack.waitFor(
      (c) =>
        c.seq > since &&
        ((c.method === 'response_url' && c.responseId === sent.responseId) ||
          (c.method === 'views.open' && c.args.trigger_id === sent.triggerId) ||
          c.method === 'chat.postMessage' ||
          c.method === 'chat.postEphemeral'),
      5_000,
    );
  }

  async function check(text: string, user: string, command: string): Promise<void> {
    const before = h.sim.control.requests().length;
    const answer = await answerTo(text, user, command);
    if (answer.method !== 'views.open') {
      const texts = mrkdwnTexts(answer.args);
      expect(texts.join('').trim().length, `answer to ${command} ${text}`).toBeGreaterThan(0);
      for (const t of texts) {
        for (const internal of INTERNAL) expect(t, `answer to ${command} ${text}`).not.toContain(internal);
        expect(t).not.toMatch(LIVE_MENTION);
      }
    }
    expect(refusedAsInvalid(h.sim.control.requests().slice(before)), `${command} ${text}`).toEqual([]);
  }

  it('answers every /vps command with a sentence and sends the provider nothing it forbids', async () => {
    await fc.assert(
      fc.asyncProperty(commandLine(VPS_LINES, argument), fc.constantFrom(OPERATOR, VIEWER), (text, user) =>
        check(text, user, '/vps'),
      ),
      params(120, 0.1),
    );
  });

  it('answers every /hosting command with a sentence and sends the provider nothing it forbids', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Most commands name the server first: the test key covers every server of the account.
        fc.constantFrom('xs123456.xsrv.jp ', 'xs123456.xsrv.jp ', 'xs123456.xsrv.jp ', ''),
        commandLine(HOSTING_LINES, argument),
        fc.constantFrom(OPERATOR, ADMIN, VIEWER),
        (server, text, user) => check(`${server}${text}`, user, '/hosting'),
      ),
      params(80, 0.1),
    );
  });
});
