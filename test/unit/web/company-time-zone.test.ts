import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatWindow, fromLocalInput, setCompanyTimeZone, toLocalInput } from '../../../web/src/ui/dates.ts';
import { visitWindow } from '../../../src/application/notifications/notify.ts';

/** A zone no test machine runs in (UTC +5:45), so the browser's own zone can never pass for it. */
const ZONE = 'Asia/Kathmandu';

describe("visit times on screens are the company's time zone, like the mails", () => {
  it('a window reads the same hours as the appointment mail', () => {
    setCompanyTimeZone(ZONE);
    const visit = { scheduledStart: '2026-12-01T03:15:00Z', scheduledEnd: '2026-12-01T05:15:00Z' };
    expect(formatWindow(visit.scheduledStart, visit.scheduledEnd)).toBe('Tue, Dec 1, 9:00 AM – 11:00 AM');
    expect(visitWindow(visit, ZONE, 'en-US').window).toBe('Tuesday, December 1, 9:00 AM – 11:00 AM');
    expect(formatDateTime('2026-12-01T03:15:00Z')).toBe('Dec 1, 2026, 9:00 AM');
    // 11:00 PM on Nov 30 in UTC is already Dec 1 at the company.
    expect(formatDate('2026-11-30T23:00:00Z')).toBe('Dec 1, 2026');
    expect(formatWindow('2026-11-30T23:00:00Z', '2026-12-01T01:00:00Z')).toBe('Tue, Dec 1, 4:45 AM – 6:45 AM');
  });

  it('what staff type in a schedule box is company time too, both ways (and across a DST change)', () => {
    setCompanyTimeZone(ZONE);
    expect(fromLocalInput('2026-12-01T09:00')).toBe('2026-12-01T03:15:00.000Z');
    expect(toLocalInput('2026-12-01T03:15:00.000Z')).toBe('2026-12-01T09:00');
    setCompanyTimeZone('America/Chicago');
    expect(fromLocalInput('2026-12-01T09:00')).toBe('2026-12-01T15:00:00.000Z');
    expect(fromLocalInput('2026-07-01T09:00')).toBe('2026-07-01T14:00:00.000Z');
    expect(fromLocalInput('2026-11-02T00:00')).toBe('2026-11-02T06:00:00.000Z');
    expect(toLocalInput('2026-07-01T14:00:00.000Z')).toBe('2026-07-01T09:00');
    expect(fromLocalInput('')).toBeNull();
  });
});
