/** The /hosting views as pure functions: data in, Block Kit out, within Slack's limits. */
import { generateKeyPairSync } from 'node:crypto';
import type { KnownBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import {
  type Capabilities,
  DESTRUCTIVE_HOSTING_ACTIONS,
  HOSTING_ACTIONS,
  type KeyScope,
} from '../../../../src/services/access/index.ts';
import { ServiceError } from '../../../../src/services/errors.ts';
import {
  HOSTING_LIMITS,
  type Loss,
  type OperationOutcome,
  type WriteResult,
} from '../../../../src/services/hosting/index.ts';
import { decisionRefusal as refusalOf } from '../../../../src/slack/decision-text.ts';
import { failureMessage } from '../../../../src/slack/error-text.ts';
import { catalogs, translator } from '../../../../src/slack/i18n/index.ts';
import { HOSTING_CALLBACKS, HOSTING_FORMS, HOSTING_IDS, hostingBlockId } from '../../../../src/slack/ids.ts';
import {
  decodePayload,
  errorLogFilePayload,
  errorLogPagePayload,
  hostingFormPayload,
  hostingOperationPayload,
} from '../../../../src/slack/payloads.ts';
import { channelUiFor, type Message, type Ui } from '../../../../src/slack/views/format.ts';
import {
  ERROR_LOG_PAGE_LINES,
  errorLogView,
  lastErrorLogPage,
} from '../../../../src/slack/views/hosting/errorlog.ts';
import {
  hostingFormView,
  hostingNoticeView,
  readHostingForm,
  readWpDeleteForm,
  wpDeleteFormView,
} from '../../../../src/slack/views/hosting/forms.ts';
import { hostingHelpView } from '../../../../src/slack/views/hosting/help.ts';
import {
  approvalRequestView,
  confirmationView,
  HOSTING_REFUSALS,
  operationOutcomeView,
  outcomeStatus,
} from '../../../../src/slack/views/hosting/operations.ts';
import { domainView, hostingAuditView, keyGlimpse } from '../../../../src/slack/views/hosting/reads.ts';
import { doneText, doneView, privateKeyView } from '../../../../src/slack/views/hosting/writes.ts';
import { LIMITS } from '../../../../src/slack/views/limits.ts';
import type { OperationRow } from '../../../../src/store/index.ts';
import { slackRefusal } from '../../../support/fake-slack.ts';
import { mrkdwnTexts } from '../../../support/mrkdwn.ts';
import { unlabelledTimes } from '../../../support/times.ts';

// What a clicker alone is told: the machine's refusal in a destructive operation's words.
const decisionRefusal = (ui: Ui, d: OperationOutcome) => refusalOf(ui, d, HOSTING_REFUSALS)?.text;

const en: Ui = { t: translator('en'), locale: 'en', tz: 'Asia/Tokyo', dateLocale: 'en-US' };
const ja: Ui = { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };
const SERVER = 'xs123456.xsrv.jp';

/** Every text of a message or view, for assertions. */
const textOf = (v: unknown): string => JSON.stringify(v);
/** Slack's own reading of the limits (the fake Slack's, not the app's). */
const acceptedAsMessage = (m: Message) =>
  expect(slackRefusal('chat.postMessage', { text: m.text, blocks: m.blocks })).toBeUndefined();
const acceptedAsModal = (view: unknown) => expect(slackRefusal('views.open', { view })).toBeUndefined();

interface Btn {
  action_id: string;
  value: string;
  text: { text: string };
  confirm?: unknown;
}
const buttons = (blocks: readonly KnownBlock[] | undefined): Btn[] =>
  (blocks ?? []).flatMap((b) => (b.type === 'actions' ? (b.elements as unknown as Btn[]) : []));

function op(over: Partial<OperationRow> = {}): OperationRow {
  const at = new Date('2026-11-21T03:00:00Z');
  return {
    id: 'op-1',
    kind: 'hosting.domain_reset',
    target: SERVER,
    params: {},
    requesterId: 'U0REQ',
    channelId: 'C0OPS',
    state: 'pending',
    needsApproval: false,
    approverId: null,
    messageTs: null,
    expiresAt: new Date(at.getTime() + 15 * 60_000),
    createdAt: at,
    updatedAt: at,
    errorCode: null,
    result: null,
    ...over,
  };
}

const reset: Loss = {
  kind: 'hosting.domain_reset',
  domain: 'example.jp',
  documentRoot: '/home/xs123456/example.jp/public_html',
  sites: ['https://example.jp/', 'https://blog.example.jp/'],
};

describe('the error log', () => {
  const lines = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`);
  const log = { domain: 'example.jp', lines };

  it('opens on the last page, where the newest lines are', () => {
    expect(lastErrorLogPage(60)).toBe(2);
    expect(lastErrorLogPage(0)).toBe(0);
    expect(lastErrorLogPage(ERROR_LOG_PAGE_LINES)).toBe(0);
    const m = errorLogView(en, SERVER, log, 60, lastErrorLogPage(60));
    expect(textOf(m.blocks)).toContain('Lines 51–60 of 60');
    const [prev, file] = buttons(m.blocks);
    expect(buttons(m.blocks)).toHaveLength(2);
    expect(prev?.action_id).toBe(`${HOSTING_IDS.errorLogPage}:prev`);
    // Beside the pager: the whole log as a file, read again with what was asked.
    expect(file?.action_id).toBe(HOSTING_IDS.errorLogFile);
    expect(decodePayload(errorLogFilePayload, file?.value)).toEqual({ s: SERVER, d: 'example.jp', l: 60 });
    expect(decodePayload(errorLogPagePayload, prev?.value)).toEqual({
      s: SERVER,
      d: 'example.jp',
      l: 60,
      p: 1,
    });
    acceptedAsMessage(m);
  });

  it('pages back and forth, never dropping a line silently', () => {
    const seen: string[] = [];
    for (let p = 0; p < 3; p++) {
      const m = errorLogView(en, SERVER, log, 60, p);
      const code = textOf(m.blocks).match(/```(.*?)```/)?.[1] ?? '';
      seen.push(...code.split('\\n'));
      const ids = buttons(m.blocks).map((b) => b.action_id);
      expect(ids).toEqual(
        [p > 0 ? 'prev' : null, p < 2 ? 'next' : null]
          .flatMap((d) => (d ? [`${HOSTING_IDS.errorLogPage}:${d}`] : []))
          .concat(HOSTING_IDS.errorLogFile),
      );
    }
    expect(seen).toEqual(lines);
    // A page beyond the end shows the last one.
    expect(textOf(errorLogView(en, SERVER, log, 60, 99).blocks)).toContain('Lines 51–60 of 60');
  });

  it('cuts a line too long for one page visibly, and keeps a code fence in a line from breaking out', () => {
    const m = errorLogView(
      en,
      SERVER,
      { domain: 'example.jp', lines: ['x'.repeat(5000), 'a ``` b', '<@U123> *bold*'] },
      3,
      0,
    );
    const text = textOf(m.blocks);
    expect(text).toMatch(/… \(\+\d+\)/);
    expect(text).not.toContain('a ``` b');
    expect(text).not.toContain('<@U123>');
    expect(m.text).not.toContain('<@U123>');
    acceptedAsMessage(m);
  });

  it('says what a keyword read holds, and its buttons read with the same keyword, in both languages', () => {
    const ja: Ui = { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };
    const hostile = `<@U123> *${'k'.repeat(180)}*`;
    for (const u of [en, ja]) {
      const m = errorLogView(u, SERVER, { ...log, keyword: 'line' }, 60, 2);
      expect(textOf(m.blocks)).toContain(
        u.t('hosting.errorlog.page_keyword', { from: 51, to: 60, count: 60, keyword: 'line' }),
      );
      const [prev, file] = buttons(m.blocks);
      expect(file?.text.text).toBe(u.t('hosting.errorlog.file.button_keyword'));
      expect(decodePayload(errorLogFilePayload, file?.value)).toEqual({
        s: SERVER,
        d: 'example.jp',
        l: 60,
        k: 'line',
      });
      expect(decodePayload(errorLogPagePayload, prev?.value)).toMatchObject({ k: 'line', p: 1 });
      acceptedAsMessage(m);
      // What was typed never mentions anyone, in the page or in the empty answer.
      const typed = errorLogView(u, SERVER, { domain: 'example.jp', lines: ['x'], keyword: hostile }, 100, 0);
      const shown = mrkdwnTexts(typed).join('\n');
      expect(shown).not.toContain('<@U123>');
      expect(shown).toContain('&lt;@U123&gt;');
      acceptedAsMessage(typed);
      const empty = errorLogView(u, SERVER, { domain: 'example.jp', lines: [], keyword: hostile }, 100, 0);
      expect(empty.text).not.toContain('<@U123>');
      expect(empty.text).toContain(
        u.locale === 'ja' ? 'を含む行はありません' : 'No line of the error log of example.jp contains',
      );
    }
  });

  it('says so when nothing was logged', () => {
    const m = errorLogView(en, SERVER, { domain: 'example.jp', lines: [] }, 100, 0);
    expect(m.text).toBe('No errors logged for example.jp.');
    expect(buttons(m.blocks)).toEqual([]);
  });
});

