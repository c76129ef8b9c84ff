/**
 * The invoice vocabulary without zod, so public pages (the client's invoice at /i/<token>) can
 * show labels without loading the schema library. src/contracts/invoices.ts re-exports it.
 */
export const INVOICE_STATUSES = ['draft', 'sent', 'partial', 'paid', 'void'] as const;
export const INVOICE_KINDS = ['invoice', 'credit-note'] as const;
export const PAYMENT_METHODS = ['cash', 'check', 'card', 'bank-transfer', 'other'] as const;
export const PAYMENT_TERMS = ['net0', 'net7', 'net15', 'net30', 'net60'] as const;

export const STATUS_LABELS: Record<(typeof INVOICE_STATUSES)[number], string> = { draft: 'Draft', sent: 'Sent', partial: 'Partly paid', paid: 'Paid', void: 'Void' };
export const METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = { cash: 'Cash', check: 'Check', card: 'Card', 'bank-transfer': 'Bank transfer', other: 'Other' };
export const TERMS_LABELS: Record<(typeof PAYMENT_TERMS)[number], string> = { net0: 'Net 0 (due on receipt)', net7: 'Net 7', net15: 'Net 15', net30: 'Net 30', net60: 'Net 60' };

export type CustomerStatusTone = 'blue' | 'green' | 'red' | 'amber' | 'slate';

/**
 * The one status vocabulary a customer reads, on the client hub and on the invoice page alike:
 * what they owe ("Due", "Partly paid", "Overdue"), not the office's workflow word ("Sent").
 */
export function customerInvoiceStatus(inv: { kind: (typeof INVOICE_KINDS)[number]; status: (typeof INVOICE_STATUSES)[number]; overdue: boolean }): { label: string; tone: CustomerStatusTone } {
  if (inv.kind === 'credit-note') return { label: 'Credit note', tone: 'slate' };
  if (inv.status === 'void') return { label: 'Void', tone: 'slate' };
  if (inv.status === 'paid') return { label: 'Paid', tone: 'green' };
  if (inv.overdue) return { label: 'Overdue', tone: 'red' };
  if (inv.status === 'partial') return { label: STATUS_LABELS.partial, tone: 'amber' };
  return { label: 'Due', tone: 'blue' };
}
