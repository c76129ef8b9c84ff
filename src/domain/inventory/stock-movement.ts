import type { Actor, AuditChange } from '../audit/audit-entry.ts';
import { DomainError, type FieldErrors } from '../shared/domain-error.ts';
import { MAX_COUNT, availableOf, withStock, type InventoryItem, type StockLevels } from './inventory-item.ts';
import { SERIAL_PATTERN, effectiveSteps, normaliseSerial, serialRecordId, type SerialRecord, type SerialStatus, type SerialStep } from './serial-number.ts';

/**
 * Every change to stock is a movement, applied by one pure function (`applyStockMovement`) that
 * either returns the new counters, the movement record and the serial records it touched, or
 * refuses with a clear error. The invariants hold after every movement:
 *   onHand ≥ 0, 0 ≤ reserved ≤ onHand, reservedSerials ≤ reserved.
 * Nothing goes negative silently: only an `adjust` with a reason may take stock down below what
 * is reserved (the reservation shrinks with it, and the movement says so); never below zero.
 *
 * Kinds: receive (from a supplier, +onHand), reserve / release (for a proposal or job,
 * ±reserved), use (on a job, −onHand, and −reserved when it draws on a reservation), adjust
 * (±onHand, reason required), return (from a job back to stock, or out to the supplier).
 */
