/**
 * The monitoring billing run on SQLite: N monthly contracts started a year ago (so 12 periods each
 * are due), billed by one runner, then by two runners on two connections at once, then a run with
 * nothing left to bill. The InvoiceIssuer is an in-memory stand-in (the real one is the invoices
 * feature's), so this times the scheduler's own cost: the idempotency claim + completion per
 * period and the contract reads. Baseline in the same run: writing the same number of plain
 * documents one by one (the least a claim-per-period design can cost).
 * Run: `node bench/contract-billing.bench.ts` (BENCH_CONTRACTS=… to resize).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteDocumentStore } from '../src/adapters/sqlite/sqlite-document-store.ts';
import { DocumentContractRepository } from '../src/adapters/documents/document-contract-repository.ts';
import { DocumentIdempotencyKeys } from '../src/adapters/documents/document-idempotency-keys.ts';
import { generateDueContractInvoices } from '../src/application/monitoring/generate-due-contract-invoices.ts';
import type { InvoiceIssuer } from '../src/domain/invoices/invoice-issuer.ts';
import type { DocumentStore } from '../src/domain/persistence/document-store.ts';

const N = Number(process.env.BENCH_CONTRACTS ?? 100);
const NOW = new Date('2026-11-22T10:00:00.000Z');
const clock = { now: () => NOW };

let invoices = 0;
const issuer: InvoiceIssuer = { createInvoice: async () => ({ id: `inv-${++invoices}`, number: `INV-2026-${invoices}` }) };
const deps = (store: DocumentStore, holder: string) => ({
  contracts: new DocumentContractRepository(store),
  keys: new DocumentIdempotencyKeys(store, clock),
  issuer,
  timeZone: 'UTC',
  holder,
});

async function seed(store: DocumentStore): Promise<void> {
  const repo = new DocumentContractRepository(store);
  for (let i = 0; i < N; i++)
    await repo.create({
      clientId: `client-${i}`,
      siteId: `site-${i}`,
      clientName: `Client ${i}`,
      siteLabel: 'Home',
      plan: 'Basic',
      monthlyFeeCents: 2999,
      taxRateBp: 825,
      billingCycle: 'monthly',
      centralStation: 'Central',
      accountNumber: `A-${i}`,
      startDate: '2025-12-01',
      endDate: null,
      status: 'active',
      cancelReason: null,
      activatedAt: '2025-12-01T00:00:00.000Z',
      cancelledAt: null,
      nextBillingDate: '2025-12-01',
    });
}

const time = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
};

const dir = mkdtempSync(join(tmpdir(), 'bench-billing-'));
try {
  const periods = N * 12;
  // Baseline: one plain document write per period, sequentially.
  const base = openSqliteDocumentStore(join(dir, 'base.db'));
  const [, baseMs] = await time(async () => {
    for (let i = 0; i < periods; i++) await base.collection('plain').create({ i, at: NOW.toISOString() });
  });
  await base.close();

  const one = openSqliteDocumentStore(join(dir, 'one.db'), { clock });
  await seed(one);
  const [r1, oneMs] = await time(() => generateDueContractInvoices(deps(one, 'A'), NOW));
  const [r2, noopMs] = await time(() => generateDueContractInvoices(deps(one, 'A'), NOW));
  await one.close();

  const file = join(dir, 'two.db');
  const a = openSqliteDocumentStore(file, { clock });
  const b = openSqliteDocumentStore(file, { clock });
  await seed(a);
  const before = invoices;
  const [reports, twoMs] = await time(() => Promise.all([generateDueContractInvoices(deps(a, 'A'), NOW), generateDueContractInvoices(deps(b, 'B'), NOW)]));
  await a.close();
  await b.close();

  const made = reports[0].created.length + reports[1].created.length;
  console.log(`contracts ${N}, periods due ${periods}`);
  console.log(`baseline: ${periods} plain writes           ${baseMs.toFixed(0)} ms (${((baseMs * 1000) / periods).toFixed(0)} µs each)`);
  console.log(`one runner:  ${r1.created.length} invoices            ${oneMs.toFixed(0)} ms (${((oneMs * 1000) / periods).toFixed(0)} µs a period, ${(oneMs / baseMs).toFixed(2)}× baseline)`);
  console.log(`again, nothing due: ${r2.created.length} invoices, ${r2.contracts} contracts read  ${noopMs.toFixed(0)} ms`);
  console.log(`two runners at once: ${made} invoices (${invoices - before} issued)  ${twoMs.toFixed(0)} ms (${(twoMs / baseMs).toFixed(2)}× baseline)`);
  if (r1.created.length !== periods || made !== periods || invoices - before !== periods) {
    console.error('FAIL: an invoice was missed or doubled');
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
