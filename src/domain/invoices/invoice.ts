/**
 * The invoice and its rules (DESIGN.md "Invoice", docs/money.md). Amounts are integer cents, tax
 * rates basis points; each line's net and tax are rounded on the line, half away from zero, and
 * the invoice's figures are sums of the rounded lines, so the per-rate table, the totals and a
 * tax report built from the lines always agree to the cent.
 *
 * Life cycle: draft (lines editable) → sent (lines locked) → partial → paid, or void with a reason
 * (only while nothing was paid or credited). A sent invoice is corrected by a credit note: an
 * invoice of kind 'credit-note' with its own number and negative lines, referencing the original,
 * which it settles like a payment. Overdue is not stored: it follows from the due date and today
 * in the company's time zone.
 */
import { addDays, dateKey, datePlausibility, daysBetween, formatCalendarDay, type DateWindow } from '../shared/calendar-date.ts';
import type { AuditChange } from '../audit/audit-entry.ts';
import { revokeLink } from '../shared/public-link.ts';
import { DomainError, type FieldErrors } from '../shared/domain-error.ts';
import type { InvoiceLineInput, InvoiceSourceKind, PaymentTerms } from './invoice-issuer.ts';
import { PAYMENT_TERMS } from './invoice-issuer.ts';
import { amountLimitProblem, formatMoney, formatRateBp, lineNetCents, lineTaxCents, QUANTITY_SCALE, sumByRate, type MoneySettings, type RateTotal } from '../shared/money.ts';

