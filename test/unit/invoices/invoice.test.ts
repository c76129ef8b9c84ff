import { describe, expect, it } from 'vitest';
import {
  dayIn,
  dueDateFor,
  invoiceChanges,
  invoiceNumber,
  isOverdue,
  issueCreditNote,
  markSent,
  priceLines,
  recordPayment,
  reviseDraft,
  voidInvoice,
  type Invoice,
} from '../../../src/domain/invoices/invoice.ts';
import { DEFAULT_MONEY, divRoundHalfAway, lineNetCents, lineTaxCents } from '../../../src/domain/shared/money.ts';
import { aDraft, aLine, aSentInvoice, CAL, draftFields, NOW } from './invoice-factories.ts';

const pay = (inv: Invoice, amountCents: number, date = '2026-11-20') =>
  recordPayment(inv, { date, amountCents, method: 'card', reference: 'ch_1' }, { id: `p-${amountCents}-${date}`, now: NOW, ...CAL, by: 'Frank' });

describe('money rounding', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [4n, 3n, 1n],
    [-4n, 3n, -1n],
    [1n, 2n, 1n],
    [-1n, 2n, -1n],
    [0n, 7n, 0n],
  ])('%i ÷ %i rounds half away from zero to %i', (n, d, q) => {
    expect(divRoundHalfAway(n, d)).toBe(q);
  });

  it('rounds each line: 3 × 0.333 h at $100.05 and 8.25 % tax', () => {
    expect(lineNetCents(0.333, 10_005)).toBe(3332); // 3331.665 → 3332
    expect(lineTaxCents(3332, 825)).toBe(275); // 274.89 → 275
    expect(lineTaxCents(-3332, 825)).toBe(-275);
    expect(lineTaxCents(606, 825)).toBe(50); // 49.995 → 50 (half away from zero)
    expect(lineTaxCents(-606, 825)).toBe(-50);
  });

  it('sums rounded lines per rate, so the per-rate table adds up to the totals', () => {
    const p = priceLines([aLine({ quantity: 1, unitPriceCents: 606 }), aLine({ quantity: 1, unitPriceCents: 606 }), aLine({ quantity: 1, unitPriceCents: 1000, taxRateBp: 0 })]);
    expect(p.taxes).toEqual([
      { taxRateBp: 0, taxableCents: 1000, taxCents: 0 },
      { taxRateBp: 825, taxableCents: 1212, taxCents: 100 },
    ]);
    expect(p.subtotalCents).toBe(2212);
    expect(p.taxCents).toBe(100); // per line 50 + 50, not round(1212 × 8.25 %) = 100.0 — same here, but see below
    expect(p.totalCents).toBe(2312);
  });

  it('a discount line (negative price) reduces its rate’s taxable amount and tax', () => {
    const p = priceLines([aLine({ quantity: 1, unitPriceCents: 10_000 }), aLine({ description: 'Loyalty discount', quantity: 1, unitPriceCents: -1_000 })]);
    expect(p.taxes).toEqual([{ taxRateBp: 825, taxableCents: 9_000, taxCents: 825 - 83 }]);
    expect(p.totalCents).toBe(9_000 + 742);
  });
});

describe('numbers, terms and overdue', () => {
  it('formats INV-YYYY-NNNN', () => {
    expect(invoiceNumber(2026, 7)).toBe('INV-2026-0007');
    expect(invoiceNumber(2027, 12_345)).toBe('INV-2027-12345');
  });

  it.each([
    ['net0', '2026-11-20'],
    ['net7', '2026-11-27'],
    ['net15', '2026-12-05'],
    ['net30', '2026-12-20'],
    ['net60', '2027-01-19'],
  ] as const)('%s from 2026-11-20 is due %s', (terms, due) => {
    expect(dueDateFor('2026-11-20', terms)).toBe(due);
  });

  it('is overdue only when open and past the due day in the company time zone', () => {
    const inv = aSentInvoice({ terms: 'net0' });
    // 2026-11-21 03:00 UTC is still 2026-11-20 in Chicago: not overdue there, overdue in UTC.
    const at = new Date('2026-11-21T03:00:00Z');
    expect(isOverdue(inv, dayIn('America/Chicago', at))).toBe(false);
    expect(isOverdue(inv, dayIn('UTC', at))).toBe(true);
    expect(isOverdue(aDraft({ terms: 'net0' }), '2027-01-01')).toBe(false);
    expect(isOverdue(pay(inv, inv.totalCents), '2027-01-01')).toBe(false);
  });
});

