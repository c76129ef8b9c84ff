import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { draftInvoice, issueCreditNote, markSent, recordPayment, sumTaxes, type Invoice } from '../../../src/domain/invoices/invoice.ts';
import { DEFAULT_MONEY, proportionCents } from '../../../src/domain/shared/money.ts';
import { buildTaxReport, periodRange, type TaxReport } from '../../../src/domain/invoices/tax-report.ts';
import { NOW } from './invoice-factories.ts';

const RATES = [0, 500, 825, 1000, 2000];
const MONTHS = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
const CAL = { today: '2027-01-01', money: DEFAULT_MONEY };
const dayIndex = (date: string) => (Date.parse(`${date}T00:00:00Z`) - Date.parse('2026-01-01T00:00:00Z')) / 86_400_000;

const lineArb = fc.record({
  description: fc.constant<string>('Work'),
  quantity: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 8000 }).map((m) => m / 1000)),
  unitPriceCents: fc.integer({ min: 1, max: 250_000 }),
  taxRateBp: fc.constantFrom(...RATES),
  itemId: fc.constant(null),
});

const invoiceArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
  issueDay: fc.integer({ min: 0, max: 300 }),
  fate: fc.constantFrom('draft', 'sent', 'sent', 'sent', 'void'),
  /** Each payment: fraction of what is left (per mille) and days after the previous event. */
  payments: fc.array(fc.record({ perMille: fc.integer({ min: 1, max: 1000 }), afterDays: fc.integer({ min: 0, max: 40 }) }), { maxLength: 4 }),
  credit: fc.option(fc.record({ lineIndex: fc.nat(), perMille: fc.integer({ min: 1, max: 1000 }), afterDays: fc.integer({ min: 0, max: 20 }) }), { nil: null }),
});

type Spec = typeof invoiceArb extends fc.Arbitrary<infer T> ? T : never;

/** Builds one invoice (and maybe its credit note) through the domain's own rules. */
function build(spec: Spec, i: number): Invoice[] {
  const issueDate = day(spec.issueDay);
  let inv = draftInvoice({
    id: `inv-${i}`,
    sequence: i + 1,
    publicToken: `tok-${i}`,
    client: { id: 'c', name: `Client ${i % 7}`, email: null },
    siteId: null,
    source: { kind: 'blank', id: null },
    fields: { title: '', notes: '', terms: 'net30', issueDate, lines: spec.lines },
    now: NOW,
    calendar: CAL,
  });
  if (spec.fate === 'draft') return [inv];
  inv = markSent(inv, NOW);
  if (spec.fate === 'void') return [{ ...inv, status: 'void' }];
  const out: Invoice[] = [];
  let date = issueDate;
  if (spec.credit) {
    const line = spec.lines[spec.credit.lineIndex % spec.lines.length];
    const price = line ? Math.floor((line.unitPriceCents * spec.credit.perMille) / 1000) : 0;
    if (line && price > 0) {
      date = day(spec.issueDay + spec.credit.afterDays);
      try {
        const made = issueCreditNote(inv, { id: `cn-${i}`, sequence: 100_000 + i, publicToken: `cn-${i}`, lines: [{ ...line, quantity: 1, unitPriceCents: price }], reason: 'r', issueDate: date, now: NOW, calendar: CAL });
        inv = made.original;
        out.push(made.creditNote);
      } catch {
        // a credit larger than the balance is refused; the invoice then stays uncredited
      }
    }
  }
  let k = 0;
  for (const p of spec.payments) {
    if (inv.balanceCents <= 0) break;
    date = day(Math.min(364, dayIndex(date) + p.afterDays));
    const amount = Math.max(1, Math.floor((inv.balanceCents * p.perMille) / 1000));
    inv = recordPayment(inv, { date, amountCents: amount, method: 'card', reference: '' }, { id: `p-${i}-${k++}`, now: NOW, ...CAL, by: 'x' });
  }
  out.push(inv);
  return out;
}

const ledgerArb = fc.array(invoiceArb, { minLength: 1, maxLength: 25 }).map((specs) => specs.flatMap(build));

const counted = (inv: Invoice) => inv.status !== 'draft' && inv.status !== 'void';
const rowsOf = (r: TaxReport) => new Map(r.rows.map((row) => [row.taxRateBp, row]));
const sumReports = (reports: TaxReport[]) => sumTaxes(reports.flatMap((r) => r.rows)).filter((t) => t.taxableCents !== 0 || t.taxCents !== 0);
const nonZero = (r: TaxReport) => r.rows.map(({ taxRateBp, taxableCents, taxCents }) => ({ taxRateBp, taxableCents, taxCents })).filter((t) => t.taxableCents !== 0 || t.taxCents !== 0);

