/**
 * Properties of the FTP and mail sorting rule forms. Through the running bot:
 * whatever is typed into `ftp add` or `mail rules add`, the form is refused
 * on its field or sent, and what is sent is never refused as malformed input
 * the reference's rules cover; what the reference leaves open (a password's
 * characters, the folder, the quota's range, a memo's or a keyword's length,
 * whether a forward needs a destination) and what depends on the server's
 * state are the provider's to refuse, and the form shows its code. Pure: any
 * rules or account the provider answers with are listed, confirmed and put
 * in a change form within Slack's limits, in English and Japanese, with no
 * live mention.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAIL_FILTER_ACTIONS,
  MAIL_FILTER_FIELDS,
  MAIL_FILTER_MATCH_TYPES,
  type MailRuleLoss,
} from '../../src/services/hosting/index.ts';
import { translator } from '../../src/slack/i18n/index.ts';
import { HOSTING_FTP_CALLBACKS, HOSTING_MAIL_RULE_CALLBACK, hostingBlockId } from '../../src/slack/ids.ts';
import type { Ui } from '../../src/slack/views/format.ts';
import { ftpChangeFormView } from '../../src/slack/views/hosting/ftp.ts';
import { mailRuleLossText, mailRulesView } from '../../src/slack/views/hosting/mail-rules.ts';
import { confirmationView } from '../../src/slack/views/hosting/operations.ts';
import type { OperationRow } from '../../src/store/index.ts';
import { ADMIN, type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import { formOutcome, NO_RATE_LIMIT, openedForm, SERVER, textValues } from '../support/hosting.ts';
import { LIVE_MENTION, mrkdwnTexts, nastyText, params } from './support.ts';

const SHOP = 'example-shop.com';
const PRINTABLE = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join('');
const ascii = (chars: string, min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...chars), minLength: min, maxLength: max, size: 'max' });
const around = (good: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 6, arbitrary: good },
    { weight: 1, arbitrary: nastyText },
    { weight: 1, arbitrary: fc.constant('') },
  );

/** The simulator's lines about what the reference leaves to the provider (docs/provider-api.md, FTP, Mail sorting). */
const LEFT_TO_PROVIDER =
  /^(password|directory|quota_mb|memo|ftp_account|conditions|conditions\[\d+\]\.keyword|action\.target): /;
const STATE = /既に|存在しない|登録された/;

interface Sent {
  method: string;
  path: string;
  status: number;
  error?: { code: string; errors: string[] };
}
const malformed = (sent: readonly Sent[]): string[] =>
  sent
    .filter(
      (r) =>
        r.status === 400 ||
        (r.status === 422 &&
          r.error?.code === 'VALIDATION_ERROR' &&
          !(
            r.error.errors.length > 0 &&
            r.error.errors.every((e) => LEFT_TO_PROVIDER.test(e) || STATE.test(e))
          )),
    )
    .map((r) => `${r.method} ${r.path} ${r.status} ${JSON.stringify(r.error)}`);

const ftpValues = fc.record({
  user: ascii('abcdefghijklmnopqrstuvwxyz0123456789._-', 1, 12),
  generate: fc.boolean(),
  password: around(ascii(PRINTABLE, 4, 40)),
  directory: around(fc.constantFrom('/', '/public_html', 'public_html', '/a/../b', '/日本', '/a b')),
  quota_mb: around(fc.constantFrom('0', '500', '-1', '1.5', 'lots', '999999999')),
  memo: around(fc.string({ maxLength: 300 })),
});

const choice = (values: readonly string[]) => fc.constantFrom(...values, 'nope', '');
const ruleValues = fc.record({
  keywords: fc.array(around(fc.string({ minLength: 1, maxLength: 300 })), { minLength: 3, maxLength: 3 }),
  fields: fc.array(choice(MAIL_FILTER_FIELDS), { minLength: 3, maxLength: 3 }),
  matches: fc.array(choice(MAIL_FILTER_MATCH_TYPES), { minLength: 3, maxLength: 3 }),
  type: choice(MAIL_FILTER_ACTIONS),
  target: around(fc.constantFrom('a@example.jp', `info@${SHOP}`, 'no-at', 'x@y')),
  method: fc.constantFrom('move', 'copy', '', 'x'),
});

const selected = (field: string, value: string) =>
  value === ''
    ? {}
    : { [hostingBlockId(field)]: { [field]: { type: 'static_select', selected_option: { value } } } };

