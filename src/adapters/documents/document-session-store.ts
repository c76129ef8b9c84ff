import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { Clock } from '../../domain/shared/clock.ts';

/** The store interface @fastify/session calls (callback style). */
export interface CallbackSessionStore {
  touch(sessionId: string): Promise<void>;
  set(sessionId: string, session: object, callback: (err?: unknown) => void): void;
  get(sessionId: string, callback: (err: unknown, session?: object | null) => void): void;
  destroy(sessionId: string, callback: (err?: unknown) => void): void;
}

type SessionDoc = { data: string; expiresAt: string; userId: string | null };
const SESSIONS = 'sessions';

/**
 * How long this instance answers a session from memory before reading the store again (issue 16:
 * every request read its session). Signing out, a new session id, or any change saved through this
 * instance drops or replaces the copy at once; a session ended through another instance is refused
 * here within this time (docs/security.md "Sessions"). The default of SESSION_CACHE_MS.
 */
export const SESSION_CACHE_MS = 2000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  data: string;
  expiresAtMs: number;
  /** performance.now() when read: a monotonic clock, so a test's fixed clock cannot keep it forever. */
  readAt: number;
}

/**
 * Server-side sessions on the document store (SQLite table / MongoDB collection with a TTL
 * index on expiresAt). The idle time-out lives here (expiresAt, pushed forward by `touch`), not in
 * the cookie: sessions are saved only when their data changes, so concurrent requests never write
 * back a stale copy (a sign-in result read twice, a signed-out session resurrected). Expired sessions are refused on read even before the sweep removes
 * them; a destroyed session id is gone, so its old cookie is refused (R-AUTH-12).
 */
export class DocumentSessionStore implements CallbackSessionStore {
  private readonly store: DocumentStore;
  private readonly clock: Clock;
  private readonly idleMs: number;
  private readonly cacheMs: number;
  private readonly cache = new Map<string, CachedSession>();
  /** Bumped when a save or destroy starts and when it ends: a read overlapping one must not fill the cache. */
  private writes = 0;

  constructor(store: DocumentStore, clock: Clock, idleMs: number, cacheMs = SESSION_CACHE_MS) {
    this.store = store;
    this.clock = clock;
    this.idleMs = idleMs;
    this.cacheMs = cacheMs;
  }

  set(sessionId: string, session: object, callback: (err?: unknown) => void): void {
    const s = session as { user?: { id?: string } };
    const expires = new Date(this.clock.now().getTime() + this.idleMs);
    this.forget(sessionId);
    this.store
      .collection<SessionDoc>(SESSIONS)
      .set(sessionId, { data: JSON.stringify(session), expiresAt: expires.toISOString(), userId: s.user?.id ?? null })
      .finally(() => this.forget(sessionId))
      .then(() => callback(), callback);
  }

  get(sessionId: string, callback: (err: unknown, session?: object | null) => void): void {
    const now = this.clock.now().getTime();
    const cached = this.cacheMs > 0 ? this.cache.get(sessionId) : undefined;
    if (cached && performance.now() - cached.readAt < this.cacheMs && cached.expiresAtMs > now) {
      callback(null, JSON.parse(cached.data) as object);
      return;
    }
    const writesBefore = this.writes;
    this.store
      .collection<SessionDoc>(SESSIONS)
      .get(sessionId)
      .then((doc) => {
        const expiresAtMs = doc ? Date.parse(doc.expiresAt) : 0;
        if (!doc || expiresAtMs <= this.clock.now().getTime()) {
          this.cache.delete(sessionId);
          return callback(null, null);
        }
        if (this.writes === writesBefore && this.cacheMs > 0) this.remember(sessionId, { data: doc.data, expiresAtMs, readAt: performance.now() });
        callback(null, JSON.parse(doc.data) as object);
      }, callback);
  }

  private remember(sessionId: string, entry: CachedSession): void {
    if (this.cache.size >= SESSION_CACHE_MAX) this.cache.clear();
    this.cache.set(sessionId, entry);
  }

  private forget(sessionId: string): void {
    this.writes++;
    this.cache.delete(sessionId);
  }

  /**
   * Pushes the idle expiry forward without rewriting the session. It never creates a session,
   * so a request racing a sign-out cannot bring the destroyed session back.
   */
  async touch(sessionId: string): Promise<void> {
    const expiresAt = new Date(this.clock.now().getTime() + this.idleMs).toISOString();
    const cached = this.cache.get(sessionId);
    if (cached) cached.expiresAtMs = Date.parse(expiresAt);
    try {
      await this.store.collection<SessionDoc>(SESSIONS).update(sessionId, { expiresAt });
    } catch (err) {
      if ((err as { code?: string }).code !== 'not-found') throw err;
    }
  }

  destroy(sessionId: string, callback: (err?: unknown) => void): void {
    this.forget(sessionId);
    this.store
      .collection<SessionDoc>(SESSIONS)
      .delete(sessionId)
      .finally(() => this.forget(sessionId))
      .then(() => callback(), callback);
  }
}
