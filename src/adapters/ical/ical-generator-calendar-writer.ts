import ical, { ICalEventStatus } from 'ical-generator';
import type { CalendarWriter } from '../../domain/jobs/calendar-feed.ts';

const STATUS: Record<'CONFIRMED' | 'TENTATIVE' | 'CANCELLED', ICalEventStatus> = {
  CONFIRMED: ICalEventStatus.CONFIRMED,
  TENTATIVE: ICalEventStatus.TENTATIVE,
  CANCELLED: ICalEventStatus.CANCELLED,
};

/**
 * RFC 5545 through ical-generator (line folding, escaping, UID/DTSTAMP). Times are written in
 * UTC ('Z'), which every calendar app shows in its own zone, so no VTIMEZONE block is needed;
 * the company zone is only a display hint (X-WR-TIMEZONE).
 */
export const icalGeneratorCalendarWriter: CalendarWriter = {
  write({ name, timeZone, events }) {
    const cal = ical({ name, prodId: { company: 'Shieldline', product: 'Job tracker', language: 'EN' }, ttl: 15 * 60 });
    cal.x([{ key: 'X-WR-TIMEZONE', value: timeZone }]);
    for (const e of events) {
      cal.createEvent({
        id: e.uid,
        start: new Date(e.start),
        end: new Date(e.end),
        stamp: new Date(e.lastModified),
        lastModified: new Date(e.lastModified),
        summary: e.summary,
        description: e.description,
        location: e.geo ? { title: e.location, geo: { lat: e.geo.latitude, lon: e.geo.longitude } } : e.location,
        status: STATUS[e.status],
        ...(e.url ? { url: e.url } : {}),
      });
    }
    return cal.toString();
  },
};
