/**
 * An employee's iCalendar feed: a secret, unguessable URL their phone calendar subscribes to
 * (`/api/calendar/<token>.ics`). Only a hash of the token is stored, so a leaked database does
 * not leak working URLs; the token itself is shown once, when it is made. Regenerating replaces
 * it (the old URL stops working), revoking removes it.
 */
import type { Job } from './job.ts';

export interface CalendarFeed {
  employeeId: string;
  tokenHash: string;
  createdAt: string;
  createdBy: string;
}

export interface CalendarFeedRepository {
  get(employeeId: string): Promise<CalendarFeed | null>;
  findByTokenHash(tokenHash: string): Promise<CalendarFeed | null>;
  /** Replaces the employee's feed (one per employee). */
  save(feed: CalendarFeed): Promise<void>;
  remove(employeeId: string): Promise<void>;
}

/** Random tokens and their hashes (the randomness stays outside the domain). */
export interface SecretTokens {
  /** At least 128 bits of randomness, URL-safe. */
  newToken(): string;
  hash(token: string): string;
}

/** Tokens as they appear in a feed URL: base64url, 32–128 characters. */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

export const feedPath = (token: string): string => `/api/calendar/${token}.ics`;

export interface CalendarEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  location: string;
  geo: { latitude: number; longitude: number } | null;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  lastModified: string;
  url: string | null;
}

/** Writes an RFC 5545 VCALENDAR (folding, escaping and all). */
export interface CalendarWriter {
  write(calendar: { name: string; timeZone: string; events: CalendarEvent[] }): string;
}

/** A scheduled job as a calendar event; jobs without a window have no event. */
export function jobEvent(job: Job, options: { uidDomain: string; jobUrl: string | null }): CalendarEvent | null {
  if (job.scheduledStart === null || job.scheduledEnd === null) return null;
  const lines = [
    `${job.number} · ${job.type}`,
    `Client: ${job.clientName}`,
    `Site: ${job.siteLabel}${job.siteAddress ? ` — ${job.siteAddress}` : ''}`,
    `Status: ${job.status}`,
  ];
  const open = job.checklist.filter((c) => !c.done).map((c) => `- ${c.text}`);
  if (open.length > 0) lines.push('Checklist:', ...open);
  if (job.notes.trim()) lines.push('', job.notes.trim());
  return {
    uid: `${job.id}@${options.uidDomain}`,
    start: job.scheduledStart,
    end: job.scheduledEnd,
    summary: `${job.number} ${job.title}`,
    description: lines.join('\n'),
    location: job.siteAddress,
    geo: job.geo,
    status: job.status === 'cancelled' ? 'CANCELLED' : job.status === 'on-hold' ? 'TENTATIVE' : 'CONFIRMED',
    lastModified: job.updatedAt,
    url: options.jobUrl,
  };
}
