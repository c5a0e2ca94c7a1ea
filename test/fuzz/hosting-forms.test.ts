/**
 * Property, through the running bot: whatever is typed into a /hosting form
 * (WordPress install, database, database user, SSH key), the form is refused
 * on its field or its change is sent. What is sent is never refused by the
 * provider as malformed input the bot's rules cover (the simulator answers
 * such input 422 VALIDATION_ERROR); what the spec leaves to the provider (a
 * password's length, a name's characters, a character set) and what depends
 * on the server's state (a name already taken) are the provider's to refuse,
 * and then the form shows the provider's own words.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostingForm } from '../../src/slack/ids.ts';
import { ADMIN, type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import {
  formOutcome,
  NO_RATE_LIMIT,
  openedForm,
  SERVER,
  submitForm,
  textValues,
} from '../support/hosting.ts';
import { nastyText, params, refusedAsInvalid } from './support.ts';

const ascii = (chars: string, min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...chars), minLength: min, maxLength: max, size: 'max' });
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const WORD = `${LOWER}ABCXYZ0123456789_`;
const PRINTABLE = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join('');

/** A value around the limits a form's field may have, or anything. */
const around = (good: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 6, arbitrary: good },
    { weight: 1, arbitrary: nastyText },
    { weight: 1, arbitrary: fc.constant('') },
  );

const sshKey = fc.integer({ min: 16, max: 400 }).map((n) => {
  const name = Buffer.from('ssh-ed25519');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(name.length);
  return `ssh-ed25519 ${Buffer.concat([len, name, randomBytes(n)]).toString('base64')} me@host`;
});

const FORMS: Record<
  Exclude<HostingForm, 'wp_delete'>,
  { command: string; values: fc.Arbitrary<Record<string, string>> }
> = {
  wp_install: {
    command: 'wp install',
    values: fc.record({
      url: around(
        fc.constantFrom(`https://${SERVER}/`, `https://${SERVER}/blog`, 'https://example.jp/', 'http://x'),
      ),
      title: around(
        fc.oneof(ascii(`${LOWER} `, 1, 250), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 150 })),
      ),
      admin_username: around(ascii(`${WORD}.@-`, 1, 80)),
      admin_password: around(ascii(PRINTABLE, 4, 140)),
      admin_email: around(fc.constantFrom('a@example.jp', 'admin@xs123456.xsrv.jp', 'x@y', 'no-at')),
    }),
  },
  db_create: {
    command: 'db create',
    values: fc.record({
      name_suffix: around(ascii(WORD, 1, 40)),
      character_set: around(
        fc.constantFrom('utf8mb4', 'utf8', 'ujis', 'sjis', 'binary', 'latin1', 'UTF8MB4', 'utf8_x'),
      ),
    }),
  },
  db_user_create: {
    command: 'db user create',
    values: fc.record({
      name_suffix: around(ascii(WORD, 1, 40)),
      password: around(ascii(PRINTABLE, 4, 140)),
    }),
  },
  ssh_key_add: {
    command: 'ssh key add',
    values: fc.record({ public_key: around(sshKey), label: around(ascii(`${LOWER}0123456789-_ `, 1, 120)) }),
  },
};
type Form = keyof typeof FORMS;

describe('/hosting forms filled into the running bot', () => {
  let h: Harness;
  const metadata = new Map<Form, string>();
  beforeAll(async () => {
    h = await startHarness({
      operators: [OPERATOR, ADMIN],
      policy: `roles:\n  admin: [${ADMIN}]\n  operator: [${OPERATOR}]\n`,
      rateLimit: NO_RATE_LIMIT,
    });
    for (const form of Object.keys(FORMS) as Form[]) {
      metadata.set(form, (await openedForm(h, `${SERVER} ${FORMS[form].command}`, ADMIN)).privateMetadata);
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses a form on its field, or sends it; a refusal the provider makes is shown in its words', async () => {
    const cases = fc
      .constantFrom(...(Object.keys(FORMS) as Form[]))
      .chain((form) => FORMS[form].values.map((values) => ({ form, values })));
    await fc.assert(
      fc.asyncProperty(cases, async ({ form, values }) => {
        const before = h.sim.control.requests().length;
        const ack = await submitForm(h, form, metadata.get(form)!, textValues(values), ADMIN);
        expect(ack.status).toBe(200);
        const answer = ack.text ? (JSON.parse(ack.text) as { response_action?: string }) : {};
        if (answer.response_action === 'errors') return;
        const notice = messageText(await formOutcome(h, ack.viewId));
        const sent = h.sim.control.requests().slice(before);
        expect(refusedAsInvalid(sent)).toEqual([]);
        const refusal = sent.find((r) => r.status === 422)?.error;
        if (refusal) {
          expect(notice).toContain(refusal.code);
          // The provider's first reason, as it wrote it (its final stop aside).
          expect(notice).toContain(refusal.errors[0]!.replace(/。$/u, ''));
        }
      }),
      params(100, 0.1),
    );
  });
});