describe('confirmations and approvals', () => {
  it('the confirmation states what is lost and that nothing was sent, with Confirm (and a dialog) and Cancel', () => {
    const m = confirmationView(en, op(), reset);
    const t = textOf(m.blocks);
    expect(t).toContain('Reset domain example.jp?');
    expect(t).toContain('its files under `/home/xs123456/example.jp/public_html` and its settings are lost');
    expect(t).toContain('`https://example.jp/`, `https://blog.example.jp/`');
    expect(t).toContain('Nothing has been sent yet.');
    const [yes, no] = buttons(m.blocks);
    expect(yes?.action_id).toBe(HOSTING_IDS.confirm);
    expect(yes?.confirm).toBeTruthy();
    expect(no?.action_id).toBe(HOSTING_IDS.cancel);
    expect(decodePayload(hostingOperationPayload, yes?.value)).toEqual({ id: 'op-1' });
    acceptedAsMessage(m);
  });

  it('each destructive operation says what it takes away', () => {
    const cases: [Loss, string][] = [
      [{ ...reset, sites: [] }, 'WordPress sites on it now: none.'],
      [
        {
          kind: 'hosting.wp_delete',
          id: '1001',
          listed: true,
          url: 'https://example.jp/',
          deleteDb: true,
          deleteDbUser: false,
          deleteCron: true,
        },
        'Database: *deleted*. Database user: kept. Cron jobs: *deleted*.',
      ],
      [
        {
          kind: 'hosting.ssh_key_delete',
          id: '2001',
          label: 'ci',
          publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIabcdefghijkl0123 x',
        },
        '“ci” (`ssh-ed25519 …efghijkl0123`)',
      ],
      [{ kind: 'hosting.ssh_off', keys: 3 }, 'The 3 registered keys are kept.'],
    ];
    for (const [loss, says] of cases) {
      const t = textOf(confirmationView(en, op({ kind: loss.kind }), loss).blocks);
      expect(t, loss.kind).toContain(says);
      // Japanese too, and within the limits.
      acceptedAsMessage(confirmationView(ja, op({ kind: loss.kind }), loss));
    }
  });

  it('the approval request names the requester and offers Approve and Reject', () => {
    const m = approvalRequestView(en, op({ needsApproval: true }), reset);
    expect(textOf(m.blocks)).toContain(
      '<@U0REQ> asks for this on xs123456.xsrv.jp. An approver other than them must approve it.',
    );
    expect(buttons(m.blocks).map((b) => b.action_id)).toEqual([HOSTING_IDS.approve, HOSTING_IDS.reject]);
    acceptedAsMessage(m);
  });

  it('the approval request in the channel shows its expiry as a Slack date token, never unlabelled UTC', () => {
    for (const l of ['en', 'ja'] as const) {
      const m = approvalRequestView(channelUiFor(l), op({ needsApproval: true }), reset);
      const all = `${m.text}${textOf(m.blocks)}`;
      expect(all).toMatch(/<!date\^\d+\^\{date_short_pretty\} \{time\}\|\d{4}-\d\d-\d\d \d\d:\d\d UTC>/);
      expect(unlabelledTimes(all)).toEqual([]);
    }
  });

  it('a decided operation: status first, no buttons', () => {
    const done: OperationOutcome = {
      kind: 'done',
      row: op({ state: 'done' }),
      result: { server: SERVER, action: 'hosting.domain_reset', subject: 'example.jp' },
    };
    const m = operationOutcomeView(en, done.row, reset, outcomeStatus(en, done, 'U0REQ'));
    expect(m.blocks?.[0]).toMatchObject({ type: 'section' });
    expect(textOf(m.blocks?.[0])).toContain(
      ':white_check_mark: Done: <@U0REQ> reset the domain `example.jp`',
    );
    expect(buttons(m.blocks)).toEqual([]);
  });

  it('every outcome and refusal has its sentence', () => {
    const o = op();
    expect(
      outcomeStatus(en, { kind: 'failed', row: o, code: 'X', error: new Error('x') }, 'U1', 'Because.'),
    ).toBe(':x: Not done: Because.');
    expect(outcomeStatus(en, { kind: 'unknown', row: o, check: '/hosting s ssh' }, 'U1')).toContain(
      'Check with `/hosting s ssh`',
    );
    expect(
      outcomeStatus(en, { kind: 'rejected', row: op({ state: 'rejected' }), withdrawn: false }, 'U9'),
    ).toContain('Rejected by <@U9>');
    expect(
      outcomeStatus(en, { kind: 'rejected', row: op({ state: 'cancelled' }), withdrawn: true }, 'U9'),
    ).toContain('Cancelled by <@U9>');
    expect(outcomeStatus(en, { kind: 'expired', row: o }, 'system')).toBe(catalogs.en['hosting.op.expired']);
    expect(decisionRefusal(en, { kind: 'refused', reason: 'not_requester', row: o })).toBe(
      'Only <@U0REQ>, who asked for this, can confirm or cancel it.',
    );
    expect(decisionRefusal(en, { kind: 'refused', reason: 'needs_approval', row: o })).toBe(
      catalogs.en['hosting.refused.needs_approval'],
    );
    expect(decisionRefusal(en, { kind: 'refused', reason: 'self_approval', row: o })).toBe(
      catalogs.en['hosting.refused.self_approval'],
    );
    expect(decisionRefusal(en, { kind: 'refused', reason: 'not_found', row: null })).toBe(
      catalogs.en['hosting.refused.not_found'],
    );
    expect(decisionRefusal(en, { kind: 'already_handled', row: op({ state: 'executing' }) })).toBe(
      'Already decided: this request is being sent.',
    );
    expect(
      decisionRefusal(en, {
        kind: 'done',
        row: o,
        result: { server: SERVER, action: 'hosting.ssh_off', subject: '' },
      }),
    ).toBe(undefined);
  });
});