export const INVOICE_STATUSES = ['draft', 'sent', 'partial', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_KINDS = ['invoice', 'credit-note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const PAYMENT_METHODS = ['cash', 'check', 'card', 'bank-transfer', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const TERMS_DAYS: Readonly<Record<PaymentTerms, number>> = { net0: 0, net7: 7, net15: 15, net30: 30, net60: 60 };
export { PAYMENT_TERMS };

export const LIMITS = {
  lines: 200,
  description: 500,
  notes: 4000,
  title: 200,
  /** $10 M a unit and 100 000 units keep every product well inside BigInt-free display. */
  unitPriceCents: 1_000_000_000,
  quantity: 100_000,
  taxRateBp: 10_000,
  reference: 200,
  voidReason: 500,
} as const;

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  taxRateBp: number;
  itemId: string | null;
  /** quantity × unit price, rounded to the cent. */
  netCents: number;
  /** netCents × rate, rounded to the cent on this line. */
  taxCents: number;
  /** On a late-fee line: the reminder step's idempotency key, so the fee is added once. */
  lateFeeKey?: string;
}

/** Taxable amount and tax at one rate (the money module's per-rate sum). */
export type TaxLine = RateTotal;

export interface Payment {
  id: string;
  /** The day the money arrived (YYYY-MM-DD), what cash-basis reports count by. */
  date: string;
  amountCents: number;
  method: PaymentMethod;
  reference: string;
  recordedAt: string;
  recordedBy: string;
}

export interface Priced {
  lines: InvoiceLine[];
  taxes: TaxLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

export interface Invoice extends Priced {
  id: string;
  number: string;
  year: number;
  kind: InvoiceKind;
  /** For a credit note: the invoice it corrects. */
  creditFor: { id: string; number: string } | null;
  clientId: string;
  clientName: string;
  clientEmail: string | null;
  siteId: string | null;
  source: { kind: InvoiceSourceKind; id: string | null; period?: string };
  title: string;
  notes: string;
  terms: PaymentTerms;
  issueDate: string;
  dueDate: string;
  payments: Payment[];
  paidCents: number;
  /** What credit notes took off this invoice (positive cents). */
  creditedCents: number;
  /** Credit notes' lines summed per rate (negative): cash-basis reports net them off. */
  creditTaxes: TaxLine[];
  creditNotes: { id: string; number: string }[];
  /** total − paid − credited. */
  balanceCents: number;
  status: InvoiceStatus;
  voidReason: string | null;
  sentAt: string | null;
  /** Unguessable; the client's public link /i/<token>. */
  publicToken: string;
  /** The link switched off (staff, or a void); see domain/shared/public-link.ts. */
  linkRevokedAt?: string | null;
  /** Former tokens: they answer "no longer valid". */
  retiredTokens?: string[];
  createdAt: string;
  updatedAt: string;
}

/** A validation error whose message is the first specific one (what the form shows on top), not a generic "check the form". */
const invalid = (fields: FieldErrors, message = Object.values(fields)[0]?.[0] ?? 'Please check the invoice.') => new DomainError('validation', message, fields);

/** Today in the company's time zone and the configured money/locale: what messages and date rules need. */
export interface Today {
  today: string;
  money: MoneySettings;
}

/**
 * Plausible dates (docs/money.md "Dates"): an issue date at most a year back and 90 days ahead
 * (no INV-1999-…, no 0226 or 20266 typos); a payment not in the future and at most 30 days before
 * the issue date (a deposit taken when the work was agreed).
 */
export const ISSUE_DATE_WINDOW: DateWindow = { pastDays: 365, futureDays: 90 };
export const PAYMENT_EARLY_DAYS = 30;
const ANY_PAST: DateWindow = { pastDays: 36_500, futureDays: 0 };

export const issueDateProblem = (value: string, t: Today, label = 'Issue date'): string | null => datePlausibility(label, value, t.today, ISSUE_DATE_WINDOW, t.money.locale);

// ---- dates ----------------------------------------------------------------------------------

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export { addDays };

export function dueDateFor(issueDate: string, terms: PaymentTerms): string {
  return addDays(issueDate, TERMS_DAYS[terms]);
}

/** The calendar day `now` falls on in the time zone (YYYY-MM-DD). */
export const dayIn = (timeZone: string, now: Date): string => dateKey(now, timeZone);

/** Open (sent or partly paid) and past its due date; a due date of today is not yet overdue. */
export function isOverdue(inv: Pick<Invoice, 'status' | 'dueDate' | 'kind'>, today: string): boolean {
  return inv.kind === 'invoice' && (inv.status === 'sent' || inv.status === 'partial') && inv.dueDate < today;
}

export function daysOverdue(inv: Pick<Invoice, 'status' | 'dueDate' | 'kind'>, today: string): number {
  if (!isOverdue(inv, today)) return 0;
  return daysBetween(inv.dueDate, today);
}

// ---- numbers --------------------------------------------------------------------------------

export const INVOICE_PREFIX = 'INV';
/** Credit notes have their own gapless sequence per year (CN-2026-0001), apart from the invoices'. */
export const CREDIT_NOTE_PREFIX = 'CN';

const prefixOf = (kind: InvoiceKind): string => (kind === 'credit-note' ? CREDIT_NOTE_PREFIX : INVOICE_PREFIX);

/** INV-2026-0001 (or CN-2026-0001 for a credit note); a year's 10 000th simply gets five digits. */
export function invoiceNumber(year: number, sequence: number, kind: InvoiceKind = 'invoice'): string {
  return `${prefixOf(kind)}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** The counter document of a year's sequence: INV-2026 for invoices, CN-2026 for credit notes. */
export function counterId(year: number, kind: InvoiceKind = 'invoice'): string {
  return `${prefixOf(kind)}-${year}`;
}

// ---- pricing --------------------------------------------------------------------------------

export function validateLines(lines: readonly InvoiceLineInput[], prefix = 'lines', money?: MoneySettings): FieldErrors {
  const errors: FieldErrors = {};
  const add = (k: string, m: string) => (errors[k] ??= []).push(m);
  if (lines.length === 0) add(prefix, 'Add at least one line.');
  if (lines.length > LIMITS.lines) add(prefix, `At most ${LIMITS.lines} lines.`);
  lines.forEach((l, i) => {
    const at = `${prefix}.${i}`;
    if (typeof l.description !== 'string' || l.description.trim() === '') add(`${at}.description`, 'Describe the line.');
    else if (l.description.length > LIMITS.description) add(`${at}.description`, `At most ${LIMITS.description} characters.`);
    const q = l.quantity;
    if (!Number.isFinite(q) || q <= 0 || q > LIMITS.quantity) add(`${at}.quantity`, `Quantity must be above 0 and at most ${LIMITS.quantity}.`);
    else if (Math.abs(q * QUANTITY_SCALE - Math.round(q * QUANTITY_SCALE)) > 1e-6) add(`${at}.quantity`, 'At most three decimals.');
    if (!Number.isSafeInteger(l.unitPriceCents)) add(`${at}.unitPriceCents`, 'Enter a price such as 49.99.');
    else if (Math.abs(l.unitPriceCents) > LIMITS.unitPriceCents) add(`${at}.unitPriceCents`, `At most ${formatMoney(LIMITS.unitPriceCents, money)} a unit.`);
    if (!Number.isInteger(l.taxRateBp) || l.taxRateBp < 0 || l.taxRateBp > LIMITS.taxRateBp) add(`${at}.taxRateBp`, 'Tax rate must be between 0 and 100 %.');
  });
  return errors;
}

/** Lines priced one by one, then summed per rate (rates ascending) and in total. */
export function priceLines(inputs: readonly InvoiceLineInput[], sign: 1 | -1 = 1): Priced {
  const lines: InvoiceLine[] = inputs.map((l) => {
    const netCents = sign * lineNetCents(l.quantity, l.unitPriceCents);
    return {
      description: l.description.trim(),
      quantity: l.quantity,
      unitPriceCents: sign * l.unitPriceCents,
      taxRateBp: l.taxRateBp,
      itemId: l.itemId ?? null,
      netCents,
      taxCents: lineTaxCents(netCents, l.taxRateBp),
    };
  });
  const taxes = sumTaxes(lines.map((l) => ({ taxRateBp: l.taxRateBp, taxableCents: l.netCents, taxCents: l.taxCents })));
  const subtotalCents = lines.reduce((s, l) => s + l.netCents, 0);
  const taxCents = lines.reduce((s, l) => s + l.taxCents, 0);
  return { lines, taxes, subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** Amounts summed per tax rate, rates ascending (the money module's rule). */
export const sumTaxes: (parts: readonly TaxLine[]) => TaxLine[] = sumByRate;

// ---- creating and editing -------------------------------------------------------------------

export interface DraftFields {
  title: string;
  notes: string;
  terms: PaymentTerms;
  issueDate: string;
  lines: InvoiceLineInput[];
}

export function validateDraft(f: DraftFields, t: Today): FieldErrors {
  const errors = validateLines(f.lines, 'lines', t.money);
  if (!(PAYMENT_TERMS as readonly string[]).includes(f.terms)) errors['terms'] = ['Pick Net 0, 7, 15, 30 or 60.'];
  const dateProblem = issueDateProblem(f.issueDate, t);
  if (dateProblem) errors['issueDate'] = [dateProblem];
  if (f.title.length > LIMITS.title) errors['title'] = [`At most ${LIMITS.title} characters.`];
  if (f.notes.length > LIMITS.notes) errors['notes'] = [`At most ${LIMITS.notes} characters.`];
  return errors;
}

export interface NewDraft {
  id: string;
  /** The counter's next value for the issue date's year. */
  sequence: number;
  publicToken: string;
  client: { id: string; name: string; email: string | null };
  siteId: string | null;
  source: Invoice['source'];
  fields: DraftFields;
  now: Date;
  calendar: Today;
}

export function draftInvoice(d: NewDraft): Invoice {
  const errors = validateDraft(d.fields, d.calendar);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const priced = priceLines(d.fields.lines);
  if (priced.totalCents < 0) throw belowZero(priced.totalCents, d.calendar.money);
  const year = yearOf(d.fields.issueDate);
  const at = d.now.toISOString();
  return {
    id: d.id,
    number: invoiceNumber(year, d.sequence),
    year,
    kind: 'invoice',
    creditFor: null,
    clientId: d.client.id,
    clientName: d.client.name,
    clientEmail: d.client.email,
    siteId: d.siteId,
    source: d.source,
    title: d.fields.title.trim(),
    notes: d.fields.notes.trim(),
    terms: d.fields.terms,
    issueDate: d.fields.issueDate,
    dueDate: dueDateFor(d.fields.issueDate, d.fields.terms),
    ...priced,
    payments: [],
    paidCents: 0,
    creditedCents: 0,
    creditTaxes: [],
    creditNotes: [],
    balanceCents: priced.totalCents,
    status: 'draft',
    voidReason: null,
    sentAt: null,
    publicToken: d.publicToken,
    createdAt: at,
    updatedAt: at,
  };
}

export const yearOf = (date: string): number => Number(date.slice(0, 4));

const belowZero = (totalCents: number, money: MoneySettings) =>
  invalid({ lines: [`An invoice cannot total less than zero (these lines total ${formatMoney(totalCents, money)}); issue a credit note instead.`] });

/** A draft's new content; its number stays, so the issue date must stay in the number's year. */
export function reviseDraft(inv: Invoice, f: DraftFields, now: Date, t: Today): Invoice {
  if (inv.status !== 'draft') throw new DomainError('conflict', `${inv.number} was sent; its lines are locked. Issue a credit note to correct it.`);
  const errors = validateDraft(f, t);
  if (!errors['issueDate'] && yearOf(f.issueDate) !== inv.year) errors['issueDate'] = [`Issue date: ${inv.number} is numbered in ${inv.year}; keep the issue date in that year.`];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const priced = priceLines(f.lines);
  if (priced.totalCents < 0) throw belowZero(priced.totalCents, t.money);
  return {
    ...inv,
    title: f.title.trim(),
    notes: f.notes.trim(),
    terms: f.terms,
    issueDate: f.issueDate,
    dueDate: dueDateFor(f.issueDate, f.terms),
    ...priced,
    balanceCents: priced.totalCents,
    updatedAt: now.toISOString(),
  };
}

/** Sending locks the lines; sending again (a reminder of the same invoice) changes nothing. */
export function markSent(inv: Invoice, now: Date): Invoice {
  if (inv.status === 'void') throw new DomainError('conflict', `${inv.number} is void.`);
  if (inv.kind === 'credit-note') return inv;
  if (inv.status !== 'draft') return inv;
  const at = now.toISOString();
  return settle({ ...inv, status: 'sent', sentAt: at, updatedAt: at });
}

/** Status from what is paid and credited; draft and void are not touched. */
function settle(inv: Invoice): Invoice {
  const balanceCents = inv.totalCents - inv.paidCents - inv.creditedCents;
  if (inv.status === 'draft' || inv.status === 'void' || inv.kind === 'credit-note') return { ...inv, balanceCents };
  const status: InvoiceStatus = balanceCents === 0 ? 'paid' : inv.paidCents + inv.creditedCents > 0 ? 'partial' : 'sent';
  return { ...inv, balanceCents, status };
}

export interface PaymentInput {
  date: string;
  amountCents: number;
  method: PaymentMethod;
  reference: string;
}

type PaymentContext = Today & { now: Date; by: string };

function refuseClosed(inv: Invoice): void {
  if (inv.kind === 'credit-note') throw new DomainError('conflict', 'A credit note takes no payments.');
  if (inv.status === 'draft') throw new DomainError('conflict', `Send ${inv.number} before recording a payment.`);
  if (inv.status === 'void') throw new DomainError('conflict', `${inv.number} is void.`);
}

/** A payment's fields checked against the invoice; `available` is the most it may be. */
function paymentErrors(inv: Invoice, p: PaymentInput, available: number, t: Today): FieldErrors {
  const errors: FieldErrors = {};
  const amountProblem = amountLimitProblem(p.amountCents, available, 'the balance due', (c) => formatMoney(c, t.money));
  if (amountProblem) errors['amountCents'] = [amountProblem];
  const dateProblem = datePlausibility('Date received', p.date, t.today, ANY_PAST, t.money.locale);
  const earliest = isIsoDate(inv.issueDate) ? addDays(inv.issueDate, -PAYMENT_EARLY_DAYS) : null;
  if (dateProblem) errors['date'] = [dateProblem];
  else if (earliest && p.date < earliest)
    errors['date'] = [
      `Date received: ${formatCalendarDay(p.date, t.money.locale)} is more than ${PAYMENT_EARLY_DAYS} days before the invoice's issue date (${formatCalendarDay(inv.issueDate, t.money.locale)}); the earliest is ${formatCalendarDay(earliest, t.money.locale)}.`,
    ];
  if (!(PAYMENT_METHODS as readonly string[]).includes(p.method)) errors['method'] = ['Method: pick cash, check, card, bank transfer or other.'];
  if (p.reference.length > LIMITS.reference) errors['reference'] = [`Reference: at most ${LIMITS.reference} characters.`];
  return errors;
}

const withPayments = (inv: Invoice, payments: Payment[], at: string): Invoice =>
  settle({ ...inv, payments, paidCents: payments.reduce((s, x) => s + x.amountCents, 0), updatedAt: at });

export function recordPayment(inv: Invoice, p: PaymentInput, ctx: PaymentContext & { id: string }): Invoice {
  refuseClosed(inv);
  if (inv.status === 'paid') throw new DomainError('conflict', `${inv.number} is paid in full.`);
  const errors = paymentErrors(inv, p, inv.balanceCents, ctx);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const at = ctx.now.toISOString();
  const payment: Payment = { id: ctx.id, date: p.date, amountCents: p.amountCents, method: p.method, reference: p.reference.trim(), recordedAt: at, recordedBy: ctx.by };
  return withPayments(inv, [...inv.payments, payment], at);
}

function paymentOf(inv: Invoice, paymentId: string): Payment {
  const found = inv.payments.find((x) => x.id === paymentId);
  if (!found) throw new DomainError('not-found', `${inv.number} has no such payment; it may have been removed already.`);
  return found;
}

/** Who the books say recorded what the payment provider's webhook reported: "Online payment (stripe)". */
export const providerRecorder = (providerName: string): string => `Online payment (${providerName})`;

/**
 * A card payment or card refund the payment provider recorded (by its webhook, docs/payments.md):
 * the money really moved at the provider, so staff neither edit nor remove it; Refund corrects it.
 */
export const recordedByProvider = (p: Pick<Payment, 'method' | 'recordedBy'>): boolean => p.method === 'card' && /^Online payment \(.+\)$/.test(p.recordedBy);

function refuseProviderRecorded(p: Payment, change: 'edited' | 'removed'): void {
  if (!recordedByProvider(p)) return;
  throw new DomainError(
    'conflict',
    p.amountCents < 0
      ? `This card refund was recorded by the payment provider when it gave the money back; it cannot be ${change} here. To give more back, use Refund on the card payment.`
      : `This card payment was recorded by the payment provider; it cannot be ${change} here. To give money back, use Refund on the payment; the provider records the refund.`,
  );
}

/**
 * Corrects a recorded payment (a typo in the amount, the date, the method or the reference); the
 * balance and the status follow. Who recorded it first stays; the audit trail says who changed it.
 */
export function correctPayment(inv: Invoice, paymentId: string, p: PaymentInput, ctx: PaymentContext): Invoice {
  refuseClosed(inv);
  const old = paymentOf(inv, paymentId);
  refuseProviderRecorded(old, 'edited');
  if (old.amountCents < 0) throw new DomainError('conflict', 'A refund comes from the payment provider and is not edited; remove it only if it was recorded by mistake.');
  const errors = paymentErrors(inv, p, inv.balanceCents + old.amountCents, ctx);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const next: Payment = { ...old, date: p.date, amountCents: p.amountCents, method: p.method, reference: p.reference.trim() };
  if (next.date === old.date && next.amountCents === old.amountCents && next.method === old.method && next.reference === old.reference) return inv;
  return withPayments(inv, inv.payments.map((x) => (x.id === paymentId ? next : x)), ctx.now.toISOString());
}

/** Removes a payment recorded by mistake: a paid invoice is open (sent, or overdue) again. */
export function removePayment(inv: Invoice, paymentId: string, now: Date): Invoice {
  refuseClosed(inv);
  refuseProviderRecorded(paymentOf(inv, paymentId), 'removed');
  return withPayments(inv, inv.payments.filter((x) => x.id !== paymentId), now.toISOString());
}

/**
 * Money the payment provider gave back to the client (docs/payments.md "Refunds"): an entry of
 * minus the refunded amount with the refunded payment's method and reference, so paid, balance
 * and status follow (a refunded invoice is owed again until it is paid or credited). At most
 * what was paid under that reference and not yet refunded.
 */
export function recordRefund(inv: Invoice, r: { date: string; amountCents: number; reference: string }, ctx: { id: string; now: Date; by: string }): Invoice {
  refuseClosed(inv);
  const under = inv.payments.filter((x) => x.reference === r.reference);
  const paid = under.find((x) => x.amountCents > 0);
  const net = under.reduce((s, x) => s + x.amountCents, 0);
  if (!paid) throw new DomainError('not-found', `${inv.number} has no payment ${r.reference} to refund.`);
  if (!Number.isSafeInteger(r.amountCents) || r.amountCents <= 0 || r.amountCents > net) throw new DomainError('conflict', `${inv.number}: a refund can return at most what remains of payment ${r.reference}.`);
  const at = ctx.now.toISOString();
  const refund: Payment = { id: ctx.id, date: r.date, amountCents: -r.amountCents, method: paid.method, reference: r.reference, recordedAt: at, recordedBy: ctx.by };
  return withPayments(inv, [...inv.payments, refund], at);
}

/** A payment's fields as the audit trail lists them (`payment.amountCents`, …); null when there is none. */
export function paymentChanges(before: Payment | null, after: Payment | null): AuditChange[] {
  const view = (p: Payment | null) => ({ 'payment.date': p?.date ?? null, 'payment.amountCents': p?.amountCents ?? null, 'payment.method': p?.method ?? null, 'payment.reference': p?.reference ?? null });
  const a = view(before);
  const b = view(after);
  return (Object.keys(a) as (keyof typeof a)[]).filter((k) => a[k] !== b[k]).map((k) => ({ field: k, from: a[k], to: b[k] }));
}

/** Why an invoice cannot be voided now, in words that say what to do instead; null when it can. */
export function voidBlocker(inv: Pick<Invoice, 'number' | 'status' | 'kind' | 'paidCents' | 'creditedCents' | 'payments'>, money: MoneySettings): string | null {
  if (inv.status === 'void') return `${inv.number} is already void.`;
  if (inv.kind === 'credit-note') return 'A credit note cannot be voided.';
  if (inv.paidCents > 0) {
    const n = inv.payments.length;
    const online = inv.payments.some(recordedByProvider) ? ' Card payments made online are given back with Refund instead.' : '';
    return `${inv.number} has ${n === 1 ? 'a payment' : `${n} payments`} of ${formatMoney(inv.paidCents, money)} recorded. Remove the recorded payments first (each has Remove under Payments); money that was really received is refunded to the client, then its payment removed.${online}`;
  }
  if (inv.creditedCents > 0) return `${inv.number} is already corrected by a credit note (${formatMoney(inv.creditedCents, money)}); credit the rest of the balance instead of voiding.`;
  return null;
}

export function voidInvoice(inv: Invoice, reason: string, now: Date, money: MoneySettings): Invoice {
  const blocker = voidBlocker(inv, money);
  if (blocker) throw new DomainError('conflict', blocker);
  const r = reason.trim();
  if (r === '' || r.length > LIMITS.voidReason) throw invalid({ reason: [`Reason: say why the invoice is void (at most ${LIMITS.voidReason} characters).`] });
  // A void invoice's link dies with it: the client can no longer open or download it.
  return { ...revokeLink(inv, now), status: 'void', voidReason: r, balanceCents: 0, updatedAt: now.toISOString() };
}

export interface CreditNoteDraft {
  id: string;
  /** The next value of the year's credit-note counter (CN-YYYY), not the invoices'. */
  sequence: number;
  publicToken: string;
  /** Positive amounts, as the original's lines read; the credit note stores them negated. */
  lines: InvoiceLineInput[];
  reason: string;
  issueDate: string;
  now: Date;
  calendar: Today;
}

/** The credit note and the original it settles, to be written together. */
export function issueCreditNote(original: Invoice, d: CreditNoteDraft): { creditNote: Invoice; original: Invoice } {
  if (original.kind === 'credit-note') throw new DomainError('conflict', 'A credit note cannot be credited.');
  if (original.status === 'draft') throw new DomainError('conflict', `${original.number} is still a draft; edit it instead.`);
  if (original.status === 'void') throw new DomainError('conflict', `${original.number} is void.`);
  const { money } = d.calendar;
  const errors = validateLines(d.lines, 'lines', money);
  const charged = new Set(original.lines.map((l) => l.taxRateBp));
  const chargedText = [...charged].sort((a, b) => a - b).map((bp) => formatRateBp(bp, money.locale)).join(', ');
  d.lines.forEach((l, i) => {
    const at = `lines.${i}.taxRateBp`;
    if (!errors[at] && !charged.has(l.taxRateBp))
      errors[at] = [`Tax rate: ${original.number} charged ${chargedText}; a credit note can only credit ${charged.size === 1 ? 'that rate' : 'one of those rates'}, not ${formatRateBp(l.taxRateBp, money.locale)}.`];
  });
  const dateProblem = issueDateProblem(d.issueDate, d.calendar);
  if (dateProblem) errors['issueDate'] = [dateProblem];
  else if (d.issueDate < original.issueDate)
    errors['issueDate'] = [`Issue date: a credit note cannot predate its invoice (${formatCalendarDay(original.issueDate, money.locale)}).`];
  if (d.reason.trim() === '' || d.reason.length > LIMITS.notes) errors['reason'] = ['Reason: say why the invoice is credited.'];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const priced = priceLines(d.lines, -1);
  const credit = -priced.totalCents;
  if (credit <= 0) throw invalid({ lines: ['A credit note must credit more than zero.'] });
  if (credit > original.balanceCents)
    throw invalid({ lines: [`The credit (${formatMoney(credit, money)}) exceeds the balance due (${formatMoney(original.balanceCents, money)}); refunds of paid money are not credit notes.`] });
  const year = yearOf(d.issueDate);
  const at = d.now.toISOString();
  const creditNote: Invoice = {
    ...original,
    ...priced,
    id: d.id,
    number: invoiceNumber(year, d.sequence, 'credit-note'),
    year,
    kind: 'credit-note',
    creditFor: { id: original.id, number: original.number },
    title: `Credit note for ${original.number}`,
    notes: d.reason.trim(),
    terms: 'net0',
    issueDate: d.issueDate,
    dueDate: d.issueDate,
    payments: [],
    paidCents: 0,
    creditedCents: 0,
    creditTaxes: [],
    creditNotes: [],
    balanceCents: 0,
    status: 'sent',
    voidReason: null,
    sentAt: at,
    publicToken: d.publicToken,
    createdAt: at,
    updatedAt: at,
  };
  const updated = settle({
    ...original,
    creditedCents: original.creditedCents + credit,
    creditTaxes: sumTaxes([...original.creditTaxes, ...priced.taxes]),
    creditNotes: [...original.creditNotes, { id: creditNote.id, number: creditNote.number }],
    updatedAt: at,
  });
  return { creditNote, original: updated };
}

// ---- audit ----------------------------------------------------------------------------------

/** What the audit trail calls an invoice (credit notes too). */
export const INVOICE_ENTITY = 'invoice';

const AUDITED = ['status', 'title', 'notes', 'terms', 'issueDate', 'dueDate', 'subtotalCents', 'taxCents', 'totalCents', 'paidCents', 'creditedCents', 'balanceCents', 'voidReason', 'lineCount'] as const;

function auditView(inv: Invoice | null): Record<(typeof AUDITED)[number], string | number | null> {
  return {
    status: inv?.status ?? null,
    title: inv?.title ?? null,
    notes: inv?.notes ?? null,
    terms: inv?.terms ?? null,
    issueDate: inv?.issueDate ?? null,
    dueDate: inv?.dueDate ?? null,
    subtotalCents: inv?.subtotalCents ?? null,
    taxCents: inv?.taxCents ?? null,
    totalCents: inv?.totalCents ?? null,
    paidCents: inv?.paidCents ?? null,
    creditedCents: inv?.creditedCents ?? null,
    balanceCents: inv?.balanceCents ?? null,
    voidReason: inv?.voidReason ?? null,
    lineCount: inv ? inv.lines.length : null,
  };
}

/** Every audited field that differs; a new invoice lists all of its fields. */
export function invoiceChanges(before: Invoice | null, after: Invoice): AuditChange[] {
  const a = auditView(before);
  const b = auditView(after);
  return AUDITED.filter((k) => a[k] !== b[k]).map((k) => ({ field: k, from: a[k], to: b[k] }));
}
