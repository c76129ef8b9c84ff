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