describe('help', () => {
  const key = (hosting: KeyScope['hosting']): KeyScope =>
    ({
      readable: true,
      writable: true,
      signupAllowed: false,
      targets: undefined,
      expiresAt: null,
      hosting,
      info: { expires_at: null, services: {}, legacy: undefined },
    }) as KeyScope;
  const caps = (over: Partial<Capabilities>): Capabilities => ({
    role: 'operator',
    allowed: [...HOSTING_ACTIONS],
    needsHigherRole: [],
    key: key({ available: true, servers: [SERVER], permission: 'full' }),
    channelAllowed: true,
    ...over,
  });

  it('names the server, lists the commands, and which ones need an approver', () => {
    const m = hostingHelpView(en, caps({}), [...DESTRUCTIVE_HOSTING_ACTIONS]);
    const t = textOf(m.blocks);
    expect(t).toContain('Server: `xs123456.xsrv.jp`');
    // The commands as typed, never the actions' ids (`domain_reset`).
    expect(t).toContain('`domain reset`, `wp delete`, `ssh key delete`, `ssh off`');
    acceptedAsMessage(m);
  });

  it('says how to name a server when the key covers several or all, and when the key has none', () => {
    const several = hostingHelpView(
      en,
      caps({ key: key({ available: true, servers: [SERVER, 'xs2.xsrv.jp'], permission: 'full' }) }),
      [],
    );
    expect(textOf(several.blocks)).toContain(
      'put the server name first, e.g. `/hosting xs123456.xsrv.jp info`',
    );
    const all = hostingHelpView(
      en,
      caps({ key: key({ available: true, servers: undefined, permission: 'full' }) }),
      [],
    );
    expect(textOf(all.blocks)).toContain('This key covers every server of the account');
    const none = hostingHelpView(
      en,
      caps({ key: key({ available: false, servers: undefined, permission: undefined }) }),
      [],
    );
    expect(textOf(none.blocks)).toContain('no web hosting (server) permission');
    const readOnly = hostingHelpView(
      en,
      caps({ key: key({ available: true, servers: [SERVER], permission: 'read' }) }),
      [],
    );
    expect(textOf(readOnly.blocks)).toContain('may only read here');
    const custom = hostingHelpView(
      en,
      caps({ key: key({ available: true, servers: [SERVER], permission: 'custom' }) }),
      [],
    );
    expect(textOf(custom.blocks)).toContain(en.t('hosting.help.key_custom'));
    expect(textOf(custom.blocks)).not.toContain('may only read here');
  });
});

