import { describe, expect, it } from 'vitest';
import {
  ProviderError,
  ProviderNetworkError,
  ProviderRateLimitError,
  ProviderResponseError,
  QueueFullError,
  ValidationError,
} from '../../src/provider/index.ts';
import { classifyFailure, PROVIDER_ERROR_CODES, ServiceError } from '../../src/services/errors.ts';
import {
  describeFailureKind,
  failureMessage,
  fieldProblemText,
  parseProblemMessage,
} from '../../src/slack/error-text.ts';
import { catalogs, translator } from '../../src/slack/i18n/index.ts';
import type { Ui } from '../../src/slack/views/format.ts';

const ui = { t: translator('en'), locale: 'en' as const, tz: 'UTC', dateLocale: 'en-US' };
const init = (code: (typeof PROVIDER_ERROR_CODES)[number], status: number) => ({
  code,
  rawCode: code,
  status,
  providerMessage: 'サーバー内部でエラー key=xs_secret_value',
  details: [],
  endpoint: 'PUT /v1/vps/servers/{uuid}/memo',
  rawBody: null,
});

describe('failure sentences', () => {
  it.each(PROVIDER_ERROR_CODES)('gives %s its own sentence, never the provider’s message', (code) => {
    const err = new ProviderError(init(code, 400));
    const m = failureMessage(ui, err);
    expect(m.text).not.toContain('xs_secret_value');
    expect(m.text).not.toContain('サーバー');
    if (code !== 'RATE_LIMIT_EXCEEDED') expect(m.text).toBe(catalogs.en[`provider.${code}`]);
  });

  it('tells a person whose commands already wait at the provider how many, its limit and when to try again', () => {
    const jaUi = { t: translator('ja'), locale: 'ja' as const, tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };
    const count = new QueueFullError({
      reason: 'count',
      waiting: 20,
      bound: 20,
      waitMs: 8_000,
      retryAfterMs: 2_100,
      limit: 5,
      windowMs: 2_000,
    });
    expect(classifyFailure(count)).toMatchObject({ kind: 'service', error: { code: 'queue_full' } });
    expect(failureMessage(ui, count).text).toBe(
      'You already have 20 commands waiting their turn at the provider, as many as one person may have waiting. ' +
        'The provider allows 5 requests every 2 s right now (its rate-limit headers). ' +
        'So this one was not queued, and nothing was sent for it: try again in 3 s.',
    );
    expect(failureMessage(jaUi, count).text).toBe(
      'プロバイダーへの順番を待っているあなたのコマンドがすでに 20 件あり、1人が同時に待てる上限に達しています。' +
        '現在、プロバイダーが受け付けるのは 2 秒あたり 5 件までです（レート制限ヘッダーの値）。' +
        'そのため、このコマンドは順番待ちに入れず、何も送信していません。3 秒後にもう一度お試しください。',
    );
    const wait = new QueueFullError({
      reason: 'wait',
      waiting: 12,
      bound: 60_000,
      waitMs: 75_500,
      retryAfterMs: 15_500,
      limit: 30,
      windowMs: null,
    });
    expect(failureMessage(ui, wait).text).toBe(
      'You already have 12 commands waiting their turn at the provider, and this one would wait about 76 s for its own, longer than the 60 s a command may wait. ' +
        'The provider allows 30 requests per window right now (its rate-limit headers). ' +
        'So this one was not queued, and nothing was sent for it: try again in 16 s.',
    );
    expect(failureMessage(jaUi, wait).text).toContain('約 76 秒かかります（待てるのは 60 秒までです）');
    expect(failureMessage(jaUi, wait).text).toContain('一定時間あたり 30 件');
  });

  it('says how long to wait on a 429', () => {
    const err = new ProviderRateLimitError({
      ...init('RATE_LIMIT_EXCEEDED', 429),
      retryAfterSeconds: 12.2,
      concurrent: false,
    });
    expect(failureMessage(ui, err).text).toBe(
      'The provider’s rate limit is reached. Try again in 13 seconds.',
    );
  });

  it('explains network failures, odd answers, local validation and bugs', () => {
    const net = new ProviderNetworkError({
      kind: 'timeout',
      phase: 'headers',
      mayHaveReachedServer: true,
      endpoint: 'PUT /v1/x',
      detail: 'x',
    });
    expect(failureMessage(ui, net).text).toBe(catalogs.en['provider.network']);
    const odd = new ProviderResponseError({
      endpoint: 'GET /v1/x',
      status: 200,
      issues: ['x'],
      rawBody: '<html>',
    });
    expect(failureMessage(ui, odd).text).toContain('UNEXPECTED_ANSWER');
    const local = new ValidationError([{ field: 'hostname', rule: 'max_length', message: 'x' }]);
    expect(failureMessage(ui, local).text).toContain('The hostname can be at most 253 characters.');
    const bug = new TypeError('cannot read properties of undefined');
    const m = failureMessage(ui, bug);
    expect(m.text).toBe(catalogs.en['error.internal']);
    expect(JSON.stringify(m)).not.toContain('undefined');
  });

  it('lists candidates and counts the rest when they do not fit one message', () => {
    const details = Array.from({ length: 200 }, (_, i) => ({
      label: `web-${i}`,
      detail: `10.0.${i}.1 · uuid-${i}`,
    }));
    const m = failureMessage(ui, new ServiceError('server_ambiguous', { ref: 'web', count: 200 }, details));
    const all = JSON.stringify(m.blocks);
    expect(all).toContain('web-0');
    expect(all).toMatch(/…and \d+ more not shown/);
  });

  it('classifies role refusals with the role names of the catalog', () => {
    const f = classifyFailure(new ServiceError('role_required', { role: 'operator', yours: 'viewer' }));
    expect(describeFailureKind(ui, f).text).toBe(
      'This needs the *operator* role; yours is *viewer*. Ask an admin to add you to the operators.',
    );
  });

  it('names the role actually needed and how to get it, and where the bot can be used, en and ja', () => {
    const ja = { ...ui, t: translator('ja'), locale: 'ja' as const };
    const text = (u: Ui, e: ServiceError) => describeFailureKind(u, classifyFailure(e)).text;
    expect(text(ui, new ServiceError('role_required', { role: 'approver', yours: 'operator' }))).toBe(
      'This needs the *approver* role; yours is *operator*. Ask an admin to add you to the approvers.',
    );
    expect(text(ui, new ServiceError('role_required', { role: 'admin', yours: 'operator' }))).toContain(
      'Ask an admin to make you an admin',
    );
    expect(text(ja, new ServiceError('role_required', { role: 'approver', yours: 'viewer' }))).toBe(
      'この操作には *承認者* ロールが必要です（あなたは *閲覧者*）。管理者に承認者への追加を依頼してください。',
    );
    expect(text(ui, new ServiceError('channel_not_allowed', { channels: ['C0OPS0001', 'C0ALERTS1'] }))).toBe(
      'The bot’s commands cannot be used in this channel. Use them in <#C0OPS0001>, <#C0ALERTS1>.',
    );
    expect(text(ja, new ServiceError('channel_not_allowed', { channels: ['C0OPS0001', 'C0ALERTS1'] }))).toBe(
      'このチャンネルではボットのコマンドを使えません。<#C0OPS0001>、<#C0ALERTS1> で実行してください。',
    );
    expect(text(ja, new ServiceError('name_taken', { name: 'db-1', ip: '203.0.113.4' }))).toBe(
      '`db-1` という名前のサーバー（203.0.113.4）がすでにあります。同じ名前が2台あると名前で区別できなくなるため、別の名前にしてください。',
    );
    expect(text(ui, new ServiceError('channel_not_allowed', { channels: [] }))).toContain(
      'Ask an admin which channels are allowed',
    );
  });

  it('answers a mistyped word with its suggestion and a bad list filter with its values, en and ja', () => {
    const ja = { ...ui, t: translator('ja'), locale: 'ja' as const };
    const typo = { problem: 'unknown_command', word: 'lst', suggestion: 'list' } as const;
    expect(parseProblemMessage(ui, typo).text).toContain('I don’t know `lst`: did you mean `/vps list`?');
    expect(parseProblemMessage(ja, typo).text).toContain('`/vps list` のことですか？');
    const bad = {
      problem: 'bad_filter',
      filter: 'status',
      expected: 'active | suspended',
      command: 'list',
    } as const;
    expect(parseProblemMessage(ui, bad).text).toContain('The filter `status` takes active | suspended.');
    expect(parseProblemMessage(ui, bad).text).toContain('/vps list status=active');
    expect(parseProblemMessage(ja, bad).text).toContain('active | suspended のいずれかを指定します');
  });

  it('field problems name the rule', () => {
    expect(fieldProblemText(ui, { field: 'name', rule: 'charset' })).toBe(catalogs.en['field.name.charset']);
    expect(fieldProblemText(ui, { field: 'memo', rule: 'too_long', limit: 500 })).toBe(
      'The memo can be at most 500 characters.',
    );
    // A field with no sentence of its own gets its rule's, which never names the field's id.
    const other = fieldProblemText(ui, { field: 'db_name', rule: 'format' });
    expect(other).toBe('The value is not in a form the provider accepts.');
    expect(other).not.toContain('db_name');
    const local = failureMessage(
      ui,
      new ValidationError([{ field: 'plan_id', rule: 'weird', message: 'x' }]),
    );
    expect(local.text).not.toContain('plan_id');
  });
});
