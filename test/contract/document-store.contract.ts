import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseError, TERMINATED_MESSAGE, type DatabaseErrorCode } from '../../src/domain/persistence/database-error.ts';
import { GeoPoint, type DocumentData } from '../../src/domain/persistence/document-data.ts';
import type { DocumentStore, QueryPage } from '../../src/domain/persistence/document-store.ts';
import { and, or, orderBy, where, type Query } from '../../src/domain/persistence/query.ts';
import { COLLECTION_INDEXES, type CollectionIndex } from '../../src/domain/persistence/collection-indexes.ts';
import { DocumentLease } from '../../src/adapters/documents/document-lease.ts';
import { DocumentInvoiceRepository } from '../../src/adapters/documents/document-invoice-repository.ts';
import { DocumentJobRepository } from '../../src/adapters/documents/document-job-repository.ts';
import { DocumentProposalRepository } from '../../src/adapters/documents/document-proposal-repository.ts';
import { DocumentEmployeeDirectory } from '../../src/adapters/documents/document-employee-directory.ts';
import { createInvoice } from '../../src/application/invoices/create-invoice.ts';
import { sendInvoice } from '../../src/application/invoices/send-invoice.ts';
import { createCreditNote } from '../../src/application/invoices/issue-credit-note.ts';
import { generateDueContractInvoices } from '../../src/application/monitoring/generate-due-contract-invoices.ts';
import { runPaymentReminders } from '../../src/application/reminders/run-payment-reminders.ts';
import { saveReminderPolicy } from '../../src/application/reminders/manage-reminders.ts';
import type { NewInvoiceInput } from '../../src/domain/invoices/invoice-issuer.ts';
import { ADMIN, invoiceDeps } from '../support/invoice-deps.ts';
import { aLine } from '../unit/invoices/invoice-factories.ts';
import { deps as billingDeps, memoryIssuer, newContract, NOW as BILLING_NOW, periodsOf } from './support/billing-fixtures.ts';
import { InvoicesInMemory, outboxOf, POLICY, reminderDeps } from './support/reminder-fixtures.ts';

/**
 * One suite for every DocumentStore adapter: the factory opens a store on a real database
 * (an SQLite file, a MongoDB replica set) and its cleanup removes what the suite wrote.
 */
export interface StoreUnderTest {
  store: DocumentStore;
  /** A second store on the same database, as another server instance would have. */
  openAnother?: () => Promise<DocumentStore>;
  cleanup: () => Promise<void>;
}

let n = 0;
const uniqueCollection = (): string => `t${Date.now().toString(36)}_${(n += 1)}`;

interface Product extends DocumentData {
  name: string;
  price: number;
  tags: string[];
  active: boolean;
  rating: number | null;
}

let p = 0;
const aProduct = (overrides: Partial<Product> = {}): Product => {
  p += 1;
  return { name: `Camera ${p}`, price: 100 + p, tags: ['camera'], active: true, rating: null, ...overrides };
};

