import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { generateDueContractInvoices } from '../../src/application/monitoring/generate-due-contract-invoices.ts';
import { markPastDueContracts } from '../../src/application/monitoring/mark-past-due-contracts.ts';
import { retryContractBilling } from '../../src/application/monitoring/retry-contract-billing.ts';
import { contractPeriodKey } from '../../src/application/monitoring/monitoring-deps.ts';
import { getContract } from '../../src/application/monitoring/get-contract.ts';
import { DocumentContractRepository } from '../../src/adapters/documents/document-contract-repository.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import { tempDir } from '../support/temp-dir.ts';
import { runProcess } from './support/run-schedule-process.ts';
import { ADMIN, deps, memoryIssuer, newContract, NOW, periodsOf } from './support/billing-fixtures.ts';

/**
 * The billing run on real SQLite: one invoice per contract period, even with two runners at once
 * (two processes on one file; two stores in the shared contract suite) or after a runner died between claim and invoice.
 */

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

function sharedFile(): string {
  const dir = tempDir('billing-');
  cleanup.push(() => dir.remove());
  return join(dir.path, 'app.db');
}

function open(file: string): DocumentStore {
  const store = openSqliteDocumentStore(file);
  cleanup.push(() => store.close());
  return store;
}

describe('generateDueContractInvoices on SQLite', () => {
  it('bills each due period once, prorating the first, and a second run bills nothing', async () => {
    const store = open(sharedFile());
    const issuer = memoryIssuer();
    const d = deps(store, issuer, 'A');
    const c = await d.contracts.create(newContract());
    const first = await generateDueContractInvoices(d, NOW);
    expect(first.created.map((x) => [x.period, x.amountCents])).toEqual([
      ['2026-09', 1600], // 16 of 30 days
      ['2026-10', 3000],
      ['2026-11', 3000],
    ]);
    expect(issuer.calls[0]).toMatchObject({
      clientId: 'client-1',
      siteId: 'site-1',
      source: { kind: 'contract', id: c.id, period: '2026-09' },
      lines: [{ quantity: 1, unitPriceCents: 1600, taxRateBp: 825 }],
    });
    expect((await d.contracts.get(c.id))!.nextBillingDate).toBe('2026-12-01');
    const second = await generateDueContractInvoices(d, NOW);
    expect(second.created).toEqual([]);
    expect(issuer.calls).toHaveLength(3);
    // A month later only the new period is billed.
    const later = await generateDueContractInvoices(d, new Date('2026-12-01T00:00:00.000Z'));
    expect(later.created.map((x) => x.period)).toEqual(['2026-12']);
  });

  it('pending and cancelled contracts are not billed', async () => {
    const store = open(sharedFile());
    const issuer = memoryIssuer();
    const d = deps(store, issuer, 'A');
    await d.contracts.create(newContract({ status: 'pending', activatedAt: null }));
    await d.contracts.create(newContract({ status: 'cancelled', cancelReason: 'moved', cancelledAt: NOW.toISOString() }));
    expect((await generateDueContractInvoices(d, NOW)).created).toEqual([]);
    expect(issuer.calls).toEqual([]);
  });

  // Two runners on two stores at once: the shared contract suite (document-store.contract.ts), on every driver.

  it('two processes billing the same file at once: one invoice per period', async () => {
    const file = sharedFile();
    const store = open(file);
    const repo = new DocumentContractRepository(store);
    const ids = await Promise.all([1, 2, 3, 4].map((i) => repo.create(newContract({ clientId: `client-${i}` })).then((c) => c.id)));
    const outs = await Promise.all(['P1', 'P2'].map((h) => runProcess(['bill', file, h, NOW.toISOString()])));
    const created = outs.map((o) => (JSON.parse(o) as { created: unknown[] }).created.length);
    const invoices = (await store.collection('test_invoices').query({ limit: 100 })).docs.map((x) => `${String(x['contractId'])}:${String(x['period'])}`).sort();
    expect(invoices).toEqual(ids.flatMap((id) => ['2026-09', '2026-10', '2026-11'].map((p) => `${id}:${p}`)).sort());
    expect(created[0]! + created[1]!).toBe(12);
  }, 60_000);

  it('a runner that died after claiming leaves no double: the period shows stuck until an admin retries it', async () => {
    const store = open(sharedFile());
    const issuer = memoryIssuer();
    const d = deps(store, issuer, 'B');
    const c = await d.contracts.create(newContract());
    // The crashed runner claimed October and never got to finish (no invoice made, none recorded).
    await d.keys.claim(contractPeriodKey(c.id, '2026-10'), `contract:${c.id}`, 'A-crashed');
    await generateDueContractInvoices(d, NOW);
    expect(periodsOf(issuer.calls)).toEqual([`${c.id}:2026-09`, `${c.id}:2026-11`]);
    // Held back so the open period is looked at again on every run, but never re-sent by itself.
    expect((await d.contracts.get(c.id))!.nextBillingDate).toBe('2026-10-01');
    await generateDueContractInvoices(d, NOW);
    expect(issuer.calls).toHaveLength(2);

    const soon = deps(store, issuer, 'B', new Date(NOW.getTime() + 60_000));
    expect((await getContract(soon, ADMIN, c.id)).invoices.find((i) => i.period === '2026-10')?.state).toBe('in-progress');
    await expect(retryContractBilling(soon, ADMIN, c.id, '2026-10')).rejects.toThrow(/in-progress/);

    const later = deps(store, issuer, 'B', new Date(NOW.getTime() + 20 * 60_000));
    expect((await getContract(later, ADMIN, c.id)).invoices.find((i) => i.period === '2026-10')?.state).toBe('stuck');
    const retried = await retryContractBilling(later, ADMIN, c.id, '2026-10');
    expect(retried.created.map((x) => x.period)).toEqual(['2026-10']);
    expect(periodsOf(issuer.calls)).toEqual([`${c.id}:2026-09`, `${c.id}:2026-10`, `${c.id}:2026-11`]);
    await expect(retryContractBilling(later, ADMIN, c.id, '2026-10')).rejects.toThrow(/done/);
    expect((await d.contracts.get(c.id))!.nextBillingDate).toBe('2026-12-01');
  });

  it('retrying a stuck period whose invoice was in fact made records that invoice instead of making another', async () => {
    const store = open(sharedFile());
    const issuer = memoryIssuer();
    const d = deps(store, issuer, 'B', new Date(NOW.getTime() + 20 * 60_000));
    const c = await d.contracts.create(newContract({ startDate: '2026-11-01' }));
    // The crashed runner made the invoice (the invoices feature stored it) but never completed its key.
    await deps(store, issuer, 'A', NOW).keys.claim(contractPeriodKey(c.id, '2026-11'), `contract:${c.id}`, 'A-crashed');
    await store.collection('invoices').create({ source: { kind: 'contract', id: c.id, period: '2026-11' }, number: 'INV-2026-0042', status: 'draft', dueDate: '2026-12-07' });
    await retryContractBilling(d, ADMIN, c.id, '2026-11');
    expect(issuer.calls).toEqual([]);
    expect((await getContract(d, ADMIN, c.id)).invoices).toMatchObject([{ period: '2026-11', state: 'done', number: 'INV-2026-0042' }]);
  });

  it('a failed invoice is recorded as failed and not retried by the next run', async () => {
    const store = open(sharedFile());
    const issuer = memoryIssuer();
    const d = deps(store, issuer, 'A');
    const c = await d.contracts.create(newContract({ startDate: '2026-11-01' }));
    issuer.failNext = true;
    const run = await generateDueContractInvoices(d, NOW);
    expect(run.failed).toEqual([{ contractId: c.id, period: '2026-11', error: 'mail server down' }]);
    await generateDueContractInvoices(d, NOW);
    expect(issuer.calls).toEqual([]);
    const view = await getContract(d, ADMIN, c.id);
    expect(view.invoices).toMatchObject([{ period: '2026-11', state: 'failed', error: 'mail server down' }]);
  });

  it('an ended contract bills up to its end date, prorated, then stops looking', async () => {
    const store = open(sharedFile());
    const issuer = memoryIssuer();
    const d = deps(store, issuer, 'A');
    const c = await d.contracts.create(newContract({ startDate: '2026-09-01', endDate: '2026-10-10' }));
    const run = await generateDueContractInvoices(d, NOW);
    expect(run.created.map((x) => [x.period, x.amountCents])).toEqual([
      ['2026-09', 3000],
      ['2026-10', 968], // 10 of 31 days
    ]);
    expect((await d.contracts.get(c.id))!.nextBillingDate).toBe('9999-12-31');
  });
});

