import { randomUUID } from 'node:crypto';
import { MongoClient, MongoError, MongoServerError, type ClientSession, type CreateIndexesOptions, type Db, type Document, type Filter, type Sort } from 'mongodb';
import { COLLECTION_INDEXES, TERM_INDEXES, TTL_INDEXES } from '../../domain/persistence/collection-indexes.ts';
import { createDocumentStore } from '../../domain/persistence/checked-document-store.ts';
import { DatabaseError } from '../../domain/persistence/database-error.ts';
import type { EncodedValue, Scalar } from '../../domain/persistence/document-data.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { DocumentStoreDriver, DriverSnapshot, EncodedDocument, FieldWrite, RawDocument, ReadCheck, WriteOp } from '../../domain/persistence/document-store-driver.ts';
import type { FieldPath, NormalizedFilter, NormalizedOrder, NormalizedQuery } from '../../domain/persistence/query.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import { parseMongoUrl } from './mongo-connection.ts';

/**
 * The document store on MongoDB (official driver). Each document is stored as
 * `{ _id, _v, createdAt, updatedAt, d: { ...fields } }`: the fields live under `d` so no caller
 * field can clash with the store's own, and `_v` is the version transactions compare.
 * Transactions and live queries (change streams) need a replica set; docker-compose runs a
 * single-node one. On a standalone server they fail with 'unimplemented'.
 */
interface StoredDoc {
  _id: string;
  _v: number;
  createdAt: string;
  updatedAt: string;
  d: EncodedDocument;
  _ttl?: Date;
}

const META: Record<string, string> = { id: '_id', createdAt: 'createdAt', updatedAt: 'updatedAt' };
const mongoPath = (path: FieldPath): string => (path.length === 1 && META[path[0]!]) || `d.${path.join('.')}`;

const NOT_ARRAY = { $not: { $type: 'array' } };
const NEVER: Filter<Document> = { _id: { $exists: false } };

const escapeRegex = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** Same semantics as the SQLite adapter: typed equality, never matching inside arrays. */
const equals = (p: string, v: Scalar): Filter<Document> => (v === null ? { [p]: { $type: 'null' } } : { [p]: { $eq: v, ...NOT_ARRAY } });

function compileFilter(f: NormalizedFilter): Filter<Document> {
  if (f.kind !== 'field') return f.kind === 'and' ? { $and: f.filters.map(compileFilter) } : { $or: f.filters.map(compileFilter) };
  const p = mongoPath(f.path);
  switch (f.op) {
    case '==':
      return equals(p, f.value);
    case '!=':
      return { [p]: { $exists: true, $nin: [f.value, null] } };
    case 'in':
      return { $or: f.value.map((v) => equals(p, v)) };
    case 'not-in':
      return { [p]: { $exists: true, $nin: [...f.value, null] } };
    case 'array-contains':
      return { [p]: { $elemMatch: { $eq: f.value } } };
    case 'array-contains-any':
      return { [p]: { $elemMatch: { $in: f.value } } };
    case 'array-contains-prefix':
      // An anchored, case-sensitive regex of literal characters is a range read of the multikey index.
      return { [p]: { $elemMatch: { $regex: `^${escapeRegex(String(f.value))}` } } };
    default: {
      const op = ({ '<': '$lt', '<=': '$lte', '>': '$gt', '>=': '$gte' } as const)[f.op];
      return { [p]: { [op]: f.value, ...NOT_ARRAY } };
    }
  }
}

/** Documents strictly after the cursor in the forward order; missing and null sort first. */
function compileAfter(order: NormalizedOrder[], values: Scalar[]): Filter<Document> {
  const branches = order.map((o, i) => {
    const parts: Filter<Document>[] = [];
    for (let j = 0; j < i; j++) parts.push({ [mongoPath(order[j]!.path)]: values[j] === null ? null : { $eq: values[j] } });
    const p = mongoPath(o.path);
    const v = values[i]!;
    if (o.direction === 'asc') parts.push(v === null ? { [p]: { $ne: null } } : { [p]: { $gt: v } });
    else parts.push(v === null ? NEVER : { $or: [{ [p]: { $lt: v } }, { [p]: null }] });
    return { $and: parts };
  });
  return { $or: branches };
}

const toRaw = (doc: StoredDoc): RawDocument => ({ id: doc._id, data: doc.d ?? {}, createdAt: doc.createdAt, updatedAt: doc.updatedAt, version: doc._v });

const TTL_FIELD = new Map(TTL_INDEXES.map((t) => [t.collection, t.field]));

const ttlDate = (value: EncodedValue | undefined): Date | null => {
  if (typeof value !== 'string') return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t);
};

const hasLabel = (e: unknown, label: string): boolean => e instanceof MongoError && e.hasErrorLabel(label);

