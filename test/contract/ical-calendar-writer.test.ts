import { describe, expect, it } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import { icalGeneratorCalendarWriter } from '../../src/adapters/ical/ical-generator-calendar-writer.ts';
import { jobEvent, type CalendarEvent } from '../../src/domain/jobs/calendar-feed.ts';
import { aJob } from '../unit/jobs/job-factories.ts';

const anEvent = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: 'job-1@shieldline.example',
  start: '2026-11-24T14:00:00.000Z',
  end: '2026-11-24T16:30:00.000Z',
  summary: 'JOB-0001 Alarm install',
  description: 'Client: Ada',
  location: '12 Elm Street, Springfield',
  geo: null,
  status: 'CONFIRMED',
  lastModified: '2026-11-23T10:00:00.000Z',
  url: null,
  ...overrides,
});

const parse = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

describe('iCalendar feed writer (ical-generator, read back with node-ical)', () => {
  it('writes events a real parser reads back: times in UTC, uid, status, location', () => {
    const text = icalGeneratorCalendarWriter.write({ name: 'Jobs — Maria', timeZone: 'America/Chicago', events: [anEvent(), anEvent({ uid: 'job-2@x', status: 'CANCELLED' })] });
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const [a, b] = parse(text);
    expect(a).toMatchObject({ uid: 'job-1@shieldline.example', summary: 'JOB-0001 Alarm install', location: '12 Elm Street, Springfield', status: 'CONFIRMED' });
    expect(a!.start.toISOString()).toBe('2026-11-24T14:00:00.000Z');
    expect(a!.end!.toISOString()).toBe('2026-11-24T16:30:00.000Z');
    expect(b).toMatchObject({ uid: 'job-2@x', status: 'CANCELLED' });
    expect(text).toContain('X-WR-CALNAME:Jobs — Maria');
  });

  it('escapes commas, semicolons, backslashes and newlines, and folds long lines at 75 octets', () => {
    const description = `Gate code 12;34, ask for "Bob"\\side door\nChecklist:\n- ${'very long line of text '.repeat(12)}`;
    const text = icalGeneratorCalendarWriter.write({ name: 'x', timeZone: 'UTC', events: [anEvent({ description, summary: 'A, B; C' })] });
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text).toContain('SUMMARY:A\\, B\\; C');
    const [e] = parse(text);
    expect(e!.summary).toBe('A, B; C');
    expect(e!.description).toBe(description);
  });

  it('a scheduled job becomes an event with its checklist; an unscheduled one none', () => {
    const job = aJob(
      { status: 'on-hold', scheduledStart: '2026-11-24T14:00:00.000Z', scheduledEnd: '2026-11-24T15:00:00.000Z', checklist: [{ id: 'c', text: 'Test sirens', done: false, doneBy: null, doneAt: null }] },
      { geo: { latitude: 39.78, longitude: -89.65 } },
    );
    const event = jobEvent(job, { uidDomain: 'shieldline.example', jobUrl: 'https://shieldline.example/admin/jobs?job=1' })!;
    expect(event).toMatchObject({ uid: `${job.id}@shieldline.example`, status: 'TENTATIVE', summary: `${job.number} ${job.title}` });
    expect(event.description).toContain('- Test sirens');
    const [e] = parse(icalGeneratorCalendarWriter.write({ name: 'x', timeZone: 'UTC', events: [event] }));
    expect(e!.geo).toEqual({ lat: 39.78, lon: -89.65 });
    const url = e!.url as unknown as string | { val: string };
    expect(typeof url === 'string' ? url : url.val).toBe('https://shieldline.example/admin/jobs?job=1');
    expect(jobEvent(aJob(), { uidDomain: 'x', jobUrl: null })).toBeNull();
  });
});
