import { z } from 'zod';
import { auditEntrySchema } from './audit.ts';
import { INVOICE_KINDS, INVOICE_STATUSES, PAYMENT_METHODS, PAYMENT_TERMS } from './invoice-labels.ts';

export { INVOICE_KINDS, INVOICE_STATUSES, METHOD_LABELS, PAYMENT_METHODS, PAYMENT_TERMS, STATUS_LABELS, TERMS_LABELS } from './invoice-labels.ts';

/**
 * Invoice and tax-report API schemas, shared by src/http/routes/invoices.ts, tax-reports.ts and
 * the SPA (web/src/features/invoices, web/src/features/tax). Money crosses the API as integer
 * cents, tax rates as basis points. The lists repeat the domain's on purpose (contracts import
 * only zod); test/unit/invoices/contracts.test.ts proves they agree.
 */
export const INVOICE_SORTS = ['issueDate', 'dueDate', 'number', 'totalCents', 'balanceCents', 'clientName'] as const;
export const TAX_BASES = ['accrual', 'cash'] as const;
export const PERIOD_KINDS = ['month', 'quarter', 'year', 'custom'] as const;
export const SOURCE_KINDS = ['blank', 'job', 'proposal', 'contract'] as const;


const isoDate = (msg = 'Enter a date.') => z.string({ error: msg }).regex(/^\d{4}-\d{2}-\d{2}$/, msg);
/** A typed date the domain checks itself, so a mistyped year (0226, 20266) gets its message naming the field. */
const typedDate = (msg = 'Enter a date.') => z.string({ error: msg }).max(32, msg);
const id = z.string().min(1).max(100);

export const lineInputSchema = z
  .object({
    description: z.string({ error: 'Describe the line.' }).trim().min(1, 'Describe the line.').max(500, 'At most 500 characters.'),
    quantity: z.number({ error: 'Enter a quantity.' }).positive('Quantity must be above 0.').max(100_000, 'At most 100 000.'),
    unitPriceCents: z.number({ error: 'Enter a price.' }).int('Whole cents.').min(-1_000_000_000).max(1_000_000_000),
    taxRateBp: z.number({ error: 'Enter a tax rate.' }).int('Whole basis points.').min(0, 'Tax rate cannot be negative.').max(10_000, 'At most 100 %.'),
    itemId: id.nullable().optional(),
  })
  .strict();
export type LineInput = z.infer<typeof lineInputSchema>;

