/**
 * Money: PDF generation per invoice (pdfkit) and the tax report over 100 000 invoices on SQLite.
 * Invoices are built with the domain's own rules (lines priced per line, payments recorded) and
 * written straight into a fresh database file with the repository's document mapping; the report
 * is then run through the repository (accrual for a year, cash for a year, accrual for a month),
 * which reads the compact per-invoice tax entries written beside each issued invoice. A baseline
 * in the same run: JSON.parse of the 100 000 full invoice documents, what a report reading whole
 * invoices would spend before doing any work. Targets (issue 7): ≤ 10 ms per PDF, ≤ 1 s per report.
 * Run: `node bench/money.bench.ts` (BENCH_INVOICES=… to resize).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectionInserter } from '../src/adapters/sqlite/sqlite-collection-tables.ts';
import { openSqlite, migrate } from '../src/adapters/sqlite/sqlite-database.ts';
import { sqliteDocumentStore } from '../src/adapters/sqlite/sqlite-document-store.ts';
import { DocumentInvoiceRepository, INVOICES, INVOICE_TAX_ENTRIES, invoiceToDoc, taxEntryDoc } from '../src/adapters/documents/document-invoice-repository.ts';
import { PdfkitInvoiceDocuments } from '../src/adapters/pdf/pdfkit-invoice-documents.ts';
import { encodeDocument, type DocumentData } from '../src/domain/persistence/document-data.ts';
import { draftInvoice, markSent, recordPayment, type Invoice } from '../src/domain/invoices/invoice.ts';
import { buildTaxReport } from '../src/domain/invoices/tax-report.ts';
import { DEFAULT_MONEY } from '../src/domain/shared/money.ts';
import { seededRandom } from '../test/unit/planner/planner-factories.ts';

const N = Number(process.env.BENCH_INVOICES ?? 100_000);
const PDFS = 300;
const PDF_TARGET_MS = 10;
const REPORT_TARGET_MS = 1000;
const NOW = new Date('2026-12-31T12:00:00Z');
const RATES = [0, 625, 825, 1000];

const rand = seededRandom(7);
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);

function makeInvoice(i: number): Invoice {
  const issue = int(0, 330);
  let inv = draftInvoice({
    id: `inv-${String(i).padStart(6, '0')}`,
    sequence: i + 1,
    publicToken: `bench-token-${i}-abcdefghijklmnop`,
    client: { id: `c-${i % 5000}`, name: `Client ${i % 5000}`, email: 'client@example.com' },
    siteId: null,
    source: { kind: 'blank', id: null },
    fields: {
      title: 'Service visit',
      notes: '',
      terms: 'net30',
      issueDate: day(issue),
      lines: Array.from({ length: int(1, 6) }, (_, k) => ({ description: `Line ${k}`, quantity: int(1, 4), unitPriceCents: int(500, 90_000), taxRateBp: RATES[int(0, 3)]!, itemId: null })),
    },
    now: NOW,
    calendar: { today: '2026-12-31', money: DEFAULT_MONEY },
  });
  if (rand() < 0.1) return inv;
  inv = markSent(inv, NOW);
  const r = rand();
  if (r < 0.7) {
    const part = r < 0.2 ? Math.max(1, Math.floor(inv.totalCents / 3)) : inv.totalCents;
    inv = recordPayment(inv, { date: day(Math.min(364, issue + int(0, 30))), amountCents: part, method: 'card', reference: '' }, { id: `p-${i}`, now: NOW, today: '2026-12-31', money: DEFAULT_MONEY, by: 'bench' });
  }
  return inv;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const verdict = (v: number, target: number) => (v <= target ? 'ok' : 'OVER BUDGET');

async function benchPdf(sample: Invoice[]): Promise<void> {
  const docs = new PdfkitInvoiceDocuments();
  const company = { name: 'Shieldline Security', address: '1450 Commerce Drive, Springfield, IL 62704', phone: '(555) 010-4477', email: 'office@shieldline.example' };
  const format = { currency: 'USD', locale: 'en-US', timeZone: 'America/Chicago' };
  for (let i = 0; i < 20; i++) await docs.invoicePdf(sample[i]!, company, format); // warm up
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < PDFS; i++) {
    const t = performance.now();
    const pdf = await docs.invoicePdf(sample[i % sample.length]!, company, format);
    times.push(performance.now() - t);
    bytes += pdf.byteLength;
  }
  console.log(`PDF per invoice (${PDFS} invoices, 1–6 lines): median ${fmt(median(times))}, p95 ${fmt(p95(times))}, ${(bytes / PDFS / 1024).toFixed(1)} KB each — target ≤ ${PDF_TARGET_MS} ms: ${verdict(median(times), PDF_TARGET_MS)}`);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'money-bench-'));
  try {
    const t0 = performance.now();
    const invoices = Array.from({ length: N }, (_, i) => makeInvoice(i));
    await benchPdf(invoices.slice(0, 100));
    const db = openSqlite(join(dir, 'app.db'));
    migrate(db);
    db.pragma('synchronous = OFF');
    const insert = collectionInserter(db);
    const at = NOW.toISOString();
    db.transaction(() => {
      for (const inv of invoices) {
        insert.run(INVOICES, inv.id, JSON.stringify(encodeDocument(invoiceToDoc(inv) as DocumentData)), at, at);
        if (inv.status !== 'draft' && inv.status !== 'void') insert.run(INVOICE_TAX_ENTRIES, inv.id, JSON.stringify(encodeDocument(taxEntryDoc(inv) as unknown as DocumentData)), at, at);
      }
    })();
    db.pragma('synchronous = FULL');
    const store = sqliteDocumentStore(db);
    db.exec('ANALYZE');
    console.log(`seeded ${N} invoices in ${fmt(performance.now() - t0)}`);

    const rows = db.prepare(`SELECT data FROM docs_${INVOICES}`).all() as { data: string }[];
    let t = performance.now();
    for (const r of rows) JSON.parse(r.data);
    const parseMs = performance.now() - t;
    console.log(`baseline: JSON.parse of ${rows.length} invoice documents ${fmt(parseMs)}`);

    const repo = new DocumentInvoiceRepository(store, { next: () => 'x' });
    const runs: [string, 'accrual' | 'cash', string, string][] = [
      ['accrual, year 2026', 'accrual', '2026-01-01', '2026-12-31'],
      ['cash, year 2026', 'cash', '2026-01-01', '2026-12-31'],
      ['accrual, month 2026-06', 'accrual', '2026-06-01', '2026-06-30'],
      ['cash, quarter 2026-Q3', 'cash', '2026-07-01', '2026-09-30'],
    ];
    for (const [label, basis, from, to] of runs) {
      const times: number[] = [];
      let count = 0;
      let tax = 0;
      for (let k = 0; k < 3; k++) {
        t = performance.now();
        const read = await repo.forTaxReport(basis, from, to);
        const report = buildTaxReport(read, basis, from, to);
        times.push(performance.now() - t);
        count = read.length;
        tax = report.totals.taxCents;
      }
      const ms = median(times);
      console.log(`tax report ${label}: ${fmt(ms)} (${count} invoices read, tax ${(tax / 100).toFixed(2)}; ${(ms / parseMs).toFixed(2)}× the parse baseline) — target ≤ ${REPORT_TARGET_MS} ms: ${verdict(ms, REPORT_TARGET_MS)}`);
    }
    // Exactness check on the full data: the accrual year equals the sum of the issued invoices.
    const year = buildTaxReport(invoices, 'accrual', '2026-01-01', '2026-12-31');
    const expected = invoices.filter((i) => i.status !== 'draft').reduce((s, i) => s + i.taxCents, 0);
    console.log(`accrual year tax ${year.totals.taxCents} = sum of issued invoices ${expected}: ${year.totals.taxCents === expected ? 'exact' : 'MISMATCH'}`);
    if (year.totals.taxCents !== expected) process.exitCode = 1;
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
