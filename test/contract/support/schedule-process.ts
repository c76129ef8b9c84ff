/**
 * A second server process working on the same SQLite file, for the scheduler tests.
 *   node schedule-process.ts lease <file> <holder> <startAtMs>   one acquire at startAtMs; prints true/false
 *   node schedule-process.ts bill <file> <holder> <nowIso>        one billing run; prints its report as JSON
 * Its InvoiceIssuer test double records each invoice in the 'test_invoices' collection of the
 * shared file, so the parent sees every invoice any process created (the real issuer is on
 * another branch; the lead wires it).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openSqliteDocumentStore } from '../../../src/adapters/sqlite/sqlite-document-store.ts';
import { DocumentLease } from '../../../src/adapters/documents/document-lease.ts';
import { DocumentContractRepository } from '../../../src/adapters/documents/document-contract-repository.ts';
import { DocumentIdempotencyKeys } from '../../../src/adapters/documents/document-idempotency-keys.ts';
import { generateDueContractInvoices } from '../../../src/application/monitoring/generate-due-contract-invoices.ts';
import type { InvoiceIssuer } from '../../../src/domain/invoices/invoice-issuer.ts';

const [mode, file, holder, arg] = process.argv.slice(2) as [string, string, string, string];
const store = openSqliteDocumentStore(file);
const clock = { now: () => new Date() };

if (mode === 'lease') {
  await sleep(Math.max(0, Number(arg) - Date.now()));
  console.log(String(await new DocumentLease(store, clock).acquire('scheduler', holder, 60_000)));
} else if (mode === 'bill') {
  const issuer: InvoiceIssuer = {
    async createInvoice(input) {
      await sleep(5); // widen the window a second runner could slip into
      const doc = await store.collection('test_invoices').create({ contractId: input.source.id, period: input.source.period ?? null, holder });
      return { id: doc.id, number: `INV-${doc.id.slice(0, 6)}` };
    },
  };
  const deps = { contracts: new DocumentContractRepository(store), keys: new DocumentIdempotencyKeys(store, clock), issuer, timeZone: 'UTC', holder };
  console.log(JSON.stringify(await generateDueContractInvoices(deps, new Date(arg))));
}
await store.close();
