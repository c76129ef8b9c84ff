/**
 * Billing periods of a monitoring contract (docs/monitoring.md). Periods follow the calendar:
 * a month, a quarter (Jan/Apr/Jul/Oct) or a year. The period holding the start date is billed for
 * the days from the start date to the period's end; the period holding the end date for the days
 * up to and including it. Everything between is billed in full. Amounts are integer cents:
 * a full period costs the monthly fee × months in the cycle; a part period that fee × days ÷ days
 * in the period, rounded half away from zero once.
 *
 * Dates are calendar dates (YYYY-MM-DD) in the company time zone; arithmetic runs on UTC
 * midnights, so daylight saving never shifts a day.
 */
import { addDays, daysBetween } from '../shared/calendar-date.ts';
import { proportionCents } from '../shared/money.ts';
export const BILLING_CYCLES = ['monthly', 'quarterly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const MONTHS_PER_CYCLE: Record<BillingCycle, number> = { monthly: 1, quarterly: 3, annual: 12 };

export interface BillingPeriod {
  /** 2026-11 (monthly), 2026-Q4 (quarterly) or 2026 (annual): the idempotency key part. */
  key: string;
  /** First day of the calendar period. */
  start: string;
  /** Last day of the calendar period. */
  end: string;
  /** First and last day billed (differ from start/end for a part period). */
  billedFrom: string;
  billedTo: string;
  daysInPeriod: number;
  daysBilled: number;
  amountCents: number;
  prorated: boolean;
}

export interface BillingTerms {
  monthlyFeeCents: number;
  billingCycle: BillingCycle;
  startDate: string;
  endDate: string | null;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

const ymd = (year: number, month0: number, day: number): string => new Date(Date.UTC(year, month0, day)).toISOString().slice(0, 10);

export { addDays, daysBetween };

/** The calendar period of `cycle` that holds `date`. */
export function periodOf(cycle: BillingCycle, date: string): { key: string; start: string; end: string } {
  const year = Number(date.slice(0, 4));
  const month0 = Number(date.slice(5, 7)) - 1;
  if (cycle === 'annual') return { key: String(year), start: ymd(year, 0, 1), end: ymd(year, 11, 31) };
  if (cycle === 'quarterly') {
    const q = Math.floor(month0 / 3);
    return { key: `${year}-Q${q + 1}`, start: ymd(year, q * 3, 1), end: ymd(year, q * 3 + 3, 0) };
  }
  return { key: `${year}-${String(month0 + 1).padStart(2, '0')}`, start: ymd(year, month0, 1), end: ymd(year, month0 + 1, 0) };
}

export const fullPeriodCents = (terms: Pick<BillingTerms, 'monthlyFeeCents' | 'billingCycle'>): number =>
  terms.monthlyFeeCents * MONTHS_PER_CYCLE[terms.billingCycle];

function billingPeriod(terms: BillingTerms, p: { key: string; start: string; end: string }): BillingPeriod {
  const billedFrom = terms.startDate > p.start ? terms.startDate : p.start;
  const billedTo = terms.endDate !== null && terms.endDate < p.end ? terms.endDate : p.end;
  const daysInPeriod = daysBetween(p.start, p.end) + 1;
  const daysBilled = daysBetween(billedFrom, billedTo) + 1;
  const full = fullPeriodCents(terms);
  const prorated = daysBilled !== daysInPeriod;
  return {
    ...p,
    billedFrom,
    billedTo,
    daysInPeriod,
    daysBilled,
    amountCents: prorated ? proportionCents(full, daysBilled, daysInPeriod) : full,
    prorated,
  };
}

/**
 * Periods billed in advance: a period is due on the first day it covers (its start, or the
 * contract's start date for the first one). Returns every period due on or before `today`,
 * oldest first, from the period holding `from` (default: the start date). None after the end date.
 */
export function duePeriods(terms: BillingTerms, today: string, from: string = terms.startDate): BillingPeriod[] {
  const out: BillingPeriod[] = [];
  let cursor = from > terms.startDate ? from : terms.startDate;
  for (;;) {
    const p = periodOf(terms.billingCycle, cursor);
    const firstBilledDay = terms.startDate > p.start ? terms.startDate : p.start;
    if (firstBilledDay > today) break;
    if (terms.endDate !== null && firstBilledDay > terms.endDate) break;
    out.push(billingPeriod(terms, p));
    cursor = addDays(p.end, 1);
  }
  return out;
}

/** The first day of the period after the one holding `date` (where the next bill falls due). */
export const nextPeriodStart = (cycle: BillingCycle, date: string): string => addDays(periodOf(cycle, date).end, 1);
