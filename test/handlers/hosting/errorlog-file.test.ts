/**
 * The error log's "Send me the whole log as a file" button, through the real
 * app (signed requests, the simulator behind): the click reads the log again
 * (role and key re-checked) and sends it whole, as a file, to the clicker's
 * direct messages with the bot; the channel never sees it. The fake Slack's
 * upload methods are held to Slack's required arguments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/slack/i18n/index.ts';
import { HOSTING_IDS } from '../../../src/slack/ids.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../../support/app-harness.ts';
import type { RecordedCall } from '../../support/fake-slack.ts';
import {
  buttonsOf,
  buttonValue,
  hosting,
  hostingRequests,
  NO_RATE_LIMIT,
  SERVER,
} from '../../support/hosting.ts';

const en = catalogs.en;
const FILE = HOSTING_IDS.errorLogFile;
const roleRequired = en['error.role_required']
  .replace('{role}', en['role.operator'])
  .replace('{yours}', en['role.viewer'])
  .replace('{how}', en['error.role_required.how.operator']);

/** The provider answers the next `times` error-log reads with these lines. */
function logOf(h: Harness, lines: string[], times: number): void {
  h.sim.control.addFault({
    method: 'GET',
    path: /\/error-log$/,
    status: 200,
    rawBody: JSON.stringify({ domain: 'example-shop.com', log: lines.join('\n') }),
    times,
  });
}

/** Every Slack call made after `since` that names the channel the log was read in. */
function toChannel(h: Harness, since: number): RecordedCall[] {
  return h.slack.calls.filter(
    (c) => c.seq > since && (c.args.channel === CHANNEL || c.args.channel_id === CHANNEL),
  );
}

describe('/hosting errorlog: the whole log as a file in a direct message', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('offers the button beside the pager, in English and Japanese', async () => {
    const r = await hosting(h, 'errorlog example-shop.com');
    const file = buttonsOf(r.call).find((b) => b.action_id === FILE) as
      | { text?: { text?: string } }
      | undefined;
    expect(file?.text?.text).toBe(en['hosting.errorlog.file.button']);
    expect(JSON.parse(buttonValue(r.call, FILE))).toEqual({ s: SERVER, d: 'example-shop.com', l: 100 });
    expect(catalogs.ja['hosting.errorlog.file.button']).toBe('ログ全体をファイルで受け取る');
  });

  it('sends the whole log, lines as read, to the clicker’s DM, and tells them alone', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => `[error] line ${i + 1}: 日本語 & <tag> \`code\``);
    logOf(h, lines, 2); // the command, then the click's own read
    const shown = await hosting(h, 'errorlog example-shop.com 120');
    const reads = h.sim.control.requests({ path: /\/error-log$/ }).length;
    const since = h.slack.lastSeq;

    const click = await h.click(FILE, buttonValue(shown.call, FILE), { user: OPERATOR });
    const answer = await click.reply();
    expect(answer.args.response_type).toBe('ephemeral');
    expect(answer.args.replace_original).toBe(false);
    expect(messageText(answer)).toContain('Sent the whole error log of example-shop.com (120 lines)');

    // Read again through the service, with the lines asked for.
    const again = h.sim.control.requests({ path: /\/error-log$/ });
    expect(again.length).toBe(reads + 1);
    expect(again.at(-1)?.query).toMatchObject({ domain: 'example-shop.com', lines: '120' });

    // The short message to the user id, whose answer names the DM channel the file went to.
    const dmPost = h.slack.calls.find((c) => c.seq > since && c.method === 'chat.postMessage');
    expect(dmPost?.args.channel).toBe(OPERATOR);
    expect(h.slack.callsOf('files.getUploadURLExternal').filter((c) => c.seq > since)).toHaveLength(1);
    const completed = h.slack.callsOf('files.completeUploadExternal').filter((c) => c.seq > since);
    expect(completed).toHaveLength(1);
    expect(completed[0]!.args.channel_id).toBe(h.slack.dmChannelOf(OPERATOR));

    const file = h.slack.completedFiles().at(-1)!;
    expect(file.content).toBe(lines.join('\n'));
    expect(file.filename).toBe('example-shop.com-error.log');
    expect(file.channelId).toBe(h.slack.dmChannelOf(OPERATOR));

    // Nothing of it reached the channel the log was read in.
    expect(toChannel(h, since)).toEqual([]);
  });

  it('with a keyword, sends the lines containing it, read again with the same keyword', async () => {
    const shown = await hosting(h, 'errorlog example-shop.com "PHP Warning"');
    const file = buttonsOf(shown.call).find((b) => b.action_id === FILE) as
      | { text?: { text?: string } }
      | undefined;
    expect(file?.text?.text).toBe(en['hosting.errorlog.file.button_keyword']);
    const since = h.slack.lastSeq;
    const click = await h.click(FILE, buttonValue(shown.call, FILE), { user: OPERATOR });
    expect(messageText(await click.reply())).toContain(
      'Sent the lines of the error log of example-shop.com containing “PHP Warning” (1 line)',
    );
    expect(h.sim.control.requests({ path: /\/error-log$/ }).at(-1)?.query).toEqual({
      domain: 'example-shop.com',
      lines: '100',
      keyword: 'PHP Warning',
    });
    const dmPost = h.slack.calls.find((c) => c.seq > since && c.method === 'chat.postMessage');
    expect(dmPost?.args.text).toContain('containing “PHP Warning”');
    const sent = h.slack.completedFiles().at(-1)!;
    expect(sent.content).toContain('Undefined array key');
    expect(sent.content).not.toContain('favicon.ico');
    expect(toChannel(h, since)).toEqual([]);
    // Nothing contains it any more: nothing to send, and said so.
    const nothing = await hosting(h, 'errorlog example-shop.com Fatal');
    logOf(h, [], 1);
    const empty = await h.click(FILE, buttonValue(nothing.call, FILE), { user: OPERATOR });
    expect(messageText(await empty.reply())).toContain(
      'No line of the error log of example-shop.com contains “Fatal” now',
    );
  });

  it('refuses a viewer’s click (errorlog needs an operator): nothing read, nothing sent', async () => {
    const shown = await hosting(h, 'errorlog example-shop.com');
    const requests = hostingRequests(h);
    const files = h.slack.files.size;
    const since = h.slack.lastSeq;
    const click = await h.click(FILE, buttonValue(shown.call, FILE), { user: VIEWER });
    expect(messageText(await click.reply())).toContain(roleRequired);
    expect(hostingRequests(h)).toBe(requests);
    expect(h.slack.files.size).toBe(files);
    expect(h.slack.calls.filter((c) => c.seq > since && c.method.startsWith('files.'))).toEqual([]);
    expect(h.slack.calls.filter((c) => c.seq > since && c.method === 'chat.postMessage')).toEqual([]);
  });

  it('says why when Slack refuses the upload, and nothing goes to the channel', async () => {
    const shown = await hosting(h, 'errorlog example-shop.com');
    const since = h.slack.lastSeq;
    h.slack.fail('files.getUploadURLExternal', { error: 'missing_scope' });
    const click = await h.click(FILE, buttonValue(shown.call, FILE), { user: OPERATOR });
    const text = messageText(await click.reply());
    expect(text).toContain('Could not send you the error log as a file');
    expect(text).toContain('`missing_scope`');
    expect(h.slack.callsOf('files.completeUploadExternal').filter((c) => c.seq > since)).toEqual([]);
    expect(toChannel(h, since)).toEqual([]);
  });
});

