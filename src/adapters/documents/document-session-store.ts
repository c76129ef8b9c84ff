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

  constructor(store: DocumentStore, clock: Clock, idleMs: number) {
    this.store = store;
    this.clock = clock;
    this.idleMs = idleMs;
  }

  set(sessionId: string, session: object, callback: (err?: unknown) => void): void {
    const s = session as { user?: { id?: string } };
    const expires = new Date(this.clock.now().getTime() + this.idleMs);
    this.store
      .collection<SessionDoc>(SESSIONS)
      .set(sessionId, { data: JSON.stringify(session), expiresAt: expires.toISOString(), userId: s.user?.id ?? null })
      .then(() => callback(), callback);
  }

  get(sessionId: string, callback: (err: unknown, session?: object | null) => void): void {
    this.store
      .collection<SessionDoc>(SESSIONS)
      .get(sessionId)
      .then((doc) => {
        if (!doc || Date.parse(doc.expiresAt) <= this.clock.now().getTime()) return callback(null, null);
        callback(null, JSON.parse(doc.data) as object);
      }, callback);
  }

  /**
   * Pushes the idle expiry forward without rewriting the session. It never creates a session,
   * so a request racing a sign-out cannot bring the destroyed session back.
   */
  async touch(sessionId: string): Promise<void> {
    const expiresAt = new Date(this.clock.now().getTime() + this.idleMs).toISOString();
    try {
      await this.store.collection<SessionDoc>(SESSIONS).update(sessionId, { expiresAt });
    } catch (err) {
      if ((err as { code?: string }).code !== 'not-found') throw err;
    }
  }

  destroy(sessionId: string, callback: (err?: unknown) => void): void {
    this.store
      .collection<SessionDoc>(SESSIONS)
      .delete(sessionId)
      .then(() => callback(), callback);
  }
}
