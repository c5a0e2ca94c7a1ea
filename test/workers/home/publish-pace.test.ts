/**
 * The App Home's pace as numbers: one publish a second per person, the
 * workspace's publishes kept to `perMinute` within any rolling minute (a
 * burst below it goes at once), a 429 holding everything for its
 * Retry-After, and another refusal holding one person, longer each time.
 */
import { describe, expect, it } from 'vitest';
import { PublishPace } from '../../../src/workers/home-publisher.ts';

const refused = { rateLimited: false, retryAfterMs: undefined, error: 'internal_error' };

describe('PublishPace', () => {
  it('lets a burst below the minute’s allowance go at once, then waits for the oldest to leave the window', () => {
    const pace = new PublishPace(1_000, 3, 600_000);
    for (const [i, user] of ['U0A', 'U0B', 'U0C'].entries()) {
      expect(pace.workspaceWait(i)).toBe(0);
      pace.sent(user, i);
    }
    // The fourth within the minute waits until the first is a minute old, not a moment longer.
    expect(pace.workspaceWait(10)).toBe(60_000 - 10);
    expect(pace.workspaceWait(59_999)).toBe(1);
    expect(pace.workspaceWait(60_000)).toBe(0);
    pace.sent('U0D', 60_000);
    expect(pace.workspaceWait(60_000)).toBe(1);
    expect(pace.workspaceWait(60_002)).toBe(0);
  });

  it('publishes one person at most once a second', () => {
    const pace = new PublishPace(1_000, 100, 600_000);
    pace.sent('U0A', 5_000);
    expect(pace.personWait('U0A', 5_400)).toBe(600);
    expect(pace.personWait('U0A', 6_000)).toBe(0);
    expect(pace.personWait('U0B', 5_400)).toBe(0);
  });

  it('a 429 holds every publish for its Retry-After, whatever the window allows', () => {
    const pace = new PublishPace(1_000, 100, 600_000);
    pace.sent('U0A', 0);
    expect(pace.failed('U0A', { rateLimited: true, retryAfterMs: 5_000, error: 'ratelimited' }, 0)).toBe(
      5_000,
    );
    expect(pace.workspaceWait(1_000)).toBe(4_000);
    expect(pace.personWait('U0B', 1_000)).toBe(0);
    expect(pace.workspaceWait(5_000)).toBe(0);
  });

  it('another refusal holds that person alone, twice as long each time, until one succeeds', () => {
    const pace = new PublishPace(1_000, 100, 600_000);
    expect(pace.failed('U0A', refused, 0)).toBe(1_000);
    expect(pace.failed('U0A', refused, 1_000)).toBe(2_000);
    expect(pace.personWait('U0A', 1_500)).toBe(1_500);
    expect(pace.workspaceWait(1_500)).toBe(0);
    pace.succeeded('U0A');
    expect(pace.personWait('U0A', 1_500)).toBe(0);
    // A refusal another try will not mend soon is held the longest at once.
    expect(pace.failed('U0B', { ...refused, error: 'not_enabled' }, 0)).toBe(600_000);
  });
});
