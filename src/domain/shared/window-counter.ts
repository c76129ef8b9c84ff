/**
 * Counts events per key within a time window, shared by every app instance (one database): the
 * owner is the rate-limit store (adapters/documents/document-rate-limit-store.ts), whose fixed
 * windows the HTTP rate limits and the page-view visitor gate both count in.
 */
export interface WindowCounter {
  /**
   * Adds one to `key`'s count and answers the count after it (1 the first time), atomically
   * across instances. The key names its window (a day, a minute index…); the count may be
   * forgotten after `expiresAtMs`.
   */
  hit(key: string, expiresAtMs: number): Promise<number>;
}
