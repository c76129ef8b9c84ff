import { describe, expect, it } from 'vitest';
import { nextWallClock } from '../../../src/domain/time/zoned-week.ts';

const NY = 'America/New_York';

describe('nextWallClock: when the review request goes (the next 10:00 company time)', () => {
  it("is today's 10:00 when it is still to come, else tomorrow's", () => {
    expect(nextWallClock(new Date('2026-11-26T13:30:00Z'), '10:00', NY).toISOString()).toBe('2026-11-26T15:00:00.000Z'); // 8:30 AM EST
    expect(nextWallClock(new Date('2026-11-26T15:00:00Z'), '10:00', NY).toISOString()).toBe('2026-11-27T15:00:00.000Z'); // 10:00 sharp: tomorrow
    expect(nextWallClock(new Date('2026-11-27T03:30:00Z'), '10:00', NY).toISOString()).toBe('2026-11-27T15:00:00.000Z'); // 10:30 PM the day before
  });

  it('follows the clocks across a daylight-saving change', () => {
    // Completed on Saturday evening before the change to EDT (Sunday March 8, 2026): 10:00 EDT is 14:00 UTC.
    expect(nextWallClock(new Date('2026-03-08T01:00:00Z'), '10:00', NY).toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(nextWallClock(new Date('2026-11-26T20:00:00Z'), '10:00', 'Europe/Berlin').toISOString()).toBe('2026-11-27T09:00:00.000Z');
  });
});