export const createInvoiceSchema = z
  .object({
    clientId: id,
    siteId: id.nullable().optional(),
    title: z.string().trim().max(200).default(''),
    notes: z.string().trim().max(4000).default(''),
    terms: z.enum(PAYMENT_TERMS, { error: 'Pick the terms.' }),
    issueDate: typedDate().optional(),
    lines: z.array(lineInputSchema).max(200).default([]),
    jobId: id.nullable().optional(),
    materialsTaxRateBp: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();
export type CreateInvoiceBody = z.input<typeof createInvoiceSchema>;

export const updateDraftSchema = z
  .object({
    title: z.string().trim().max(200).default(''),
    notes: z.string().trim().max(4000).default(''),
    terms: z.enum(PAYMENT_TERMS, { error: 'Pick the terms.' }),
    issueDate: typedDate(),
    lines: z.array(lineInputSchema).min(1, 'Add at least one line.').max(200),
  })
  .strict();
export type UpdateDraftBody = z.input<typeof updateDraftSchema>;

export const paymentInputSchema = z
  .object({
    date: typedDate(),
    amountCents: z.number({ error: 'Enter an amount.' }).int('Whole cents.').positive('Enter an amount above zero.').max(100_000_000_000),
    method: z.enum(PAYMENT_METHODS, { error: 'Pick a method.' }),
    reference: z.string().trim().max(200, 'Keep the reference to 200 characters.').default(''),
  })
  .strict();
export type PaymentBody = z.input<typeof paymentInputSchema>;

export const voidSchema = z.object({ reason: z.string().trim().min(1, 'Say why.').max(500) }).strict();
export const sendSchema = z.object({ to: z.email('Enter an e-mail address.').optional(), message: z.string().max(2000).optional() }).strict();
export const creditNoteSchema = z
  .object({ lines: z.array(lineInputSchema).min(1, 'Add at least one line.').max(200), reason: z.string().trim().min(1, 'Say why.').max(4000), issueDate: typedDate().optional() })
  .strict();
export type CreditNoteBody = z.input<typeof creditNoteSchema>;

export const invoiceListQuerySchema = z.object({
  search: z.string().max(100).default(''),
  status: z.enum(INVOICE_STATUSES).optional(),
  overdue: z.enum(['true']).optional(),
  clientId: id.optional(),
  from: isoDate().optional(),
  to: isoDate().optional(),
  sort: z.enum(INVOICE_SORTS).default('issueDate'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(1000).optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;
export const invoiceIdParamsSchema = z.object({ id });
export const paymentParamsSchema = z.object({ id, paymentId: id });
export const tokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

// ---- responses ------------------------------------------------------------------------------

const lineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number(),
  taxRateBp: z.number(),
  itemId: z.string().nullable(),
  netCents: z.number(),
  taxCents: z.number(),
});
const taxLineSchema = z.object({ taxRateBp: z.number(), taxableCents: z.number(), taxCents: z.number() });
const paymentSchema = z.object({ id: z.string(), date: z.string(), amountCents: z.number(), method: z.enum(PAYMENT_METHODS), reference: z.string(), recordedAt: z.string(), recordedBy: z.string() });
const ref = z.object({ id: z.string(), number: z.string() });

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  year: z.number(),
  kind: z.enum(INVOICE_KINDS),
  creditFor: ref.nullable(),
  clientId: z.string(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  siteId: z.string().nullable(),
  source: z.object({ kind: z.enum(SOURCE_KINDS), id: z.string().nullable(), period: z.string().optional() }),
  title: z.string(),
  notes: z.string(),
  terms: z.enum(PAYMENT_TERMS),
  issueDate: z.string(),
  dueDate: z.string(),
  lines: z.array(lineSchema),
  taxes: z.array(taxLineSchema),
  subtotalCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  payments: z.array(paymentSchema),
  paidCents: z.number(),
  creditedCents: z.number(),
  creditNotes: z.array(ref),
  balanceCents: z.number(),
  status: z.enum(INVOICE_STATUSES),
  voidReason: z.string().nullable(),
  sentAt: z.string().nullable(),
  overdue: z.boolean(),
  daysOverdue: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceDto = z.infer<typeof invoiceSchema>;

export const invoiceListResponseSchema = z.object({ items: z.array(invoiceSchema), nextCursor: z.string().nullable() });
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

export const invoiceDetailSchema = z.object({ invoice: invoiceSchema, publicUrl: z.string(), linkActive: z.boolean(), audit: z.array(auditEntrySchema), canEdit: z.boolean() });
export type InvoiceDetailDto = z.infer<typeof invoiceDetailSchema>;

export const publicInvoiceSchema = z.object({
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  company: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string() }),
  clientName: z.string(),
  title: z.string(),
  notes: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  overdue: z.boolean(),
  lines: z.array(lineSchema),
  taxes: z.array(taxLineSchema),
  subtotalCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  paidCents: z.number(),
  creditedCents: z.number(),
  balanceCents: z.number(),
  payments: z.array(z.object({ date: z.string(), amountCents: z.number(), method: z.string() })),
  currency: z.string(),
  clientAddress: z.array(z.string()),
  clientEmail: z.string().nullable(),
  howToPay: z.object({ kind: z.enum(['pay', 'paid']), title: z.string(), lines: z.array(z.string()) }).nullable(),
});
export type PublicInvoiceDto = z.infer<typeof publicInvoiceSchema>;

export const taxReportQuerySchema = z.object({
  basis: z.enum(TAX_BASES).default('accrual'),
  period: z.enum(PERIOD_KINDS).default('month'),
  value: z.string().min(4).max(40),
  /** Drill-down: only this rate's invoices in `entries`. */
  rate: z.coerce.number().int().min(0).max(10_000).optional(),
});
/** At most this many drill-down entries in a JSON answer; CSV has them all. */
export const TAX_REPORT_ENTRY_LIMIT = 1000;
export type TaxReportQuery = z.input<typeof taxReportQuerySchema>;

export const taxReportSchema = z.object({
  basis: z.enum(TAX_BASES),
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ taxRateBp: z.number(), taxableCents: z.number(), taxCents: z.number(), invoiceCount: z.number() })),
  totals: z.object({ taxableCents: z.number(), taxCents: z.number() }),
  /** Entries (of the chosen rate) in the period; `entries` holds the first TAX_REPORT_ENTRY_LIMIT. */
  entryCount: z.number(),
  entries: z.array(
    z.object({ invoiceId: z.string(), number: z.string(), kind: z.enum(INVOICE_KINDS), clientName: z.string(), date: z.string(), taxRateBp: z.number(), taxableCents: z.number(), taxCents: z.number() }),
  ),
});
export type TaxReportDto = z.infer<typeof taxReportSchema>;
