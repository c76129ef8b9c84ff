import { DomainError } from '../shared/domain-error.ts';
import { proportionCents } from '../shared/money.ts';
import { addDays, fullPeriodCents, MONTHS_PER_CYCLE, type BillingCycle } from './billing-period.ts';
import { KEYWORD_WORDS } from '../inventory/inventory-item.ts';
import { searchWords, wordPrefixes } from '../shared/search.ts';
import { formatCalendarDay } from '../shared/calendar-date.ts';

/**
 * A monitoring contract: a client site watched by a central station for a monthly fee, billed
 * per cycle (docs/monitoring.md). Status moves pending → active → past-due → cancelled:
 *
 *   pending  → active | cancelled
 *   active   → past-due | cancelled
 *   past-due → active (paid up) | cancelled
 *   cancelled is final; cancelling needs a reason.
 */
export const CONTRACT_STATUSES = ['pending', 'active', 'past-due', 'cancelled'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** Statuses whose contracts are billed and count towards recurring revenue. */
export const BILLABLE_STATUSES: readonly ContractStatus[] = ['active', 'past-due'];

const TRANSITIONS: Record<ContractStatus, readonly ContractStatus[]> = {
  pending: ['active', 'cancelled'],
  active: ['past-due', 'cancelled'],
  'past-due': ['active', 'cancelled'],
  cancelled: [],
};

export interface MonitoringContract {
  id: string;
  clientId: string;
  siteId: string;
  /** Copied from the client directory when saved, for lists and search. */
  clientName: string;
  siteLabel: string;
  plan: string;
  monthlyFeeCents: number;
  taxRateBp: number;
  billingCycle: BillingCycle;
  centralStation: string;
  accountNumber: string;
  startDate: string;
  endDate: string | null;
  status: ContractStatus;
  cancelReason: string | null;
  /** ISO-8601 timestamps of the last move into active / cancelled (churn reads them). */
  activatedAt: string | null;
  cancelledAt: string | null;
  /** Start of the oldest period not yet invoiced: the billing run starts looking there. */
  nextBillingDate: string;
  createdAt: string;
  updatedAt: string;
}

export const canTransition = (from: ContractStatus, to: ContractStatus): boolean => TRANSITIONS[from].includes(to);

export interface TransitionInput {
  to: ContractStatus;
  reason?: string | null;
}

export type StatusChange = Pick<MonitoringContract, 'status'> & Partial<Pick<MonitoringContract, 'cancelReason' | 'activatedAt' | 'cancelledAt'>>;

/** The fields a status change writes; refuses moves the table above does not allow. */
export function transitionContract(
  contract: Pick<MonitoringContract, 'status'>,
  input: TransitionInput,
  at: Date,
): StatusChange {
  if (!canTransition(contract.status, input.to))
    throw new DomainError('conflict', `A ${contract.status} contract cannot become ${input.to}.`);
  if (input.to === 'cancelled') {
    const reason = (input.reason ?? '').trim();
    if (reason === '') throw new DomainError('validation', 'Give a reason for cancelling.', { reason: ['Give a reason for cancelling.'] });
    return { status: 'cancelled', cancelReason: reason, cancelledAt: at.toISOString() };
  }
  // Back from past-due keeps the original activation: the contract never stopped.
  if (input.to === 'active' && contract.status === 'pending') return { status: 'active', activatedAt: at.toISOString() };
  return { status: input.to };
}

// ---- plausible dates ---------------------------------------------------------------------------

/** How far back a start date may lie (catch-up billing covers at most this) and how far ahead. */
export const START_DATE_YEARS_BACK = 2;
export const START_DATE_YEARS_AHEAD = 1;

const shiftYears = (isoDate: string, years: number): string => {
  const y = String(Number(isoDate.slice(0, 4)) + years).padStart(4, '0');
  const shifted = `${y}${isoDate.slice(4)}`;
  // 29 February in a year without one becomes 28 February.
  return shifted.endsWith('-02-29') && !isLeap(Number(y)) ? `${y}-02-28` : shifted;
};
const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * A start date must be plausible: not more than two years back (a mistyped year would otherwise
 * bill decades of catch-up invoices) and not more than a year ahead. The message names the field
 * and gives the dates in the reader's format.
 */
export function checkStartDate(startDate: string, today: string, locale?: string): void {
  const earliest = shiftYears(today, -START_DATE_YEARS_BACK);
  const latest = shiftYears(today, START_DATE_YEARS_AHEAD);
  const show = (d: string) => formatCalendarDay(d, locale, 'words');
  let message: string | null = null;
  if (startDate < earliest) message = `Start date: ${show(startDate)} is more than ${START_DATE_YEARS_BACK} years ago. Enter a date from ${show(earliest)} on (check the year).`;
  else if (startDate > latest) message = `Start date: ${show(startDate)} is more than a year ahead. Enter a date up to ${show(latest)} (check the year).`;
  if (message) throw new DomainError('validation', message, { startDate: [message] });
}

// ---- figures ---------------------------------------------------------------------------------

type Figures = Pick<MonitoringContract, 'status' | 'monthlyFeeCents' | 'billingCycle' | 'startDate' | 'endDate' | 'activatedAt' | 'cancelledAt'>;

const inForce = (c: Figures, today: string): boolean =>
  BILLABLE_STATUSES.includes(c.status) && c.startDate <= today && (c.endDate === null || c.endDate >= today);

/**
 * Monthly recurring revenue in cents: each contract in force contributes its cycle amount ÷ months
 * in the cycle (annual ÷ 12, quarterly ÷ 3). To stay exact the sum is taken over yearly amounts
 * (cycle amount × cycles per year, all integers) and divided by 12 once, rounded half away from zero.
 */
export function monthlyRecurringRevenue(contracts: readonly Figures[], today: string): number {
  let yearly = 0;
  for (const c of contracts) if (inForce(c, today)) yearly += fullPeriodCents(c) * (12 / MONTHS_PER_CYCLE[c.billingCycle]);
  return proportionCents(yearly, 1, 12);
}

export interface ChurnFigures {
  activeAtStart: number;
  cancelled: number;
  /** cancelled ÷ active at start in basis points (250 = 2.5 %), rounded half away from zero; null with none active. */
  rateBp: number | null;
}

/**
 * Churn over [from, to) (ISO timestamps): of the contracts active at `from` (activated before it
 * and not cancelled by then), how many were cancelled before `to`.
 */
export function churn(contracts: readonly Figures[], from: string, to: string): ChurnFigures {
  const atStart = contracts.filter((c) => c.activatedAt !== null && c.activatedAt < from && (c.cancelledAt === null || c.cancelledAt >= from));
  const cancelled = atStart.filter((c) => c.cancelledAt !== null && c.cancelledAt < to).length;
  return { activeAtStart: atStart.length, cancelled, rateBp: atStart.length === 0 ? null : proportionCents(cancelled, 10_000, atStart.length) };
}

/** Contracts not cancelled whose end date falls within the next `days` days (today included). */
export function upcomingRenewals<C extends Figures>(contracts: readonly C[], today: string, days: number): C[] {
  const last = addDays(today, days);
  return contracts
    .filter((c) => c.status !== 'cancelled' && c.endDate !== null && c.endDate >= today && c.endDate <= last)
    .sort((a, b) => (a.endDate! < b.endDate! ? -1 : a.endDate! > b.endDate! ? 1 : 0));
}

/** Search prefixes (client, site, plan, station, account number), like the inventory list's. */
export function contractKeywords(c: Pick<MonitoringContract, 'clientName' | 'siteLabel' | 'plan' | 'centralStation' | 'accountNumber'>): string[] {
  return wordPrefixes(searchWords(`${c.clientName} ${c.siteLabel} ${c.plan} ${c.centralStation} ${c.accountNumber}`, KEYWORD_WORDS)).sort();
}
