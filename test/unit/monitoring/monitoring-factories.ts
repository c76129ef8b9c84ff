import type { MonitoringContract } from '../../../src/domain/monitoring/monitoring-contract.ts';

let n = 0;

/** A contract with sensible defaults; override what the test is about. */
export function aContract(over: Partial<MonitoringContract> = {}): MonitoringContract {
  n += 1;
  return {
    id: `c${n}`,
    clientId: `client-${n}`,
    siteId: `site-${n}`,
    clientName: `Client ${n}`,
    siteLabel: 'Home',
    plan: 'Basic',
    monthlyFeeCents: 3000,
    taxRateBp: 0,
    billingCycle: 'monthly',
    centralStation: 'Central One',
    accountNumber: `A-${n}`,
    startDate: '2026-01-01',
    endDate: null,
    status: 'active',
    cancelReason: null,
    activatedAt: '2026-01-01T09:00:00.000Z',
    cancelledAt: null,
    nextBillingDate: over.startDate ?? '2026-01-01',
    createdAt: '2025-12-20T09:00:00.000Z',
    updatedAt: '2025-12-20T09:00:00.000Z',
    ...over,
  };
}
