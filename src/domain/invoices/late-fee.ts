import { DomainError } from '../shared/domain-error.ts';
import { sumTaxes, type Invoice, type InvoiceLine } from './invoice.ts';

export interface LateFeeInput {
  description: string;
  amountCents: number;
  /** Idempotency key (the reminder step's); a second fee with the same key changes nothing. */
  key: string;
}

/**
 * Adds a late fee to an unpaid, sent invoice as its own untaxed line — the one change a sent
 * invoice's lines allow (docs/money.md). Returns null when a fee with the same key is already on
 * it. The balance grows by the fee; payments and credit notes are untouched.
 */
export function addLateFee(inv: Invoice, fee: LateFeeInput, now: Date): Invoice | null {
  if (inv.kind !== 'invoice' || (inv.status !== 'sent' && inv.status !== 'partial')) {
    throw new DomainError('conflict', `A late fee can only be added to a sent, unpaid invoice (${inv.number} is ${inv.status}).`);
  }
  if (!Number.isInteger(fee.amountCents) || fee.amountCents <= 0) throw new DomainError('validation', 'A late fee must be a positive number of cents.');
  if (fee.description.trim() === '') throw new DomainError('validation', 'A late fee needs a description.');
  if (inv.lines.some((l) => l.lateFeeKey === fee.key)) return null;
  const line: InvoiceLine = {
    description: fee.description.trim(),
    quantity: 1,
    unitPriceCents: fee.amountCents,
    taxRateBp: 0,
    itemId: null,
    netCents: fee.amountCents,
    taxCents: 0,
    lateFeeKey: fee.key,
  };
  const lines = [...inv.lines, line];
  return {
    ...inv,
    lines,
    taxes: sumTaxes(lines.map((l) => ({ taxRateBp: l.taxRateBp, taxableCents: l.netCents, taxCents: l.taxCents }))),
    subtotalCents: inv.subtotalCents + fee.amountCents,
    totalCents: inv.totalCents + fee.amountCents,
    balanceCents: inv.balanceCents + fee.amountCents,
    updatedAt: now.toISOString(),
  };
}
