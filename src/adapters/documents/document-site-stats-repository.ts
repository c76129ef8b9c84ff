import type { SiteStatsRepository } from '../../domain/analytics/site-stats-repository.ts';
import { initialStats, type SiteStats, type StatsIncrements } from '../../domain/analytics/site-stats.ts';
import { isDatabaseError } from '../../domain/persistence/database-error.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { DocumentData, StoredDocument } from '../../domain/persistence/document-data.ts';

export const ANALYTICS = 'analytics';
export const SITE_STATS_ID = 'siteStats';

type Doc = DocumentData;

const toStats = (d: StoredDocument<Doc> | null): SiteStats | null => {
  if (d === null) return null;
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = d;
  return rest as unknown as SiteStats;
};

/**
 * The one 'analytics/siteStats' document. Each view is a single atomic increment with
 * lastUpdated set in the same step, so N concurrent views add exactly N (R-TRK-6). The first
 * view ever creates the record from `initialStats` (R-TRK-3) and then increments it; two first
 * views racing both try the create, one wins and the other's already-exists is ignored.
 */
export class DocumentSiteStatsRepository implements SiteStatsRepository {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  private get docs() {
    return this.store.collection<Doc>(ANALYTICS);
  }

  async record(increments: StatsIncrements, now: Date): Promise<void> {
    const set = { lastUpdated: now.toISOString() };
    try {
      await this.docs.increment(SITE_STATS_ID, { ...increments }, { set });
    } catch (err) {
      if (!isDatabaseError(err, 'not-found')) throw err;
      try {
        await this.docs.create(initialStats(now) as unknown as Doc, SITE_STATS_ID);
      } catch (createErr) {
        if (!isDatabaseError(createErr, 'already-exists')) throw createErr;
      }
      await this.docs.increment(SITE_STATS_ID, { ...increments }, { set });
    }
  }

  async read(): Promise<SiteStats | null> {
    return toStats(await this.docs.get(SITE_STATS_ID));
  }

  watch(onNext: (stats: SiteStats | null) => void, onError: (err: Error) => void): () => void {
    return this.docs.subscribeDoc(SITE_STATS_ID, (d) => onNext(toStats(d)), onError);
  }
}
