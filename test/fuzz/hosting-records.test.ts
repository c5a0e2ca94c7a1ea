/**
 * Property: whatever DNS records, cron jobs, PHP versions and certificates
 * the provider answers with (any text in their fields, any number of them),
 * the lists and the confirmations stay within Slack's limits, in English and
 * Japanese, and never carry a live mention.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordLoss } from '../../src/services/hosting/index.ts';
import { translator } from '../../src/slack/i18n/index.ts';
import type { Ui } from '../../src/slack/views/format.ts';
import { confirmationView } from '../../src/slack/views/hosting/operations.ts';
import { recordLossText, recordLossTitle } from '../../src/slack/views/hosting/record-loss.ts';
import { cronView, dnsView, phpView, sslView } from '../../src/slack/views/hosting/records.ts';
import { LIMITS } from '../../src/slack/views/limits.ts';
import type { OperationRow } from '../../src/store/index.ts';
import { LIVE_MENTION, mrkdwnTexts, nastyText, params } from './support.ts';

const uis: Ui[] = [
  { t: translator('en'), locale: 'en', tz: 'UTC', dateLocale: 'en-US' },
  { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' },
];
const text = fc.oneof(nastyText, fc.string({ maxLength: 300 }));
const record = fc.record({
  id: fc.nat(),
  domain: text,
  host: text,
  type: text,
  content: fc.oneof(text, fc.string({ minLength: 2000, maxLength: 5000 })),
  ttl: fc.integer(),
  priority: fc.option(fc.integer(), { nil: null }),
});
const job = fc.record({
  id: text,
  minute: text,
  hour: text,
  day: text,
  month: text,
  weekday: text,
  command: text,
  comment: text,
  enabled: fc.boolean(),
});
const cert = fc.record({
  id: fc.nat(),
  common_name: text,
  type: fc.oneof(fc.constantFrom('letsencrypt', 'option'), text),
  expires_at: fc.oneof(fc.constant('2026-03-31T23:59:59+09:00'), text),
  status: fc.oneof(fc.constantFrom('active', 'expired'), text),
});

function check(m: { text: string; blocks?: unknown[] }) {
  expect(m.text.length).toBeGreaterThan(0);
  expect(m.blocks?.length ?? 0).toBeLessThanOrEqual(LIMITS.messageBlocks);
  for (const t of mrkdwnTexts(m as Parameters<typeof mrkdwnTexts>[0])) expect(t).not.toMatch(LIVE_MENTION);
}

describe('the DNS, cron, PHP and SSL answers under any provider answer', () => {
  it('renders any list within the limits (the views assert them)', () => {
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 120 }),
        fc.array(job, { maxLength: 80 }),
        fc.array(cert, { maxLength: 80 }),
        fc.array(fc.record({ domain: text, current_version: text }), { maxLength: 80 }),
        fc.array(fc.record({ version: text, label: fc.option(text, { nil: null }) }), { maxLength: 30 }),
        (records, jobs, certificates, domains, offered) => {
          for (const ui of uis) {
            check(dnsView(ui, 'xs1.xsrv.jp', { domain: undefined, records, unreadable: 2 }));
            check(cronView(ui, 'xs1.xsrv.jp', { jobs, notificationEmail: 'a@b.jp', unreadable: 0 }));
            check(
              sslView(ui, 'xs1.xsrv.jp', {
                domain: 'b.jp',
                certificates,
                unreadable: 1,
                readAt: new Date(0),
              }),
            );
            check(phpView(ui, 'xs1.xsrv.jp', { domain: undefined, offered, offerUnread: false, domains }));
          }
        },
      ),
      params(60),
    );
  });

  it('words any record, job or certificate a confirmation names', () => {
    fc.assert(
      fc.property(record, job, cert, (r, j, c) => {
        const losses: RecordLoss[] = [
          { kind: 'hosting.dns_delete', record: r },
          {
            kind: 'hosting.dns_change',
            record: r,
            change: { content: 'y'.repeat(4000), ttl: 60, host: 'z'.repeat(2900) },
          },
          { kind: 'hosting.cron_delete', job: j },
          { kind: 'hosting.ssl_delete', certificate: c },
        ];
        for (const ui of uis)
          for (const loss of losses) {
            expect(recordLossTitle(ui, loss).length).toBeGreaterThan(0);
            expect(recordLossText(ui, 'xs1.xsrv.jp', loss)).not.toMatch(LIVE_MENTION);
            // The confirmation asserts Slack's limits as it is built.
            confirmationView(
              ui,
              { id: 'op1', target: 'xs1.xsrv.jp', expiresAt: new Date(0) } as OperationRow,
              loss,
            );
          }
      }),
      params(200),
    );
  });
});