describe('the FTP and mail sorting rule forms filled into the running bot', () => {
  let h: Harness;
  let ftpMeta: { server: string; channelId: string; id: string };
  let ruleMeta: string;
  let n = 0;
  beforeAll(async () => {
    h = await startHarness({
      operators: [OPERATOR, ADMIN],
      policy: `roles:\n  admin: [${ADMIN}]\n  operator: [${OPERATOR}]\n`,
      rateLimit: NO_RATE_LIMIT,
    });
    ftpMeta = JSON.parse((await openedForm(h, `${SERVER} ftp add fz@${SHOP}`, ADMIN)).privateMetadata);
    ruleMeta = (await openedForm(h, `${SERVER} mail rules add ${SHOP}`, ADMIN)).privateMetadata;
  });
  afterAll(async () => {
    await h?.close();
  });

  async function outcome(ack: { status: number; text: string }, viewId: string, before: number) {
    expect(ack.status).toBe(200);
    const answer = ack.text ? (JSON.parse(ack.text) as { response_action?: string }) : {};
    if (answer.response_action === 'errors') return;
    const notice = messageText(await formOutcome(h, viewId));
    const sent = h.sim.control.requests().slice(before) as Sent[];
    expect(malformed(sent)).toEqual([]);
    const refusal = sent.find((r) => r.status === 422)?.error;
    if (refusal) expect(notice).toContain(refusal.code);
  }

  it('refuses an FTP account form on its field, or sends it', async () => {
    await fc.assert(
      fc.asyncProperty(ftpValues, async ({ user, generate, ...typed }) => {
        const before = h.sim.control.requests().length;
        const viewId = `VFZFTP${n++}`;
        const ack = await h.submit({
          callbackId: HOSTING_FTP_CALLBACKS.ftp_add,
          // A new account each time, so most cases reach the provider instead of "already there".
          privateMetadata: JSON.stringify({ ...ftpMeta, id: `${user}${n}@${SHOP}` }),
          values: {
            ...textValues(typed),
            ...(generate
              ? {
                  [hostingBlockId('generate')]: {
                    generate: { type: 'checkboxes', selected_options: [{ value: 'generate' }] },
                  },
                }
              : {}),
          } as Parameters<Harness['submit']>[0]['values'],
          userId: ADMIN,
          viewId,
        });
        await outcome(ack, viewId, before);
      }),
      // One well-formed form first, whatever the seed: the provider must be reached at least once.
      {
        ...params(40, 0.1),
        examples: [
          [{ user: 'fzgood', generate: true, password: '', directory: '/', quota_mb: '0', memo: '' }],
        ],
      },
    );
    // The property saw both ends: forms refused on a field and accounts the provider added.
    expect(h.sim.control.requests({ method: 'POST', path: /\/ftp$/ }).some((r) => r.status === 200)).toBe(
      true,
    );
  });

  it('refuses a mail sorting rule form on its field, or sends it', async () => {
    await fc.assert(
      fc.asyncProperty(ruleValues, async (v) => {
        const before = h.sim.control.requests().length;
        const viewId = `VFZRULE${n++}`;
        const values: Record<string, unknown> = {
          ...textValues({
            keyword_1: v.keywords[0]!,
            keyword_2: v.keywords[1]!,
            keyword_3: v.keywords[2]!,
            target: v.target,
          }),
          ...selected('type', v.type),
          ...selected('method', v.method),
        };
        for (let i = 0; i < 3; i++)
          Object.assign(
            values,
            selected(`field_${i + 1}`, v.fields[i]!),
            selected(`match_type_${i + 1}`, v.matches[i]!),
          );
        const ack = await h.submit({
          callbackId: HOSTING_MAIL_RULE_CALLBACK,
          privateMetadata: ruleMeta,
          values: values as Parameters<Harness['submit']>[0]['values'],
          userId: ADMIN,
          viewId,
        });
        await outcome(ack, viewId, before);
      }),
      // One well-formed rule first, whatever the seed: the provider must be reached at least once.
      {
        ...params(40, 0.1),
        examples: [
          [
            {
              keywords: ['newsletter', '', ''],
              fields: ['from', 'from', 'from'],
              matches: ['contain', 'contain', 'contain'],
              type: 'spam_folder',
              target: '',
              method: 'move',
            },
          ],
        ],
      },
    );
    expect(
      h.sim.control.requests({ method: 'POST', path: /\/mail-filter$/ }).some((r) => r.status === 200),
    ).toBe(true);
  });
});

const uis: Ui[] = [
  { t: translator('en'), locale: 'en', tz: 'UTC', dateLocale: 'en-US' },
  { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' },
];
const text = fc.oneof(nastyText, fc.string({ maxLength: 300 }));
const rule = fc.record({
  id: text,
  domain: text,
  priority: fc.integer(),
  conditions: fc.array(
    fc.record({
      keyword: fc.oneof(
        { weight: 9, arbitrary: text },
        { weight: 1, arbitrary: fc.string({ minLength: 1000, maxLength: 3000 }) },
      ),
      field: fc.oneof(fc.constantFrom(...MAIL_FILTER_FIELDS), text),
      match_type: fc.oneof(fc.constantFrom(...MAIL_FILTER_MATCH_TYPES), text),
    }),
    { maxLength: 5 },
  ),
  action: fc.record({
    type: fc.oneof(fc.constantFrom(...MAIL_FILTER_ACTIONS), text),
    target: text,
    method: fc.oneof(fc.constantFrom('move', 'copy'), text),
  }),
});

function check(m: { text: string; blocks?: unknown[] }) {
  expect(m.text.length).toBeGreaterThan(0);
  for (const t of mrkdwnTexts(m as Parameters<typeof mrkdwnTexts>[0])) expect(t).not.toMatch(LIVE_MENTION);
}

describe('mail sorting rules and FTP accounts under any provider answer', () => {
  it('lists any rules, confirms any rule’s delete and opens any account’s change form within the limits', () => {
    fc.assert(
      fc.property(
        fc.array(rule, { maxLength: 40 }),
        rule,
        fc.record({ ftp_account: text, directory: text, quota_mb: fc.integer(), memo: text }),
        (rules, one, account) => {
          for (const ui of uis) {
            // The views assert Slack's limits as they are built.
            check(mailRulesView(ui, 'xs1.xsrv.jp', { domain: undefined, rules, unreadable: 1 }));
            const loss: MailRuleLoss = { kind: 'hosting.mail_rules_delete', rule: one };
            expect(mailRuleLossText(ui, 'xs1.xsrv.jp', loss)).not.toMatch(LIVE_MENTION);
            confirmationView(
              ui,
              { id: 'op1', target: 'xs1.xsrv.jp', expiresAt: new Date(0) } as OperationRow,
              loss,
            );
            ftpChangeFormView(ui, { server: 'xs1.xsrv.jp', channelId: 'C1', id: 'a@b.jp' }, account);
          }
        },
      ),
      params(30),
    );
  });
});
