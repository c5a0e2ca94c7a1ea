/**
 * The sandbox's Block Kit -> text renderer: what a terminal shows of a
 * message (headers, sections, fields, context, buttons numbered) and of a
 * modal (inputs with their rules, options and inline errors), and mrkdwn as a
 * Slack client reads it (mentions, links, dates, entities, emphasis).
 */
import { describe, expect, it } from 'vitest';
import {
  type Control,
  fieldRules,
  inputFields,
  type Reader,
  renderMessage,
  renderModal,
  renderMrkdwn,
} from '../../src/sandbox/render.ts';

const reader: Reader = {
  userName: (id) => ({ U0ALICE: 'alice', U0BOB: 'bob' })[id],
  channelName: (id) => ({ C0OPS: 'ops' })[id],
  groupName: (id) => ({ S0OPS: 'ops-team' })[id],
  tz: 'Asia/Tokyo',
  dateLocale: 'en-GB',
  now: new Date('2026-03-10T03:00:00Z'),
};

function numbered() {
  const controls: Control[] = [];
  return {
    controls,
    number: (c: Control) => {
      controls.push(c);
      return controls.length;
    },
  };
}

const plain = (text: string) => ({ type: 'plain_text', text });
const md = (text: string) => ({ type: 'mrkdwn', text });

describe('messages', () => {
  it('shows a header, a section with its fields, context, a divider and numbered buttons', () => {
    const n = numbered();
    const lines = renderMessage(
      {
        text: 'fallback',
        blocks: [
          { type: 'header', text: plain('VPS order waiting for approval') },
          {
            type: 'section',
            text: md('*Charged on approval:* ¥2,153'),
            fields: [md('*Plan*\nVPS 2GB'), md('*Period*\n1 month')],
          },
          { type: 'context', elements: [md('Asked for by <@U0BOB>'), md('in <#C0OPS>')] },
          { type: 'divider' },
          {
            type: 'actions',
            block_id: 'decide',
            elements: [
              { type: 'button', action_id: 'approve', value: 'q1', text: plain('Approve'), style: 'primary' },
              { type: 'button', action_id: 'reject', value: 'q1', text: plain('Reject'), style: 'danger' },
            ],
          },
        ],
      },
      reader,
      n.number,
    );
    expect(lines).toEqual([
      '== VPS order waiting for approval ==',
      'Charged on approval: ¥2,153',
      '  Plan: VPS 2GB',
      '  Period: 1 month',
      '  Asked for by @bob  ·  in #ops',
      '────────',
      '[1] Approve  [2] Reject (!)',
    ]);
    expect(n.controls.map((c) => [c.blockId, c.element.action_id])).toEqual([
      ['decide', 'approve'],
      ['decide', 'reject'],
    ]);
  });

  it('numbers a section accessory and goes on counting where the caller is', () => {
    let next = 7;
    const lines = renderMessage(
      {
        blocks: [
          {
            type: 'section',
            text: md('web-1 · running'),
            accessory: { type: 'button', action_id: 'show', value: 'web-1', text: plain('Show') },
          },
        ],
      },
      reader,
      () => next++,
    );
    expect(lines).toEqual(['web-1 · running', '  [7] Show']);
  });

  it('falls back to the text when a message has no blocks', () => {
    expect(renderMessage({ text: 'Saved &amp; announced' }, reader, () => 0)).toEqual(['Saved & announced']);
  });
});

