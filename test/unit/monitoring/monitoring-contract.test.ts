import { describe, expect, it } from 'vitest';
import {
  canTransition,
  churn,
  CONTRACT_STATUSES,
  contractKeywords,
  monthlyRecurringRevenue,
  transitionContract,
  upcomingRenewals,
  type ContractStatus,
} from '../../../src/domain/monitoring/monitoring-contract.ts';
import { DomainError } from '../../../src/domain/shared/domain-error.ts';
import { aContract } from './monitoring-factories.ts';

const AT = new Date('2026-11-22T10:00:00.000Z');

describe('contract status', () => {
  const allowed: [ContractStatus, ContractStatus][] = [
    ['pending', 'active'],
    ['pending', 'cancelled'],
    ['active', 'past-due'],
    ['active', 'cancelled'],
    ['past-due', 'active'],
    ['past-due', 'cancelled'],
  ];

  it('allows exactly the moves pending → active → past-due → cancelled (and back from past-due)', () => {
    for (const from of CONTRACT_STATUSES)
      for (const to of CONTRACT_STATUSES) expect(canTransition(from, to), `${from} → ${to}`).toBe(allowed.some(([a, b]) => a === from && b === to));
  });

  it('refuses an invalid move with a conflict', () => {
    expect(() => transitionContract({ status: 'cancelled' }, { to: 'active' }, AT)).toThrow(DomainError);
    expect(() => transitionContract({ status: 'pending' }, { to: 'past-due' }, AT)).toThrow(/cannot become past-due/);
  });

  it('cancelling needs a reason and records it with the time', () => {
    expect(() => transitionContract({ status: 'active' }, { to: 'cancelled', reason: '  ' }, AT)).toThrow(/reason/);
    expect(transitionContract({ status: 'active' }, { to: 'cancelled', reason: ' Moved away ' }, AT)).toEqual({
      status: 'cancelled',
      cancelReason: 'Moved away',
      cancelledAt: AT.toISOString(),
    });
  });

  it('activation from pending records the time; recovery from past-due keeps the first one', () => {
    expect(transitionContract({ status: 'pending' }, { to: 'active' }, AT)).toEqual({ status: 'active', activatedAt: AT.toISOString() });
    expect(transitionContract({ status: 'past-due' }, { to: 'active' }, AT)).toEqual({ status: 'active' });
  });
});

describe('monthly recurring revenue', () => {
  it('adds monthly fees of active and past-due contracts in force; pending, cancelled and ended ones count nothing', () => {
    const contracts = [
      aContract({ monthlyFeeCents: 3000 }),
      aContract({ monthlyFeeCents: 4500, status: 'past-due' }),
      aContract({ monthlyFeeCents: 9900, status: 'pending' }),
      aContract({ monthlyFeeCents: 9900, status: 'cancelled' }),
      aContract({ monthlyFeeCents: 9900, endDate: '2026-11-01' }),
      aContract({ monthlyFeeCents: 9900, startDate: '2026-12-01' }),
    ];
    expect(monthlyRecurringRevenue(contracts, '2026-11-22')).toBe(7500);
  });

  it('quarterly and annual cycles count their cycle amount ÷ 3 and ÷ 12', () => {
    const contracts = [aContract({ billingCycle: 'quarterly', monthlyFeeCents: 2999 }), aContract({ billingCycle: 'annual', monthlyFeeCents: 1001 })];
    expect(monthlyRecurringRevenue(contracts, '2026-11-22')).toBe(2999 + 1001);
  });

  it('is zero with no contracts', () => {
    expect(monthlyRecurringRevenue([], '2026-11-22')).toBe(0);
  });
});

describe('churn', () => {
  const from = '2026-11-01T00:00:00.000Z';
  const to = '2026-12-01T00:00:00.000Z';

  it('is cancelled in the period ÷ active at its start, in basis points', () => {
    const contracts = [
      aContract({ activatedAt: '2026-01-01T00:00:00.000Z' }),
      aContract({ activatedAt: '2026-01-01T00:00:00.000Z' }),
      aContract({ activatedAt: '2026-01-01T00:00:00.000Z', status: 'cancelled', cancelledAt: '2026-11-10T00:00:00.000Z' }),
      // Not active at the start: activated during the period, or cancelled before it.
      aContract({ activatedAt: '2026-11-05T00:00:00.000Z', status: 'cancelled', cancelledAt: '2026-11-20T00:00:00.000Z' }),
      aContract({ activatedAt: '2026-01-01T00:00:00.000Z', status: 'cancelled', cancelledAt: '2026-10-10T00:00:00.000Z' }),
      aContract({ status: 'pending', activatedAt: null }),
    ];
    expect(churn(contracts, from, to)).toEqual({ activeAtStart: 3, cancelled: 1, rateBp: 3333 });
  });

  it('has no rate when nothing was active at the start', () => {
    expect(churn([], from, to)).toEqual({ activeAtStart: 0, cancelled: 0, rateBp: null });
  });
});

describe('upcoming renewals', () => {
  it('lists contracts ending within the next N days, soonest first', () => {
    const soon = aContract({ endDate: '2026-12-01' });
    const sooner = aContract({ endDate: '2026-11-22' });
    const later = aContract({ endDate: '2027-03-01' });
    const past = aContract({ endDate: '2026-11-21' });
    const cancelled = aContract({ endDate: '2026-11-30', status: 'cancelled' });
    expect(upcomingRenewals([soon, later, past, cancelled, sooner, aContract()], '2026-11-22', 30).map((c) => c.id)).toEqual([sooner.id, soon.id]);
  });
});

describe('search keywords', () => {
  it('holds every prefix of the client, site, plan, station and account words', () => {
    const words = contractKeywords({ clientName: 'Ada Lovelace', siteLabel: 'Home', plan: 'Gold', centralStation: 'Acme', accountNumber: 'X-12' });
    expect(words).toEqual(expect.arrayContaining(['a', 'ad', 'ada', 'lovelace', 'gold', 'acme', 'x', '12']));
    expect(words).not.toContain('adal');
  });
});
