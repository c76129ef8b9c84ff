import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { Clock } from '../../domain/shared/clock.ts';

/** The store interface @fastify/session calls (callback style). */
export interface CallbackSessionStore {
  set(sessionId: string, session: object, callback: (err?: unknown) => void): void;
  get(sessionId: string, callback: (err: unknown, session?: object | null) => void): void;
  destroy(sessionId: string, callback: (err?: unknown) => void): void;
}

type SessionDoc = { data: string; expiresAt: string; userId: string | null };
const SESSIONS = 'sessions';

/**
 * Server-side sessions on the document store (SQLite table / MongoDB collection with a TTL
 * index on expiresAt). Expired sessions are refused on read even before the sweep removes
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
    const s = session as { cookie?: { expires?: Date | string | null }; user?: { id?: string } };
    const expires = s.cookie?.expires ? new Date(s.cookie.expires) : new Date(this.clock.now().getTime() + this.idleMs);
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

  destroy(sessionId: string, callback: (err?: unknown) => void): void {
    this.store
      .collection<SessionDoc>(SESSIONS)
      .delete(sessionId)
      .then(() => callback(), callback);
  }
}
