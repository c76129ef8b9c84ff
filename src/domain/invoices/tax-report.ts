/**
 * The tax report (docs/money.md "Tax reporting"): taxable and tax amounts per rate for a period.
 *
 * - Accrual basis: every issued (not draft, not void) invoice and credit note dated in the
 *   period counts in full by its issue date; credit notes are negative, so they subtract.
 * - Cash basis: an invoice counts as it is paid, by payment date. Its rates are netted with the
 *   credit notes issued against it (credit notes do not count on their own), and after payment j
 *   the share counted so far of each rate's amount A is round(A × paid_j ÷ effectiveTotal), half
 *   away from zero; payment j counts the difference to the previous share. The shares telescope:
 *   a fully paid invoice counts exactly its amounts, and adjoining periods add up exactly.
 *
 * Every figure is a sum of entries (one per invoice and rate), which the drill-down lists, so the
 * report's totals are the sum of the invoices they come from, to the cent.
 */
import type { Invoice, TaxLine } from './invoice.ts';
import { sumTaxes } from './invoice.ts';
import { proportionCents } from '../shared/money.ts';

export const TAX_BASES = ['accrual', 'cash'] as const;
export type TaxBasis = (typeof TAX_BASES)[number];

export type ReportInvoice = Pick<
  Invoice,
  'id' | 'number' | 'kind' | 'clientName' | 'issueDate' | 'status' | 'taxes' | 'totalCents' | 'creditedCents' | 'creditTaxes' | 'payments'
>;

export interface TaxReportEntry {
  invoiceId: string;
  number: string;
  kind: Invoice['kind'];
  clientName: string;
  /** The issue date (accrual) or the last payment date counted in the period (cash). */
  date: string;
  taxRateBp: number;
  taxableCents: number;
  taxCents: number;
}

export interface TaxReportRow extends TaxLine {
  invoiceCount: number;
}

export interface TaxReport {
  basis: TaxBasis;
  from: string;
  to: string;
  rows: TaxReportRow[];
  totals: { taxableCents: number; taxCents: number };
  entries: TaxReportEntry[];
}

/** Code-unit order (ISO dates, INV numbers): far cheaper than localeCompare over 10⁵ entries. */
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const issued = (inv: ReportInvoice) => inv.status !== 'draft' && inv.status !== 'void';

export function accrualEntries(inv: ReportInvoice, from: string, to: string): TaxReportEntry[] {
  if (!issued(inv) || inv.issueDate < from || inv.issueDate > to) return [];
  return inv.taxes.map((t) => entry(inv, inv.issueDate, t.taxRateBp, t.taxableCents, t.taxCents));
}

export function cashEntries(inv: ReportInvoice, from: string, to: string): TaxReportEntry[] {
  if (!issued(inv) || inv.kind !== 'invoice' || inv.payments.length === 0) return [];
  const effectiveTotal = inv.totalCents - inv.creditedCents;
  if (effectiveTotal <= 0) return [];
  const rates = sumTaxes([...inv.taxes, ...inv.creditTaxes]);
  const payments = inv.payments.length === 1 ? inv.payments : [...inv.payments].sort((a, b) => cmp(a.date, b.date) || cmp(a.recordedAt, b.recordedAt));
  const counted = rates.map((r) => ({ ...r, taxableCents: 0, taxCents: 0 }));
  let paid = 0;
  let lastDate: string | null = null;
  for (const p of payments) {
    const before = paid;
    paid += p.amountCents;
    if (p.date < from || p.date > to) continue;
    lastDate = p.date;
    rates.forEach((r, i) => {
      const c = counted[i];
      if (!c) return;
      c.taxableCents += proportionCents(r.taxableCents, paid, effectiveTotal) - proportionCents(r.taxableCents, before, effectiveTotal);
      c.taxCents += proportionCents(r.taxCents, paid, effectiveTotal) - proportionCents(r.taxCents, before, effectiveTotal);
    });
  }
  if (lastDate === null) return [];
  const date = lastDate;
  return counted.map((c) => entry(inv, date, c.taxRateBp, c.taxableCents, c.taxCents));
}

function entry(inv: ReportInvoice, date: string, taxRateBp: number, taxableCents: number, taxCents: number): TaxReportEntry {
  return { invoiceId: inv.id, number: inv.number, kind: inv.kind, clientName: inv.clientName, date, taxRateBp, taxableCents, taxCents };
}

/** Builds the report from the invoices that may fall in the period (others contribute nothing). */
export function buildTaxReport(invoices: Iterable<ReportInvoice>, basis: TaxBasis, from: string, to: string): TaxReport {
  const entries: TaxReportEntry[] = [];
  for (const inv of invoices) entries.push(...(basis === 'accrual' ? accrualEntries(inv, from, to) : cashEntries(inv, from, to)));
  entries.sort((a, b) => cmp(a.date, b.date) || cmp(a.number, b.number) || a.taxRateBp - b.taxRateBp);
  const byRate = new Map<number, TaxReportRow & { ids: Set<string> }>();
  for (const e of entries) {
    const row = byRate.get(e.taxRateBp) ?? { taxRateBp: e.taxRateBp, taxableCents: 0, taxCents: 0, invoiceCount: 0, ids: new Set<string>() };
    row.taxableCents += e.taxableCents;
    row.taxCents += e.taxCents;
    row.ids.add(e.invoiceId);
    row.invoiceCount = row.ids.size;
    byRate.set(e.taxRateBp, row);
  }
  const rows = [...byRate.values()].sort((a, b) => a.taxRateBp - b.taxRateBp).map(({ ids: _ids, ...r }) => r);
  const totals = rows.reduce((t, r) => ({ taxableCents: t.taxableCents + r.taxableCents, taxCents: t.taxCents + r.taxCents }), { taxableCents: 0, taxCents: 0 });
  return { basis, from, to, rows, totals, entries };
}

// ---- periods --------------------------------------------------------------------------------

export const PERIOD_KINDS = ['month', 'quarter', 'year', 'custom'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * The inclusive date range of a period: month '2026-11', quarter '2026-Q4', year '2026', custom
 * 'YYYY-MM-DD..YYYY-MM-DD'. Null when the value does not name one.
 */
export function periodRange(kind: PeriodKind, value: string): { from: string; to: string } | null {
  let m: RegExpExecArray | null;
  if (kind === 'month' && (m = /^(\d{4})-(\d{2})$/.exec(value))) {
    const y = Number(m[1]);
    const mo = Number(m[2]);
    if (mo < 1 || mo > 12) return null;
    return { from: `${y}-${pad(mo)}-01`, to: `${y}-${pad(mo)}-${pad(lastDay(y, mo))}` };
  }
  if (kind === 'quarter' && (m = /^(\d{4})-Q([1-4])$/.exec(value))) {
    const y = Number(m[1]);
    const q = Number(m[2]);
    const end = q * 3;
    return { from: `${y}-${pad(end - 2)}-01`, to: `${y}-${pad(end)}-${pad(lastDay(y, end))}` };
  }
  if (kind === 'year' && /^\d{4}$/.test(value)) return { from: `${value}-01-01`, to: `${value}-12-31` };
  if (kind === 'custom' && (m = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(value))) {
    const from = m[1] ?? '';
    const to = m[2] ?? '';
    const ok = (s: string) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
    if (!ok(from) || !ok(to) || from > to) return null;
    return { from, to };
  }
  return null;
}
