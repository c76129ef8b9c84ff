import { describe, expect, it } from 'vitest';
import { checkStartDate } from '../../../src/domain/monitoring/monitoring-contract.ts';
import { contractInvoiceText, periodInvoice, periodLabel } from '../../../src/domain/monitoring/contract-invoice.ts';
import { duePeriods } from '../../../src/domain/monitoring/billing-period.ts';
import type { DomainError } from '../../../src/domain/shared/domain-error.ts';
import { aContract } from './monitoring-factories.ts';

const TODAY = '2026-11-25';

const refusal = (start: string): DomainError => {
  try {
    checkStartDate(start, TODAY);
  } catch (e) {
    return e as DomainError;
  }
  throw new Error(`${start} was accepted`);
};

describe('a contract start date must be plausible', () => {
  it('accepts two years back to one year ahead, both ends included', () => {
    for (const d of ['2024-11-25', '2025-11-25', TODAY, '2027-11-25']) expect(() => checkStartDate(d, TODAY)).not.toThrow();
  });

  it('refuses a mistyped year decades back, naming the field and the dates as people write them', () => {
    const e = refusal('1996-11-25');
    expect(e.code).toBe('validation');
    expect(e.fields?.['startDate']?.[0]).toBe('Start date: Nov 25, 1996 is more than 2 years ago. Enter a date from Nov 25, 2024 on (check the year).');
    expect(refusal('2024-11-24').fields).toHaveProperty('startDate');
  });

  it('refuses a date more than a year ahead', () => {
    expect(refusal('2207-11-25').message).toBe('Start date: Nov 25, 2207 is more than a year ahead. Enter a date up to Nov 25, 2027 (check the year).');
  });

  it('keeps 29 February sensible across years', () => {
    expect(() => checkStartDate('2026-02-28', '2028-02-29')).not.toThrow();
    expect(refusal('2024-11-24').message).toContain('Nov 24, 2024');
  });
});

describe('contract invoice text', () => {
  it('leaves out an empty central station and account instead of printing "Central station , account ."', () => {
    expect(contractInvoiceText(aContract({ centralStation: '', accountNumber: '' })).notes).toBe('');
    expect(contractInvoiceText(aContract({ centralStation: '', accountNumber: 'A-77' })).notes).toBe('Account A-77.');
    expect(contractInvoiceText(aContract({ centralStation: 'Rapid Response', accountNumber: '' })).notes).toBe('Central station Rapid Response.');
    expect(contractInvoiceText(aContract({ centralStation: 'Rapid Response', accountNumber: 'A-77' })).notes).toBe('Central station Rapid Response, account A-77.');
  });

  it('does not double the word monitoring', () => {
    const c = aContract({ plan: 'Monitoring', siteLabel: 'Harbour house', startDate: '2026-11-01', centralStation: '', accountNumber: '' });
    const inv = periodInvoice(c, duePeriods(c, TODAY)[0]!, TODAY);
    expect(inv.title).toBe('Monitoring November 2026');
    expect(inv.lines[0]!.description).toBe('Monitoring, Harbour house: November 2026');
    expect(inv).not.toHaveProperty('notes');
    const gold = periodInvoice(aContract({ plan: 'Gold', startDate: '2026-11-01' }), duePeriods(aContract({ startDate: '2026-11-01' }), TODAY)[0]!, TODAY);
    expect(gold.title).toBe('Gold monitoring November 2026');
    const text = JSON.stringify([inv, gold]).toLowerCase();
    expect(text).not.toContain('monitoring monitoring');
    expect(text).not.toMatch(/ ,| \./);
  });

  it('writes periods as a customer reads them, never as keys: month, quarter with its days, a part period with its days, in the locale', () => {
    const p = { key: '2026-11', start: '2026-11-01', end: '2026-11-30', billedFrom: '2026-11-01', billedTo: '2026-11-30', daysInPeriod: 30, daysBilled: 30, amountCents: 3999, prorated: false };
    expect(periodLabel(p)).toBe('November 2026');
    expect(periodLabel({ ...p, billedFrom: '2026-11-15', daysBilled: 16, prorated: true })).toBe('November 2026, Nov 15 – Nov 30 (16 of 30 days)');
    expect(periodLabel({ ...p, key: '2026-Q4', start: '2026-10-01', end: '2026-12-31' })).toBe('Q4 2026 (Oct 1 – Dec 31)');
    expect(periodLabel({ ...p, key: '2026', start: '2026-01-01', end: '2026-12-31' })).toBe('2026');
    expect(periodLabel(p, 'de-DE')).toBe('November 2026');
    expect(periodLabel({ ...p, key: '2026-12', start: '2026-12-01' }, 'fr-FR')).toBe('décembre 2026');
  });
});