describe('forms', () => {
  const meta = { server: SERVER, channelId: 'C0OPS' };

  it('each form: its callback, the provider’s field names, a max length one over the rule, metadata that decodes', () => {
    for (const form of HOSTING_FORMS) {
      if (form === 'wp_delete') continue;
      const v = hostingFormView(en, form, meta);
      expect(v.callback_id).toBe(HOSTING_CALLBACKS[form]);
      expect(decodePayload(hostingFormPayload, v.private_metadata)).toEqual(meta);
      for (const b of v.blocks as { type: string; block_id?: string; element?: unknown }[]) {
        if (b.type !== 'input') continue;
        const el = b.element as { action_id: string; max_length: number };
        expect(b.block_id).toBe(hostingBlockId(el.action_id));
        expect(el.max_length).toBeLessThanOrEqual(3000);
      }
      acceptedAsModal(v);
      acceptedAsModal(hostingFormView(ja, form, meta));
    }
    const wp = hostingFormView(en, 'wp_install', meta);
    expect(
      (wp.blocks as { type: string; element?: { action_id: string } }[])
        .filter((b) => b.type === 'input')
        .map((b) => b.element?.action_id),
    ).toEqual(['url', 'title', 'admin_username', 'admin_password', 'admin_email']);
  });

  it('every text input holds what Slack holds: one over the bot’s one bound, so a longer paste is answered', () => {
    expect(HOSTING_LIMITS.textMax + 1).toBe(LIMITS.inputMaxLength);
    for (const form of HOSTING_FORMS) {
      if (form === 'wp_delete') continue;
      const inputs = (hostingFormView(en, form, meta).blocks as { type: string; element?: unknown }[])
        .filter((b) => b.type === 'input')
        .map((b) => b.element as { max_length: number });
      expect(inputs.length).toBeGreaterThan(0);
      for (const el of inputs) expect(el.max_length, form).toBe(3000);
    }
  });

  it('the hints claim no rule of the provider’s: the form says the provider decides, in both languages', () => {
    for (const ui of [en, ja]) {
      for (const form of HOSTING_FORMS) {
        if (form === 'wp_delete') continue;
        const v = hostingFormView(ui, form, meta);
        expect(textOf(v.blocks)).toContain(ui.t('hosting.modal.provider_decides'));
        const hints = (v.blocks as { type: string; hint?: { text: string } }[])
          .flatMap((b) => (b.hint ? [b.hint.text] : []))
          .join('\n');
        // No length, count, character class or character set of the provider's is named.
        expect(hints, `${ui.locale} ${form}`).not.toMatch(
          /\d+\s*[–〜~-]\s*\d+|up to|まで|half-width|半角|utf8/i,
        );
      }
    }
    const db = hostingFormView(en, 'db_create', meta);
    expect(textOf(db.blocks)).toContain('Leave empty to let the provider choose.');
    const user = hostingFormView(ja, 'db_user_create', meta);
    expect(textOf(user.blocks)).toContain(
      'プロバイダーにだけ送られ、ボットが表示・保存することはありません。',
    );
  });

  it('the WordPress delete form shows the three options with the spec’s defaults', () => {
    const v = wpDeleteFormView(en, { ...meta, id: '1001' }, 'https://example.jp/');
    expect(textOf(v.blocks)).toContain('Site `1001`: https://example.jp/.');
    const input = v.blocks.find((b) => b.type === 'input') as {
      element: { options: { value: string }[]; initial_options: { value: string }[] };
    };
    expect(input.element.options.map((o) => o.value)).toEqual(['delete_db', 'delete_db_user', 'delete_cron']);
    expect(input.element.initial_options.map((o) => o.value)).toEqual(['delete_db', 'delete_cron']);
    acceptedAsModal(v);
  });

  it('reads a submission as typed', () => {
    const values: Parameters<typeof readHostingForm>[1] = {
      [hostingBlockId('name_suffix')]: { name_suffix: { value: 'shop' } },
      [hostingBlockId('character_set')]: { character_set: { value: null } },
    };
    expect(readHostingForm('db_create', values)).toEqual({ name_suffix: 'shop', character_set: '' });
    expect(
      readWpDeleteForm({
        [hostingBlockId('options')]: { options: { selected_options: [{ value: 'delete_cron' }] } },
      }),
    ).toEqual({
      deleteDb: false,
      deleteDbUser: false,
      deleteCron: true,
    });
    expect(readWpDeleteForm({})).toEqual({ deleteDb: false, deleteDbUser: false, deleteCron: false });
  });

  it('a notice form only says something', () => {
    const v = hostingNoticeView(en, 'db_create', 'Done.');
    expect(v.submit).toBeUndefined();
    acceptedAsModal(v);
  });
});