async function expectCode(promise: Promise<unknown>, code: DatabaseErrorCode): Promise<void> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected a ${code} error`).not.toBeNull();
  expect(isDatabaseError(err, code), `expected ${code}, got ${String(err)}`).toBe(true);
}

/** Collects pushes from a subscription and waits until one matches. */
function recorder<T>() {
  const seen: T[] = [];
  return {
    seen,
    push: (v: T) => void seen.push(v),
    async until(pred: (v: T) => boolean, ms = 5_000): Promise<T> {
      const start = Date.now();
      for (;;) {
        const hit = seen.find(pred);
        if (hit !== undefined) return hit;
        if (Date.now() - start > ms) throw new Error(`no push matched in ${ms} ms; saw ${JSON.stringify(seen)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

const names = (page: QueryPage<Product>): string[] => page.docs.map((d) => d.name);

const anInvoice = (over: Partial<NewInvoiceInput> = {}): NewInvoiceInput => ({
  clientId: 'client-ada', siteId: null, source: { kind: 'blank', id: null }, terms: 'net15', issueDate: '2031-01-15', lines: [aLine()], ...over,
});

/**
 * Whether a declared index serves a query in order: its fields start with the query's equality
 * filters (any order), then the query's sort fields in order, all in the index's direction or all
 * reversed. The driver-neutral form of a query plan without a collection scan or a sort.
 */
export function indexServes(index: CollectionIndex, q: Query): boolean {
  const eq = (q.where ?? []).flatMap((f) => (f.kind === 'field' && f.op === '==' ? [f.field] : []));
  const order = (q.orderBy ?? []).filter((o) => o.field !== 'id');
  const fields = index.fields;
  if (fields.length < eq.length + order.length) return false;
  if (!fields.slice(0, eq.length).every((f) => eq.includes(f.path))) return false;
  const rest = fields.slice(eq.length, eq.length + order.length);
  const same = rest.every((f, i) => f.path === order[i]!.field && (f.direction ?? 'asc') === (order[i]!.direction ?? 'asc'));
  const reversed = rest.every((f, i) => f.path === order[i]!.field && (f.direction ?? 'asc') !== (order[i]!.direction ?? 'asc'));
  return same || reversed;
}

/** The store with every collection query recorded, as the repositories make them. */
function recordingQueries(store: DocumentStore, log: { collection: string; q: Query }[]): DocumentStore {
  return new Proxy(store, {
    get(target, prop) {
      if (prop !== 'collection') return Reflect.get(target, prop, target) as unknown;
      return (name: string) => {
        const col = target.collection(name);
        return new Proxy(col, {
          get(c, p) {
            if (p === 'query') return (q: Query = {}) => (log.push({ collection: name, q }), c.query(q));
            const v = Reflect.get(c, p, c) as unknown;
            return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(c) : v;
          },
        });
      };
    },
  });
}

export function documentStoreContract(adapter: string, open: () => Promise<StoreUnderTest>, opts: { skip?: boolean } = {}): void {
  describe.skipIf(opts.skip === true)(`DocumentStore contract: ${adapter}`, () => {
    let sut: StoreUnderTest;
    let store: DocumentStore;

    beforeAll(async () => {
      sut = await open();
      store = sut.store;
    });
    afterAll(async () => {
      await sut?.cleanup();
    });

    describe('documents', () => {
      it('create adds id, createdAt and updatedAt and get reads it back', async () => {
        const col = store.collection<Product>(uniqueCollection());
        const input = aProduct({ tags: ['a', 'b'] });
        const created = await col.create(input);
        expect(created.id).toMatch(/\S/);
        expect(Date.parse(created.createdAt)).not.toBeNaN();
        expect(created.updatedAt).toBe(created.createdAt);
        expect(await col.get(created.id)).toEqual({ ...input, id: created.id, createdAt: created.createdAt, updatedAt: created.updatedAt });
        expect(await col.get('missing')).toBeNull();
      });

      it('create with a taken id fails with already-exists and leaves the first document', async () => {
        const col = store.collection<Product>(uniqueCollection());
        const first = await col.create(aProduct(), 'cam-1');
        await expectCode(col.create(aProduct(), 'cam-1'), 'already-exists');
        expect((await col.get('cam-1'))?.name).toBe(first.name);
      });

      it('set replaces the whole document and keeps createdAt', async () => {
        const col = store.collection<DocumentData>(uniqueCollection());
        const first = await col.set('x', { a: 1, b: 2 });
        await new Promise((r) => setTimeout(r, 5));
        const second = await col.set('x', { a: 3 });
        expect(second).toMatchObject({ id: 'x', a: 3, createdAt: first.createdAt });
        expect(second).not.toHaveProperty('b');
        expect(second.updatedAt > first.updatedAt).toBe(true);
      });

      it('update writes dotted paths into nested maps and fails with not-found when missing', async () => {
        const col = store.collection<DocumentData>(uniqueCollection());
        await col.set('c1', { name: 'Lee', address: { city: 'York', zip: 'Y1' } });
        const updated = await col.update('c1', { 'address.city': 'Leeds', phone: '555' });
        expect(updated).toMatchObject({ name: 'Lee', address: { city: 'Leeds', zip: 'Y1' }, phone: '555' });
        expect(await col.get('c1')).toMatchObject({ address: { city: 'Leeds', zip: 'Y1' } });
        await expectCode(col.update('nope', { name: 'x' }), 'not-found');
        expect(await col.get('nope')).toBeNull();
      });

      it('delete removes the document', async () => {
        const col = store.collection<Product>(uniqueCollection());
        const d = await col.create(aProduct());
        await col.delete(d.id);
        expect(await col.get(d.id)).toBeNull();
        await col.delete(d.id);
      });

      it('[R-DB-3] geo points round-trip as GeoPoint values', async () => {
        const col = store.collection<DocumentData>(uniqueCollection());
        const site = await col.create({ sites: [{ label: 'home', geo: new GeoPoint(51.5, -0.12) }] });
        const back = await col.get(site.id);
        const geo = (back?.sites as { geo: GeoPoint }[])[0]!.geo;
        expect(geo).toBeInstanceOf(GeoPoint);
        expect(geo.isEqual(new GeoPoint(51.5, -0.12))).toBe(true);
      });

      it('[R-DB-2] a document with a nested array never reaches the database', async () => {
        const col = store.collection<DocumentData>(uniqueCollection());
        await expectCode(col.set('n', { grid: [[1, 2]] }), 'invalid-argument');
        expect(await col.get('n')).toBeNull();
      });

      it('a unique index (employees.email) refuses a second document with the same value', async () => {
        const col = store.collection<DocumentData>('employees');
        const email = `dup-${uniqueCollection()}@example.com`;
        await col.create({ email, name: 'A' });
        await expectCode(col.create({ email, name: 'B' }), 'already-exists');
        expect(await col.count([where('email', '==', email)])).toBe(1);
      });
    });

    describe('queries', () => {
      const col = () => store.collection<Product>(name);
      let name: string;
      beforeAll(async () => {
        name = uniqueCollection();
        const c = store.collection<Product>(name);
        await c.set('a', aProduct({ name: 'a', price: 10, tags: ['indoor', 'wifi'], active: true, rating: 4 }));
        await c.set('b', aProduct({ name: 'b', price: 20, tags: ['outdoor'], active: false, rating: 5 }));
        await c.set('c', aProduct({ name: 'c', price: 30, tags: ['outdoor', 'wifi'], active: true, rating: null }));
        await c.set('d', aProduct({ name: 'd', price: 20, tags: [], active: true, rating: 3 }));
        await c.set('e', { name: 'e', price: '20', tags: 'wifi', active: 'true' } as unknown as Product);
      });

      it.each([
        ['==', where('price', '==', 20), ['b', 'd']],
        ['== string does not match a number', where('price', '==', '20'), ['e']],
        ['== boolean', where('active', '==', true), ['a', 'c', 'd']],
        ['== null', where('rating', '==', null), ['c']],
        ['!= skips missing and null fields', where('rating', '!=', 5), ['a', 'd']],
        ['<', where('price', '<', 20), ['a']],
        ['<=', where('price', '<=', 20), ['a', 'b', 'd']],
        ['>', where('price', '>', 20), ['c']],
        ['>=', where('price', '>=', 20), ['b', 'c', 'd']],
        ['in', where('name', 'in', ['a', 'c', 'zz']), ['a', 'c']],
        ['not-in matches other types too', where('price', 'not-in', [10, 30]), ['b', 'd', 'e']],
        ['array-contains looks inside arrays only', where('tags', 'array-contains', 'wifi'), ['a', 'c']],
        ['array-contains-any', where('tags', 'array-contains-any', ['indoor', 'outdoor']), ['a', 'b', 'c']],
        ['array-contains-prefix looks inside arrays only', where('tags', 'array-contains-prefix', 'wi'), ['a', 'c']],
        ['array-contains-prefix matches a whole element too', where('tags', 'array-contains-prefix', 'outdoor'), ['b', 'c']],
        ['array-contains-prefix is case-sensitive', where('tags', 'array-contains-prefix', 'Out'), []],
        ['and', and(where('active', '==', true), where('price', '>', 10)), ['c', 'd']],
        ['or', or(where('price', '==', 10), where('tags', 'array-contains', 'outdoor')), ['a', 'b', 'c']],
        ['nested or inside and', and(where('active', '==', true), or(where('price', '==', 10), where('price', '==', 30))), ['a', 'c']],
      ] as const)('filter %s', async (_label, filter, expected) => {
        const page = await col().query({ where: [filter], orderBy: [orderBy('name')] });
        expect(names(page)).toEqual(expected);
        expect(await col().count([filter])).toBe(expected.length);
      });

      it('several top-level filters are joined by and', async () => {
        const page = await col().query({ where: [where('active', '==', true), where('price', '<', 25)], orderBy: [orderBy('name')] });
        expect(names(page)).toEqual(['a', 'd']);
      });

      it('orders by several fields in either direction, then by id', async () => {
        const page = await col().query({ where: [where('price', '>=', 0)], orderBy: [orderBy('price', 'desc'), orderBy('name', 'asc')] });
        expect(names(page)).toEqual(['c', 'b', 'd', 'a']);
        const byId = await col().query({ orderBy: [orderBy('id', 'desc')] });
        expect(byId.docs.map((d) => d.id)).toEqual(['e', 'd', 'c', 'b', 'a']);
      });

      it('limit and limitToLast take from either end, in query order', async () => {
        const numeric = [where('price', '>=', 0)];
        expect(names(await col().query({ where: numeric, orderBy: [orderBy('price')], limit: 2 }))).toEqual(['a', 'b']);
        const last = await col().query({ where: numeric, orderBy: [orderBy('price')], limitToLast: 2 });
        expect(names(last)).toEqual(['d', 'c']);
        expect(last.nextCursor).toBeNull();
      });

      it('[R-DB-4] limitToLast without orderBy is rejected', async () => {
        await expectCode(col().query({ limitToLast: 1 }), 'invalid-argument');
      });

      it('pages through every document with startAfter cursors', async () => {
        // Only documents whose `active` is a boolean: 'e' holds the string 'true', and ordering a
        // field of mixed types is outside the model (SQLite and MongoDB rank types differently).
        const booleans = [where('active', 'in', [true, false])];
        const order = [orderBy('active', 'desc'), orderBy('name')];
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let i = 0; i < 10; i++) {
          const page = await col().query({ where: booleans, orderBy: order, limit: 2, ...(cursor ? { startAfter: cursor } : {}) });
          seen.push(...names(page));
          if (!page.nextCursor) break;
          cursor = page.nextCursor;
        }
        expect(seen).toEqual(['a', 'c', 'd', 'b']);
      });

      it('a cursor from another orderBy is rejected', async () => {
        const page = await col().query({ orderBy: [orderBy('name')], limit: 1 });
        await expectCode(col().query({ orderBy: [orderBy('price')], startAfter: page.nextCursor! }), 'invalid-argument');
      });

      it('queries on createdAt and nested fields', async () => {
        const c = store.collection<DocumentData>(uniqueCollection());
        await c.set('p1', { pageViews: { home: 3, about: 1 } });
        await new Promise((r) => setTimeout(r, 5));
        await c.set('p2', { pageViews: { home: 7 } });
        const page = await c.query({ where: [where('pageViews.home', '>', 2)], orderBy: [orderBy('createdAt', 'desc')] });
        expect(page.docs.map((d) => d.id)).toEqual(['p2', 'p1']);
      });
    });

    describe('term index (array-contains-prefix on a TERM_INDEXES field)', () => {
      // clients.search is declared in TERM_INDEXES; a run-unique word keeps runs apart.
      const col = () => store.collection<DocumentData>('clients');
      const w = `zt${Date.now().toString(36)}`;
      const ids = (page: QueryPage<DocumentData>) => page.docs.map((d) => d.id);
      const query = (...prefixes: string[]) =>
        col().query({ where: [where('nameKey', '>=', w), ...prefixes.map((x) => where('search', 'array-contains-prefix', x))], orderBy: [orderBy('nameKey')] });

      it('intersects several prefixes and follows every kind of write', async () => {
        await col().set(`${w}-1`, { nameKey: `${w} 1`, search: [`${w}oak`, `${w}springfield`, 'a.b*c'] });
        await col().set(`${w}-2`, { nameKey: `${w} 2`, search: [`${w}oak`, `${w}salem`, `${w}oak`] });
        await col().create({ nameKey: `${w} 3`, search: `${w}oak` }, `${w}-3`);
        expect(ids(await query(`${w}oa`))).toEqual([`${w}-1`, `${w}-2`]);
        expect(ids(await query(`${w}oak`, `${w}sp`))).toEqual([`${w}-1`]);
        expect(ids(await query(`${w}s`, `${w}oak`))).toEqual([`${w}-1`, `${w}-2`]);
        expect(await col().count([where('search', 'array-contains-prefix', `${w}sa`), where('search', 'array-contains-prefix', `${w}o`)])).toBe(1);
        expect(ids(await query(`${w}oak`, `${w}x`))).toEqual([]);
        expect(ids(await query('a.b*'))).toEqual([`${w}-1`]);
        expect(ids(await query('a.b.'))).toEqual([]);

        await col().update(`${w}-1`, { search: [`${w}maple`] });
        expect(ids(await query(`${w}oak`))).toEqual([`${w}-2`]);
        expect(ids(await query(`${w}map`))).toEqual([`${w}-1`]);
        await col().update(`${w}-3`, { search: [`${w}oak`] });
        expect(ids(await query(`${w}oak`))).toEqual([`${w}-2`, `${w}-3`]);
        await col().set(`${w}-2`, { nameKey: `${w} 2`, search: [] });
        await store.runTransaction(async (tx) => {
          tx.delete('clients', `${w}-3`);
          tx.set('clients', `${w}-4`, { nameKey: `${w} 4`, search: [`${w}oaken`] });
        });
        expect(ids(await query(`${w}oak`))).toEqual([`${w}-4`]);
        await col().delete(`${w}-4`);
        await col().delete(`${w}-1`);
        expect(ids(await query(`${w}`))).toEqual([]);
      });

      it('pages an intersection with cursors, with other filters beside it', async () => {
        for (let i = 0; i < 7; i++) await col().set(`${w}-p${i}`, { nameKey: `${w} p${i}`, status: i === 3 ? 'archived' : 'active', search: [`${w}page`, i % 2 ? `${w}odd` : `${w}even`] });
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await col().query({
            where: [where('status', '==', 'active'), where('search', 'array-contains-prefix', `${w}pa`), where('search', 'array-contains-prefix', `${w}e`)],
            orderBy: [orderBy('nameKey', 'desc')],
            limit: 2,
            ...(cursor ? { startAfter: cursor } : {}),
          });
          seen.push(...ids(page));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        expect(seen).toEqual([`${w}-p6`, `${w}-p4`, `${w}-p2`, `${w}-p0`]);
        for (let i = 0; i < 7; i++) await col().delete(`${w}-p${i}`);
      });

      it('a word far commoner than the others matches as well as a rare one', async () => {
        for (let i = 0; i < 20; i++) await col().set(`${w}-c${i}`, { nameKey: `${w} c${i}`, search: [`${w}common${i % 3}`, ...(i === 4 || i === 9 ? [`${w}rare`] : [])] });
        expect(ids(await query(`${w}rar`, `${w}comm`))).toEqual([`${w}-c4`, `${w}-c9`]);
        expect(ids(await query(`${w}comm`, `${w}rare`, `${w}common0`))).toEqual([`${w}-c9`]);
        expect(ids(await query(`${w}rare`, `${w}common2`))).toEqual([]);
        for (let i = 0; i < 20; i++) await col().delete(`${w}-c${i}`);
      });

      it('rejects an empty or non-string prefix', async () => {
        await expectCode(col().query({ where: [where('search', 'array-contains-prefix', '')] }), 'invalid-argument');
        await expectCode(col().query({ where: [where('search', 'array-contains-prefix', 3)] }), 'invalid-argument');
      });
    });

    describe('increments', () => {
      it('adds to dotted numeric fields, a missing one counting as 0', async () => {
        const col = store.collection<DocumentData>(uniqueCollection());
        await col.set('day', { pageViews: { home: 2 } });
        await col.increment('day', { 'pageViews.home': 3, 'pageViews.about': 1, total: 4 });
        const after = await col.increment('day', { 'pageViews.home': -1 });
        expect(after).toMatchObject({ pageViews: { home: 4, about: 1 }, total: 4 });
        expect(await col.get('day')).toMatchObject({ pageViews: { home: 4, about: 1 }, total: 4 });
      });

      it('upsert creates the document with the increments and set fields', async () => {
        const col = store.collection<DocumentData>(uniqueCollection());
        const first = await col.increment('2026', { next: 1 }, { upsert: true, set: { kind: 'invoice' } });
        expect(first).toMatchObject({ id: '2026', next: 1, kind: 'invoice' });
        const second = await col.increment('2026', { next: 1 }, { upsert: true, set: { kind: 'invoice' } });
        expect(second).toMatchObject({ next: 2, createdAt: first.createdAt });
      });

      it('without upsert a missing document fails with not-found', async () => {
        const col = store.collection<DocumentData>(uniqueCollection());
        await expectCode(col.increment('none', { n: 1 }), 'not-found');
        expect(await col.get('none')).toBeNull();
      });

      it('a field that holds a string cannot be incremented', async () => {
        const col = store.collection<DocumentData>(uniqueCollection());
        await col.set('s', { n: 'seven' });
        await expectCode(col.increment('s', { n: 1 }), 'invalid-argument');
        expect((await col.get('s'))?.n).toBe('seven');
      });

      it('200 concurrent increments through the port add exactly 200', async () => {
        const col = store.collection<DocumentData>(uniqueCollection());
        await Promise.all(Array.from({ length: 200 }, () => col.increment('counter', { n: 1 }, { upsert: true })));
        expect((await col.get('counter'))?.n).toBe(200);
      });
    });

    describe('transactions', () => {
      it('reads and writes commit together', async () => {
        const name = uniqueCollection();
        const col = store.collection<DocumentData>(name);
        await col.set('from', { balance: 100 });
        await col.set('to', { balance: 0 });
        const moved = await store.runTransaction(async (tx) => {
          const from = await tx.get(name, 'from');
          const to = await tx.get(name, 'to');
          tx.update(name, 'from', { balance: (from!.balance as number) - 30 });
          tx.update(name, 'to', { balance: (to!.balance as number) + 30 });
          return 30;
        });
        expect(moved).toBe(30);
        expect((await col.get('from'))?.balance).toBe(70);
        expect((await col.get('to'))?.balance).toBe(30);
      });

      it('re-runs when a document it read changed before commit, and counts attempts', async () => {
        const name = uniqueCollection();
        const col = store.collection<DocumentData>(name);
        await col.set('n', { value: 1 });
        let runs = 0;
        await store.runTransaction(async (tx) => {
          runs += 1;
          const doc = await tx.get(name, 'n');
          if (runs === 1) await col.update('n', { value: 10 });
          tx.update(name, 'n', { value: (doc!.value as number) + 1 });
        });
        expect(runs).toBe(2);
        expect((await col.get('n'))?.value).toBe(11);
      });

      it('[R-DB-8] gives up with aborted after maxAttempts', async () => {
        const name = uniqueCollection();
        const col = store.collection<DocumentData>(name);
        await col.set('n', { value: 0 });
        let runs = 0;
        const attempt = store.runTransaction(
          async (tx) => {
            runs += 1;
            await tx.get(name, 'n');
            await col.increment('n', { value: 1 });
            tx.set(name, 'n', { value: -1 });
          },
          { maxAttempts: 2 },
        );
        await expectCode(attempt, 'aborted');
        expect(runs).toBe(2);
        expect((await col.get('n'))?.value).toBe(2);
        await expectCode(store.runTransaction(async () => 1, { maxAttempts: 0 }), 'invalid-argument');
      });

      it('is all or nothing: a failing write undoes the others', async () => {
        const name = uniqueCollection();
        const col = store.collection<DocumentData>(name);
        await expectCode(
          store.runTransaction(async (tx) => {
            tx.set(name, 'a', { v: 1 });
            tx.update(name, 'missing', { v: 2 });
          }),
          'not-found',
        );
        expect(await col.get('a')).toBeNull();
      });

      it('reading the same document twice in one transaction commits on the first attempt', async () => {
        const name = uniqueCollection();
        await store.collection<DocumentData>(name).set('n', { value: 1 });
        let runs = 0;
        await store.runTransaction(async (tx) => {
          runs += 1;
          const a = await tx.get(name, 'n');
          const b = await tx.get(name, 'n');
          tx.update(name, 'n', { value: (a!.value as number) + (b!.value as number) });
        });
        expect(runs).toBe(1);
        expect((await store.collection<DocumentData>(name).get('n'))?.value).toBe(2);
      });

      it('a transaction that only reads writes nothing: another one that read the same document still commits at once', async () => {
        const name = uniqueCollection();
        const col = store.collection<DocumentData>(name);
        await col.set('n', { value: 1 });
        let runs = 0;
        await store.runTransaction(async (tx) => {
          runs += 1;
          const doc = await tx.get(name, 'n');
          expect(await store.runTransaction(async (ro) => (await ro.get(name, 'n'))?.value)).toBe(1);
          tx.update(name, 'n', { value: (doc!.value as number) + 1 });
        });
        expect(runs).toBe(1);
        expect(await store.runTransaction(async (ro) => ro.get(name, 'missing'))).toBeNull();
        expect((await col.get('n'))?.value).toBe(2);
      });

      it('two transactions that each saw a document absent cannot both create what that allowed (write skew)', async () => {
        const name = uniqueCollection();
        const col = store.collection<DocumentData>(name);
        // Each creates its own document only while the other's is absent: at most one may exist.
        const claim = (mine: string, other: string) =>
          store.runTransaction(async (tx) => {
            const theirs = await tx.get(name, other);
            const own = await tx.get(name, mine);
            if (!theirs && !own) tx.create(name, mine, { by: mine });
          }, { maxAttempts: 20 });
        for (let i = 0; i < 10; i++) {
          await Promise.all([claim(`a${i}`, `b${i}`), claim(`b${i}`, `a${i}`)]);
          const present = [await col.get(`a${i}`), await col.get(`b${i}`)].filter((d) => d !== null);
          expect(present, `pair ${i}`).toHaveLength(1);
        }
      });

      it('reads after writes are refused', async () => {
        const name = uniqueCollection();
        await expectCode(
          store.runTransaction(async (tx) => {
            tx.set(name, 'a', { v: 1 });
            await tx.get(name, 'a');
          }),
          'invalid-argument',
        );
      });
    });

    /**
     * What several app instances on one database rely on, with several store handles (as each
     * instance has its own) on this driver. Real OS processes sharing an SQLite file stay in
     * sqlite-document-store-processes.test.ts, scheduler-lease.test.ts and contract-billing.test.ts.
     */
    describe('several handles on one database', () => {
      const handles = async (n: number): Promise<DocumentStore[]> => {
        if (!sut.openAnother) throw new Error(`${adapter}: the factory must offer openAnother`);
        const more = await Promise.all(Array.from({ length: n - 1 }, () => sut.openAnother!()));
        return [store, ...more];
      };

      it('300 concurrent increments from three handles add exactly 300', async () => {
        const name = uniqueCollection();
        const stores = await handles(3);
        await Promise.all(Array.from({ length: 300 }, (_, i) => stores[i % 3]!.collection(name).increment('counter', { n: 1 }, { upsert: true })));
        expect((await store.collection(name).get('counter'))?.n).toBe(300);
      });

      it('numbers 30 invoices created at once through three handles 1..N per year: no gaps, no duplicates', async () => {
        const deps = (await handles(3)).map((s) => invoiceDeps(s, { today: '2031-12-20' }));
        const years = Array.from({ length: 30 }, (_, i) => (i % 3 === 2 ? 2032 : 2031));
        const made = await Promise.all(years.map((y, i) => createInvoice(deps[i % 3]!, { id: 'demo-admin-frank', name: 'Frank Miller' }, anInvoice({ issueDate: y === 2031 ? '2031-12-15' : '2032-01-15' }))));
        for (const year of [2031, 2032]) {
          const count = years.filter((y) => y === year).length;
          expect(made.filter((m) => m.year === year).map((m) => m.number).sort()).toEqual(Array.from({ length: count }, (_, i) => `INV-${year}-${String(i + 1).padStart(4, '0')}`));
        }
      });

      it('credit notes keep their own gapless sequence (CN-YYYY-NNNN) when issued at once through three handles', async () => {
        const deps = (await handles(3)).map((s) => invoiceDeps(s, { today: '2033-02-12' }));
        const original = await createInvoice(deps[0]!, { id: 'demo-admin-frank', name: 'Frank Miller' }, anInvoice({ issueDate: '2033-02-01', lines: [aLine({ quantity: 1, unitPriceCents: 100_000, taxRateBp: 0 })] }));
        await sendInvoice(deps[0]!, ADMIN, original.id, {});
        const made = await Promise.all(
          Array.from({ length: 6 }, (_, i) => createCreditNote(deps[i % 3]!, ADMIN, original.id, { lines: [aLine({ description: `Credit ${i}`, quantity: 1, unitPriceCents: 1_000, taxRateBp: 0 })], reason: 'Goodwill', issueDate: '2033-02-10' })),
        );
        expect(made.map((m) => m.number).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `CN-2033-000${i + 1}`));
      });

      it('the scheduler lease has one holder across handles until it releases; of 40 attempts at once exactly one wins', async () => {
        const clock = { now: () => new Date('2026-11-22T10:00:00.000Z') };
        const [a, b] = (await handles(2)).map((s) => new DocumentLease(s, clock));
        const lease = uniqueCollection();
        expect(await a!.acquire(lease, 'A', 60_000)).toBe(true);
        expect(await b!.acquire(lease, 'B', 60_000)).toBe(false);
        expect(await b!.renew(lease, 'B', 60_000)).toBe(false);
        await b!.release(lease, 'B'); // not B's: changes nothing
        expect(await b!.current(lease)).toMatchObject({ holder: 'A' });
        await a!.release(lease, 'A');
        expect(await b!.acquire(lease, 'B', 60_000)).toBe(true);

        const race = uniqueCollection();
        const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a! : b!).acquire(race, `H${i}`, 60_000)));
        expect(results.filter(Boolean)).toHaveLength(1);
        expect(await a!.current(race)).toMatchObject({ holder: `H${results.indexOf(true)}` });
      });

      it('the monthly billing run twice at once through two handles, and once more after, bills each period once', async () => {
        const [a, b] = await handles(2);
        const issuer = memoryIssuer();
        const [da, db] = [billingDeps(a!, issuer, 'A'), billingDeps(b!, issuer, 'B')];
        const ids = await Promise.all([1, 2, 3].map((i) => da.contracts.create(newContract({ clientId: `client-${i}` })).then((c) => c.id)));
        await Promise.all([generateDueContractInvoices(da, BILLING_NOW), generateDueContractInvoices(db, BILLING_NOW)]);
        expect((await generateDueContractInvoices(db, BILLING_NOW)).created).toEqual([]);
        expect(periodsOf(issuer.calls)).toEqual(ids.flatMap((id) => ['2026-09', '2026-10', '2026-11'].map((p) => `${id}:${p}`)).sort());
      });

      it('the payment reminder run twice at once through two handles, and once more after, sends one mail per step', async () => {
        const [a, b] = await handles(2);
        const invoices = new InvoicesInMemory();
        const now = () => new Date('2026-11-17T15:00:00Z');
        await saveReminderPolicy(reminderDeps(a!, invoices, now), ADMIN, POLICY);
        for (let i = 0; i < 12; i++) invoices.add();
        const [ra, rb] = await Promise.all([runPaymentReminders(reminderDeps(a!, invoices, now)), runPaymentReminders(reminderDeps(b!, invoices, now))]);
        expect(ra.sent + rb.sent).toBe(12);
        expect((await runPaymentReminders(reminderDeps(b!, invoices, now))).sent).toBe(0);
        const mails = await outboxOf(a!, now);
        expect(mails).toHaveLength(12);
        expect(new Set(mails.map((m) => m.to)).size).toBe(12);
      });

      it('a snapshot reads one moment while transfers commit through another handle: the total never changes', async () => {
        const name = uniqueCollection();
        const [, other] = await handles(2);
        await Promise.all(Array.from({ length: 10 }, (_, i) => store.collection(name).set(`acct-${i}`, { balance: 100 })));
        let stop = false;
        const transfers = (async () => {
          for (let k = 0; !stop; k++) {
            // A store whose calls settle without I/O (SQLite) would otherwise starve the timers below.
            await new Promise((r) => setImmediate(r));
            await other!.runTransaction(async (tx) => {
              const [from, to] = [`acct-${k % 10}`, `acct-${(k * 7 + 3) % 10}`];
              if (from === to) return;
              const f = await tx.get(name, from);
              const t = await tx.get(name, to);
              tx.update(name, from, { balance: (f!.balance as number) - 7 });
              tx.update(name, to, { balance: (t!.balance as number) + 7 });
            });
          }
        })();
        try {
          for (let round = 0; round < 3; round++) {
            await new Promise((r) => setTimeout(r, 30));
            const snapshot = await store.openSnapshot();
            try {
              await store.collection(name).set('late', { balance: 1_000 });
              let total = 0;
              const ids: string[] = [];
              for await (const d of snapshot.documents(name)) {
                ids.push(d.id);
                total += (d.data as { balance: number }).balance;
                await new Promise((r) => setTimeout(r, 2));
              }
              expect(ids).not.toContain('late');
              expect(total).toBe(1_000);
            } finally {
              await snapshot.close();
              await store.collection(name).delete('late');
            }
          }
        } finally {
          stop = true;
          await transfers;
        }
      });

      it('the sorted product lists are served in order by an index the store declares', async () => {
        const log: { collection: string; q: Query }[] = [];
        const rec = recordingQueries(store, log);
        const page = { limit: 25, cursor: null };
        const invoices = new DocumentInvoiceRepository(rec, { next: () => crypto.randomUUID() });
        const jobs = new DocumentJobRepository(rec);
        const proposals = new DocumentProposalRepository(rec);
        const employees = new DocumentEmployeeDirectory(rec);
        for (const sort of ['issueDate', 'dueDate', 'number', 'totalCents', 'balanceCents', 'clientName'] as const) {
          await invoices.list({ status: null, overdue: null, today: '2026-11-22', clientId: null, from: null, to: null, words: [], direction: 'desc', sort, ...page });
          await invoices.list({ status: 'sent', overdue: null, today: '2026-11-22', clientId: null, from: null, to: null, words: [], direction: 'asc', sort, ...page });
        }
        for (const sort of ['number', 'scheduledStart', 'createdAt', 'updatedAt'] as const) {
          await jobs.list({ status: null, type: null, employeeId: null, clientId: null, from: null, to: null, words: [], direction: 'desc', sort, ...page });
          await proposals.list({ status: null, today: '2026-11-22', search: '', direction: 'desc', sort: sort === 'scheduledStart' ? 'validUntil' : sort, ...page });
        }
        for (const sort of ['name', '-email', 'updated', '-created'] as const) await employees.list({ q: '', status: null, sort, ...page });
        const lists = log.filter((l) => (l.q.orderBy ?? []).some((o) => o.field !== 'id'));
        expect(lists.length).toBeGreaterThan(20);
        // Besides the declared ones, both drivers index every collection's createdAt and updatedAt (then id).
        const declared = (c: string): CollectionIndex[] => [...COLLECTION_INDEXES.filter((i) => i.collection === c), { collection: c, fields: [{ path: 'createdAt' }] }, { collection: c, fields: [{ path: 'updatedAt' }] }];
        const unserved = lists.filter((l) => !declared(l.collection).some((i) => indexServes(i, l.q)));
        expect(unserved.map((l) => `${l.collection} ${JSON.stringify(l.q.where ?? [])} by ${JSON.stringify(l.q.orderBy)}`)).toEqual([]);
      });
    });

    describe('[R-DB-9] live queries', () => {
      it('push the current result, then each committed change that alters it', async () => {
        const name = uniqueCollection();
        const col = store.collection<Product>(name);
        await col.set('a', aProduct({ name: 'a', active: true }));
        const rec = recorder<QueryPage<Product>>();
        const stop = col.subscribe({ where: [where('active', '==', true)], orderBy: [orderBy('name')] }, rec.push);
        await rec.until((pg) => names(pg).join() === 'a');
        await col.set('b', aProduct({ name: 'b', active: true }));
        await rec.until((pg) => names(pg).join() === 'a,b');
        const pushes = rec.seen.length;
        await col.set('z', aProduct({ name: 'z', active: false }));
        await col.update('a', { active: false });
        await rec.until((pg) => names(pg).join() === 'b');
        expect(rec.seen.length).toBe(pushes + 1);
        stop();
        await col.set('c', aProduct({ name: 'c', active: true }));
        await new Promise((r) => setTimeout(r, 300));
        expect(names(rec.seen.at(-1)!)).toEqual(['b']);
      });

      it('a document subscription sees increments and deletion', async () => {
        const col = store.collection<DocumentData>(uniqueCollection());
        const rec = recorder<DocumentData | null>();
        const stop = col.subscribeDoc('stats', rec.push);
        await rec.until((d) => d === null);
        await col.increment('stats', { 'pageViews.home': 1 }, { upsert: true });
        await rec.until((d) => (d?.pageViews as { home?: number } | undefined)?.home === 1);
        await col.delete('stats');
        await rec.until((d) => d === null && rec.seen.length >= 3);
        stop();
      });

      it('see commits made by another store on the same database', async (ctx) => {
        if (!sut.openAnother) return ctx.skip();
        const other = await sut.openAnother();
        try {
          const name = uniqueCollection();
          const rec = recorder<QueryPage<Product>>();
          const stop = store.collection<Product>(name).subscribe({ orderBy: [orderBy('name')] }, rec.push);
          await rec.until((pg) => pg.docs.length === 0);
          await other.collection<Product>(name).set('x', aProduct({ name: 'x' }));
          await rec.until((pg) => names(pg).join() === 'x');
          stop();
        } finally {
          await other.close();
        }
      });
    });

    describe('[R-ERR-4] lifecycle', () => {
      it('ping answers while open; after close every call fails with failed-precondition', async () => {
        const extra = sut.openAnother ? await sut.openAnother() : null;
        const s = extra ?? store;
        await s.ping();
        await s.close();
        const col = s.collection('after_close');
        for (const call of [s.ping(), col.get('x'), col.set('x', {}), col.query({}), s.runTransaction(async () => 1)]) {
          const err = await call.then(
            () => null,
            (e: unknown) => e,
          );
          expect(isDatabaseError(err, 'failed-precondition')).toBe(true);
          expect((err as Error).message).toBe(TERMINATED_MESSAGE);
        }
        if (!extra) sut = { ...sut, cleanup: async () => {} };
      });
    });
  });
}