/** Driver errors the port names get their R-ERR-4 codes; anything else passes through. */
function translate(e: unknown, op?: WriteOp): unknown {
  if (e instanceof DatabaseError) return e;
  if (e instanceof MongoServerError) {
    if (e.code === 11000) {
      const onId = Object.keys((e.keyPattern ?? {}) as object).includes('_id');
      return new DatabaseError('already-exists', onId && op ? `Document already exists: ${op.collection}/${op.id}` : 'Another document has the same unique field value.');
    }
    if (e.code === 14) return new DatabaseError('invalid-argument', `Cannot increment a field that does not hold a number: ${e.message}`);
    // IllegalOperation (transactions) and 40573 (change streams) on a standalone server.
    if (e.code === 20 || e.code === 40573) return new DatabaseError('unimplemented', `This MongoDB deployment does not support the operation (needs a replica set): ${e.message}`);
  }
  if (e instanceof MongoError && /ServerSelection|Network|Topology/.test(e.name)) return new DatabaseError('unavailable', `MongoDB is unreachable: ${e.message}`);
  return e;
}

export class MongoDocumentStoreDriver implements DocumentStoreDriver {
  private readonly client: MongoClient;
  private readonly db: Db;

  constructor(client: MongoClient, db: Db) {
    this.client = client;
    this.db = db;
  }

  private col(name: string) {
    return this.db.collection<StoredDoc>(name);
  }

  /**
   * Creates the declared indexes (COLLECTION_INDEXES, TERM_INDEXES as multikey, TTL, and
   * createdAt/updatedAt for every declared collection) and drops the indexes an earlier version
   * created that are no longer declared, so a removed entry stops costing writes.
   */
  async ensureIndexes(): Promise<void> {
    const wanted: { collection: string; keys: Record<string, 1 | -1>; options: CreateIndexesOptions }[] = [];
    for (const ix of COLLECTION_INDEXES) {
      const keys: Record<string, 1 | -1> = {};
      for (const f of ix.fields) keys[mongoPath(f.path.split('.'))] = f.direction === 'desc' ? -1 : 1;
      const first = Object.keys(keys)[0]!;
      wanted.push({ collection: ix.collection, keys, options: ix.unique ? { unique: true, partialFilterExpression: { [first]: { $exists: true } } } : {} });
    }
    // Multikey: one index entry per array element, so array-contains(-prefix) seeks the index.
    for (const t of TERM_INDEXES) wanted.push({ collection: t.collection, keys: { [mongoPath(t.field.split('.'))]: 1 }, options: {} });
    for (const t of TTL_INDEXES) wanted.push({ collection: t.collection, keys: { _ttl: 1 }, options: { expireAfterSeconds: 0 } });
    // The store's own timestamps, which every list may sort by (SQLite: documents_created/updated),
    // ending in _id so either direction and the id tie-break come off the index.
    for (const c of new Set(wanted.map((w) => w.collection))) {
      wanted.push({ collection: c, keys: { createdAt: 1, _id: 1 }, options: {} });
      wanted.push({ collection: c, keys: { updatedAt: 1, _id: 1 }, options: {} });
    }
    const keep = new Set<string>();
    for (const w of wanted) {
      await this.col(w.collection).createIndex(w.keys, w.options);
      keep.add(`${w.collection} ${JSON.stringify(w.keys)}`);
    }
    for (const { name: collection, type } of await this.db.listCollections({}, { nameOnly: true }).toArray()) {
      if (collection.startsWith('system.') || (type !== undefined && type !== 'collection')) continue;
      for (const ix of await this.col(collection).listIndexes().toArray()) {
        const name = String(ix.name);
        if (name !== '_id_' && !keep.has(`${collection} ${JSON.stringify(ix.key)}`)) await this.col(collection).dropIndex(name);
      }
    }
  }

  async get(collection: string, id: string): Promise<RawDocument | null> {
    try {
      const doc = await this.col(collection).findOne({ _id: id });
      return doc ? toRaw(doc) : null;
    } catch (e) {
      throw translate(e);
    }
  }

  private ttlFor(collection: string, data: EncodedDocument): Date | null {
    const field = TTL_FIELD.get(collection);
    return field ? ttlDate(data[field]) : null;
  }

  private fieldSets(collection: string, fields: FieldWrite[], now: string): Record<string, unknown> {
    const set: Record<string, unknown> = { updatedAt: now };
    for (const f of fields) set[mongoPath(f.path)] = f.value;
    const ttlField = TTL_FIELD.get(collection);
    const ttlWrite = fields.find((f) => f.path.length === 1 && f.path[0] === ttlField);
    if (ttlWrite) set._ttl = ttlDate(ttlWrite.value);
    return set;
  }

