/**
 * Property, through the running bot: whatever is typed into a memo form
 * (domain, subdomain, WordPress site, database) or a database user's form,
 * the form is refused on its field or its change is sent. What is sent is
 * never refused by the provider as malformed input the bot's rules cover; a
 * memo's length beyond WordPress's and a changed password's rules are the
 * provider's (docs/provider-api.md, Gaps in the hosting reference), and then
 * the form shows the provider's own words.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTING_SITE_CALLBACKS, type HostingSiteForm } from '../../src/slack/ids.ts';
import { ADMIN, type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import { formOutcome, NO_RATE_LIMIT, openedForm, SERVER, textValues } from '../support/hosting.ts';
import { nastyText, params, refusedAsInvalid } from './support.ts';

const PRINTABLE = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join('');

/** A memo around the limits (WordPress's 500, the provider's own), or anything. */
const memo = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 0, maxLength: 120 }) },
  { weight: 2, arbitrary: fc.integer({ min: 240, max: 620 }).map((n) => 'm'.repeat(n)) },
  { weight: 1, arbitrary: nastyText },
  { weight: 1, arbitrary: fc.constant('') },
);

const FORMS: Record<HostingSiteForm, { command: string; values: fc.Arbitrary<Record<string, string>> }> = {
  domain_change: { command: 'domain change example-shop.com', values: fc.record({ memo }) },
  subdomain_change: { command: 'subdomain change blog.example-shop.com', values: fc.record({ memo }) },
  wp_change: { command: 'wp change 1001', values: fc.record({ memo }) },
  db_change: { command: 'db change xs123456_app', values: fc.record({ memo }) },
  db_user_change: {
    command: 'db user change xs123456_wp1',
    values: fc.record({
      password: fc.oneof(
        fc.constant(''),
        fc.string({ unit: fc.constantFrom(...PRINTABLE), minLength: 1, maxLength: 40 }),
        nastyText,
      ),
      memo,
    }),
  },
};
type Form = keyof typeof FORMS;

describe('/hosting memo and database user forms filled into the running bot', () => {
  let h: Harness;
  const metadata = new Map<Form, string>();
  beforeAll(async () => {
    h = await startHarness({
      operators: [OPERATOR, ADMIN],
      policy: `roles:\n  admin: [${ADMIN}]\n  operator: [${OPERATOR}]\n`,
      rateLimit: NO_RATE_LIMIT,
    });
    for (const form of Object.keys(FORMS) as Form[])
      metadata.set(form, (await openedForm(h, `${SERVER} ${FORMS[form].command}`, ADMIN)).privateMetadata);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses a form on its field, or sends it; a refusal the provider makes is shown in its words', async () => {
    const cases = fc
      .constantFrom(...(Object.keys(FORMS) as Form[]))
      .chain((form) => FORMS[form].values.map((values) => ({ form, values })));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(cases, async ({ form, values }) => {
        const before = h.sim.control.requests().length;
        const viewId = `VSITEFZ${(n++).toString(36).toUpperCase()}`;
        const ack = await h.submit({
          callbackId: HOSTING_SITE_CALLBACKS[form],
          privateMetadata: metadata.get(form)!,
          values: textValues(values),
          userId: ADMIN,
          viewId,
        });
        expect(ack.status).toBe(200);
        const answer = ack.text ? (JSON.parse(ack.text) as { response_action?: string }) : {};
        if (answer.response_action === 'errors') return;
        const notice = messageText(await formOutcome(h, viewId));
        const sent = h.sim.control.requests().slice(before);
        expect(sent.length).toBeGreaterThan(0);
        expect(refusedAsInvalid(sent)).toEqual([]);
        const refusal = sent.find((r) => r.status === 422)?.error;
        if (refusal) {
          expect(notice).toContain(refusal.code);
          expect(notice).toContain(refusal.errors[0]!.replace(/。$/u, ''));
        }
      }),
      params(60, 0.1),
    );
  });
});
