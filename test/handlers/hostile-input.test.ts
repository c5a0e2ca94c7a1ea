/**
 * Input that must not break the bot for anyone (issue 12): every command
 * answers a clear sentence whatever its arguments, refuses what cannot name
 * anything before any provider call, and a huge refused argument leaves an
 * audit trail `/vps audit` can still show.
 */

import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { SQLITE_FILE_NAME } from '../../src/store/connect.ts';
import { type Harness, messageText, OPERATOR, startHarness, VIEWER } from '../support/app-harness.ts';
import { fill } from '../support/words.ts';

const en = catalogs.en;
const tooLong = (field: 'server_ref' | 'filter', limit: number) =>
  fill(en['error.invalid_field'], { reason: fill(en[`field.${field}.too_long`], { limit }) });

describe('commands with huge arguments', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const huge = 'a'.repeat(3000);
  const provider = () => h.sim.control.requests().length;

  for (const text of [
    `show ${huge}`,
    `power ${huge}`,
    `audit ${huge}`,
    `rename ${huge} web-9`,
    `memo ${huge} hello`,
    `rdns ${huge} www.example.com`,
    `watch ${huge}`,
  ]) {
    it(`answers "too long" to \`${text.slice(0, 12)}…\` before any provider call`, async () => {
      const before = provider();
      const { ack, reply } = await h.command(text, { user: OPERATOR });
      expect(ack.status).toBe(200);
      const answer = messageText(await reply());
      expect(answer).toContain(tooLong('server_ref', 50));
      expect(provider()).toBe(before);
    });
  }

  it('answers "too long" to a list filter of 3,000 words', async () => {
    const before = provider();
    const answer = messageText(await (await h.command(`list ${'x '.repeat(3000)}`)).reply());
    expect(answer).toContain(tooLong('filter', 500));
    expect(provider()).toBe(before);
  });

  it('refuses a log date the calendar does not have, by name, before any provider call', async () => {
    const before = provider();
    for (const [filter, value] of [
      ['from', '2026-13-01'],
      ['to', '2026-02-30'],
    ]) {
      const answer = messageText(
        await (await h.command(`logs ${filter}=${value}`, { user: OPERATOR })).reply(),
      );
      expect(answer).toContain(fill(en['parse.bad_date'], { filter: filter!, value: value! }));
    }
    expect(provider()).toBe(before);
  });

  it('shows the audit trail after refused commands with huge arguments, their values cut visibly', async () => {
    await (await h.command(`rename ${huge} web-9`, { user: VIEWER })).reply();
    await (await h.command(`memo web-1 ${'m'.repeat(2900)}`, { user: VIEWER })).reply();
    const answer = messageText(await (await h.command('audit', { user: OPERATOR })).reply());
    expect(answer).toContain('refused: a value broke the provider’s rules');
    expect(answer).toContain('refused: lacked the role it needs');
    expect(answer).toContain('…');
    expect(answer.length).toBeLessThan(6000);
  });

  it('shows the audit trail whatever an older row holds', async () => {
    const db = new Database(join(h.dataDir, SQLITE_FILE_NAME));
    try {
      const insert = db.prepare(
        'INSERT INTO audit (actor, channel_id, action, target, params, outcome, error_code, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      );
      const at = new Date().toISOString();
      insert.run(
        VIEWER,
        'C0',
        'rename',
        huge,
        JSON.stringify({ name: huge, ref: huge }),
        'refused',
        huge,
        at,
      );
      insert.run(`U${huge}`, null, huge, null, 'not json', 'failed', null, at);
      insert.run(VIEWER, null, 'memo', 'x', '[1,2]', 'ok', null, at);
    } finally {
      db.close();
    }
    const answer = messageText(await (await h.command('audit', { user: OPERATOR })).reply());
    expect(answer).toContain(en['audit.title']);
    expect(answer).not.toContain(en['error.internal']);
  });
});