describe('the fake Slack’s file upload, strict like Slack', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await h?.close();
  });

  const call = async (method: string, args: Record<string, string>) => {
    const res = await fetch(`${h.slack.apiUrl}${method}`, {
      method: 'POST',
      headers: { authorization: 'Bearer xoxb-test' },
      body: new URLSearchParams(args),
    });
    return (await res.json()) as Record<string, unknown>;
  };

  it('refuses files.getUploadURLExternal without filename or length', async () => {
    expect(await call('files.getUploadURLExternal', { length: '3' })).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
    });
    expect(await call('files.getUploadURLExternal', { filename: 'a.log' })).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
    });
  });

  it('refuses files.completeUploadExternal without files, or for bytes never posted', async () => {
    expect(await call('files.completeUploadExternal', { channel_id: 'D0OPERATOR' })).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
    });
    const started = await call('files.getUploadURLExternal', { filename: 'a.log', length: '3' });
    expect(started.ok).toBe(true);
    const files = JSON.stringify([{ id: started.file_id }]);
    expect(await call('files.completeUploadExternal', { files })).toMatchObject({
      ok: false,
      error: 'file_not_found',
    });
    const posted = await fetch(String(started.upload_url), { method: 'POST', body: 'abc' });
    expect(posted.status).toBe(200);
    expect(await call('files.completeUploadExternal', { files, channel_id: 'D0OPERATOR' })).toMatchObject({
      ok: true,
    });
    expect(h.slack.files.get(String(started.file_id))).toMatchObject({
      content: 'abc',
      channelId: 'D0OPERATOR',
      completed: true,
    });
    const unknown = await fetch(`${h.slack.url}/upload/F000000999`, { method: 'POST', body: 'x' });
    expect(unknown.status).toBe(404);
  });
});
