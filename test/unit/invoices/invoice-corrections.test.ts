import { describe, expect, it } from 'vitest';
import { correctPayment, issueCreditNote, paymentChanges, recordPayment, removePayment, reviseDraft, voidBlocker, type Invoice } from '../../../src/domain/invoices/invoice.ts';
import { DomainError } from '../../../src/domain/shared/domain-error.ts';
import { aDraft, aLine, aSentInvoice, CAL, draftFields, NOW } from './invoice-factories.ts';

const ctx = { ...CAL, now: NOW, by: 'Frank Miller' };
const pay = (inv: Invoice, amountCents: number, date = '2026-11-20', id = `p-${amountCents}`) => recordPayment(inv, { date, amountCents, method: 'card', reference: 'ch_1' }, { ...ctx, id });

/** The field messages a validation error carries, for asserting on what the form shows. */
function fieldsOf(run: () => unknown): { message: string; fields: Record<string, string[]> } {
  try {
    run();
  } catch (e) {
    if (e instanceof DomainError) return { message: e.message, fields: e.fields ?? {} };
    throw e;
  }
  throw new Error('did not throw');
}

describe('payment corrections', () => {
  it('corrects a mistyped amount: balance and status follow, who recorded it stays', () => {
    const inv = aSentInvoice();
    const paid = pay(inv, inv.totalCents, '2026-11-20', 'p-1');
    expect(paid.status).toBe('paid');
    const fixed = correctPayment(paid, 'p-1', { date: '2026-11-19', amountCents: 5_000, method: 'check', reference: '1042' }, { ...ctx, by: 'Maria' });
    expect(fixed).toMatchObject({ status: 'partial', paidCents: 5_000, balanceCents: inv.totalCents - 5_000 });
    expect(fixed.payments[0]).toMatchObject({ date: '2026-11-19', amountCents: 5_000, method: 'check', reference: '1042', recordedBy: 'Frank Miller' });
    expect(paymentChanges(paid.payments[0] ?? null, fixed.payments[0] ?? null)).toEqual([
      { field: 'payment.date', from: '2026-11-20', to: '2026-11-19' },
      { field: 'payment.amountCents', from: inv.totalCents, to: 5_000 },
      { field: 'payment.method', from: 'card', to: 'check' },
      { field: 'payment.reference', from: 'ch_1', to: '1042' },
    ]);
  });

  it('an unchanged correction changes nothing (no audit entry)', () => {
    const paid = pay(aSentInvoice(), 1_000, '2026-11-20', 'p-1');
    expect(correctPayment(paid, 'p-1', { date: '2026-11-20', amountCents: 1_000, method: 'card', reference: 'ch_1' }, ctx)).toBe(paid);
  });

  it('a correction may use the payment’s own amount plus the balance, not more, and says so in dollars', () => {
    const inv = aSentInvoice();
    const part = pay(inv, 1_000, '2026-11-20', 'p-1');
    expect(correctPayment(part, 'p-1', { date: '2026-11-20', amountCents: inv.totalCents, method: 'card', reference: '' }, ctx).status).toBe('paid');
    const e = fieldsOf(() => correctPayment(part, 'p-1', { date: '2026-11-20', amountCents: inv.totalCents + 1, method: 'card', reference: '' }, ctx));
    expect(e.fields['amountCents']).toEqual(['Amount: $108.24 is more than the balance due ($108.23); enter at most $108.23.']);
    expect(e.message).toBe(e.fields['amountCents']?.[0]);
  });

  it('removing the only payment of a paid invoice opens it again', () => {
    const inv = aSentInvoice();
    const paid = pay(inv, inv.totalCents, '2026-11-20', 'p-1');
    const open = removePayment(paid, 'p-1', NOW);
    expect(open).toMatchObject({ status: 'sent', paidCents: 0, balanceCents: inv.totalCents, payments: [] });
    expect(() => removePayment(open, 'p-1', NOW)).toThrow(/no such payment/);
  });

  it('void is refused while payments exist, saying what to do first', () => {
    const paid = pay(aSentInvoice(), 2_500, '2026-11-20', 'p-1');
    expect(voidBlocker(paid, CAL.money)).toBe('INV-2026-0001 has a payment of $25.00 recorded. Remove the recorded payments first (each has Remove under Payments); money that was really received is refunded to the client, then its payment removed.');
    expect(voidBlocker(removePayment(paid, 'p-1', NOW), CAL.money)).toBeNull();
  });
});

