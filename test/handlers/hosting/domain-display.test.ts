/**
 * A domain that could pass for another (issue 21): `exаmple.com` with a
 * Cyrillic `а` is shown everywhere with its Punycode form beside it — the
 * provider's refusal, the announcement, the list, the confirmation of a reset
 * and its outcome — so nobody approves or trusts `example.com` by mistake. A
 * Japanese name is one script and is shown as typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTING_IDS } from '../../../src/slack/ids.ts';
import { CHANNEL, type Harness, messageText, OPERATOR, startHarness } from '../../support/app-harness.ts';
import {
  announced,
  buttonValue,
  clickAndAnswer,
  hosting,
  NO_RATE_LIMIT,
  SERVER,
} from '../../support/hosting.ts';
import { proveOwnership } from '../../support/ownership.ts';

const SPOOF = 'ex\u0430mple.com';
const SPOOF_ASCII = 'xn--exmple-4nf.com';
const SHOWN = `${SPOOF} (${SPOOF_ASCII})`;

describe('a domain that looks like another, shown with its Punycode form', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT, operators: [OPERATOR] });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the provider’s refusal names it with its Punycode form, and the TXT record as DNS names it', async () => {
    const refused = await hosting(h, `domain add ${SPOOF}`);
    expect(refused.text).toContain(`\`${SHOWN}\``);
    expect(refused.text).toContain(`\`_xserver-verify.${SPOOF_ASCII}\``);
  });

  it('the announcement in the channel, and the domain list', async () => {
    proveOwnership(h.sim.control, SERVER, SPOOF_ASCII);
    const post = await announced(h, `domain add ${SPOOF}`);
    expect(post.args.channel).toBe(CHANNEL);
    expect(messageText(post)).toContain(`<@${OPERATOR}> added the domain \`${SHOWN}\` to ${SERVER}.`);
    const list = await hosting(h, 'domains');
    expect(list.text).toContain(SHOWN);
  });

  it('the confirmation of a reset, its outcome and its announcement', async () => {
    const ask = await hosting(h, `domain reset ${SPOOF}`);
    expect(ask.text).toContain(`Reset domain ${SHOWN}?`);
    expect(ask.text).toContain(`Resetting \`${SHOWN}\` on ${SERVER}`);
    const since = h.slack.lastSeq;
    const done = await clickAndAnswer(
      h,
      HOSTING_IDS.confirm,
      buttonValue(ask.call, HOSTING_IDS.confirm),
      OPERATOR,
    );
    expect(done.text).toContain(`reset the domain \`${SHOWN}\``);
    const post = await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && c.seq > since && c.args.channel === CHANNEL,
    );
    expect(messageText(post)).toContain(`reset the domain \`${SHOWN}\` on ${SERVER}.`);
  });

  it('a Japanese name is shown as typed, with nothing beside it', async () => {
    proveOwnership(h.sim.control, SERVER, 'xn--wgv71a119e.jp');
    const post = await announced(h, 'domain add 日本語.jp');
    expect(messageText(post)).toContain(`added the domain \`日本語.jp\` to ${SERVER}.`);
  });
});
