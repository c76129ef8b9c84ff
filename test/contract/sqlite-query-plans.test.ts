import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from 'better-sqlite3';
import { join } from 'node:path';
import { DocumentCameraPlanRepository } from '../../src/adapters/documents/document-camera-plan-repository.ts';
import { DocumentClientRepository } from '../../src/adapters/documents/document-client-repository.ts';
import { DocumentContractRepository } from '../../src/adapters/documents/document-contract-repository.ts';
import { DocumentEmployeeDirectory } from '../../src/adapters/documents/document-employee-directory.ts';
import { DocumentInventoryRepository } from '../../src/adapters/documents/document-inventory-repository.ts';
import { DocumentInvoiceRepository } from '../../src/adapters/documents/document-invoice-repository.ts';
import { DocumentJobRepository } from '../../src/adapters/documents/document-job-repository.ts';
import { DocumentOutboxMailer } from '../../src/adapters/documents/document-outbox-mailer.ts';
import { DocumentProposalRepository } from '../../src/adapters/documents/document-proposal-repository.ts';
import { DocumentReminderLog, DocumentReminderSettings } from '../../src/adapters/documents/document-reminder-log.ts';
import { DocumentVisionAnalysisRepository } from '../../src/adapters/documents/document-vision-analysis-repository.ts';
import { createCollectionTable } from '../../src/adapters/sqlite/sqlite-collection-tables.ts';
import { closeSqlite, migrate, openSqlite, type SqliteDb } from '../../src/adapters/sqlite/sqlite-database.ts';
import { sqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import type { ClientListQuery } from '../../src/domain/clients/client-repository.ts';
import type { ItemQuery } from '../../src/domain/inventory/inventory-repository.ts';
import type { InvoiceQuery } from '../../src/domain/invoices/invoice-repository.ts';
import type { JobQuery } from '../../src/domain/jobs/job-repository.ts';
import type { ContractListQuery } from '../../src/domain/monitoring/contract-repository.ts';
import type { DocumentData } from '../../src/domain/persistence/document-data.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import type { ProposalListQuery } from '../../src/domain/proposals/proposal-repository.ts';
import { tempDir } from '../support/temp-dir.ts';

/**
 * The query plans of the lists the product shows, on a real SQLite file: every list/search query
 * a repository makes for the shapes below must read an index, never the whole collection, and a
 * sorted list must come off the index in order rather than be sorted whole in a temp B-tree
 * (docs/persistence.md "Indexes"). The store is seeded with a few hundred documents per
 * collection and reopened, so the planner has statistics as in production.
 *
 * A shape with `sortsMatches` reads few documents through a seek (an id list from a term index,
 * a range) and may sort those; it must still not scan the collection.
 */
const N = 300;
const pick = <T>(values: readonly T[], i: number): T => values[i % values.length]!;
const day = (i: number): string => new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const iso = (i: number): string => new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString();

/** The fields each collection's queries read, as the repositories write them. */
const SEED: Record<string, (i: number) => DocumentData> = {
  invoices: (i) => ({
    number: `INV-2025-${String(i).padStart(4, '0')}`,
    kind: 'invoice',
    status: pick(['draft', 'sent', 'partial', 'paid', 'void'], i),
    clientId: `client-${i % 40}`,
    clientName: `Client ${i % 40}`,
    clientNameKey: `client ${i % 40}`,
    issueDate: day(i),
    dueDate: day(i + 30),
    totalCents: (i * 7919) % 100_000,
    balanceCents: (i * 104_729) % 50_000,
    keywords: [`inv-2025-${i}`, `client`, `w${i % 30}`],
    lines: [],
    payments: [],
  }),
  jobs: (i) => ({
    seq: i + 1,
    number: `J-${i + 1}`,
    status: pick(['unscheduled', 'scheduled', 'in-progress', 'on-hold', 'completed', 'cancelled'], i),
    type: pick(['install', 'prewire', 'service', 'inspection'], i),
    clientId: `client-${i % 40}`,
    assignees: [`emp-${i % 8}`],
    scheduledStart: iso(i),
    terms: [`w${i % 30}`, `job${i}`],
  }),
  clients: (i) => ({
    name: `Client ${i}`,
    nameKey: `client ${String(i).padStart(4, '0')}`,
    status: pick(['active', 'active', 'archived'], i),
    kind: pick(['residential', 'commercial'], i),
    source: pick(['website', 'referral', 'phone'], i),
    search: [`client`, `n${i}`],
    tags: [],
    sites: [],
    contacts: [],
  }),
  proposals: (i) => ({
    number: `P-2025-${String(i).padStart(4, '0')}`,
    year: 2025,
    status: pick(['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired'], i),
    clientId: `client-${i % 40}`,
    validUntil: day(i),
    search: [`p-2025-${i}`, `w${i % 30}`],
  }),
  inventory_items: (i) => ({
    sku: `SKU-${String(i).padStart(4, '0')}`,
    name: `Item ${i}`,
    nameKey: `item ${String(i).padStart(4, '0')}`,
    category: pick(['panel', 'sensor', 'camera', 'nvr', 'cable'], i),
    lowStock: i % 7 === 0,
    onHand: i % 50,
    available: i % 40,
    unitPriceCents: (i * 131) % 90_000,
    keywords: [`sku-${i}`, `w${i % 30}`],
  }),
  monitoring_contracts: (i) => ({
    status: pick(['pending', 'active', 'past-due', 'cancelled'], i),
    clientId: `client-${i % 40}`,
    clientName: `Client ${i}`,
    clientNameKey: `client ${i}`,
    plan: pick(['basic', 'standard', 'premium'], i),
    monthlyFeeCents: (i * 37) % 9000,
    startDate: day(i),
    nextBillingDate: day(i + 20),
    keywords: [`client`, `w${i % 30}`],
  }),
  reminder_log: (i) => ({ invoiceId: `inv-${i % 60}`, status: pick(['sent', 'failed', 'skipped'], i), at: iso(i), stepId: 'first' }),
  reminder_pauses: (i) => ({ invoiceId: `inv-${i}`, pausedAt: iso(i) }),
  outbox: (i) => ({ to: `a${i}@example.com`, subject: `s${i}`, text: 't', sentAt: iso(i), status: pick(['sent', 'failed', 'queued'], i), search: [`a${i}`, 'example', 'com'], refs: [`inv-${i % 60}`] }),
  camera_plans: (i) => ({ clientId: `client-${i % 40}`, siteId: `site-${i % 80}`, name: `Plan ${i}`, version: 1, createdBy: { id: 'u1', name: 'Frank' }, walls: [], cameras: [], areas: [] }),
  employees: (i) => ({ name: `Person ${i}`, email: `p${i}@example.com`, employmentStatus: pick(['active', 'inactive'], i), title: 'Tech' }),
  vision_analyses: (i) => ({ labels: [pick(['person', 'car', 'dog', 'cat'], i)], detections: [], createdBy: { id: 'u1', name: 'Frank' }, clientId: `client-${i % 40}` }),
};

interface Repos {
  invoices: DocumentInvoiceRepository;
  jobs: DocumentJobRepository;
  clients: DocumentClientRepository;
  proposals: DocumentProposalRepository;
  inventory: DocumentInventoryRepository;
  contracts: DocumentContractRepository;
  reminders: DocumentReminderLog;
  reminderSettings: DocumentReminderSettings;
  outbox: DocumentOutboxMailer;
  plans: DocumentCameraPlanRepository;
  employees: DocumentEmployeeDirectory;
  vision: DocumentVisionAnalysisRepository;
}

interface Shape {
  name: string;
  run: (r: Repos) => Promise<unknown>;
  sortsMatches?: true;
}

const page = { limit: 25, cursor: null };
const invoiceQuery: Omit<InvoiceQuery, 'sort'> = { status: null, overdue: null, today: day(200), clientId: null, from: null, to: null, words: [], direction: 'desc', ...page };
const jobQuery: Omit<JobQuery, 'sort'> = { status: null, type: null, employeeId: null, clientId: null, from: null, to: null, words: [], direction: 'desc', ...page };
const clientQuery: Omit<ClientListQuery, 'sort' | 'archived'> = { text: null, kind: null, tag: null, source: null, ...page };
const proposalQuery: Omit<ProposalListQuery, 'sort'> = { status: null, today: day(100), search: '', direction: 'desc', ...page };
const itemQuery: Omit<ItemQuery, 'sort'> = { category: null, lowStock: null, words: [], direction: 'asc', ...page };
const contractQuery: Omit<ContractListQuery, 'sort'> = { status: null, words: [], direction: 'asc', ...page };

const INVOICE_SORTS = ['issueDate', 'dueDate', 'number', 'totalCents', 'balanceCents', 'clientName'] as const;
const JOB_SORTS = ['number', 'scheduledStart', 'createdAt', 'updatedAt'] as const;
const PROPOSAL_SORTS = ['createdAt', 'number', 'validUntil', 'updatedAt'] as const;
const ITEM_SORTS = ['sku', 'name', 'category', 'onHand', 'available', 'unitPriceCents', 'updatedAt'] as const;
const CONTRACT_SORTS = ['createdAt', 'clientName', 'plan', 'monthlyFeeCents', 'startDate', 'status'] as const;
const EMPLOYEE_SORTS = ['name', '-email', 'updated', '-created'] as const;

const SHAPES: Shape[] = [
  ...INVOICE_SORTS.flatMap((sort): Shape[] => [
    { name: `invoices by ${sort}`, run: (r) => r.invoices.list({ ...invoiceQuery, sort }) },
    { name: `invoices sent by ${sort}`, run: (r) => r.invoices.list({ ...invoiceQuery, status: 'sent', sort }) },
  ]),
  { name: 'invoices of a client', run: (r) => r.invoices.list({ ...invoiceQuery, clientId: 'client-1', sort: 'issueDate' }), sortsMatches: true },
  { name: 'invoices issued in a range', run: (r) => r.invoices.list({ ...invoiceQuery, from: day(10), to: day(40), sort: 'issueDate' }) },
  { name: 'invoices with a word', run: (r) => r.invoices.list({ ...invoiceQuery, words: ['w1'], sort: 'issueDate' }), sortsMatches: true },
  ...JOB_SORTS.flatMap((sort): Shape[] => [
    { name: `jobs by ${sort}`, run: (r) => r.jobs.list({ ...jobQuery, sort }) },
    { name: `jobs scheduled by ${sort}`, run: (r) => r.jobs.list({ ...jobQuery, status: 'scheduled', sort }) },
  ]),
  { name: 'jobs of a type by number', run: (r) => r.jobs.list({ ...jobQuery, type: 'install', sort: 'number' }) },
  { name: 'jobs of a type by scheduledStart', run: (r) => r.jobs.list({ ...jobQuery, type: 'install', sort: 'scheduledStart' }) },
  { name: 'jobs of a status and type by number', run: (r) => r.jobs.list({ ...jobQuery, status: 'scheduled', type: 'install', sort: 'number' }) },
  { name: 'jobs of an employee by number', run: (r) => r.jobs.list({ ...jobQuery, employeeId: 'emp-1', sort: 'number' }), sortsMatches: true },
  { name: 'jobs matching words', run: (r) => r.jobs.list({ ...jobQuery, words: ['w1', 'job1'], sort: 'number' }), sortsMatches: true },
  ...(['name', '-name', 'createdAt', '-createdAt'] as const).flatMap((sort): Shape[] => [
    { name: `clients (all) by ${sort}`, run: (r) => r.clients.list({ ...clientQuery, archived: 'all', sort }) },
    { name: `clients (active) by ${sort}`, run: (r) => r.clients.list({ ...clientQuery, archived: 'active', sort }) },
    { name: `clients (all) of a kind by ${sort}`, run: (r) => r.clients.list({ ...clientQuery, archived: 'all', kind: 'commercial', sort }) },
    { name: `clients (all) from a source by ${sort}`, run: (r) => r.clients.list({ ...clientQuery, archived: 'all', source: 'website', sort }) },
    { name: `clients (archived) of a kind by ${sort}`, run: (r) => r.clients.list({ ...clientQuery, archived: 'archived', kind: 'residential', sort }) },
  ]),
  ...PROPOSAL_SORTS.flatMap((sort): Shape[] => [
    { name: `proposals by ${sort}`, run: (r) => r.proposals.list({ ...proposalQuery, sort }) },
    { name: `proposals (draft) by ${sort}`, run: (r) => r.proposals.list({ ...proposalQuery, status: 'draft', sort }) },
  ]),
  { name: 'proposals (sent) by validUntil', run: (r) => r.proposals.list({ ...proposalQuery, status: 'sent', sort: 'validUntil' }) },
  { name: 'proposals matching a word', run: (r) => r.proposals.list({ ...proposalQuery, search: 'w1', sort: 'createdAt' }), sortsMatches: true },
  ...ITEM_SORTS.flatMap((sort): Shape[] => [
    { name: `items by ${sort}`, run: (r) => r.inventory.listItems({ ...itemQuery, sort }) },
    ...(sort === 'category' ? [] : [{ name: `items of a category by ${sort}`, run: (r: Repos) => r.inventory.listItems({ ...itemQuery, category: 'camera', sort }) }]),
  ]),
  { name: 'low-stock items by name', run: (r) => r.inventory.listItems({ ...itemQuery, lowStock: true, sort: 'name' }) },
  { name: 'items matching a word', run: (r) => r.inventory.listItems({ ...itemQuery, words: ['w1'], sort: 'name' }), sortsMatches: true },
  ...CONTRACT_SORTS.flatMap((sort): Shape[] => [
    { name: `contracts by ${sort}`, run: (r) => r.contracts.list({ ...contractQuery, sort }) },
    ...(sort === 'status' ? [] : [{ name: `contracts (active) by ${sort}`, run: (r: Repos) => r.contracts.list({ ...contractQuery, status: 'active', sort }) }]),
  ]),
  { name: 'contracts matching a word', run: (r) => r.contracts.list({ ...contractQuery, words: ['w1'], sort: 'createdAt' }), sortsMatches: true },
  { name: 'reminder log', run: (r) => r.reminders.list({ status: null, invoiceId: null, ...page }) },
  { name: 'reminder pauses', run: (r) => r.reminderSettings.listPauses() },
  { name: 'outbox', run: (r) => r.outbox.list(50) },
  { name: 'outbox by status', run: (r) => r.outbox.page({ status: 'failed', words: [], related: null, cursor: null, limit: 50 }) },
  { name: 'outbox matching words', run: (r) => r.outbox.page({ status: null, words: ['a1'], related: null, cursor: null, limit: 50 }), sortsMatches: true },
  { name: 'outbox about a record', run: (r) => r.outbox.page({ status: null, words: [], related: 'inv-1', cursor: null, limit: 50 }), sortsMatches: true },
  { name: 'camera plans', run: (r) => r.plans.list({ limit: 25 }) },
  { name: 'camera plans of a site', run: (r) => r.plans.list({ siteId: 'site-1', limit: 25 }) },
  { name: 'camera plans of a client', run: (r) => r.plans.list({ clientId: 'client-1', limit: 25 }), sortsMatches: true },
  ...EMPLOYEE_SORTS.flatMap((sort): Shape[] => [
    { name: `employees by ${sort}`, run: (r) => r.employees.list({ q: '', status: null, sort, ...page }) },
    { name: `employees (active) by ${sort}`, run: (r) => r.employees.list({ q: '', status: 'active', sort, ...page }) },
  ]),
  { name: 'vision analyses with a label', run: (r) => r.vision.search({ label: 'dog' }, { limit: 25 }), sortsMatches: true },
];

/** The database with every statement's SQL and parameters recorded as the store runs them. */
function recording(db: SqliteDb, log: { sql: string; params: unknown[] }[]): SqliteDb {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          const s = target.prepare(sql) as Statement<unknown[]>;
          const record =
            (fn: 'all' | 'get' | 'run') =>
            (...params: unknown[]) => {
              log.push({ sql, params });
              return s[fn](...params);
            };
          return { all: record('all'), get: record('get'), run: record('run') };
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('SQLite query plans of the product lists (docs/persistence.md "Indexes")', () => {
  let dir: ReturnType<typeof tempDir>;
  const log: { sql: string; params: unknown[] }[] = [];
  let db: SqliteDb;
  let store: DocumentStore;
  let repos: Repos;

  beforeAll(async () => {
    dir = tempDir();
    const file = join(dir.path, 'plans.db');
    const seeding = sqliteDocumentStore((db = openSqlite(file)));
    for (const [collection, make] of Object.entries(SEED)) {
      await Promise.all(Array.from({ length: N }, (_, i) => seeding.collection(collection).create(make(i))));
    }
    await seeding.close();
    closeSqlite(db);
    // Reopened: the store gathers planner statistics when it opens, as a restarted server does.
    db = openSqlite(file);
    migrate(db);
    store = sqliteDocumentStore(recording(db, log));
    const clock = { now: () => new Date() };
    const ids = { next: () => crypto.randomUUID() };
    repos = {
      invoices: new DocumentInvoiceRepository(store, ids),
      jobs: new DocumentJobRepository(store),
      clients: new DocumentClientRepository(store),
      proposals: new DocumentProposalRepository(store),
      inventory: new DocumentInventoryRepository(store),
      contracts: new DocumentContractRepository(store),
      reminders: new DocumentReminderLog(store),
      reminderSettings: new DocumentReminderSettings(store),
      outbox: new DocumentOutboxMailer(store, clock, ids),
      plans: new DocumentCameraPlanRepository(store),
      employees: new DocumentEmployeeDirectory(store),
      vision: new DocumentVisionAnalysisRepository(store),
    };
  }, 60_000);

  afterAll(async () => {
    await store.close();
    closeSqlite(db);
    dir.remove();
  });

  it.each(SHAPES.map((s) => [s.name, s] as const))('%s reads an index in order', async (_name, shape) => {
    log.length = 0;
    await shape.run(repos);
    // Reads of a collection's table (aliased `documents`), not of one document by id.
    const reads = log.filter((l) => l.sql.startsWith('SELECT id, data, created_at, updated_at, version FROM "docs_') && !l.sql.endsWith('WHERE id = ?'));
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${read.sql}`).all(...read.params) as { detail: string }[]).map((p) => p.detail).join(' | ');
      expect(plan, read.sql).not.toMatch(/SCAN documents(?! USING (COVERING )?INDEX)/);
      if (!shape.sortsMatches) expect(plan, read.sql).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    }
  });
});

describe('SQLite declared indexes', () => {
  it('drops an index the store built for an entry no longer declared, and builds the declared ones', async () => {
    const dir = tempDir();
    const db = openSqlite(join(dir.path, 'stale.db'));
    migrate(db);
    createCollectionTable(db, 'clients');
    // What an earlier version built for `{ collection: 'clients', fields: [asc('searchText')] }`.
    db.exec(`CREATE INDEX doc_clients_searchText_asc ON docs_clients (json_extract(data, '$."searchText"') ASC)`);
    db.exec(`CREATE INDEX other_index ON docs_clients (updated_at)`);
    const store = sqliteDocumentStore(db);
    const names = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'docs_clients'`).all() as { name: string }[]).map((r) => r.name);
    await store.close();
    closeSqlite(db);
    dir.remove();
    expect(names).not.toContain('doc_clients_searchText_asc');
    expect(names).toContain('other_index');
    expect(names).toContain('doc_clients_nameKey_asc_id_asc');
  });
});
