/**
 * A generated SSH private key reaches its requester alone whatever Slack
 * refuses, and the channel is always told: through the command's answer, else
 * an ephemeral message, else a direct message whose button opens it once in a
 * private window (sealed meanwhile, destroyed once shown); and when no way
 * works, the channel hears that the key is registered, that its private key
 * could not be shown, and the command that deletes it. The key is never in a
 * channel post, a direct message, a log line, the audit trail, or the store in
 * the clear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTING_IDS } from '../../../src/slack/ids.ts';
import { CHANNEL, type Harness, messageText, OPERATOR, startHarness } from '../../support/app-harness.ts';
import type { RecordedCall } from '../../support/fake-slack.ts';
import { buttonValue, everyDatabaseRow, NO_RATE_LIMIT, SERVER } from '../../support/hosting.ts';
import { blockActionBody } from '../../support/slack-request.ts';

const PEM = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/;
const OTHER = 'U0OTHER01';

/** The body of a PEM (its base64 lines), which must appear nowhere it should not. */
const bodyOf = (pem: string) =>
  pem
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('-----'))
    .join('');

describe('a generated private key when Slack refuses', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT, operators: [OPERATOR, OTHER] });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** `/hosting ssh key generate <label>`, and the channel's announcement of it. */
  async function generate(label: string): Promise<{ since: number; post: RecordedCall; keyId: string }> {
    const since = h.slack.lastSeq;
    await h.command(`ssh key generate ${label}`, { user: OPERATOR, command: '/hosting' });
    const post = await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && c.seq > since && c.args.channel === CHANNEL && !c.error,
    );
    const keyId = h.sim.control.hostingServer(SERVER).sshKeys.find((k) => k.label === label)?.keyId;
    if (!keyId) throw new Error(`no key ${label} at the provider`);
    return { since, post, keyId: String(keyId) };
  }

  /** The private key of a call that carries one. */
  const pemOf = (c: RecordedCall) => PEM.exec(JSON.stringify(c.args).replace(/\\n/g, '\n'))?.[0];

  it('an expired response_url: the key goes to the requester in an ephemeral message', async () => {
    h.slack.fail('response_url', { status: 404 });
    const { since, post } = await generate('eph-laptop');
    const eph = h.slack.calls.find((c) => c.method === 'chat.postEphemeral' && c.seq > since && !c.error);
    expect(eph?.args).toMatchObject({ user: OPERATOR, channel: CHANNEL });
    const pem = eph && pemOf(eph);
    if (!pem) throw new Error('no private key in the ephemeral message');
    expect(messageText(post)).toContain('the private key was shown to them alone');
    const body = bodyOf(pem);
    const delivered = h.slack.calls.filter(
      (c) => c.seq > since && !c.error && JSON.stringify(c).includes(body),
    );
    expect(delivered.map((c) => c.method)).toEqual(['chat.postEphemeral']);
    expect(h.logs.text).not.toContain(body);
  });

  it('no answer and no ephemeral: a direct message without the key, whose button shows it once', async () => {
    h.slack.fail('response_url', { status: 404 });
    h.slack.fail('chat.postEphemeral', { error: 'user_not_in_channel', times: 2 });
    const { since, post, keyId } = await generate('dm-laptop');
    expect(messageText(post)).toContain(`(key ${keyId})`);
    expect(messageText(post)).toContain('waits for them alone');
    const dm = h.slack.calls.find(
      (c) => c.method === 'chat.postMessage' && c.seq > since && c.args.channel === OPERATOR && !c.error,
    );
    if (!dm) throw new Error('no direct message');
    expect(messageText(dm)).toContain(`Your new SSH key ${keyId} on ${SERVER} is registered`);
    expect(messageText(dm)).toContain(`/hosting ${SERVER} ssh key delete ${keyId}`);
    expect(JSON.stringify(dm.args)).not.toContain('PRIVATE KEY');
    // Sealed meanwhile: in the store, never in the clear.
    expect(everyDatabaseRow(h)).toContain('hosting.ssh_private_key:');
    expect(everyDatabaseRow(h)).not.toContain('PRIVATE KEY');

    const value = buttonValue(dm, HOSTING_IDS.showPrivateKey);
    // Someone else pressing it (a forwarded value) finds nothing.
    const stranger = await h.click(HOSTING_IDS.showPrivateKey, value, { user: OTHER });
    expect(messageText(await stranger.reply())).toContain('no longer held');
    const mark = h.slack.lastSeq;
    const click = await h.click(HOSTING_IDS.showPrivateKey, value, { user: OPERATOR });
    const window = await h.slack.waitFor((c) => c.method === 'views.open' && c.seq > mark);
    const pem = pemOf(window);
    if (!pem) throw new Error('no private key in the window');
    const replaced = await click.reply();
    expect(replaced.args.replace_original).toBe(true);
    expect(messageText(replaced)).toContain('was shown to you once');
    // Destroyed once shown: a second press finds nothing.
    const again = await h.click(HOSTING_IDS.showPrivateKey, value, { user: OPERATOR });
    expect(messageText(await again.reply())).toContain('no longer held');
    expect(everyDatabaseRow(h)).not.toContain('hosting.ssh_private_key:');

    const body = bodyOf(pem);
    const delivered = h.slack.calls.filter(
      (c) => c.seq > since && !c.error && JSON.stringify(c).includes(body),
    );
    expect(delivered.map((c) => c.method)).toEqual(['views.open']);
    expect(h.logs.text).not.toContain(body);
    const audit = await h.bot.store.audit.latest({ limit: 5 });
    expect(audit.find((a) => a.action === 'hosting.ssh_private_key_shown')).toMatchObject({
      actor: OPERATOR,
      outcome: 'ok',
    });
    expect(JSON.stringify(audit)).not.toContain(body);
  });

  it('the button shows the key once: a window Slack refused gives it back; clicks at once and a retry show it once', async () => {
    h.slack.fail('response_url', { status: 404 });
    h.slack.fail('chat.postEphemeral', { error: 'user_not_in_channel', times: 2 });
    const { since, keyId } = await generate('race-laptop');
    const dm = h.slack.calls.find(
      (c) => c.method === 'chat.postMessage' && c.seq > since && c.args.channel === OPERATOR && !c.error,
    );
    if (!dm) throw new Error('no direct message');
    const value = buttonValue(dm, HOSTING_IDS.showPrivateKey);

    // Slack will not open the window: the clicker is told to press again, and the key waits again.
    h.slack.fail('views.open', { error: 'expired_trigger_id' });
    const refused = await h.click(HOSTING_IDS.showPrivateKey, value, { user: OPERATOR });
    expect(messageText(await refused.reply())).toContain('The window could not be opened');
    expect(everyDatabaseRow(h)).toContain('hosting.ssh_private_key:');
    expect(everyDatabaseRow(h)).not.toContain('(taken)');

    // Three clicks at once, and Slack's retry of the first: one window, with the key.
    const mark = h.slack.lastSeq;
    const responseId = 'pk-retried';
    const first = blockActionBody({
      actionId: HOSTING_IDS.showPrivateKey,
      value,
      userId: OPERATOR,
      channelId: OPERATOR,
      responseUrl: h.slack.responseUrl(responseId),
    });
    const [a, b, others] = await Promise.all([
      h.deliverRaw(first),
      h.deliverRaw(first, { retryNum: 1 }),
      Promise.all([1, 2].map(() => h.click(HOSTING_IDS.showPrivateKey, value, { user: OPERATOR }))),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Every delivery is answered once: one that its key was shown, the others that it is no longer held.
    const answered = () => h.slack.calls.filter((c) => c.method === 'response_url' && c.seq > mark);
    await h.slack.waitFor(() => answered().length === 4);
    const told = answered().map((c) => (messageText(c).includes('was shown to you once') ? 'shown' : 'gone'));
    expect(told.sort()).toEqual(['gone', 'gone', 'gone', 'shown']);
    expect(others).toHaveLength(2);
    const windows = h.slack.calls.filter((c) => c.method === 'views.open' && c.seq > mark && !c.error);
    expect(windows.filter((c) => pemOf(c) !== undefined)).toHaveLength(1);
    expect(everyDatabaseRow(h)).not.toContain('hosting.ssh_private_key:');
    // Audited once: shown once.
    const audit = await h.bot.store.audit.latest({ limit: 20 });
    expect(
      audit.filter((x) => x.action === 'hosting.ssh_private_key_shown' && x.params.key_id === keyId),
    ).toHaveLength(1);
  });

  it('no way at all: the channel hears the key is registered, unshown, and how to delete it', async () => {
    h.slack.fail('response_url', { status: 404 });
    h.slack.fail('chat.postEphemeral', { error: 'user_not_in_channel', times: 2 });
    // The direct message is refused too (the next chat.postMessage); the channel's post goes through.
    h.slack.fail('chat.postMessage', { error: 'cannot_dm_bot' });
    const { since, post, keyId } = await generate('lost-laptop');
    const text = messageText(post);
    expect(text).toContain(`<@${OPERATOR}>`);
    expect(text).toContain(`key ${keyId} is registered, but its private key could not be shown`);
    expect(text).toContain(`\`/hosting ${SERVER} ssh key delete ${keyId}\``);
    // Nothing is left sealed for a button nobody received, and the key went nowhere.
    expect(everyDatabaseRow(h)).not.toContain('hosting.ssh_private_key:');
    const shown = h.slack.calls.filter((c) => c.seq > since && !c.error && PEM.test(JSON.stringify(c.args)));
    expect(shown).toEqual([]);
  });
});