describe('life cycle', () => {
  it('a draft can be revised; a sent invoice’s lines are locked', () => {
    const d = aDraft();
    const revised = reviseDraft(d, draftFields({ lines: [aLine({ quantity: 3 })] }), NOW, CAL);
    expect(revised.subtotalCents).toBe(3 * 4_999);
    expect(revised.number).toBe(d.number);
    const sent = markSent(revised, NOW);
    expect(sent.status).toBe('sent');
    expect(() => reviseDraft(sent, draftFields(), NOW, CAL)).toThrow(/locked/);
  });

  it('keeps the issue date in the number’s year', () => {
    expect(() => reviseDraft(aDraft(), draftFields({ issueDate: '2027-01-02' }), NOW, CAL)).toThrow('Issue date: INV-2026-0001 is numbered in 2026; keep the issue date in that year.');
  });

  it('payments move sent → partial → paid; overpayment and future dates are refused', () => {
    const inv = aSentInvoice();
    const part = pay(inv, 1_000);
    expect(part.status).toBe('partial');
    expect(part.balanceCents).toBe(inv.totalCents - 1_000);
    expect(() => pay(part, part.balanceCents + 1)).toThrow('Amount: $98.24 is more than the balance due ($98.23); enter at most $98.23.');
    expect(() => pay(part, 1, '2026-11-21')).toThrow();
    const paid = pay(part, part.balanceCents);
    expect(paid.status).toBe('paid');
    expect(paid.balanceCents).toBe(0);
    expect(() => pay(paid, 1)).toThrow(/paid in full/);
    expect(() => pay(aDraft(), 1)).toThrow(/Send/);
  });

  it('void needs a reason and no payments', () => {
    const inv = aSentInvoice();
    expect(() => voidInvoice(inv, '  ', NOW, DEFAULT_MONEY)).toThrow();
    const v = voidInvoice(inv, 'Duplicate', NOW, DEFAULT_MONEY);
    expect(v).toMatchObject({ status: 'void', voidReason: 'Duplicate', balanceCents: 0 });
    expect(() => voidInvoice(pay(inv, 100), 'x', NOW, DEFAULT_MONEY)).toThrow(/payments/);
    expect(() => pay(v, 100)).toThrow(/void/);
  });

  it('a credit note has its own number, negative lines, and settles the original', () => {
    const inv = aSentInvoice({ lines: [aLine({ quantity: 1, unitPriceCents: 10_000 })] }, 4);
    const { creditNote, original } = issueCreditNote(inv, {
      id: 'cn-1',
      sequence: 5,
      publicToken: 'tok-cn-abcdefghijklmnopqrstuvwxyz',
      lines: [aLine({ description: 'Returned sensor', quantity: 1, unitPriceCents: 4_000 })],
      reason: 'Returned',
      issueDate: '2026-11-21',
      now: NOW,
      calendar: CAL,
    });
    expect(creditNote).toMatchObject({ kind: 'credit-note', number: 'CN-2026-0005', creditFor: { id: inv.id, number: 'INV-2026-0004' }, subtotalCents: -4_000, taxCents: -330, totalCents: -4_330 });
    expect(original).toMatchObject({ creditedCents: 4_330, balanceCents: inv.totalCents - 4_330, status: 'partial', creditTaxes: [{ taxRateBp: 825, taxableCents: -4_000, taxCents: -330 }] });
    expect(() =>
      issueCreditNote(original, { id: 'cn-2', sequence: 6, publicToken: 't', lines: [aLine({ quantity: 1, unitPriceCents: 10_000 })], reason: 'x', issueDate: '2026-11-21', now: NOW, calendar: CAL }),
    ).toThrow(/The credit \(\$108\.25\) exceeds the balance due \(\$64\.95\)/);
    expect(() => issueCreditNote(aDraft(), { id: 'c', sequence: 1, publicToken: 't', lines: [aLine()], reason: 'x', issueDate: '2026-11-21', now: NOW, calendar: CAL })).toThrow(/draft/);
  });

  it('lists audited changes field by field', () => {
    const inv = aSentInvoice();
    const changes = invoiceChanges(inv, pay(inv, 500));
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'status', from: 'sent', to: 'partial' },
        { field: 'paidCents', from: 0, to: 500 },
      ]),
    );
  });
});
