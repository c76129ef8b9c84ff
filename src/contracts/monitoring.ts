import { z } from 'zod';
import { text } from './text.ts';
import { bpToPercent, centsToDecimal, DEFAULT_MONEY, percentToBp, type MoneySettings } from '../domain/shared/money.ts';
import { amountField, percentField, typedCents } from './form-fields.ts';

/**
 * Monitoring contracts API and form schemas, shared by src/http/routes/monitoring.ts and the SPA
 * (web/src/features/monitoring). Money crosses the API as integer cents, dates as YYYY-MM-DD.
 * The lists repeat the domain's on purpose (contracts import only zod);
 * test/unit/monitoring/contracts.test.ts proves they agree.
 */
export const BILLING_CYCLES = ['monthly', 'quarterly', 'annual'] as const;
export const CONTRACT_STATUSES = ['pending', 'active', 'past-due', 'cancelled'] as const;
export const CONTRACT_SORTS = ['createdAt', 'clientName', 'plan', 'monthlyFeeCents', 'startDate', 'status'] as const;
export const BILLING_KEY_STATES = ['done', 'in-progress', 'stuck', 'failed'] as const;

export const CYCLE_LABELS: Record<(typeof BILLING_CYCLES)[number], string> = { monthly: 'Monthly', quarterly: 'Quarterly', annual: 'Annual' };
export const STATUS_LABELS: Record<(typeof CONTRACT_STATUSES)[number], string> = {
  pending: 'Pending',
  active: 'Active',
  'past-due': 'Past due',
  cancelled: 'Cancelled',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string): boolean => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const date = (label: string) => text(`Enter ${label}.`).refine(isRealDate, `${label[0]!.toUpperCase()}${label.slice(1)} must be a date (YYYY-MM-DD).`);
const line = (label: string, max: number) => z.string({ error: `${label} must be text.` }).trim().max(max, `${label}: ${max} characters at most.`);

export const contractRequestSchema = z
  .object({
    clientId: text('Pick a client.').min(1, 'Pick a client.').max(100),
    siteId: text('Pick a site.').min(1, 'Pick a site.').max(100),
    plan: text('Enter a plan.').trim().min(2, 'Plan: at least 2 characters.').max(80, 'Plan: 80 characters at most.'),
    monthlyFeeCents: z
      .number({ error: 'Monthly fee must be a number.' })
      .int('Monthly fee must be whole cents.')
      .min(0, 'Monthly fee cannot be negative.')
      .max(100_000_000, 'Monthly fee is too large.'),
    taxRateBp: z.number({ error: 'Tax rate must be a number.' }).int('Tax rate must be whole basis points.').min(0, 'Tax rate cannot be negative.').max(10_000, 'Tax rate is at most 100 %.').default(0),
    billingCycle: z.enum(BILLING_CYCLES, { error: 'Pick a billing cycle.' }),
    /** Left empty, they are taken from the site's alarm account. */
    centralStation: line('Central station', 120).default(''),
    accountNumber: line('Account number', 60).default(''),
    startDate: date('a start date'),
    endDate: date('an end date').nullable().default(null),
  })
  .strict()
  .refine((v) => v.endDate === null || v.endDate >= v.startDate, { message: 'The end date cannot be before the start date.', path: ['endDate'] });
export type ContractRequest = z.input<typeof contractRequestSchema>;
export type ContractRequestParsed = z.output<typeof contractRequestSchema>;

export const transitionRequestSchema = z
  .object({
    to: z.enum(CONTRACT_STATUSES, { error: 'Pick a status.' }),
    reason: line('Reason', 500).optional(),
    /** On cancelling: unsent draft invoices of the contract to void. */
    voidInvoiceIds: z.array(z.string().min(1).max(100)).max(500).optional(),
    /** On activating a contract that started in the past: bill every period since the start (default) or only from the current one. */
    billFrom: z.enum(['start', 'current-period'], { error: 'Bill from the start date or from the current period.' }).optional(),
  })
  .strict();
export type TransitionRequest = z.input<typeof transitionRequestSchema>;

export const contractListQuerySchema = z.object({
  search: z.string().max(100).default(''),
  status: z.enum(CONTRACT_STATUSES).optional(),
  sort: z.enum(CONTRACT_SORTS).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(1000).optional(),
});
export type ContractListQuery = z.input<typeof contractListQuerySchema>;

export const contractIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const billingKeyParamsSchema = z.object({ id: z.string().min(1).max(100), period: z.string().regex(/^\d{4}(-\d{2}|-Q[1-4])?$/) });
export const summaryQuerySchema = z.object({
  churnDays: z.coerce.number().int().min(1).max(3660).default(30),
  renewalDays: z.coerce.number().int().min(1).max(3660).default(60),
});

// ---- responses ------------------------------------------------------------------------------

export const contractSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  siteId: z.string(),
  clientName: z.string(),
  siteLabel: z.string(),
  plan: z.string(),
  monthlyFeeCents: z.number(),
  taxRateBp: z.number(),
  billingCycle: z.enum(BILLING_CYCLES),
  centralStation: z.string(),
  accountNumber: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: z.enum(CONTRACT_STATUSES),
  cancelReason: z.string().nullable(),
  activatedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  nextBillingDate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractListResponseSchema = z.object({ items: z.array(contractSchema), total: z.number(), nextCursor: z.string().nullable() });
export type ContractListResponse = z.infer<typeof contractListResponseSchema>;

