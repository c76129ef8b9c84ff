/**
 * A serial-numbered unit of one item, from receipt to the job and site it was installed at.
 * Serials are unique per item (stored under the id `itemId:SERIAL`, so a transaction can read
 * them by id). `history` is append-only: one step per movement that touched the unit.
 */
export const SERIAL_STATUSES = ['in-stock', 'reserved', 'installed', 'returned', 'written-off'] as const;
export type SerialStatus = (typeof SERIAL_STATUSES)[number];

export interface SerialStep {
  at: string;
  movementId: string;
  kind: string;
  status: SerialStatus;
  jobId: string | null;
  siteId: string | null;
  proposalId: string | null;
  supplier: string | null;
  actorName: string;
  /** A reversal step: the movement it undid. */
  reverses?: string | null;
}

/** The steps still in effect: a reversed step and its reversal cancel out. */
export function effectiveSteps(history: readonly SerialStep[]): SerialStep[] {
  const undone = new Set(history.flatMap((h) => (h.reverses ? [h.reverses] : [])));
  return history.filter((h) => !h.reverses && !undone.has(h.movementId));
}

export interface SerialRecord {
  id: string;
  itemId: string;
  sku: string;
  serial: string;
  status: SerialStatus;
  /** Where it is installed (status installed), or the job it was last installed on. */
  jobId: string | null;
  siteId: string | null;
  /** The proposal or job it is reserved for (status reserved). */
  reservedFor: string | null;
  receivedAt: string;
  installedAt: string | null;
  history: SerialStep[];
}

export const SERIAL_PATTERN = /^[A-Z0-9][A-Z0-9._-]{0,63}$/;

/** Serials compare case-insensitively: printed labels mix cases, scanners do not. */
export const normaliseSerial = (s: string): string => s.trim().toUpperCase();

export const serialRecordId = (itemId: string, serial: string): string => `${itemId}:${normaliseSerial(serial)}`;
