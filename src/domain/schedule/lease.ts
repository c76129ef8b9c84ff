/**
 * A named lease in the database: at most one holder at a time, across every process that shares
 * the database. The holder must renew before `ttlMs` runs out; a crashed holder's lease expires
 * and another process takes over. Used so one scheduler runner works at a time (DESIGN.md
 * "Schedules"); the work itself is still guarded by idempotency keys, because a lease alone cannot
 * stop a holder that was paused past its expiry from finishing what it started.
 */
export interface LeaseState {
  name: string;
  holder: string;
  /** ISO-8601. */
  expiresAt: string;
}

export interface Lease {
  /** True when `holder` now holds `name` (newly, or again because it already did). */
  acquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Extends the lease; false when `holder` no longer holds it (expired and taken, or released). */
  renew(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `holder` holds it; otherwise does nothing. */
  release(name: string, holder: string): Promise<void>;
  /** The current, unexpired holder, or null. */
  current(name: string): Promise<LeaseState | null>;
}