describe('changes done', () => {
  const wp: WriteResult = {
    server: SERVER,
    action: 'hosting.wp_install',
    subject: 'https://example.jp/',
    created: '5002',
  };

  it('names a site by its URL, a key by its label, a database by the name the provider gave it', () => {
    expect(doneText(en, 'U1', wp)).toBe(
      '<@U1> installed WordPress at https://example.jp/ on xs123456.xsrv.jp.',
    );
    expect(
      doneText(en, 'U1', { server: SERVER, action: 'hosting.ssh_key_add', subject: 'laptop', created: '7' }),
    ).toBe('<@U1> registered the SSH key “laptop” on xs123456.xsrv.jp.');
    expect(
      doneText(en, 'U1', {
        server: SERVER,
        action: 'hosting.db_create',
        subject: 'shop',
        created: 'xs123456_shop',
      }),
    ).toBe('<@U1> created the database `xs123456_shop` on xs123456.xsrv.jp.');
  });

  it('adds what to set when SSL failed on the name servers', () => {
    const m = doneView(en, 'U1', {
      server: SERVER,
      action: 'hosting.domain_add',
      subject: 'ext.jp',
      sslAdvice: { domain: 'ext.jp', nameServers: ['ns1.xserver.jp', 'ns2.xserver.jp'] },
    });
    expect(m.text).toContain('added the domain `ext.jp`');
    expect(m.text).toContain('`ext.jp` does not use this service’s name servers');
    expect(m.text).toContain('(`ns1.xserver.jp`, `ns2.xserver.jp`)');
  });

  it('the domain card advises the same', () => {
    const m = domainView(en, SERVER, 'ext.jp', {
      domain: { domain: 'ext.jp', ssl_status: 'failed_nameserver' },
      nameServers: ['ns1.xserver.jp'],
    });
    expect(textOf(m.blocks)).toContain('failed (name servers)');
    expect(textOf(m.blocks)).toContain('(`ns1.xserver.jp`)');
  });

  it('shows a generated private key whole in a code block, and says so when the provider sent none', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIabc\n-----END PRIVATE KEY-----\n';
    const m = privateKeyView(en, { server: SERVER, created: '5003', privateKey: pem });
    expect(textOf(m.blocks)).toContain(JSON.stringify(pem.trim()).slice(1, -1));
    expect(m.text).not.toContain('PRIVATE KEY');
    expect(m.text).toContain('~/.ssh/id_xs123456_5003');
    expect(privateKeyView(en, { server: SERVER, created: '5003', privateKey: undefined }).text).toContain(
      '`/hosting ssh key delete 5003`',
    );
  });

  it('shows a 4096-bit RSA private key whole, across sections that each fit', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 4096 });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(pem.length).toBeGreaterThan(3000);
    const m = privateKeyView(en, { server: SERVER, created: '9001', privateKey: pem });
    acceptedAsMessage(m);
    const shown = (m.blocks ?? [])
      .slice(1)
      .map((b) => ((b as { text: { text: string } }).text.text.match(/^```([\s\S]*)```$/) ?? [])[1] ?? '')
      .join('\n');
    expect(shown).toBe(pem.trim());
  });

  it('glimpses a public key by its type and end', () => {
    expect(keyGlimpse('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIabcdefghijkl0123 me@host')).toBe(
      'ssh-ed25519 …efghijkl0123',
    );
    expect(keyGlimpse(undefined)).toBe('?');
  });
});