describe('markPastDueContracts on SQLite', () => {
  it('an unpaid contract invoice more than 30 days past due makes the contract past-due; paying it makes it active again', async () => {
    const store = open(sharedFile());
    const d = deps(store, memoryIssuer(), 'A');
    const late = await d.contracts.create(newContract());
    const fine = await d.contracts.create(newContract({ clientId: 'client-2' }));
    const invoices = store.collection('invoices');
    await invoices.create({ source: { kind: 'contract', id: late.id, period: '2026-09' }, status: 'sent', dueDate: '2026-10-01' }, 'i1');
    await invoices.create({ source: { kind: 'contract', id: fine.id, period: '2026-09' }, status: 'paid', dueDate: '2026-10-01' }, 'i2');
    // Due 2026-10-30: only 23 days late on 2026-11-22.
    await invoices.create({ source: { kind: 'contract', id: fine.id, period: '2026-10' }, status: 'sent', dueDate: '2026-10-30' }, 'i3');
    await invoices.create({ source: { kind: 'job', id: fine.id }, status: 'sent', dueDate: '2026-01-01' }, 'i4');
    expect(await markPastDueContracts(d, NOW)).toEqual({ markedPastDue: [late.id], backToActive: [] });
    expect((await d.contracts.get(late.id))!.status).toBe('past-due');
    expect((await d.contracts.get(fine.id))!.status).toBe('active');
    await invoices.update('i1', { status: 'paid' });
    expect(await markPastDueContracts(d, NOW)).toEqual({ markedPastDue: [], backToActive: [late.id] });
    const audit = await d.audit.listFor('monitoring_contract', late.id, { limit: 5 });
    expect(audit.map((a) => a.action)).toEqual(['reactivated', 'past-due']);
  });

  it('without an invoices collection nothing changes', async () => {
    const store = open(sharedFile());
    const d = deps(store, memoryIssuer(), 'A');
    await d.contracts.create(newContract());
    expect(await markPastDueContracts(d, NOW)).toEqual({ markedPastDue: [], backToActive: [] });
  });
});
