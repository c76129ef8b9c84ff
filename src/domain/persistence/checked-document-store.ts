import type { Clock, IdGenerator } from '../shared/clock.ts';
import { DatabaseError, invalidArgument, isDatabaseError, TERMINATED_MESSAGE } from './database-error.ts';
import {
  checkDocumentData,
  checkFieldValue,
  decodeDocument,
  decodeOwnedValue,
  encodeDocument,
  encodeValue,
  type DocumentData,
  type Scalar,
  type StoredDocument,
} from './document-data.ts';
import type {
  Collection,
  DocumentStore,
  ErrorListener,
  IncrementOptions,
  QueryPage,
  Transaction,
  TransactionOptions,
  Unsubscribe,
  UpdatePatch,
} from './document-store.ts';
import type { BackupDriver, DocumentStoreDriver, FieldIncrement, FieldWrite, RawDocument, ReadCheck, WriteOp } from './document-store-driver.ts';
import { checkCollectionName, checkDocumentId, isMetaField, parseFieldPath } from './field-path.ts';
import { checkFilters, checkQuery, encodeCursor, type FieldPath, type NormalizedQuery, type Query } from './query.ts';

/**
 * The DocumentStore every adapter is used through: it applies the rules, encodes values,
 * pages with cursors, retries transactions and turns a driver's change signal into live
 * query results, so each adapter only translates already-checked operations to its database.
 */
export const DEFAULT_MAX_ATTEMPTS = 5;

/** R-DB-8 */
export function checkMaxAttempts(options: TransactionOptions = {}): number {
  const n = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(n) || n < 1) throw invalidArgument(`Max attempts must be at least 1, but was: ${n}.`);
  return n;
}

const conflicts = (a: FieldPath, b: FieldPath): boolean => {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
};

function checkDistinct(paths: FieldPath[]): void {
  for (let i = 0; i < paths.length; i++)
    for (let j = i + 1; j < paths.length; j++)
      if (conflicts(paths[i]!, paths[j]!))
        throw invalidArgument(`Invalid data. Field paths '${paths[i]!.join('.')}' and '${paths[j]!.join('.')}' overlap.`);
}

function metaPath(path: FieldPath, raw: string): FieldPath {
  if (isMetaField(path)) throw invalidArgument(`Invalid data. '${raw}' is managed by the store and cannot be written.`);
  return path;
}

export function checkPatch(patch: UpdatePatch, what = 'update'): FieldWrite[] {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) throw invalidArgument(`Invalid data. ${what} takes an object of field paths.`);
  const fields = Object.entries(patch).map(([p, v]) => ({ path: metaPath(parseFieldPath(p), p), value: encodeValue(checkFieldValue(v, p)) }));
  checkDistinct(fields.map((f) => f.path));
  return fields;
}

export function checkIncrement(deltas: Record<string, number>, options: IncrementOptions = {}): { increments: FieldIncrement[]; fields: FieldWrite[] } {
  if (deltas === null || typeof deltas !== 'object' || Object.keys(deltas).length === 0)
    throw invalidArgument('Invalid data. increment needs at least one field and amount.');
  const increments = Object.entries(deltas).map(([p, by]) => {
    if (typeof by !== 'number' || !Number.isFinite(by)) throw invalidArgument(`Invalid data. The amount for '${p}' must be a finite number.`);
    return { path: metaPath(parseFieldPath(p), p), by };
  });
  const fields = options.set === undefined ? [] : checkPatch(options.set, 'increment set');
  checkDistinct([...increments.map((i) => i.path), ...fields.map((f) => f.path)]);
  return { increments, fields };
}

function toStored<T extends DocumentData>(raw: RawDocument): StoredDocument<T> {
  return { ...(decodeDocument(raw.data) as T), id: raw.id, createdAt: raw.createdAt, updatedAt: raw.updatedAt };
}

/** For query rows the driver has just parsed and holds nowhere else: decoded in place, not copied. */
function toStoredOwned<T extends DocumentData>(raw: RawDocument): StoredDocument<T> {
  const doc = decodeOwnedValue(raw.data) as Record<string, unknown>;
  doc['id'] = raw.id;
  doc['createdAt'] = raw.createdAt;
  doc['updatedAt'] = raw.updatedAt;
  return doc as StoredDocument<T>;
}

function valueAt(raw: RawDocument, path: FieldPath): Scalar {
  if (path.length === 1 && (path[0] === 'id' || path[0] === 'createdAt' || path[0] === 'updatedAt')) return raw[path[0]];
  let v: unknown = raw.data;
  for (const seg of path) v = v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[seg] : undefined;
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') throw invalidArgument(`Invalid Query. Cursors need scalar values in orderBy fields; '${path.join('.')}' holds ${Array.isArray(v) ? 'an array' : 'an object'}.`);
  return v as Scalar;
}

