/**
 * The README's walkthrough, typed as written. Every line of its ```sandbox
 * blocks goes through the real sandbox (the simulator, the sandbox's Slack and
 * the real bot behind it), in order, in one session, as a reader types them:
 * the prompt must be the one the README shows, and the answer must say what
 * the README says the line does (the checks below, one per line, in the
 * README's order). The two pictures (```sandbox-output) must be what that
 * session printed, figures and times aside.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../sandbox/support.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The lines of each fenced block whose info string is `tag`. */
function blocks(tag: string): string[][] {
  const out: string[][] = [];
  let open: string[] | undefined;
  for (const line of README.split('\n')) {
    if (open === undefined && line === `\`\`\`${tag}`) open = [];
    else if (open !== undefined && line === '```') {
      out.push(open);
      open = undefined;
    } else open?.push(line);
  }
  return out;
}

interface Step {
  /** The prompt as the README shows it, with the `› ` the terminal prints after it. */
  prompt: string;
  /** What is typed: the text after the prompt, up to the comment (two spaces or more). */
  input: string;
}

/** `bob #ops › /vps list     every server…` -> the prompt and what is typed. */
function stepOf(line: string): Step {
  const at = line.indexOf(' ›');
  if (at < 0) throw new Error(`a README sandbox line with no prompt: ${line}`);
  const rest = line.slice(at + 2).replace(/^ /, '');
  return { prompt: `${line.slice(0, at)} › `, input: rest.split(/ {2,}/)[0]!.trimEnd() };
}

/**
 * What each README line must answer, in the README's order. `says` is looked
 * for in what the line printed; `later` is awaited after it (a post that
 * follows the answer, such as an order's outcome in its thread). A `wait`
 * ends at the bot's next post, which may be another one (the new server of
 * the order, noticed by the watcher); at a prompt the awaited one is printed
 * as it arrives, so it is awaited, as a reader would see it.
 */
interface Check {
  line: string;
  /** A pattern, or a check given what the line printed and what the session printed before it. */
  says?: (RegExp | ((said: string, before: string) => void))[];
  later?: RegExp[];
}