  private async apply(op: WriteOp, now: string, session?: ClientSession): Promise<RawDocument | null> {
    const col = this.col(op.collection);
    const opts = session ? { session } : {};
    switch (op.kind) {
      case 'create': {
        const doc: StoredDoc = { _id: op.id, _v: 1, createdAt: now, updatedAt: now, d: op.data };
        const ttl = this.ttlFor(op.collection, op.data);
        if (ttl) doc._ttl = ttl;
        await col.insertOne(doc, opts);
        return toRaw(doc);
      }
      case 'set': {
        // A pipeline update keeps createdAt of a replaced document; $literal keeps values inert.
        const ttl = this.ttlFor(op.collection, op.data);
        const doc = await col.findOneAndUpdate(
          { _id: op.id },
          [
            {
              $replaceWith: {
                _id: { $literal: op.id },
                _v: { $add: [{ $ifNull: ['$_v', 0] }, 1] },
                createdAt: { $ifNull: ['$createdAt', { $literal: now }] },
                updatedAt: { $literal: now },
                d: { $literal: op.data },
                _ttl: ttl ? { $literal: ttl } : '$$REMOVE',
              },
            },
          ],
          { ...opts, upsert: true, returnDocument: 'after' },
        );
        return toRaw(doc!);
      }
      case 'update': {
        const doc = await col.findOneAndUpdate(
          { _id: op.id },
          { $set: this.fieldSets(op.collection, op.fields, now), $inc: { _v: 1 } },
          { ...opts, returnDocument: 'after' },
        );
        if (!doc) throw new DatabaseError('not-found', `No document to update: ${op.collection}/${op.id}`);
        return toRaw(doc);
      }
      case 'delete':
        await col.deleteOne({ _id: op.id }, opts);
        return null;
      case 'increment': {
        const inc: Record<string, number> = { _v: 1 };
        for (const i of op.increments) inc[mongoPath(i.path)] = i.by;
        const update = { $inc: inc, $set: this.fieldSets(op.collection, op.fields, now), $setOnInsert: { createdAt: now } };
        const doc = await col.findOneAndUpdate({ _id: op.id }, update, { ...opts, upsert: op.upsert, returnDocument: 'after' });
        if (!doc) throw new DatabaseError('not-found', `No document to update: ${op.collection}/${op.id}`);
        return toRaw(doc);
      }
    }
  }

  async write(op: WriteOp, now: string): Promise<RawDocument | null> {
    try {
      return await this.apply(op, now);
    } catch (e) {
      // Two upserts of a new id can race to insert it; the loser retries as an update.
      if (op.kind === 'increment' && op.upsert && e instanceof MongoServerError && e.code === 11000) return this.apply(op, now).catch((e2: unknown) => Promise.reject(translate(e2, op)));
      throw translate(e, op);
    }
  }

  async commit(reads: ReadCheck[], writes: WriteOp[], now: string): Promise<void> {
    const session = this.client.startSession();
    try {
      session.startTransaction({ readConcern: { level: 'snapshot' }, writeConcern: { w: 'majority' } });
      try {
        // Touch every document read at the version seen: a concurrent writer then either changed
        // the version (no match) or collides with this write (WriteConflict) — both abort.
        for (const r of reads) {
          const col = this.col(r.collection);
          const ok =
            r.version === null
              ? (await col.findOne({ _id: r.id }, { session, projection: { _id: 1 } })) === null
              : (await col.updateOne({ _id: r.id, _v: r.version }, { $inc: { _v: 1 } }, { session })).matchedCount === 1;
          if (!ok) throw new DatabaseError('aborted', `${r.collection}/${r.id} changed during the transaction.`);
        }
        for (const w of writes) await this.apply(w, now, session).catch((e: unknown) => Promise.reject(translate(e, w)));
        for (let i = 0; ; i++) {
          try {
            await session.commitTransaction();
            break;
          } catch (e) {
            if (i < 3 && hasLabel(e, 'UnknownTransactionCommitResult')) continue;
            throw e;
          }
        }
      } catch (e) {
        if (session.inTransaction()) await session.abortTransaction().catch(() => {});
        if (hasLabel(e, 'TransientTransactionError')) throw new DatabaseError('aborted', `Transaction conflict: ${(e as Error).message}`);
        throw translate(e);
      }
    } finally {
      await session.endSession();
    }
  }

  async query(collection: string, q: NormalizedQuery, limit: number | null): Promise<RawDocument[]> {
    const parts: Filter<Document>[] = [];
    if (q.filter) parts.push(compileFilter(q.filter));
    if (q.after) parts.push(compileAfter(q.order, q.after.values));
    const filter = parts.length === 0 ? {} : parts.length === 1 ? parts[0]! : { $and: parts };
    const sort: Sort = {};
    for (const o of q.order) (sort as Record<string, 1 | -1>)[mongoPath(o.path)] = (o.direction === 'asc') !== q.fromEnd ? 1 : -1;
    try {
      let cursor = this.col(collection).find(filter as Filter<StoredDoc>, { sort });
      if (limit !== null) cursor = cursor.limit(limit);
      return (await cursor.toArray()).map(toRaw);
    } catch (e) {
      throw translate(e);
    }
  }

