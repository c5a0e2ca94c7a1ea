import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../src/slack/grammar/tokens.ts';
import { parseVpsCommand } from '../../../src/slack/grammar/vps.ts';

const ok = (text: string) => {
  const r = parseVpsCommand(text);
  if (!r.ok) throw new Error(`expected ${text} to parse: ${JSON.stringify(r.error)}`);
  return r.command;
};
const err = (text: string) => {
  const r = parseVpsCommand(text);
  if (r.ok) throw new Error(`expected ${text} to fail`);
  return r.error;
};

describe('parseVpsCommand', () => {
  it('treats empty text and help as help', () => {
    expect(ok('')).toEqual({ name: 'help' });
    expect(ok('  HELP ')).toEqual({ name: 'help' });
  });

  it('parses list filters: words and type=/status=', () => {
    expect(ok('list')).toEqual({ name: 'list', filter: { terms: [] }, page: 0 });
    expect(ok('list Web type=GPU status=suspended')).toEqual({
      name: 'list',
      filter: { terms: ['web'], type: 'gpu', status: 'suspended' },
      page: 0,
    });
  });

  it('needs exactly one server for show and power', () => {
    expect(ok('show db-1')).toEqual({ name: 'show', server: 'db-1' });
    expect(ok('power 10.0.0.1')).toEqual({ name: 'power', server: '10.0.0.1' });
    expect(err('show')).toEqual({ problem: 'usage', command: 'show' });
    expect(err('power a b')).toEqual({ problem: 'usage', command: 'power' });
  });

  it('parses changes with and without a value (no value opens the form)', () => {
    expect(ok('rename web-1 web-01')).toEqual({
      name: 'change',
      field: 'name',
      server: 'web-1',
      value: 'web-01',
    });
    expect(ok('rename web-1')).toEqual({ name: 'change', field: 'name', server: 'web-1', value: undefined });
    expect(ok('rdns web-1 www.example.com')).toMatchObject({ field: 'rdns', value: 'www.example.com' });
    expect(err('rename web-1 a b')).toEqual({ problem: 'usage', command: 'rename' });
    expect(err('rdns')).toEqual({ problem: 'usage', command: 'rdns' });
  });

  it('keeps the memo text as typed, and "" clears it', () => {
    expect(ok('memo db-1 primary   db, see  runbook')).toMatchObject({ value: 'primary   db, see  runbook' });
    expect(ok('memo db-1 ""')).toMatchObject({ value: '' });
    expect(ok('memo db-1 “quoted text”')).toMatchObject({ value: 'quoted text' });
    expect(ok('memo "db-1" x')).toMatchObject({ server: 'db-1', value: 'x' });
    expect(ok('memo db-1')).toMatchObject({ value: undefined });
  });

  it('parses log filters and normalises times', () => {
    expect(ok('logs from=2026-01-02 to=2026-01-03T10:30 status=ERROR method=get code=404')).toEqual({
      name: 'logs',
      filter: {
        from: '2026-01-02 00:00:00',
        to: '2026-01-03 10:30:59',
        status: 'error',
        method: 'GET',
        code: 404,
      },
    });
    expect(ok('logs from="2026-01-02 08:00"')).toMatchObject({ filter: { from: '2026-01-02 08:00:00' } });
    // The provider's page size, 1 to 500, besides the filters.
    expect(ok('logs limit=1')).toEqual({ name: 'logs', filter: { limit: 1 } });
    expect(ok('logs LIMIT=500 status=error')).toEqual({
      name: 'logs',
      filter: { limit: 500, status: 'error' },
    });
  });

  it('refuses bad log filters with what they expect', () => {
    expect(err('logs status=maybe')).toMatchObject({ problem: 'bad_filter', filter: 'status' });
    expect(err('logs method=PATCH')).toMatchObject({ problem: 'bad_filter', filter: 'method' });
    expect(err('logs code=99')).toMatchObject({ problem: 'bad_filter', filter: 'code' });
    expect(err('logs from=yesterday')).toMatchObject({ problem: 'bad_filter', filter: 'from' });
    expect(err('logs from=2026-02-01 to=2026-01-01')).toMatchObject({
      problem: 'bad_filter',
      expected: 'from <= to',
    });
    expect(err('logs user=me')).toMatchObject({ problem: 'bad_filter', filter: 'user' });
    for (const bad of ['0', '501', '-1', '2.5', 'ten', '', '1e2', '9999999'])
      expect(err(`logs limit=${bad}`), bad).toEqual({
        problem: 'bad_filter',
        filter: 'limit',
        expected: '1–500',
        command: 'logs',
      });
    expect(err('logs errors')).toEqual({ problem: 'usage', command: 'logs' });
  });

  it('refuses a log date or time the calendar does not have, naming it', () => {
    expect(err('logs from=2026-13-01')).toEqual({ problem: 'bad_date', filter: 'from', value: '2026-13-01' });
    expect(err('logs to=2026-02-30')).toEqual({ problem: 'bad_date', filter: 'to', value: '2026-02-30' });
    expect(err('logs from=2025-02-29')).toMatchObject({ problem: 'bad_date' });
    expect(err('logs from=2026-00-10')).toMatchObject({ problem: 'bad_date' });
    expect(err('logs from=2026-04-31')).toMatchObject({ problem: 'bad_date' });
    expect(err('logs from=2026-01-01T24:00')).toMatchObject({ problem: 'bad_date' });
    expect(err('logs from=2026-01-01T10:60')).toMatchObject({ problem: 'bad_date' });
    expect(ok('logs from=2024-02-29 to=2026-12-31T23:59')).toMatchObject({
      filter: { from: '2024-02-29 00:00:00', to: '2026-12-31 23:59:59' },
    });
  });

  it('parses me, audit, signup and signups', () => {
    expect(ok('me')).toEqual({ name: 'me' });
    expect(err('me too')).toEqual({ problem: 'usage', command: 'me' });
    expect(ok('audit')).toEqual({ name: 'audit', server: undefined });
    expect(ok('audit db-1')).toEqual({ name: 'audit', server: 'db-1' });
    expect(ok('signup')).toEqual({ name: 'signup' });
    expect(ok('signups')).toEqual({ name: 'signups' });
    expect(err('signup vps-2gb')).toEqual({ problem: 'usage', command: 'signup' });
  });

  it('reads the watch words, the target and an escaped channel', () => {
    expect(ok('watch db-1')).toEqual({ name: 'watch', target: 'db-1', channelId: undefined });
    expect(ok('watch all <#C0ALERTS1|alerts>')).toEqual({
      name: 'watch',
      target: 'all',
      channelId: 'C0ALERTS1',
    });
    expect(ok('unwatch web-1 <#C0ALERTS1>')).toEqual({
      name: 'unwatch',
      target: 'web-1',
      channelId: 'C0ALERTS1',
    });
    expect(ok('watches')).toEqual({ name: 'watches', channelId: undefined });
    expect(err('watch')).toEqual({ problem: 'usage', command: 'watch' });
    expect(err('watch db-1 #alerts')).toEqual({ problem: 'usage', command: 'watch' });
    expect(ok('list')).toMatchObject({ name: 'list' });
  });

  it('reads mute and unmute: the target, a duration of 1 minute to 7 days, an escaped channel', () => {
    expect(ok('mute db-1 2h')).toEqual({
      name: 'mute',
      target: 'db-1',
      durationMs: 7_200_000,
      channelId: undefined,
    });
    expect(ok('mute all 1h30m <#C0ALERTS1|alerts>')).toEqual({
      name: 'mute',
      target: 'all',
      durationMs: 5_400_000,
      channelId: 'C0ALERTS1',
    });
    expect(ok('MUTE web-1 90min')).toMatchObject({ durationMs: 5_400_000 });
    expect(ok('mute web-1 7d')).toMatchObject({ durationMs: 7 * 86_400_000 });
    for (const bad of [
      'mute db-1',
      'mute db-1 forever',
      'mute db-1 30s',
      'mute db-1 8d',
      'mute db-1 2h #alerts',
    ])
      expect(err(bad)).toEqual({ problem: 'usage', command: 'mute' });
    expect(ok('unmute')).toEqual({ name: 'unmute', target: undefined, channelId: undefined });
    expect(ok('unmute db-1')).toEqual({ name: 'unmute', target: 'db-1', channelId: undefined });
    expect(ok('unmute <#C0ALERTS1>')).toEqual({ name: 'unmute', target: undefined, channelId: 'C0ALERTS1' });
    expect(ok('unmute all <#C0ALERTS1>')).toEqual({ name: 'unmute', target: 'all', channelId: 'C0ALERTS1' });
    expect(err('unmute a b c')).toEqual({ problem: 'usage', command: 'unmute' });
  });

  it('reads renewals and renewal set|clear: the server and the date as typed (the service checks the date)', () => {
    expect(ok('renewals')).toEqual({ name: 'renewals' });
    expect(ok('renewal set db-1 2027-03-31')).toEqual({
      name: 'renewal_set',
      server: 'db-1',
      date: '2027-03-31',
    });
    expect(ok('RENEWAL Set db-1 31/03/2027')).toEqual({
      name: 'renewal_set',
      server: 'db-1',
      date: '31/03/2027',
    });
    expect(ok('renewal clear db-1')).toEqual({ name: 'renewal_clear', server: 'db-1' });
    expect(err('renewals db-1')).toEqual({ problem: 'usage', command: 'renewals' });
    for (const bad of [
      'renewal',
      'renewal set db-1',
      'renewal set db-1 2027-03-31 extra',
      'renewal clear',
      'renewal drop db-1',
    ])
      expect(err(bad), bad).toEqual({ problem: 'usage', command: 'renewal' });
    expect(err('renewls')).toMatchObject({ problem: 'unknown_command', suggestion: 'renewals' });
  });

  it('reads accounts and account use <name>', () => {
    expect(ok('accounts')).toEqual({ name: 'accounts' });
    expect(ok('account use shop-a')).toEqual({ name: 'account_use', account: 'shop-a' });
    expect(ok('ACCOUNT USE Main')).toEqual({ name: 'account_use', account: 'Main' });
    expect(err('accounts main')).toEqual({ problem: 'usage', command: 'accounts' });
    for (const bad of ['account', 'account use', 'account shop', 'account use a b', 'account set shop'])
      expect(err(bad), bad).toEqual({ problem: 'usage', command: 'account' });
    expect(err('acounts')).toMatchObject({ problem: 'unknown_command', suggestion: 'accounts' });
  });

  it('names an unknown word, shortened', () => {
    expect(err('reboot web-1')).toEqual({ problem: 'unknown_command', word: 'reboot' });
    expect((err('x'.repeat(100)) as { word: string }).word).toHaveLength(40);
  });
});

