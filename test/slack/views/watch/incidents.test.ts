import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/slack/i18n/index.ts';
import type { Ui } from '../../../../src/slack/views/format.ts';
import { formatDuration, slackDate } from '../../../../src/slack/views/format.ts';
import { assertBlocksWithinLimits } from '../../../../src/slack/views/limits.ts';
import type { IncidentChange, IncidentRow, Notice, PowerNotice } from '../../../../src/store/index.ts';
import { isAlarm } from '../../../../src/watch/notices.ts';
import { incidentRow } from '../../../support/incident-row.ts';
import {
  incidentFacts,
  renderDigest,
  renderIncident,
  renderIncidentDigest,
  renderIncidentReplies,
} from '../../../support/watch-views.ts';

const T0 = Date.UTC(2026, 2, 2, 3, 0, 0);
const oncall = '<!subteam^S0ONCALL>';
const en: Ui = { t: translator('en'), locale: 'en', tz: 'UTC', dateLocale: 'en-US' };
const ja: Ui = { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };

function c(from: string, to: string, dt: number, later = false): IncidentChange {
  return { key: `k${dt}${to}`, from, to, at: T0 + dt, later };
}

function incident(changes: IncidentChange[], over: Partial<IncidentRow> = {}): IncidentRow {
  const last = changes[changes.length - 1]!;
  const alarm = isAlarm(last) ? new Date(last.at) : null;
  return incidentRow({
    id: 'inc',
    subject: 'uuid-1',
    name: 'db-1',
    ipAddress: '203.0.113.7',
    plan: 'VPS 4GB',
    baseline: changes[0]!.from,
    baselineSince: new Date(T0 - 3 * 3_600_000 - 12 * 60_000),
    baselineSinceKnown: true,
    state: last.to,
    changes,
    raisedAt: changes.some((c) => isAlarm(c)) ? new Date(changes.find((c) => isAlarm(c))!.at) : null,
    alarmSince: alarm,
    startedAt: new Date(changes[0]!.at),
    lastChangeAt: new Date(last.at),
    updatedAt: new Date(T0),
    ...over,
  });
}