describe('plausible dates', () => {
  it.each([
    ['1999-11-20', 'Issue date: 11/20/1999 is more than 365 days ago; the earliest is 11/20/2025.'],
    ['0226-11-20', 'Issue date: the year 0226 looks mistyped; enter a date such as 11/20/2026.'],
    ['20266-11-20', 'Issue date: the year 20266 looks mistyped; enter a date such as 11/20/2026.'],
    ['2026-02-30', 'Issue date: 2026-02-30 is not a day of the calendar; enter a date such as 11/20/2026.'],
    ['2027-03-01', 'Issue date: 03/01/2027 is more than 90 days ahead; the latest is 02/18/2027.'],
    ['', 'Issue date: enter a date such as 11/20/2026.'],
  ])('an invoice dated %s is refused: %s', (issueDate, message) => {
    const e = fieldsOf(() => aDraft({ issueDate }));
    expect(e.fields['issueDate']).toEqual([message]);
    expect(e.message).toBe(message);
  });

  it('a draft keeps a plausible date when revised', () => {
    const e = fieldsOf(() => reviseDraft(aDraft(), draftFields({ issueDate: '1999-01-01' }), NOW, CAL));
    expect(e.fields['issueDate']?.[0]).toMatch(/^Issue date: 01\/01\/1999 is more than 365 days ago/);
  });

  it('a payment is not in the future nor more than 30 days before the issue date', () => {
    const inv = aSentInvoice();
    expect(fieldsOf(() => pay(inv, 100, '2026-11-21')).fields['date']).toEqual(['Date received: 11/21/2026 is in the future; the latest is today, 11/20/2026.']);
    expect(fieldsOf(() => pay(inv, 100, '2026-10-20')).fields['date']).toEqual([
      "Date received: 10/20/2026 is more than 30 days before the invoice's issue date (11/20/2026); the earliest is 10/21/2026.",
    ]);
    expect(fieldsOf(() => pay(inv, 100, '0226-11-20')).fields['date']?.[0]).toMatch(/year 0226 looks mistyped/);
    expect(pay(inv, 100, '2026-10-21').paidCents).toBe(100);
  });
});

describe('credit notes and messages', () => {
  const credit = (original: Invoice, taxRateBp: number) =>
    issueCreditNote(original, { id: 'cn', sequence: 9, publicToken: 'tok-cn', lines: [aLine({ quantity: 1, unitPriceCents: 1_000, taxRateBp })], reason: 'Returned', issueDate: '2026-11-20', now: NOW, calendar: CAL });

  it('carries only the tax rates the original charged', () => {
    const inv = aSentInvoice({ lines: [aLine({ taxRateBp: 825 }), aLine({ taxRateBp: 0 })] });
    expect(credit(inv, 0).creditNote.totalCents).toBe(-1_000);
    const e = fieldsOf(() => credit(inv, 1_000));
    expect(e.fields['lines.0.taxRateBp']).toEqual(['Tax rate: INV-2026-0001 charged 0 %, 8.25 %; a credit note can only credit one of those rates, not 10 %.']);
    expect(e.message).toBe(e.fields['lines.0.taxRateBp']?.[0]);
  });

  it('an invoice below zero names its total in dollars; a huge price names its limit', () => {
    const below = fieldsOf(() => aDraft({ lines: [aLine({ quantity: 1, unitPriceCents: -60_000, taxRateBp: 0 })] }));
    expect(below.message).toBe('An invoice cannot total less than zero (these lines total -$600.00); issue a credit note instead.');
    const huge = fieldsOf(() => aDraft({ lines: [aLine({ unitPriceCents: 1_000_000_001 })] }));
    expect(huge.fields['lines.0.unitPriceCents']).toEqual(['At most $10,000,000.00 a unit.']);
  });
});