  async count(collection: string, filter: NormalizedFilter | null): Promise<number> {
    try {
      return await this.col(collection).countDocuments((filter ? compileFilter(filter) : {}) as Filter<StoredDoc>);
    } catch (e) {
      throw translate(e);
    }
  }

  watch(collection: string, onChange: () => void, onError: (e: Error) => void): () => void {
    const stream = this.col(collection).watch([], {});
    stream.on('change', () => onChange());
    // Changes between subscribe() and the stream being ready would be missed: re-read once then.
    stream.on('init', () => onChange());
    stream.on('error', (e) => onError(translate(e) as Error));
    return () => void stream.close().catch(() => {});
  }

  async ping(): Promise<void> {
    try {
      await this.db.command({ ping: 1 });
    } catch (e) {
      throw translate(e);
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  // Backup and restore (docs/storage.md).

  private async collectionNames(session?: ClientSession): Promise<string[]> {
    const all = await this.db.listCollections({ type: 'collection' }, { nameOnly: true }).toArray();
    const names = all.map((c) => c.name).filter((n) => /^[a-z][a-z0-9_]{0,62}$/.test(n)).sort();
    const kept: string[] = [];
    for (const n of names) if ((await this.col(n).findOne({}, { session, projection: { _id: 1 } })) !== null) kept.push(n);
    return kept;
  }

  async listCollections(): Promise<string[]> {
    try {
      return await this.collectionNames();
    } catch (e) {
      throw translate(e);
    }
  }

  /**
   * A snapshot session (readConcern 'snapshot', needs a replica set): every read sees the data
   * as of the session's first read. Collections are listed after that read, so each one that
   * held documents at that moment is included. MongoDB keeps snapshot history for 5 minutes by
   * default (minSnapshotHistoryWindowInSeconds): a longer backup fails with SnapshotTooOld.
   */
  async openSnapshot(): Promise<DriverSnapshot> {
    const session = this.client.startSession({ snapshot: true });
    let names: string[];
    try {
      const first = (await this.db.listCollections({ type: 'collection' }, { nameOnly: true }).toArray())[0];
      if (first) await this.col(first.name).findOne({}, { session, projection: { _id: 1 } });
      names = await this.collectionNames(session);
    } catch (e) {
      await session.endSession();
      throw translate(e);
    }
    const col = (n: string) => this.col(n);
    return {
      collections: async () => names,
      async *documents(collection: string) {
        try {
          for await (const d of col(collection).find({}, { session, sort: { _id: 1 } })) yield toRaw(d);
        } catch (e) {
          throw translate(e);
        }
      },
      close: () => session.endSession(),
    };
  }

  async importDocuments(collection: string, docs: RawDocument[]): Promise<void> {
    if (docs.length === 0) return;
    const stored = docs.map((d) => {
      const doc: StoredDoc = { _id: d.id, _v: d.version, createdAt: d.createdAt, updatedAt: d.updatedAt, d: d.data };
      const ttl = this.ttlFor(collection, d.data);
      if (ttl) doc._ttl = ttl;
      return doc;
    });
    try {
      await this.col(collection).insertMany(stored, { ordered: true });
    } catch (e) {
      if (e instanceof MongoServerError && e.code === 11000) throw new DatabaseError('already-exists', `A document of the backup already exists in ${collection}.`);
      throw translate(e);
    }
  }

  async clearCollection(collection: string): Promise<void> {
    try {
      await this.col(collection).deleteMany({});
    } catch (e) {
      throw translate(e);
    }
  }
}

export interface MongoDocumentStoreOptions {
  /** Database name; defaults to the one in the URL's path, else 'shieldline'. */
  dbName?: string;
  serverSelectionTimeoutMS?: number;
  clock?: Clock;
  ids?: IdGenerator;
}

/** Connects, creates the indexes and returns the store (which closes the client). */
export async function openMongoDocumentStore(url: string, options: MongoDocumentStoreOptions = {}): Promise<DocumentStore> {
  // Not `new URL(url)`: a replica-set URL names several hosts (mongodb://db1,db2,db3/shieldline).
  const target = parseMongoUrl(url);
  const client = new MongoClient(url, { serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 10_000 });
  try {
    await client.connect();
    const db = client.db(options.dbName ?? target.dbName);
    const driver = new MongoDocumentStoreDriver(client, db);
    await driver.ensureIndexes();
    return createDocumentStore(driver, {
      clock: options.clock ?? { now: () => new Date() },
      ids: options.ids ?? { next: () => randomUUID() },
    });
  } catch (e) {
    await client.close().catch(() => {});
    throw translate(e);
  }
}