describe('tokenize', () => {
  it('keeps offsets so the rest of a line can be taken as typed', () => {
    const t = tokenize('memo  db-1   a  b');
    expect(t.map((x) => x.text)).toEqual(['memo', 'db-1', 'a', 'b']);
    expect(t[2]!.start).toBe(13);
  });

  it('reads values back as typed when Slack escaped them (links, entities)', () => {
    expect(ok('rdns web-1 <http://www.example.com|www.example.com>')).toEqual({
      name: 'change',
      field: 'rdns',
      server: 'web-1',
      value: 'www.example.com',
    });
    expect(ok('memo db-1 see <https://wiki.example.com/db> &amp; ask &lt;ops&gt;')).toEqual({
      name: 'change',
      field: 'memo',
      server: 'db-1',
      value: 'see https://wiki.example.com/db & ask <ops>',
    });
    expect(ok('memo db-1 mail <mailto:ops@example.com|ops@example.com>')).toMatchObject({
      value: 'mail ops@example.com',
    });
  });

  it('suggests the word a mistyped one most likely meant, and nothing for a word far from all', () => {
    expect(err('lst')).toMatchObject({ problem: 'unknown_command', word: 'lst', suggestion: 'list' });
    expect(err('shwo db-1')).toMatchObject({ suggestion: 'show' });
    expect(err('unwtach db-1')).toMatchObject({ suggestion: 'unwatch' });
    expect(err('sign')).toMatchObject({ suggestion: 'signup' });
    expect(err('frobnicate')).toMatchObject({ problem: 'unknown_command', suggestion: undefined });
  });

  it('refuses a list filter value the provider never has, with the values it has', () => {
    expect(err('list status=bogus')).toEqual({
      problem: 'bad_filter',
      filter: 'status',
      expected: 'active | suspended',
      command: 'list',
    });
    expect(err('list type=xl')).toMatchObject({ filter: 'type', expected: 'vps | business | windows | gpu' });
    expect(ok('list status=Active type=GPU web')).toEqual({
      name: 'list',
      filter: { terms: ['web'], status: 'active', type: 'gpu' },
      page: 0,
    });
  });

  it('reads /vps help <command> for the rules of its values', () => {
    expect(ok('help rdns')).toEqual({ name: 'help', topic: 'rdns' });
    expect(ok('help LOGS')).toEqual({ name: 'help', topic: 'logs' });
    expect(err('help nosuch')).toEqual({ problem: 'usage', command: 'help' });
  });
});