describe('an incident’s message', () => {
  it('an unexplained stop: alarm marker and on-call first, then states, durations, IP, plan, buttons', () => {
    const m = renderIncident(en, incident([c('running', 'stopped', 0)]), oncall);
    const [first] = m.text.split('\n');
    expect(first).toBe(
      ':rotating_light: <!subteam^S0ONCALL> *db-1* stopped with no power operation to explain it. *stopped* since <!date^1772420400^{date_short_pretty} {time}|2026-03-02 03:00 UTC> (was *running* for 3 h 12 min). IP address 203.0.113.7, plan VPS 4GB, power operation: none seen.',
    );
    const json = JSON.stringify(m.blocks);
    expect(json).toContain('vps_card_show');
    expect(json).toContain('watch_alert_mute');
    expect(json).toContain('{\\"u\\":\\"uuid-1\\",\\"s\\":3600}');
    expect(json).not.toContain(':white_circle:');
    assertBlocksWithinLimits(m.blocks, 'message');
  });

  it('a stop through processing is routine: its own state icon, no mention, the operation named', () => {
    const inc = incident([c('running', 'processing', 0), c('processing', 'stopped', 8_000)]);
    expect(incidentFacts(inc)).toMatchObject({ alarm: false, explained: true, folded: true });
    const m = renderIncident(en, inc, oncall);
    expect(m.text).toMatch(/^:white_circle: \*db-1\* went running → processing → stopped/);
    expect(m.text).not.toContain('S0ONCALL');
    expect(m.text).toContain('power operation: yes: it went through processing');
    expect(m.text).toContain('(was *processing* for 8 s)');
  });

  it('an error is an alarm; a baseline first seen by the watcher says "at least"', () => {
    const m = renderIncident(
      en,
      incident([c('running', 'error', 0)], { baselineSinceKnown: false, ipAddress: null, plan: null }),
      oncall,
    );
    expect(m.text).toMatch(/^:rotating_light: <!subteam\^S0ONCALL> \*db-1\* reports a power \*error\*/);
    expect(m.text).toContain('for at least 3 h 12 min');
    expect(m.text).toContain('IP address not known, plan not known');
  });

  it('a flap within the window: calm, from when to when, back where it started', () => {
    const inc = incident([c('running', 'error', 0), c('error', 'running', 12_000)]);
    expect(incidentFacts(inc)).toMatchObject({ flap: true, alarm: false });
    const m = renderIncident(en, inc, oncall);
    expect(m.text).toMatch(
      /^:repeat: \*db-1\* flapped running → error → running between <!date\^1772420400\^.*> and <!date\^1772420412\^.*>; \*running\* again/,
    );
    expect(m.text).not.toContain('S0ONCALL');
  });

  it('a recovery rewrites the first line; an open incident says how many changes the thread has', () => {
    const recovered = incident([c('running', 'stopped', 0), c('stopped', 'running', 56_000, true)]);
    expect(renderIncident(en, recovered, oncall).text).toMatch(
      /^:white_check_mark: \*db-1\* recovered after 56 s: \*running\* again\. It began <!date\^/,
    );
    const planned = incident([
      c('running', 'processing', 0),
      c('processing', 'stopped', 5_000),
      c('stopped', 'running', 2 * 3_600_000 + 5 * 60_000, true),
    ]);
    expect(renderIncident(en, planned).text).toMatch(
      /^:large_green_circle: \*db-1\* is \*running\* again after 2 h 5 min/,
    );
    const still = incident([c('running', 'stopped', 0), c('stopped', 'processing', 60_000, true)]);
    expect(renderIncident(en, still, oncall).text).toMatch(
      /^:large_yellow_circle: \*db-1\* is now \*processing\*: 2 changes since <!date\^/,
    );
  });

  it('replies in the thread: a later change, an alarm in it, a recovery; several in one', () => {
    const inc = incident([
      c('running', 'stopped', 0),
      c('stopped', 'error', 90_000, true),
      c('error', 'running', 150_000, true),
    ]);
    const n = (from: string, to: string, dt: number): PowerNotice =>
      ({ kind: 'power', uuid: 'uuid-1', name: 'db-1', from, to, at: T0 + dt }) as PowerNotice;
    const alarm = renderIncidentReplies(
      en,
      [{ incident: inc, notice: n('stopped', 'error', 90_000) }],
      oncall,
    );
    expect(alarm.text).toMatch(/^:rotating_light: <!subteam\^S0ONCALL> \*db-1\* reports a power \*error\*\n/);
    expect(alarm.text).toContain('is now *error* (was *stopped* for 1 min)');
    const back = renderIncidentReplies(
      en,
      [{ incident: inc, notice: n('error', 'running', 150_000) }],
      oncall,
    );
    expect(back.text).toMatch(
      /^:white_check_mark: \*db-1\* recovered after 2 min: \*running\* again · <!date\^/,
    );
    const both = renderIncidentReplies(en, [
      { incident: inc, notice: n('stopped', 'error', 90_000) },
      { incident: { ...inc, name: 'web-2' }, notice: n('error', 'running', 150_000) },
    ]);
    expect(both.text.split('\n')[0]).toBe('2 more changes:');
  });

  it('a digest names the count, the time once, every server, alarms first, and fits 2000 servers', () => {
    const incs = Array.from({ length: 2000 }, (_, i) =>
      incident([c('running', i % 2 ? 'stopped' : 'error', i)], {
        id: `i${i}`,
        name: `srv-${String(i).padStart(4, '0')}`,
      }),
    );
    incs.push(
      incident([c('running', 'error', 0), c('error', 'running', 3_000)], { id: 'flap', name: 'aaa-flap' }),
    );
    const m = renderIncidentDigest(en, incs, oncall);
    assertBlocksWithinLimits(m.blocks, 'message');
    // Counts with their digits grouped; the time in brackets, never "at today 19:44".
    expect(m.text).toMatch(/^:rotating_light: <!subteam\^S0ONCALL> 2,000 of these need attention/);
    expect(m.text).toContain('2,001 changes on the servers (<!date^');
    expect(m.text).toContain('1,000 × running → error');
    expect(m.text).toContain('1 × flapped');
    const json = JSON.stringify(m.blocks);
    expect(json.match(/<!date\^/g)).toHaveLength(1);
    expect(json).toContain('• :rotating_light: *srv-0000*: running → error');
    const more = /and ([\d,]+) more/.exec(json);
    const listed = (json.match(/• /g) ?? []).length;
    expect(listed + Number(more![1]!.replace(/,/g, ''))).toBe(2001);
  });

  it('a notice digest and the summary after a mute say their time once', () => {
    const notices: Notice[] = [
      { kind: 'server-added', uuid: 'a', name: 'new-1', at: T0 },
      { kind: 'server-removed', uuid: 'b', name: 'old-1', at: T0 + 120_000 },
      { kind: 'contract', uuid: 'c', name: 'web-3', from: 'active', to: 'suspended', at: T0 + 60_000 },
    ];
    const d = renderDigest(
      en,
      notices.map((n) => ({ notices: [n] })),
      oncall,
    );
    expect(d.text).toMatch(/^3 changes on the servers between <!date\^\d+\^.*> and <!date\^\d+\^.*>\n/);
    expect(JSON.stringify(d.blocks).match(/<!date\^/g)).toHaveLength(2);
    const muted = renderDigest(
      en,
      [
        {
          notices: [
            { kind: 'power', uuid: 'u', name: 'db-1', from: 'running', to: 'stopped', at: T0 },
            { kind: 'power', uuid: 'u', name: 'db-1', from: 'stopped', to: 'running', at: T0 + 60_000 },
          ],
        },
        { notices: [{ kind: 'power', uuid: 'v', name: 'db-2', from: 'running', to: 'error', at: T0 }] },
      ],
      oncall,
      { muted: true },
    );
    expect(muted.text).toMatch(/^:bell: Notifications are back on here\. While they were muted: 3 changes/);
    expect(muted.text).not.toContain('S0ONCALL');
    expect(JSON.stringify(muted.blocks)).toContain('*db-1*: flapped');
  });

  it('speaks Japanese, with times in the reader’s zone and durations as written in Japanese', () => {
    const m = renderIncident(
      ja,
      incident([c('running', 'stopped', 0), c('stopped', 'running', 56_000, true)]),
      oncall,
    );
    expect(m.text).toMatch(/^:white_check_mark: \*db-1\* は 56秒後に復旧し、再び \*稼働中\* です。/);
    expect(m.text).toContain('|2026-03-02 12:00 Asia/Tokyo>');
    expect(formatDuration(ja, 2 * 3_600_000 + 5 * 60_000)).toBe('2時間5分');
    expect(formatDuration(en, 3 * 86_400_000 + 4 * 3_600_000)).toBe('3 d 4 h');
    expect(formatDuration(en, 3_600_000)).toBe('1 h');
    expect(slackDate(en, T0)).toBe('<!date^1772420400^{date_short_pretty} {time}|2026-03-02 03:00 UTC>');
  });
});
