/**
 * The shortcuts in the sandbox: `shortcuts` lists what manifest.yml
 * installs, `shortcut find_server` and `shortcut order_vps` send Slack's
 * global shortcut and fill the modal the bot opens (a conversation select
 * answered by a channel's name or number), `say` posts a person's message and
 * `shortcut message [n]` sends the message shortcut on the n-th latest
 * message here. The real bot behind the sandbox's Slack, the simulator behind
 * the bot, driven through the terminal's script mode.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readAnswer } from '../../src/sandbox/form-answers.ts';
import { inputFields, type Reader } from '../../src/sandbox/render.ts';
import { INSTALLED_SHORTCUTS, shortcutNamed } from '../../src/sandbox/shortcuts.ts';
import { startTestSandbox, type TestSandbox } from './support.ts';

interface Manifest {
  features: { shortcuts: { name: string; type: string; callback_id: string; description: string }[] };
}

describe('the shortcuts the sandbox’s Slack knows', () => {
  it('are the ones manifest.yml declares', () => {
    const manifest = parse(readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8')) as Manifest;
    expect(
      INSTALLED_SHORTCUTS.map((s) => ({
        name: s.name,
        type: s.type,
        callback_id: s.callbackId,
        description: s.description,
      })),
    ).toEqual(manifest.features.shortcuts);
  });

  it('are named by callback_id, by name, or `message` for the one message shortcut', () => {
    expect(shortcutNamed('find_server')?.callbackId).toBe('find_server');
    expect(shortcutNamed('ServerCard')?.callbackId).toBe('find_server');
    expect(shortcutNamed('order-vps')?.callbackId).toBe('order_vps');
    expect(shortcutNamed('message')?.callbackId).toBe('server_from_message');
    expect(shortcutNamed('nope')).toBeUndefined();
  });
});

describe('a conversation select in a form', () => {
  const reader: Reader = {
    userName: () => undefined,
    channelName: () => undefined,
    groupName: () => undefined,
    tz: 'UTC',
    dateLocale: 'en-US',
    now: new Date(0),
    channels: [
      { id: 'C0A', name: 'ops' },
      { id: 'C0B', name: 'dev' },
    ],
  };
  const view = {
    blocks: [
      {
        type: 'input',
        block_id: 'b',
        label: { type: 'plain_text', text: 'Channel' },
        element: { type: 'conversations_select', action_id: 'a' },
      },
    ],
  };

  it('offers the workspace’s channels and sends the one chosen as Slack does', () => {
    const [f] = inputFields(view, reader);
    expect(f).toMatchObject({
      kind: 'conversation',
      options: [{ text: '#ops', value: 'C0A' }, { text: '#dev' }],
    });
    for (const typed of ['2', '#dev', 'dev', 'DEV'])
      expect(readAnswer(f!, typed, undefined)).toEqual({
        state: { type: 'conversations_select', selected_conversation: 'C0B' },
      });
    expect(readAnswer(f!, '#nowhere', undefined)).toEqual({
      error: 'Choose a number from 1 to 2, or a #name.',
    });
    expect(readAnswer(f!, '!clear', undefined)).toEqual({ error: 'This field is required.' });
  });
});

describe('shortcuts through the sandbox', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shortcuts lists them with how to use each', async () => {
    const text = await t.type('shortcuts');
    expect(text).toMatch(/Order a VPS +global +shortcut order_vps/);
    expect(text).toMatch(/Server card +global +shortcut find_server/);
    expect(text).toMatch(/Show server +message +shortcut server_from_message \[n\]/);
  });

  it('Server card asks for a server in a form and shows its card there', async () => {
    const opened = await t.type('as carol', 'shortcut find_server');
    expect(opened).toContain('a form opens: Server card');
    expect(opened).toContain('1. Server (required');
    const card = await t.type('db-1');
    expect(card).toContain('the form now shows: Server card');
    expect(card).toContain('== db-1 ==');
    expect(card).toContain('MySQL primary');
    // The card answers in the form: nothing was posted in the channel.
    expect(card).not.toContain('» vps-bot in #ops');
  });

  it('Show server on a person’s message: the servers it names, only for the one who asked', async () => {
    const said = await t.type('as bob', 'say web-2 and db-2 are slow since the deploy');
    expect(said).toContain('» bob in #ops');
    expect(said).toContain('web-2 and db-2 are slow since the deploy');
    const text = await t.type('shortcut message');
    expect(text).toContain('(Show server on bob\'s message "web-2 and db-2 are slow since the deploy")');
    expect(text).toContain('» vps-bot in #ops · only visible to you');
    expect(text).toContain('This message names 2 servers');
    expect(text).toMatch(/\[1\] Server card/);
    expect(text).toMatch(/\[2\] Server card/);
    // Its buttons work as a card's: the first opens web-2's card.
    const card = await t.type('click 1');
    expect(card).toContain('== web-2 ==');
  });

  it('on an older message by number, and in Japanese for kenji', async () => {
    await t.type('say nothing to see here');
    const text = await t.type('as kenji', 'shortcut message 2');
    expect(text).toContain('web-2 and db-2');
    expect(text).toContain('このメッセージに出てくるサーバー: 2 台');
    const none = await t.type('shortcut message 1');
    expect(none).toContain(
      'このメッセージには、アカウントのサーバーの名前・IPアドレス・UUIDが見つかりませんでした',
    );
  });

  it('says what is wrong with a shortcut it cannot send', async () => {
    expect(await t.type('shortcut')).toContain('which shortcut? order_vps, find_server, server_from_message');
    expect(await t.type('shortcut message 99')).toMatch(/n from 1 \(the latest message here\) to \d+/);
    const dev = await t.type('in #dev', 'shortcut message');
    expect(dev).toContain('no message in #dev to use it on (say <text> posts one)');
    await t.type('in #ops');
  });

  it('Order a VPS opens the order form, which asks for the approval channel; the request is posted there', async () => {
    const opened = await t.type('as bob', 'shortcut order_vps');
    expect(opened).toContain('a form opens: Order a VPS');
    expect(opened).toContain('1. Channel for the approval request (required, choose a channel)');
    expect(opened).toMatch(/1\) #ops/);
    const text = await t.type(
      '#dev', // the approval request goes to #dev
      '2', // plan
      '1', // period
      '1', // image
      'shortcut-vps-1', // server name
      '', // no registered SSH key
      '', // no public key
      '', // no password: the bot makes one
      '', // renewal as it is
      '', // no partner code
      '1', // the terms
    );
    expect(text).toContain('» vps-bot in #dev\n  == VPS order waiting for approval ==');
    expect(text).toContain('Server name: `shortcut-vps-1`');
    expect(t.sb.sim!.control.charges()).toEqual([]);
  });

  it('a viewer is told in a modal that ordering needs the operator role', async () => {
    const text = await t.type('as carol', 'shortcut order_vps');
    expect(text).toContain('Ordering a VPS needs the operator role; yours is viewer.');
    expect(text).not.toContain('fields to fill');
  });
});
