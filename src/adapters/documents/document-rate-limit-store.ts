import { createHash } from 'node:crypto';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import type { WindowCounter } from '../../domain/shared/window-counter.ts';

/** What @fastify/rate-limit asks of a store (its LocalStore and RedisStore have the same shape). */
type RateLimitCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface RouteOptions {
  routeInfo: { method: string; url: string };
}

export const RATE_LIMIT_COLLECTION = 'rate_limits';

type WindowDoc = {
  count: number;
  /** When the window ends (ISO); the store's TTL sweep removes the document after it. */
  expiresAt: string;
};

/**
 * Rate-limit counters in the document store, so the limits hold across app instances (two
 * instances behind one proxy each keeping their own count would double every allowance).
 *
 * Fixed windows: the counter of a route and client address lives in a document named after the
 * window it belongs to (`floor(now / timeWindow)`), bumped with the store's atomic increment
 * (upsert), so concurrent requests on any instance count exactly once each. The window's end is
 * its TTL (`expiresAt`, in TTL_INDEXES), so old counters go without a sweep of their own.
 * A store error fails the request (the error handler answers 503): a limit that silently stops
 * counting when the database is unwell would open the public forms to a flood.
 */
/** `key` (any text; kept hashed) as a counter's document id. */
const counterId = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

/**
 * The counters as a `WindowCounter` (the page-view visitor gate counts visitors and views here):
 * the same documents, atomic upserting increment and TTL as the rate limits below.
 */
export function documentWindowCounter(store: DocumentStore): WindowCounter {
  return {
    async hit(key, expiresAtMs) {
      const doc = await store.collection<WindowDoc>(RATE_LIMIT_COLLECTION).increment(`w-${counterId(key)}`, { count: 1 }, { upsert: true, set: { expiresAt: new Date(expiresAtMs).toISOString() } });
      return doc.count;
    },
  };
}

export function documentRateLimitStore(store: DocumentStore, clock: Clock) {
  const counters = () => store.collection<WindowDoc>(RATE_LIMIT_COLLECTION);

  const windowOf = (timeWindow: number) => {
    const now = clock.now().getTime();
    const start = Math.floor(now / timeWindow) * timeWindow;
    return { start, end: start + timeWindow, now };
  };

  return class DocumentRateLimitStore {
    readonly prefix: string;

    constructor(_globalParams?: unknown, prefix = 'all') {
      this.prefix = prefix;
    }

    /** Route and address hashed (document ids allow few characters; an address is not kept as such). */
    private id(key: string, start: number): string {
      return `${counterId(`${this.prefix}|${key}`)}-${start}`;
    }

    incr(key: string, cb: RateLimitCallback, timeWindow: number): void {
      const w = windowOf(timeWindow);
      counters()
        .increment(this.id(key, w.start), { count: 1 }, { upsert: true, set: { expiresAt: new Date(w.end).toISOString() } })
        .then((doc) => cb(null, { current: doc.count, ttl: w.end - w.now }), (err: Error) => cb(err));
    }

    read(key: string, cb: RateLimitCallback, timeWindow: number): void {
      const w = windowOf(timeWindow);
      counters()
        .get(this.id(key, w.start))
        .then((doc) => cb(null, { current: doc?.count ?? 0, ttl: doc ? w.end - w.now : 0 }), (err: Error) => cb(err));
    }

    child(routeOptions: RouteOptions): DocumentRateLimitStore {
      return new DocumentRateLimitStore(undefined, `${routeOptions.routeInfo.method} ${routeOptions.routeInfo.url}`);
    }
  };
}