const CHECKS: Check[] = [
  { line: 'bob #ops › /vps list', says: [/only visible to you\n {2}12 servers/, /web-1 · /, /db-1 · /] },
  { line: 'bob #ops › /vps show web-2', says: [/== web-2 ==/, /\[1\] Refresh {2}\[2\] Rename/] },
  { line: 'bob #ops › click 2', says: [/a form opens: Rename server/] },
  { line: '  New name › Web 2!', says: [/✗ New name: Use only lower-case letters/] },
  {
    line: '  New name › web-2-new',
    says: [/» vps-bot in #ops\n {2}@bob renamed server web-2 to web-2-new\./],
  },
  { line: 'bob #ops › sim power web-1 stopped', says: [/sim: web-1: power running -> stopped/] },
  {
    line: 'bob #ops › wait',
    later: [/» vps-bot in #ops\n {2}🚨 @ops web-1 stopped with no power operation to explain it/],
  },
  { line: 'bob #ops › /vps signup', says: [/a form opens: Order a VPS/, /1\. Plan \(required/] },
  { line: '  Plan › 1', says: [/2\. Contract period/] },
  { line: '  Contract period › 1', says: [/3\. OS image/] },
  { line: '  OS image › 1', says: [/4\. Server name/] },
  { line: '  Server name › web-new', says: [/5\. SSH key name/] },
  { line: '  SSH key name › ', says: [/6\. SSH public key/] },
  { line: '  SSH public key › ', says: [/7\. Root password/] },
  { line: '  Root password › ', says: [/8\. Renewal/] },
  { line: '  Renewal › ', says: [/9\. Partner code/] },
  { line: '  Partner code › ', says: [/10\. Terms of service/] },
  {
    line: '  Terms of service › 1',
    says: [
      /» vps-bot in #ops\n {2}== VPS order waiting for approval ==/,
      /Server name: `web-new`/,
      /\[\d+\] Approve and pay ¥[\d,]+/,
      /Root password for `web-new`: `[^`]{9,}`/,
    ],
  },
  { line: 'bob #ops › as alice', says: [/you are now alice \(admin\) in #ops/] },
  {
    line: 'alice #ops › look 1',
    says: [/== VPS order waiting for approval ==/, /\[1\] Approve and pay ¥[\d,]+ {2}\[2\] Reject/],
  },
  { line: 'alice #ops › click 1', says: [/┌ Pay ¥[\d,]+\?/] },
  {
    line: 'confirm? (yes/no) › yes',
    later: [/in the thread of[^\n]*\n {2}✅ Ordered and paid ¥[\d,]+/, /Approved by @alice/],
  },
  // One charge, of the price alice approved.
  {
    line: 'alice #ops › sim charges',
    says: [
      (said, before) => {
        const price = /Approve and pay ¥([\d,]+)/.exec(before)?.[1];
        expect(price).toBeDefined();
        expect(said.match(/^sim: #\d+ .*$/gm)).toEqual([expect.stringContaining(` ${price} yen  vps-1gb `)]);
      },
    ],
  },
  {
    line: 'alice #ops › home',
    says: [
      /┌ your Home in vps-bot/,
      /== Account: Production ==\n│ {3}Your role in this account: admin\./,
      /== Account: Shop A ==/,
      /== Waiting for you ==/,
      /Open incidents \(1\)\n│ 🚨 web-1 stopped/,
      /== The API key ==/,
    ],
  },
  {
    line: 'alice #ops › /hosting xs123456.xsrv.jp watch',
    says: [/This channel #ops now hears of the hosting server xs123456\.xsrv\.jp/],
  },
  {
    line: 'alice #ops › sim panel xs123456 domain add new-shop.jp',
    says: [/domain new-shop\.jp added in the control panel/],
  },
  {
    line: 'alice #ops › wait',
    later: [/The domain new-shop\.jp was added to the hosting server `xs123456\.xsrv\.jp` outside Slack/],
  },
  { line: 'alice #ops › sim panel db-1 rename db-primary', says: [/db-1: renamed to db-primary/] },
  { line: 'alice #ops › wait', later: [/db-1 was renamed to db-primary outside Slack/] },
  { line: 'alice #ops › sim contract db-2 suspended', says: [/sim: db-2: contract suspended/] },
  { line: 'alice #ops › wait', later: [/» vps-bot in #ops\n {2}🚨 @ops The contract of db-2 is suspended/] },
  {
    line: 'alice #ops › look 1',
    says: [/🚨 @ops The contract of db-2 is suspended/, /\[1\] I’m on it {2}\[2\] Server card/],
  },
  {
    line: 'alice #ops › click 1',
    says: [/You’re on it: db-2/, /» vps-bot edited a message in #ops\n[\s\S]*🙋 @alice is on it/],
  },
];

let t: TestSandbox;
let session = '';

beforeAll(async () => {
  t = await startTestSandbox();
});

afterAll(async () => {
  await t?.close();
});

describe('the README’s walkthrough', () => {
  const steps = blocks('sandbox')
    .flat()
    .filter((l) => l.trim() !== '');

  it('has a check for every line, in the README’s order (a new line needs its check)', () => {
    expect(steps.length).toBeGreaterThan(20);
    expect(
      steps.map((l) => {
        const s = stepOf(l);
        return `${s.prompt}${s.input}`;
      }),
    ).toEqual(CHECKS.map((c) => c.line));
  });

  it('works when typed as written', async () => {
    const start = t.out.mark();
    for (const [i, raw] of steps.entries()) {
      const step = stepOf(raw);
      const check = CHECKS[i]!;
      expect(t.sb.terminal.prompt(), `the prompt before README line "${raw.trim()}"`).toBe(step.prompt);
      const mark = t.out.mark();
      await t.type(step.input);
      const said = t.out.since(mark);
      for (const c of check.says ?? []) {
        if (typeof c === 'function') c(said, t.out.lines.slice(start, mark).join('\n'));
        else expect(said, `README line "${raw.trim()}"`).toMatch(c);
      }
      for (const re of check.later ?? []) await t.out.waitFor(re, mark);
    }
    session = t.out.since(start);
  }, 240_000);

  it('shows the pictures as that session printed them, figures and times aside', () => {
    expect(session, 'the walkthrough ran (see the test above)').not.toBe('');
    const pictures = blocks('sandbox-output');
    expect(pictures).toHaveLength(2);
    // What changes from run to run: a price, a time, a duration, a button's number, and the day
    // Slack's date token names (today, tomorrow or a date, by the hour the test runs at).
    const norm = (l: string) =>
      l
        .trim()
        .replace(/\b(?:today|tomorrow|yesterday|[A-Z][a-z]{2} \d{1,2})\b/g, '@')
        .replace(/\d+/g, '#');
    const printed = session.split('\n').map(norm);
    for (const picture of pictures) {
      const want = picture.map(norm);
      const at = printed.findIndex((_, i) => want.every((w, j) => printed[i + j] === w));
      expect(at, `a README picture the session did not print:\n${picture.join('\n')}`).toBeGreaterThanOrEqual(
        0,
      );
    }
  });
});