export const contractInvoiceSchema = z.object({
  period: z.string(),
  state: z.enum(BILLING_KEY_STATES),
  invoiceId: z.string().nullable(),
  number: z.string().nullable(),
  amountCents: z.number().nullable(),
  claimedAt: z.string(),
  completedAt: z.string().nullable(),
  error: z.string().nullable(),
  /** The invoice's own status once made (draft, sent, partial, paid, void). */
  invoiceStatus: z.string().nullable(),
});
export type ContractInvoice = z.infer<typeof contractInvoiceSchema>;

export const unsentDraftSchema = z.object({ invoiceId: z.string(), number: z.string(), period: z.string(), totalCents: z.number() });
export type UnsentDraft = z.infer<typeof unsentDraftSchema>;

export const contractViewSchema = z.object({
  contract: contractSchema,
  invoices: z.array(contractInvoiceSchema),
  /** Invoices of the contract still in draft: cancelling offers to void them. */
  unsentDrafts: z.array(unsentDraftSchema),
  canEdit: z.boolean(),
});
export type ContractView = z.infer<typeof contractViewSchema>;

export const summarySchema = z.object({
  /** MRR and churn are null for a viewer without viewInvoices. */
  mrrCents: z.number().nullable(),
  counts: z.object({ pending: z.number(), active: z.number(), 'past-due': z.number(), cancelled: z.number() }),
  churn: z.object({ from: z.string(), to: z.string(), activeAtStart: z.number(), cancelled: z.number(), rateBp: z.number().nullable() }).nullable(),
  renewals: z.array(z.object({ id: z.string(), clientName: z.string(), siteLabel: z.string(), plan: z.string(), endDate: z.string() })),
  needsAttention: z.array(z.object({ contractId: z.string(), period: z.string(), state: z.enum(BILLING_KEY_STATES), error: z.string().nullable() })),
});
export type MonitoringSummary = z.infer<typeof summarySchema>;

export const billingRunSchema = z.object({
  contracts: z.number(),
  created: z.array(z.object({ contractId: z.string(), period: z.string(), invoiceId: z.string(), number: z.string(), amountCents: z.number() })),
  skipped: z.number(),
  failed: z.array(z.object({ contractId: z.string(), period: z.string(), error: z.string() })),
  markedPastDue: z.array(z.string()),
  backToActive: z.array(z.string()),
});
export type BillingRun = z.infer<typeof billingRunSchema>;

/** What a billing run would create, shown before it runs (nothing is written). */
export const billingPreviewSchema = z.object({
  invoices: z.array(
    z.object({
      contractId: z.string(),
      clientName: z.string(),
      siteLabel: z.string(),
      plan: z.string(),
      period: z.string(),
      label: z.string(),
      billedFrom: z.string(),
      billedTo: z.string(),
      totalCents: z.number(),
    }),
  ),
  count: z.number(),
  totalCents: z.number(),
});
export type BillingPreview = z.infer<typeof billingPreviewSchema>;

// ---- the form (the SPA) -----------------------------------------------------------------------

const MAX_FEE_CENTS = 100_000_000;

/** The contract form as typed: the fee in the configured currency and the tax rate in percent, as text. */
export const contractFormSchema = (money: MoneySettings = DEFAULT_MONEY) => z.object({
  clientId: text('Pick a client.').min(1, 'Pick a client.'),
  siteId: text('Pick a site.').min(1, 'Pick a site.'),
  plan: z.string().trim().min(2, 'Plan: at least 2 characters.').max(80, 'Plan: 80 characters at most.'),
  monthlyFee: amountField('Monthly fee', money, MAX_FEE_CENTS),
  taxRate: percentField('Tax rate'),
  billingCycle: z.enum(BILLING_CYCLES, { error: 'Pick a billing cycle.' }),
  centralStation: z.string().max(120, 'Central station: 120 characters at most.'),
  accountNumber: z.string().max(60, 'Account number: 60 characters at most.'),
  startDate: z.string().refine(isRealDate, 'Pick a start date.'),
  endDate: z.string().refine((v) => v === '' || isRealDate(v), 'The end date must be a date.'),
});
export type ContractForm = z.infer<ReturnType<typeof contractFormSchema>>;

export function toContractRequest(f: ContractForm, money: MoneySettings = DEFAULT_MONEY): ContractRequestParsed {
  return {
    clientId: f.clientId,
    siteId: f.siteId,
    plan: f.plan.trim(),
    monthlyFeeCents: typedCents(f.monthlyFee, money),
    taxRateBp: percentToBp(f.taxRate),
    billingCycle: f.billingCycle,
    centralStation: f.centralStation.trim(),
    accountNumber: f.accountNumber.trim(),
    startDate: f.startDate,
    endDate: f.endDate === '' ? null : f.endDate,
  };
}

export function toContractForm(c: Contract | null, today: string): ContractForm {
  return {
    clientId: c?.clientId ?? '',
    siteId: c?.siteId ?? '',
    plan: c?.plan ?? '',
    monthlyFee: c ? centsToDecimal(c.monthlyFeeCents) : '',
    taxRate: c ? bpToPercent(c.taxRateBp) : '0',
    billingCycle: c?.billingCycle ?? 'monthly',
    centralStation: c?.centralStation ?? '',
    accountNumber: c?.accountNumber ?? '',
    startDate: c?.startDate ?? today,
    endDate: c?.endDate ?? '',
  };
}
