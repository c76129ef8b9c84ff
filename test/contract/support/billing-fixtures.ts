import { DocumentContractRepository } from '../../../src/adapters/documents/document-contract-repository.ts';
import { DocumentIdempotencyKeys } from '../../../src/adapters/documents/document-idempotency-keys.ts';
import { DocumentContractInvoiceReader } from '../../../src/adapters/documents/document-contract-invoice-reader.ts';
import { DocumentAuditLog } from '../../../src/adapters/documents/document-audit-log.ts';
import type { MonitoringDeps } from '../../../src/application/monitoring/monitoring-deps.ts';
import type { InvoiceIssuer, NewInvoiceInput } from '../../../src/domain/invoices/invoice-issuer.ts';
import type { NewContract } from '../../../src/domain/monitoring/contract-repository.ts';
import type { AuthState } from '../../../src/domain/auth/permissions.ts';
import type { DocumentStore } from '../../../src/domain/persistence/document-store.ts';

/** The billing run's parts on a real store (contract-billing.test.ts, and the shared contract suite on every driver). */

/**
 * In-memory InvoiceIssuer test double: the real one is on another branch (the invoices feature);
 * the lead wires it. It records every call so a double shows as two entries for one period.
 */
export function memoryIssuer(delayMs = 5): InvoiceIssuer & { calls: NewInvoiceInput[]; failNext: boolean } {
  const issuer = {
    calls: [] as NewInvoiceInput[],
    failNext: false,
    async createInvoice(input: NewInvoiceInput) {
      await new Promise((r) => setTimeout(r, delayMs));
      if (issuer.failNext) {
        issuer.failNext = false;
        throw new Error('mail server down');
      }
      issuer.calls.push(input);
      return { id: `inv-${issuer.calls.length}`, number: `INV-2026-${String(issuer.calls.length).padStart(4, '0')}` };
    },
  };
  return issuer;
}

export const ADMIN: AuthState = { kind: 'admin', user: { id: 'admin-1', email: 'a@example.test', emailVerified: true, displayName: 'Ada' } } as AuthState;
export const NOW = new Date('2026-11-22T10:00:00.000Z');

export function deps(store: DocumentStore, issuer: InvoiceIssuer, holder: string, now = NOW): MonitoringDeps {
  const clock = { now: () => now };
  const ids = { next: () => crypto.randomUUID() };
  return {
    contracts: new DocumentContractRepository(store),
    directory: { getClient: async () => null, getSite: async () => null, search: async () => [] },
    keys: new DocumentIdempotencyKeys(store, clock),
    issuer,
    invoices: new DocumentContractInvoiceReader(store),
    audit: new DocumentAuditLog(store, ids),
    clock,
    ids,
    timeZone: 'UTC',
    locale: 'en-US',
    voidDraftInvoice: async () => {},
    holder,
    pastDueAfterDays: 30,
    stuckAfterMs: 15 * 60_000,
  };
}

export const newContract = (over: Partial<NewContract> = {}): NewContract => ({
  clientId: 'client-1',
  siteId: 'site-1',
  clientName: 'Ada Lovelace',
  siteLabel: 'Home',
  plan: 'Gold',
  monthlyFeeCents: 3000,
  taxRateBp: 825,
  billingCycle: 'monthly',
  centralStation: 'Central One',
  accountNumber: 'A-1',
  startDate: '2026-09-15',
  endDate: null,
  status: 'active',
  cancelReason: null,
  activatedAt: '2026-09-15T00:00:00.000Z',
  cancelledAt: null,
  nextBillingDate: over.startDate ?? '2026-09-15',
  ...over,
});

export const periodsOf = (calls: NewInvoiceInput[]) => calls.map((c) => `${c.source.id}:${c.source.period}`).sort();