describe('tax report', () => {
  it('accrual totals equal the sum of the issued invoices and credit notes they come from, to the cent', () => {
    fc.assert(
      fc.property(ledgerArb, (ledger) => {
        const year = buildTaxReport(ledger, 'accrual', '2026-01-01', '2026-12-31');
        const issued = ledger.filter(counted);
        expect(year.totals.taxCents).toBe(issued.reduce((s, i) => s + i.taxCents, 0));
        expect(year.totals.taxableCents).toBe(issued.reduce((s, i) => s + i.subtotalCents, 0));
        const expected = sumTaxes(issued.flatMap((i) => i.taxes));
        for (const t of expected) expect(rowsOf(year).get(t.taxRateBp)).toMatchObject(t);
        // Drill-down: the entries add up to the rows.
        expect(year.entries.reduce((s, e) => s + e.taxCents, 0)).toBe(year.totals.taxCents);
        // Months add up to the year exactly.
        const months = MONTHS.map((m) => buildTaxReport(ledger, 'accrual', ...(Object.values(periodRange('month', m) ?? {}) as [string, string])));
        expect(sumReports(months)).toEqual(nonZero(year));
      }),
      { numRuns: 200 },
    );
  });

  it('cash basis counts tax × paid ÷ total per invoice, adds up across periods, and a fully paid invoice counts exactly its tax', () => {
    fc.assert(
      fc.property(ledgerArb, (ledger) => {
        const all = buildTaxReport(ledger, 'cash', '2026-01-01', '2027-12-31');
        expect(all.entries.reduce((s, e) => s + e.taxCents, 0)).toBe(all.totals.taxCents);
        for (const inv of ledger.filter((i) => counted(i) && i.kind === 'invoice')) {
          const effective = sumTaxes([...inv.taxes, ...inv.creditTaxes]);
          const total = inv.totalCents - inv.creditedCents;
          const mine = all.entries.filter((e) => e.invoiceId === inv.id);
          if (inv.paidCents === 0) {
            expect(mine).toEqual([]);
            continue;
          }
          for (const t of effective) {
            const e = mine.find((x) => x.taxRateBp === t.taxRateBp);
            expect(e?.taxCents).toBe(proportionCents(t.taxCents, inv.paidCents, total));
            expect(e?.taxableCents).toBe(proportionCents(t.taxableCents, inv.paidCents, total));
            if (inv.status === 'paid') expect(e).toMatchObject({ taxCents: t.taxCents, taxableCents: t.taxableCents });
          }
        }
        const year = buildTaxReport(ledger, 'cash', '2026-01-01', '2026-12-31');
        const quarters = [1, 2, 3, 4].map((q) => {
          const r = periodRange('quarter', `2026-Q${q}`);
          return buildTaxReport(ledger, 'cash', r?.from ?? '', r?.to ?? '');
        });
        expect(sumReports(quarters)).toEqual(nonZero(year));
      }),
      { numRuns: 200 },
    );
  });

  it('voided invoices and drafts count nowhere; credit notes subtract on accrual', () => {
    const ledger = build({ lines: [{ description: 'x', quantity: 1, unitPriceCents: 10_000, taxRateBp: 1000, itemId: null }], issueDay: 10, fate: 'void', payments: [], credit: null }, 1);
    expect(buildTaxReport(ledger, 'accrual', '2026-01-01', '2026-12-31').rows).toEqual([]);
    const credited = build(
      { lines: [{ description: 'x', quantity: 1, unitPriceCents: 10_000, taxRateBp: 1000, itemId: null }], issueDay: 10, fate: 'sent', payments: [], credit: { lineIndex: 0, perMille: 250, afterDays: 0 } },
      2,
    );
    expect(buildTaxReport(credited, 'accrual', '2026-01-01', '2026-12-31').rows).toEqual([{ taxRateBp: 1000, taxableCents: 7_500, taxCents: 750, invoiceCount: 2 }]);
  });

  it.each([
    ['month', '2026-02', { from: '2026-02-01', to: '2026-02-28' }],
    ['quarter', '2026-Q3', { from: '2026-07-01', to: '2026-09-30' }],
    ['year', '2028', { from: '2028-01-01', to: '2028-12-31' }],
    ['custom', '2026-03-05..2026-04-01', { from: '2026-03-05', to: '2026-04-01' }],
    ['custom', '2026-04-01..2026-03-05', null],
    ['month', '2026-13', null],
  ] as const)('period %s %s', (kind, value, range) => {
    expect(periodRange(kind, value)).toEqual(range);
  });
});