export interface StoreDeps {
  clock: Clock;
  ids: IdGenerator;
}

export function createDocumentStore(driver: DocumentStoreDriver, deps: StoreDeps): DocumentStore {
  let closed = false;
  const subscriptions = new Set<Unsubscribe>();
  const now = (): string => deps.clock.now().toISOString();

  const open = (): void => {
    if (closed) throw new DatabaseError('failed-precondition', TERMINATED_MESSAGE);
  };
  /** Runs the checks synchronously (so nothing reaches the driver when they fail), then the call. */
  const call = async <R>(checks: () => () => Promise<R>): Promise<R> => {
    open();
    return checks()();
  };

  async function page<T extends DocumentData>(collection: string, q: NormalizedQuery): Promise<QueryPage<T>> {
    const fetch = q.limit === null || q.fromEnd ? q.limit : q.limit + 1;
    const rows = await driver.query(collection, q, fetch);
    if (q.fromEnd) return { docs: rows.reverse().map((r) => toStoredOwned<T>(r)), nextCursor: null };
    const more = q.limit !== null && rows.length > q.limit;
    const docs = more ? rows.slice(0, q.limit!) : rows;
    const last = docs.at(-1);
    // The cursor is read before the rows are decoded in place.
    const nextCursor = more && last ? encodeCursor(q.order, { values: q.order.map((o) => valueAt(last, o.path)) }) : null;
    return { docs: docs.map((r) => toStoredOwned<T>(r)), nextCursor };
  }

  /** Pushes `read()` now and after every change signal, only when the result differs. */
  function live<R>(collection: string, read: () => Promise<R>, onNext: (r: R) => void, onError?: ErrorListener): Unsubscribe {
    let last: string | undefined;
    let stopped = false;
    let running = false;
    let again = false;
    const report = (e: unknown): void => {
      if (!stopped) onError?.(e instanceof Error ? e : new Error(String(e)));
    };
    const refresh = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const result = await read();
          const key = JSON.stringify(result);
          if (!stopped && key !== last) {
            last = key;
            onNext(result);
          }
        } while (again && !stopped);
      } catch (e) {
        report(e);
      } finally {
        running = false;
      }
    };
    const unwatch = driver.watch(collection, () => void refresh(), report);
    void refresh();
    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      subscriptions.delete(stop);
      unwatch();
    };
    subscriptions.add(stop);
    return stop;
  }

  function prepareWrite(kind: 'create' | 'set', collection: string, id: string, data: DocumentData): WriteOp {
    return { kind, collection: checkCollectionName(collection), id: checkDocumentId(id), data: encodeDocument(checkDocumentData(data)) };
  }
  const prepareUpdate = (collection: string, id: string, patch: UpdatePatch): WriteOp => ({
    kind: 'update',
    collection: checkCollectionName(collection),
    id: checkDocumentId(id),
    fields: checkPatch(patch),
  });
  const prepareIncrement = (collection: string, id: string, deltas: Record<string, number>, options: IncrementOptions = {}): WriteOp => ({
    kind: 'increment',
    collection: checkCollectionName(collection),
    id: checkDocumentId(id),
    ...checkIncrement(deltas, options),
    upsert: options.upsert === true,
  });

  const written = async <T extends DocumentData>(op: WriteOp): Promise<StoredDocument<T>> => {
    const raw = await driver.write(op, now());
    if (!raw) throw new DatabaseError('not-found', `No document to update: ${op.collection}/${op.id}`);
    return toStored<T>(raw);
  };

  function collection<T extends DocumentData>(name: string): Collection<T> {
    checkCollectionName(name);
    return {
      name,
      get: (id) =>
        call(() => {
          checkDocumentId(id);
          return async () => {
            const raw = await driver.get(name, id);
            return raw ? toStored<T>(raw) : null;
          };
        }),
      create: (data, id) =>
        call(() => {
          const op = prepareWrite('create', name, id ?? deps.ids.next(), data);
          return () => written<T>(op);
        }),
      set: (id, data) =>
        call(() => {
          const op = prepareWrite('set', name, id, data);
          return () => written<T>(op);
        }),
      update: (id, patch) =>
        call(() => {
          const op = prepareUpdate(name, id, patch);
          return () => written<T>(op);
        }),
      delete: (id) =>
        call(() => {
          checkDocumentId(id);
          return async () => {
            await driver.write({ kind: 'delete', collection: name, id }, now());
          };
        }),
      query: (q) =>
        call(() => {
          const nq = checkQuery(q);
          return () => page<T>(name, nq);
        }),
      count: (filters) =>
        call(() => {
          const filter = checkFilters(filters);
          return () => driver.count(name, filter);
        }),
      increment: (id, deltas, options) =>
        call(() => {
          const op = prepareIncrement(name, id, deltas, options);
          return () => written<T>(op);
        }),
      subscribe: (q: Query, onNext, onError) => {
        open();
        const nq = checkQuery(q);
        return live(name, () => page<T>(name, nq), onNext, onError);
      },
      subscribeDoc: (id, onNext, onError) => {
        open();
        checkDocumentId(id);
        return live(name, async () => {
          const raw = await driver.get(name, id);
          return raw ? toStored<T>(raw) : null;
        }, onNext, onError);
      },
    };
  }

  async function runTransaction<R>(fn: (tx: Transaction) => Promise<R>, options?: TransactionOptions): Promise<R> {
    open();
    const attempts = checkMaxAttempts(options);
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const reads: ReadCheck[] = [];
      const writes: WriteOp[] = [];
      let finished = false;
      const writable = (): void => {
        if (finished) throw new DatabaseError('failed-precondition', 'The transaction has already finished.');
      };
      const tx: Transaction = {
        get: async <T extends DocumentData>(c: string, id: string) => {
          writable();
          if (writes.length > 0) throw invalidArgument('Transactions require all reads to be executed before all writes.');
          checkCollectionName(c);
          checkDocumentId(id);
          open();
          const raw = await driver.get(c, id);
          reads.push({ collection: c, id, version: raw ? raw.version : null });
          return raw ? toStored<T>(raw) : null;
        },
        create: (c, id, data) => void (writable(), writes.push(prepareWrite('create', c, id, data))),
        set: (c, id, data) => void (writable(), writes.push(prepareWrite('set', c, id, data))),
        update: (c, id, patch) => void (writable(), writes.push(prepareUpdate(c, id, patch))),
        delete: (c, id) => void (writable(), writes.push({ kind: 'delete', collection: checkCollectionName(c), id: checkDocumentId(id) })),
        increment: (c, id, deltas, opts) => void (writable(), writes.push(prepareIncrement(c, id, deltas, opts))),
      };
      let result: R;
      try {
        result = await fn(tx);
      } finally {
        finished = true;
      }
      open();
      try {
        await driver.commit(reads, writes, now());
        return result;
      } catch (e) {
        if (!isDatabaseError(e, 'aborted')) throw e;
        lastError = e;
      }
    }
    throw new DatabaseError('aborted', `The transaction was retried ${attempts} times and still conflicted: ${String((lastError as Error).message)}`);
  }

  return {
    collection,
    runTransaction,
    ping: () => call(() => () => driver.ping()),
    close: async () => {
      if (closed) return;
      closed = true;
      for (const stop of [...subscriptions]) stop();
      await driver.close();
    },
    listCollections: () => call(() => () => backupDriver(driver).listCollections()),
    openSnapshot: () => call(() => () => backupDriver(driver).openSnapshot()),
    importDocuments: (collection, docs) =>
      call(() => {
        const name = checkCollectionName(collection);
        const checked = docs.map(checkImported);
        return () => backupDriver(driver).importDocuments(name, checked);
      }),
    clearCollection: (collection) =>
      call(() => {
        const name = checkCollectionName(collection);
        return () => backupDriver(driver).clearCollection(name);
      }),
  };
}