describe('mrkdwn', () => {
  it('names mentions, channels and groups, and shows a link by its label with its address', () => {
    expect(
      renderMrkdwn(
        '<@U0ALICE> asked <!subteam^S0OPS> in <#C0OPS|ops> to read <https://example.com/x|the runbook>',
        reader,
      ),
    ).toBe('@alice asked @ops-team in #ops to read the runbook (https://example.com/x)');
  });

  it('writes a date token in the reader zone and date locale, with today and tomorrow', () => {
    // 2026-03-10 15:00 JST, the reader's today; and the next day.
    expect(renderMrkdwn('<!date^1773122400^{date_short_pretty} {time}|fallback>', reader)).toBe(
      'today 15:00',
    );
    expect(renderMrkdwn('<!date^1773208800^{date_short_pretty}|x>', reader)).toBe('tomorrow');
    expect(renderMrkdwn('<!date^1773122400^{date_num}|x>', reader)).toBe('10/03/2026');
  });

  it('drops emphasis markers at word edges but keeps code, snake_case and entities as written', () => {
    expect(renderMrkdwn('*Bold* and _italic_ and ~gone~ but not snake_case_name', reader)).toBe(
      'Bold and italic and gone but not snake_case_name',
    );
    expect(renderMrkdwn('run `*not bold*` &lt;now&gt; &amp; later', reader)).toBe(
      'run `*not bold*` <now> & later',
    );
    expect(renderMrkdwn('```\nline *1*\n```', reader)).toBe('line *1*');
  });

  it('draws emoji codes, and leaves plain_text as written', () => {
    expect(renderMrkdwn(':rotating_light: web-1 stopped :unknown_code:', reader)).toBe(
      '🚨 web-1 stopped :unknown_code:',
    );
    expect(renderMrkdwn('no ` < > &amp; *here*', reader, { mrkdwn: false })).toBe('no ` < > &amp; *here*');
  });
});

describe('modals', () => {
  const view = {
    type: 'modal',
    title: plain('Rename server'),
    submit: plain('Save'),
    close: plain('Cancel'),
    blocks: [
      { type: 'section', text: md('Server: *web-1*') },
      {
        type: 'input',
        block_id: 'name',
        label: plain('New name'),
        hint: plain('Lower-case letters, digits, - and _.'),
        element: {
          type: 'plain_text_input',
          action_id: 'name',
          min_length: 2,
          max_length: 51,
          initial_value: 'web-1',
        },
      },
      {
        type: 'input',
        block_id: 'plan',
        dispatch_action: true,
        label: plain('Plan'),
        element: {
          type: 'static_select',
          action_id: 'plan_id',
          options: [
            { text: plain('VPS 1GB'), value: 'vps-1gb' },
            { text: plain('VPS 2GB'), value: 'vps-2gb' },
          ],
          initial_option: { text: plain('VPS 2GB'), value: 'vps-2gb' },
        },
      },
      {
        type: 'input',
        block_id: 'renew',
        optional: true,
        label: plain('Renewal'),
        element: {
          type: 'checkboxes',
          action_id: 'auto_renew',
          options: [{ text: plain('Renew automatically'), value: 'yes' }],
        },
      },
    ],
  };

  it('lists each input with its rules, hint, options and the inline error the app answered', () => {
    const lines = renderModal(view, reader, () => 0, { name: 'Use only lower-case letters.' });
    expect(lines).toEqual([
      '┌ Rename server',
      '│ Server: web-1',
      '│ 1. New name (required, at least 2 characters, at most 51 characters)',
      '│    Lower-case letters, digits, - and _.',
      '│    now: web-1',
      '│    ✗ Use only lower-case letters.',
      '│ 2. Plan (required, choose one)',
      '│    1) VPS 1GB',
      '│    2) VPS 2GB  (chosen)',
      '│ 3. Renewal (optional, choose any (numbers, comma-separated))',
      '│    1) Renew automatically',
      '└ submit: Save · close: Cancel',
    ]);
  });

  it('reads each input as a field: kind, ids, whether a choice goes to the app at once, what it holds', () => {
    const fields = inputFields(view, reader);
    expect(fields.map((f) => [f.blockId, f.actionId, f.kind, f.dispatch, f.initial])).toEqual([
      ['name', 'name', 'text', false, 'web-1'],
      ['plan', 'plan_id', 'select', true, 'vps-2gb'],
      ['renew', 'auto_renew', 'checkboxes', false, undefined],
    ]);
    expect(fieldRules(fields[0]!)).toEqual(['required', 'at least 2 characters', 'at most 51 characters']);
  });
});
