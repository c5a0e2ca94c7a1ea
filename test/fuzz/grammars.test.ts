/**
 * Property: every text typed after `/vps` or `/hosting` is read without a
 * throw into a command or a problem, and every problem is a clear, non-empty
 * sentence in English and Japanese that Slack takes (within its limits, what
 * was typed shown as text, never as a live mention).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseProblemMessage } from '../../src/slack/error-text.ts';
import { HOSTING_WORDS, type HostingCommand, parseHostingCommand } from '../../src/slack/grammar/hosting.ts';
import { fromSlackText, type ParseResult, tokenize } from '../../src/slack/grammar/tokens.ts';
import { parseVpsCommand, VPS_WORDS, type VpsCommand } from '../../src/slack/grammar/vps.ts';
import { translator } from '../../src/slack/i18n/index.ts';
import type { Ui } from '../../src/slack/views/format.ts';
import { assertBlocksWithinLimits } from '../../src/slack/views/limits.ts';
import { argument, commandLine, LIVE_MENTION, mrkdwnTexts, nastyText, params } from './support.ts';

const uis: Ui[] = [
  { t: translator('en'), locale: 'en', tz: 'UTC', dateLocale: 'en-US' },
  { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' },
];

/** Every word of /vps (the grammar's own list, so a new one is fuzzed too), its aliases and phrases. */
const VPS_LINES = [...VPS_WORDS, 'ls', 'log', 'prices', 'signup status'];
/** Every word of /hosting, the phrases below them, and lines that name the server first. */
const HOSTING_LINES = [
  ...HOSTING_WORDS,
  'domain add',
  'domain reset',
  'subdomain add',
  'wp install',
  'wp delete',
  'db create',
  'db user create',
  'db grant',
  'ssh on',
  'ssh key add',
  'ssh key generate',
  'ssh key delete',
  'dns add',
  'dns change',
  'dns delete',
  'cron add',
  'cron change',
  'cron enable',
  'cron disable',
  'cron delete',
  'php set',
  'ssl add',
  'ssl delete',
  'xs123456.xsrv.jp dns add example.jp @',
  'xs123456.xsrv.jp info',
  'xs123456.xsrv.jp errorlog',
];

function checkAnswer<C>(result: ParseResult<C>, slash: string): void {
  if (result.ok) {
    expect(typeof (result.command as { name: unknown }).name).toBe('string');
    return;
  }
  for (const ui of uis) {
    const m = parseProblemMessage(ui, result.error, slash);
    expect(m.text.trim().length).toBeGreaterThan(0);
    assertBlocksWithinLimits(m.blocks, 'message');
    for (const t of mrkdwnTexts(m)) expect(t).not.toMatch(LIVE_MENTION);
  }
}

describe('the slash command grammars under random and adversarial text', () => {
  it('reads any text after /vps into a command or a sentence', () => {
    fc.assert(
      fc.property(fc.oneof(nastyText, commandLine(VPS_LINES, argument)), (text) => {
        checkAnswer<VpsCommand>(parseVpsCommand(text), '/vps');
      }),
      params(1000),
    );
  });

  it('reads any text after /hosting into a command or a sentence', () => {
    fc.assert(
      fc.property(fc.oneof(nastyText, commandLine(HOSTING_LINES, argument)), (text) => {
        checkAnswer<HostingCommand>(parseHostingCommand(text), '/hosting');
      }),
      params(1000),
    );
  });

  it('reads Slack’s escaping back without a throw, and tokens never reach past the text', () => {
    fc.assert(
      fc.property(nastyText, (text) => {
        const plain = fromSlackText(text);
        for (const t of tokenize(plain)) {
          expect(t.start).toBeGreaterThanOrEqual(0);
          expect(t.end).toBeLessThanOrEqual(plain.length);
          expect(t.start).toBeLessThanOrEqual(t.end);
        }
      }),
      params(1000),
    );
  });

  it('names a real calendar date or refuses it, never passing an impossible one on', () => {
    const date = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 19 }),
        fc.integer({ min: 0, max: 39 }),
        fc.option(fc.tuple(fc.integer({ min: 0, max: 29 }), fc.integer({ min: 0, max: 69 }))),
      )
      .map(([y, m, d, t]) => {
        const p = (n: number, w = 2) => String(n).padStart(w, '0');
        return `${p(y, 4)}-${p(m)}-${p(d)}${t ? `T${p(t[0])}:${p(t[1])}` : ''}`;
      });
    fc.assert(
      fc.property(fc.constantFrom('from', 'to'), date, (key, value) => {
        const r = parseVpsCommand(`logs ${key}=${value}`);
        if (!r.ok || r.command.name !== 'logs') return;
        const v = r.command.filter[key as 'from' | 'to']!;
        const [day, time] = v.split(' ');
        const asDate = new Date(`${day}T${time}Z`);
        // What is passed on is a moment that exists and reads back as itself.
        expect(Number.isNaN(asDate.getTime())).toBe(false);
        expect(asDate.toISOString().slice(0, 19)).toBe(`${day}T${time}`);
      }),
      params(1000),
    );
  });
});
