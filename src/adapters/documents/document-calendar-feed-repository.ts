import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import { where } from '../../domain/persistence/query.ts';
import type { CalendarFeed, CalendarFeedRepository } from '../../domain/jobs/calendar-feed.ts';

export const CALENDAR_FEEDS = 'calendar_feeds';

type FeedDoc = { tokenHash: string; createdAtIso: string; createdBy: string };

/** One document per employee (id = employee id), found by the hash of its token. */
export class DocumentCalendarFeedRepository implements CalendarFeedRepository {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  private get feeds() {
    return this.store.collection<FeedDoc>(CALENDAR_FEEDS);
  }

  async get(employeeId: string): Promise<CalendarFeed | null> {
    const d = await this.feeds.get(employeeId);
    return d ? { employeeId: d.id, tokenHash: d.tokenHash, createdAt: d.createdAtIso, createdBy: d.createdBy } : null;
  }

  async findByTokenHash(tokenHash: string): Promise<CalendarFeed | null> {
    const page = await this.feeds.query({ where: [where('tokenHash', '==', tokenHash)], limit: 1 });
    const d = page.docs[0];
    return d ? { employeeId: d.id, tokenHash: d.tokenHash, createdAt: d.createdAtIso, createdBy: d.createdBy } : null;
  }

  async save(feed: CalendarFeed): Promise<void> {
    await this.feeds.set(feed.employeeId, { tokenHash: feed.tokenHash, createdAtIso: feed.createdAt, createdBy: feed.createdBy });
  }

  async remove(employeeId: string): Promise<void> {
    await this.feeds.delete(employeeId);
  }
}
