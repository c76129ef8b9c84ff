import { describe, expect, it } from 'vitest';
import { proportionCents } from '../../../src/domain/shared/money.ts';
import { duePeriods, isCalendarDate, nextPeriodStart, periodOf, type BillingTerms } from '../../../src/domain/monitoring/billing-period.ts';

const terms = (over: Partial<BillingTerms> = {}): BillingTerms => ({ monthlyFeeCents: 3000, billingCycle: 'monthly', startDate: '2026-01-01', endDate: null, ...over });

describe('billing periods', () => {
  it.each([
    ['monthly', '2026-02-14', '2026-02', '2026-02-01', '2026-02-28'],
    ['monthly', '2028-02-29', '2028-02', '2028-02-01', '2028-02-29'],
    ['monthly', '2026-12-31', '2026-12', '2026-12-01', '2026-12-31'],
    ['quarterly', '2026-05-20', '2026-Q2', '2026-04-01', '2026-06-30'],
    ['quarterly', '2026-12-01', '2026-Q4', '2026-10-01', '2026-12-31'],
    ['annual', '2026-07-04', '2026', '2026-01-01', '2026-12-31'],
  ] as const)('%s period holding %s is %s (%s..%s)', (cycle, date, key, start, end) => {
    expect(periodOf(cycle, date)).toEqual({ key, start, end });
  });

  it('the next period starts the day after the current one ends', () => {
    expect(nextPeriodStart('monthly', '2026-01-31')).toBe('2026-02-01');
    expect(nextPeriodStart('quarterly', '2026-11-15')).toBe('2027-01-01');
    expect(nextPeriodStart('annual', '2026-03-03')).toBe('2027-01-01');
  });

  it('due periods run from the start date to today, billed in advance on their first day', () => {
    const due = duePeriods(terms({ startDate: '2026-01-01' }), '2026-03-01');
    expect(due.map((p) => p.key)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(due.every((p) => p.amountCents === 3000 && !p.prorated)).toBe(true);
    expect(duePeriods(terms({ startDate: '2026-01-01' }), '2026-02-28').map((p) => p.key)).toEqual(['2026-01', '2026-02']);
  });

  it('nothing is due before the start date', () => {
    expect(duePeriods(terms({ startDate: '2026-05-10' }), '2026-05-09')).toEqual([]);
    expect(duePeriods(terms({ startDate: '2026-05-10' }), '2026-05-10').map((p) => p.key)).toEqual(['2026-05']);
  });

  it('a mid-month start is prorated by days: 16 of 30 days of 30.00 is 16.00', () => {
    const [first] = duePeriods(terms({ startDate: '2026-11-15' }), '2026-11-15');
    expect(first).toMatchObject({ key: '2026-11', billedFrom: '2026-11-15', billedTo: '2026-11-30', daysBilled: 16, daysInPeriod: 30, amountCents: 1600, prorated: true });
  });

  it('proration rounds half away from zero: 99.99 × 1 of 31 days', () => {
    // 9999 × 1 / 31 = 322.548… → 323; 10 × 16 / 31 = 5.16 → 5; the money module's proportionCents.
    const [p] = duePeriods(terms({ monthlyFeeCents: 9999, startDate: '2026-01-31' }), '2026-01-31');
    expect(p!.amountCents).toBe(323);
    expect(proportionCents(5, 1, 2)).toBe(3);
    expect(proportionCents(-5, 1, 2)).toBe(-3);
    expect(proportionCents(7, 1, 2)).toBe(4);
    expect(proportionCents(4, 1, 3)).toBe(1);
  });

  it('a quarterly contract starting mid-quarter pays 3 months × days billed ÷ days in the quarter', () => {
    // Q4 2026: 92 days; from 2026-11-01: 61 days. 3 × 2500 = 7500 × 61 / 92 = 4972.8 → 4973.
    const [p, next] = duePeriods(terms({ billingCycle: 'quarterly', monthlyFeeCents: 2500, startDate: '2026-11-01' }), '2027-01-01');
    expect(p).toMatchObject({ key: '2026-Q4', daysBilled: 61, daysInPeriod: 92, amountCents: 4973 });
    expect(next).toMatchObject({ key: '2027-Q1', amountCents: 7500, prorated: false });
  });

  it('an annual contract bills 12 months a year, prorated over 365 or 366 days', () => {
    const [p] = duePeriods(terms({ billingCycle: 'annual', monthlyFeeCents: 1000, startDate: '2028-07-01' }), '2028-07-01');
    // 2028 is a leap year: 184 of 366 days of 12 000 = 6032.78… → 6033.
    expect(p).toMatchObject({ key: '2028', daysBilled: 184, daysInPeriod: 366, amountCents: 6033 });
  });

  it('the period holding the end date is prorated to it, and nothing after it is due', () => {
    const due = duePeriods(terms({ startDate: '2026-01-01', endDate: '2026-03-10' }), '2026-06-01');
    expect(due.map((p) => p.key)).toEqual(['2026-01', '2026-02', '2026-03']);
    // 10 of 31 days of 30.00 = 9.677… → 9.68
    expect(due[2]).toMatchObject({ billedTo: '2026-03-10', daysBilled: 10, amountCents: 968, prorated: true });
  });

  it('a start and end inside one period bill only those days', () => {
    const [p] = duePeriods(terms({ startDate: '2026-04-11', endDate: '2026-04-20' }), '2026-05-01');
    expect(p).toMatchObject({ daysBilled: 10, daysInPeriod: 30, amountCents: 1000 });
  });

  it('due periods can start from a later date (the next billing date)', () => {
    expect(duePeriods(terms({ startDate: '2026-01-15' }), '2026-04-02', '2026-03-01').map((p) => p.key)).toEqual(['2026-03', '2026-04']);
  });

  it('calendar dates are checked for real days', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-2-1')).toBe(false);
  });
});