describe('failures', () => {
  it('a refusal carrying a long typed value still fits one section', () => {
    const err = new ServiceError('hosting_server_not_in_scope', {
      server: 'x'.repeat(5000),
      servers: [SERVER],
    });
    const m = failureMessage(en, err);
    acceptedAsMessage(m);
    expect(textOf(m.blocks)).toContain('…');
  });
});

describe('the /hosting audit trail', () => {
  it('names a change made outside the bot in words, never as a person', () => {
    const rows = [
      {
        id: 2,
        actor: 'outside',
        channelId: null,
        action: 'hosting.outside_change',
        target: 'sv1.xsrv.jp',
        params: { change: 'domain-added', domain: 'shop.example.jp' },
        outcome: 'ok' as const,
        errorCode: null,
        at: new Date('2026-03-10T00:00:00Z'),
      },
      {
        id: 1,
        actor: 'U0OPS',
        channelId: 'C0OPS',
        action: 'hosting.ssh_on',
        target: 'sv1.xsrv.jp',
        params: {},
        outcome: 'ok' as const,
        errorCode: null,
        at: new Date('2026-03-09T00:00:00Z'),
      },
    ];
    const m = hostingAuditView(en, 'sv1.xsrv.jp', rows);
    expect(m.text).toContain('domain added outside Slack `shop.example.jp` · seen by the watcher');
    expect(m.text).not.toContain('<@outside>');
    expect(m.text).toContain('<@U0OPS> · `ssh on`');
    expect(hostingAuditView(ja, 'sv1.xsrv.jp', rows).text).toContain('監視で検知');
  });
});