export const MOVEMENT_KINDS = ['receive', 'reserve', 'release', 'use', 'adjust', 'return'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
/** What a stored movement may be: one people record, or the reversal of one (never recorded directly). */
export const RECORDED_KINDS = [...MOVEMENT_KINDS, 'reverse'] as const;
export type RecordedKind = (typeof RECORDED_KINDS)[number];
export const RETURN_DIRECTIONS = ['from-job', 'to-supplier'] as const;
export type ReturnDirection = (typeof RETURN_DIRECTIONS)[number];

/** One shape for every kind; each kind says which fields it needs. */
export interface MovementInput {
  kind: MovementKind;
  /** Units; positive, except adjust where the sign says up or down. */
  quantity: number;
  serials: string[];
  reason: string;
  jobId: string | null;
  proposalId: string | null;
  siteId: string | null;
  supplier: string | null;
  /** use: draw on units reserved for this job/proposal instead of available stock. */
  fromReservation: boolean;
  /** return only. */
  direction: ReturnDirection | null;
}

/** A recorded movement: what was asked (MovementInput), what it did to the counters, who and when. */
export interface StockMovement extends Omit<MovementInput, 'kind'> {
  kind: RecordedKind;
  /** reverse: the movement this one undoes. */
  reverses?: string | null;
  /** The reversal that undid this movement (history stays; a movement is reversed once). */
  reversedBy?: string | null;
  id: string;
  itemId: string;
  sku: string;
  onHandDelta: number;
  reservedDelta: number;
  onHandAfter: number;
  reservedAfter: number;
  actorId: string;
  actorName: string;
  at: string;
}

export interface MovementContext {
  movementId: string;
  actor: Actor;
  now: Date;
}

export interface AppliedMovement {
  item: InventoryItem;
  movement: StockMovement;
  /** New or changed serial records, to be written with the item. */
  serials: SerialRecord[];
}

const MAX_SERIALS = 500;

const refuse = (message: string, fields?: FieldErrors): never => {
  throw new DomainError('conflict', message, fields);
};
const invalid = (message: string, fields?: FieldErrors): never => {
  throw new DomainError('validation', message, fields);
};

const plural = (n: number, one: string) => `${n} ${one}${Math.abs(n) === 1 ? '' : 's'}`;

/** The serials an input names, normalised; checked for shape and duplicates. */
export function movementSerials(input: Pick<MovementInput, 'serials'>): string[] {
  if (input.serials.length > MAX_SERIALS) invalid(`At most ${MAX_SERIALS} serial numbers per movement.`, { serials: ['Too many serial numbers.'] });
  const out = input.serials.map(normaliseSerial).filter((s) => s !== '');
  const badOnes = out.filter((s) => !SERIAL_PATTERN.test(s));
  if (badOnes.length > 0)
    invalid('Some serial numbers are not valid.', { serials: [`Not valid: ${badOnes.slice(0, 5).join(', ')} (letters, digits, . _ - only, at most 64).`] });
  const dupes = out.filter((s, i) => out.indexOf(s) !== i);
  if (dupes.length > 0) invalid('A serial number is listed twice.', { serials: [`Listed twice: ${[...new Set(dupes)].join(', ')}`] });
  return out;
}

function checkShape(item: InventoryItem, input: MovementInput, serials: string[]): void {
  const q = input.quantity;
  if (!Number.isInteger(q) || Math.abs(q) > MAX_COUNT || q === 0) invalid('Quantity must be a whole number other than 0.', { quantity: ['Enter a whole number.'] });
  if (input.kind !== 'adjust' && q < 0) invalid('Quantity must be positive; use an adjustment to correct stock down.', { quantity: ['Must be 1 or more.'] });
  if (input.kind === 'adjust' && input.reason.trim().length < 3)
    invalid('An adjustment needs a reason.', { reason: ['Say why the count changes (e.g. "damaged on site", "stock count").'] });
  if (input.kind === 'use' && !input.jobId) invalid('Say which job the stock was used on.', { jobId: ['Required for stock used on a job.'] });
  if ((input.kind === 'reserve' || input.kind === 'release') && !input.proposalId && !input.jobId)
    invalid('Say which proposal or job the reservation is for.', { proposalId: ['A proposal or job is required.'] });
  if (input.kind === 'return' && input.direction === null) invalid('Say whether stock comes back from a job or goes back to the supplier.', { direction: ['Required.'] });
  if (input.reason.length > 500) invalid('The reason is too long (500 characters at most).', { reason: ['500 characters at most.'] });

  if (!item.serialized) {
    if (serials.length > 0) invalid(`${item.sku} is not serial-tracked; leave the serial numbers empty.`, { serials: ['This item has no serial numbers.'] });
    return;
  }
  const optional = input.kind === 'reserve' || input.kind === 'release';
  if (optional && serials.length === 0) return;
  if (serials.length !== Math.abs(q))
    invalid(`${item.sku} is serial-tracked: give one serial number per unit (${plural(Math.abs(q), 'unit')}, ${serials.length} given).`, {
      serials: [`Enter exactly ${Math.abs(q)} serial number${Math.abs(q) === 1 ? '' : 's'}.`],
    });
}

const shortage = (item: StockLevels, asked: number) =>
  refuse(
    `Not enough stock: ${availableOf(item)} available (${item.onHand} on hand, ${item.reserved} reserved), ${asked} asked.`,
    { quantity: [`At most ${Math.max(0, availableOf(item))} can be taken now.`] },
  );

/**
 * Applies one movement to an item. `existing` holds the current serial record (or null) for
 * each serial the input names, read in the same transaction.
 */
export function applyStockMovement(
  item: InventoryItem,
  input: MovementInput,
  existing: ReadonlyMap<string, SerialRecord | null>,
  ctx: MovementContext,
): AppliedMovement {
  const serials = movementSerials(input);
  checkShape(item, input, serials);
  const q = input.quantity;
  const at = ctx.now.toISOString();
  const levels: StockLevels = { onHand: item.onHand, reserved: item.reserved, reservedSerials: item.reservedSerials };
  const records = serials.map((s) => ({ serial: s, record: existing.get(s) ?? null }));
  const requireStatus = (allowed: SerialStatus[], what: string) => {
    const wrong = records.filter((r) => r.record === null || !allowed.includes(r.record.status));
    if (wrong.length > 0)
      refuse(`Serial number ${wrong.map((w) => `${w.serial} (${w.record?.status ?? 'unknown'})`).slice(0, 5).join(', ')} is not ${what}.`, {
        serials: [`Only serials that are ${what} can be used here.`],
      });
  };
  const requireNew = () => {
    const known = records.filter((r) => r.record !== null && r.record.status !== 'written-off');
    if (known.length > 0)
      refuse(`Serial number ${known.map((k) => k.serial).slice(0, 5).join(', ')} was already received for ${item.sku}.`, {
        serials: ['Each serial number can be received once per item.'],
      });
  };
  let nextStatus: SerialStatus = 'in-stock';
  let reservedAfterClamp: number | null = null;

  switch (input.kind) {
    case 'receive':
      requireNew();
      levels.onHand += q;
      nextStatus = 'in-stock';
      break;
    case 'reserve':
      if (q > availableOf(levels)) shortage(levels, q);
      requireStatus(['in-stock'], 'in stock');
      levels.reserved += q;
      levels.reservedSerials += serials.length;
      nextStatus = 'reserved';
      break;
    case 'release':
      if (q > levels.reserved) refuse(`Only ${levels.reserved} reserved; cannot release ${q}.`, { quantity: [`At most ${levels.reserved}.`] });
      requireStatus(['reserved'], 'reserved');
      levels.reserved -= q;
      levels.reservedSerials -= serials.length;
      if (levels.reservedSerials > levels.reserved)
        refuse('Some reserved units are specific serial numbers: name the serials to release.', { serials: ['Name the reserved serial numbers to release.'] });
      nextStatus = 'in-stock';
      break;
    case 'use': {
      if (input.fromReservation) {
        if (q > levels.reserved) refuse(`Only ${levels.reserved} reserved; cannot use ${q} from the reservation.`, { quantity: [`At most ${levels.reserved}.`] });
        requireStatus(['in-stock', 'reserved'], 'in stock or reserved');
        levels.reserved -= q;
      } else {
        if (q > availableOf(levels)) shortage(levels, q);
        requireStatus(['in-stock'], 'in stock');
      }
      levels.onHand -= q;
      levels.reservedSerials -= records.filter((r) => r.record?.status === 'reserved').length;
      if (levels.reservedSerials > levels.reserved)
        refuse('Other units are reserved by serial number: use the reserved serials.', { serials: ['Use the reserved serial numbers.'] });
      nextStatus = 'installed';
      break;
    }
    case 'return':
      if (input.direction === 'from-job') {
        requireStatus(['installed'], 'installed');
        levels.onHand += q;
        nextStatus = 'in-stock';
      } else {
        if (q > availableOf(levels)) shortage(levels, q);
        requireStatus(['in-stock'], 'in stock');
        levels.onHand -= q;
        nextStatus = 'returned';
      }
      break;
    case 'adjust':
      if (q > 0) {
        requireNew();
        levels.onHand += q;
        nextStatus = 'in-stock';
      } else {
        if (levels.onHand + q < 0)
          refuse(`On hand cannot go below zero: ${levels.onHand} on hand, adjustment of ${q}.`, { quantity: [`At most ${levels.onHand} down.`] });
        requireStatus(['in-stock', 'reserved'], 'in stock');
        levels.onHand += q;
        levels.reservedSerials -= records.filter((r) => r.record?.status === 'reserved').length;
        if (levels.reserved > levels.onHand) {
          // The count is what it is: reservations beyond the stock left are dropped, and recorded.
          reservedAfterClamp = levels.onHand;
          levels.reserved = levels.onHand;
        }
        if (levels.reservedSerials > levels.reserved)
          refuse('Units reserved by serial number would be lost: write off the reserved serials or release them first.', {
            serials: ['Name the reserved serial numbers being written off.'],
          });
        nextStatus = 'written-off';
      }
      break;
  }

  if (levels.onHand < 0 || levels.reserved < 0 || levels.reserved > levels.onHand || levels.reservedSerials < 0 || levels.reservedSerials > levels.reserved)
    refuse('That movement would leave the stock inconsistent.', { quantity: ['Check the quantity.'] });

  const movement: StockMovement = {
    id: ctx.movementId,
    itemId: item.id,
    sku: item.sku,
    kind: input.kind,
    quantity: q,
    onHandDelta: levels.onHand - item.onHand,
    reservedDelta: levels.reserved - item.reserved,
    onHandAfter: levels.onHand,
    reservedAfter: levels.reserved,
    serials,
    reason:
      reservedAfterClamp === null
        ? input.reason.trim()
        : `${input.reason.trim()} (reservations reduced from ${item.reserved} to ${reservedAfterClamp})`,
    jobId: input.jobId,
    proposalId: input.proposalId,
    siteId: input.siteId,
    supplier: input.supplier,
    fromReservation: input.kind === 'use' && input.fromReservation,
    direction: input.kind === 'return' ? input.direction : null,
    actorId: ctx.actor.id,
    actorName: ctx.actor.name,
    at,
  };

  const touched = records.map(({ serial, record }): SerialRecord => {
    const step: SerialStep = {
      at,
      movementId: movement.id,
      kind: input.kind,
      status: nextStatus,
      jobId: input.jobId,
      siteId: input.siteId,
      proposalId: input.proposalId,
      supplier: input.supplier,
      actorName: ctx.actor.name,
    };
    const base: SerialRecord = record ?? {
      id: serialRecordId(item.id, serial),
      itemId: item.id,
      sku: item.sku,
      serial,
      status: 'in-stock',
      jobId: null,
      siteId: null,
      reservedFor: null,
      receivedAt: at,
      installedAt: null,
      history: [],
    };
    const installed = nextStatus === 'installed';
    return {
      ...base,
      status: nextStatus,
      jobId: installed ? input.jobId : base.jobId,
      siteId: installed ? input.siteId : base.siteId,
      installedAt: installed ? at : base.installedAt,
      reservedFor: nextStatus === 'reserved' ? (input.proposalId ?? input.jobId) : null,
      receivedAt: record === null || record.status === 'written-off' ? at : base.receivedAt,
      history: [...base.history, step],
    };
  });

  return { item: { ...withStock(item, levels), updatedAt: at }, movement, serials: touched };
}

export interface AppliedReversal extends AppliedMovement {
  /** The original, now marked as reversed. */
  original: StockMovement;
}

/**
 * Undoes a mistaken movement ledger-style: a new `reverse` movement with the opposite counter
 * changes, referencing the original, which is marked reversed; nothing is deleted. Serials go back
 * to the status they had before the original, which must still be their latest step (a unit
 * installed and then returned has moved on: reverse the later movement first). The invariants
 * hold as for any movement; a reversal that would break them is refused, never clamped.
 */
export function reverseStockMovement(
  item: InventoryItem,
  original: StockMovement,
  existing: ReadonlyMap<string, SerialRecord | null>,
  reason: string,
  ctx: MovementContext,
): AppliedReversal {
  if (original.kind === 'reverse') refuse('This movement is itself a reversal; record a new movement to correct it.', { movementId: ['A reversal cannot be reversed.'] });
  if (original.reversedBy) refuse('This movement was already reversed; a movement is reversed once.', { movementId: ['Already reversed.'] });
  if (reason.length > 500) invalid('The reason is too long (500 characters at most).', { reason: ['500 characters at most.'] });
  const at = ctx.now.toISOString();
  const levels: StockLevels = { onHand: item.onHand - original.onHandDelta, reserved: item.reserved - original.reservedDelta, reservedSerials: item.reservedSerials };
  const touched = original.serials.map((serial): SerialRecord => {
    const record = existing.get(serial) ?? null;
    const steps = record ? effectiveSteps(record.history) : [];
    if (record === null || steps.at(-1)?.movementId !== original.id)
      refuse(`Serial number ${serial} has moved since (${record ? record.status : 'unknown'}); reverse its later movements first.`, {
        serials: [`${serial} has a later movement.`],
      });
    const r = record as SerialRecord;
    const earlier = steps.slice(0, -1);
    const status: SerialStatus = earlier.at(-1)?.status ?? 'written-off';
    const lastInstall = [...earlier].reverse().find((h) => h.status === 'installed') ?? null;
    const reservedStep = status === 'reserved' ? earlier.at(-1) : undefined;
    levels.reservedSerials += (status === 'reserved' ? 1 : 0) - (r.status === 'reserved' ? 1 : 0);
    const step: SerialStep = {
      at,
      movementId: ctx.movementId,
      kind: 'reverse',
      status,
      jobId: original.jobId,
      siteId: original.siteId,
      proposalId: original.proposalId,
      supplier: original.supplier,
      actorName: ctx.actor.name,
      reverses: original.id,
    };
    return {
      ...r,
      status,
      jobId: lastInstall?.jobId ?? null,
      siteId: lastInstall?.siteId ?? null,
      installedAt: lastInstall?.at ?? null,
      reservedFor: reservedStep ? (reservedStep.proposalId ?? reservedStep.jobId) : null,
      history: [...r.history, step],
    };
  });
  if (levels.onHand < 0 || levels.reserved < 0 || levels.reserved > levels.onHand || levels.reservedSerials < 0 || levels.reservedSerials > levels.reserved)
    refuse(
      `Cannot reverse this movement: stock has changed since (${item.onHand} on hand, ${item.reserved} reserved), and undoing it would leave ${levels.onHand} on hand and ${levels.reserved} reserved.`,
      { movementId: ['Record a count adjustment instead.'] },
    );
  const movement: StockMovement = {
    id: ctx.movementId,
    itemId: item.id,
    sku: item.sku,
    kind: 'reverse',
    quantity: original.quantity,
    onHandDelta: levels.onHand - item.onHand,
    reservedDelta: levels.reserved - item.reserved,
    onHandAfter: levels.onHand,
    reservedAfter: levels.reserved,
    serials: original.serials,
    reason: reason.trim(),
    jobId: original.jobId,
    proposalId: original.proposalId,
    siteId: original.siteId,
    supplier: original.supplier,
    fromReservation: false,
    direction: null,
    reverses: original.id,
    reversedBy: null,
    actorId: ctx.actor.id,
    actorName: ctx.actor.name,
    at,
  };
  return { item: { ...withStock(item, levels), updatedAt: at }, movement, serials: touched, original: { ...original, reversedBy: movement.id } };
}

/** What a movement changed, for the audit log. */
export function movementChanges(before: StockLevels, m: StockMovement): AuditChange[] {
  const out: AuditChange[] = [];
  if (m.onHandDelta !== 0) out.push({ field: 'onHand', from: before.onHand, to: m.onHandAfter });
  if (m.reservedDelta !== 0) out.push({ field: 'reserved', from: before.reserved, to: m.reservedAfter });
  return out;
}