function backupDriver(driver: DocumentStoreDriver): BackupDriver {
  const { listCollections, openSnapshot, importDocuments, clearCollection } = driver;
  if (!listCollections || !openSnapshot || !importDocuments || !clearCollection) throw new DatabaseError('unimplemented', 'This database adapter cannot back up or restore.');
  return { listCollections: listCollections.bind(driver), openSnapshot: openSnapshot.bind(driver), importDocuments: importDocuments.bind(driver), clearCollection: clearCollection.bind(driver) };
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A document from a backup passes the same rules as a written one (R-DB-1..3), ids and times included. */
function checkImported(doc: RawDocument): RawDocument {
  if (doc === null || typeof doc !== 'object') throw invalidArgument('An imported document must be an object.');
  for (const t of [doc.createdAt, doc.updatedAt])
    if (typeof t !== 'string' || !ISO_TIME.test(t)) throw invalidArgument(`Imported document ${String(doc.id)} has an invalid timestamp: ${String(t)}.`);
  const version = Number.isSafeInteger(doc.version) && doc.version >= 1 ? doc.version : 1;
  return { id: checkDocumentId(doc.id), data: encodeDocument(checkDocumentData(decodeDocument(doc.data))), createdAt: doc.createdAt, updatedAt: doc.updatedAt, version };
}
