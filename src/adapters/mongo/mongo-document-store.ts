import { randomUUID } from 'node:crypto';
import { MongoClient, MongoServerError, type ChangeStreamOptions, type ClientSession, type Db, type Document, type Filter, type Sort } from 'mongodb';
import { TTL_INDEXES } from '../../domain/persistence/collection-indexes.ts';
import { createDocumentStore } from '../../domain/persistence/checked-document-store.ts';
import { DatabaseError } from '../../domain/persistence/database-error.ts';
import type { EncodedValue, Scalar } from '../../domain/persistence/document-data.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { DocumentStoreDriver, DriverSnapshot, EncodedDocument, FieldWrite, RawDocument, ReadCheck, WriteOp } from '../../domain/persistence/document-store-driver.ts';
import type { NormalizedFilter, NormalizedOrder, NormalizedQuery } from '../../domain/persistence/query.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import { ChangeFeeds, type ChangeStreamLike } from './mongo-change-feed.ts';
import { parseMongoUrl, waitForPrimary, type HelloAnswer } from './mongo-connection.ts';
import { mayRepeatWrite, transactionFailure, translate } from './mongo-errors.ts';
import { GONE, mongoPath, syncIndexes, type ExistingIndex } from './mongo-indexes.ts';
import { guardSteps, planCommit, runTransaction } from './mongo-transaction.ts';

/**
 * The document store on MongoDB (official driver). Each document is stored as
 * `{ _id, _v, createdAt, updatedAt, d: { ...fields } }`: the fields live under `d` so no caller
 * field can clash with the store's own, and `_v` is the version transactions compare.
 * Transactions and live queries (change streams) need a replica set; start-up refuses a
 * standalone server. Pure parts live beside it: mongo-connection.ts (URL, start-up wait),
 * mongo-errors.ts (labels, R-ERR-4), mongo-transaction.ts (commit plan, retries),
 * mongo-indexes.ts (own indexes), mongo-change-feed.ts (shared change streams).
 */
interface StoredDoc {
  _id: string;
  _v: number;
  createdAt: string;
  updatedAt: string;
  d: EncodedDocument;
  _ttl?: Date;
}

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

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const codeOf = (e: unknown): unknown => (e instanceof MongoServerError ? e.code : undefined);

export interface MongoDriverOptions {
  /** Time a transaction may spend re-running after transient failures (step-down, network). */
  transactionBudgetMS?: number;
  log?: (line: string) => void;
}

export class MongoDocumentStoreDriver implements DocumentStoreDriver {
  private readonly client: MongoClient;
  private readonly db: Db;
  private readonly feeds: ChangeFeeds;
  private readonly transactionBudgetMS: number;
  private readonly log: (line: string) => void;

  constructor(client: MongoClient, db: Db, options: MongoDriverOptions = {}) {
    this.client = client;
    this.db = db;
    this.transactionBudgetMS = options.transactionBudgetMS ?? 30_000;
    this.log = options.log ?? (() => {});
    this.feeds = new ChangeFeeds(
      {
        operationTime: async () => {
          const session = client.startSession();
          try {
            await db.command({ ping: 1 }, { session });
            return session.operationTime ?? session.clusterTime?.clusterTime;
          } finally {
            await session.endSession();
          }
        },
        // An undefined option would be sent as null, which the server refuses.
        open: (collection, start) => this.col(collection).watch([], Object.fromEntries(Object.entries(start).filter(([, v]) => v != null)) as ChangeStreamOptions) as unknown as ChangeStreamLike,
      },
      { log: this.log },
    );
  }

  private col(name: string) {
    return this.db.collection<StoredDoc>(name);
  }

  /** Creates and drops the store's own indexes only (mongo-indexes.ts); every other index is left alone. */
  async ensureIndexes(): Promise<void> {
    await syncIndexes({
      list: async () => {
        const existing = new Map<string, ExistingIndex[]>();
        for (const { name, type } of await this.db.listCollections({}, { nameOnly: true }).toArray()) {
          if (name.startsWith('system.') || (type !== undefined && type !== 'collection')) continue;
          // A collection dropped meanwhile (NamespaceNotFound) has no indexes to plan for.
          const listed = await this.col(name).listIndexes().toArray().catch((e: unknown) => (GONE.has(codeOf(e) as number) ? null : Promise.reject(e)));
          if (listed) existing.set(name, listed as unknown as ExistingIndex[]);
        }
        return existing;
      },
      drop: (collection, name) => this.col(collection).dropIndex(name),
      create: (c) => this.col(c.collection).createIndex(c.keys, { ...c.options, name: c.name }),
    });
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
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.apply(op, now);
      } catch (e) {
        // Two upserts of a new id can race to insert it; the loser retries as an update.
        if (op.kind === 'increment' && op.upsert && codeOf(e) === 11000 && attempt === 1) continue;
        // The driver already retried once; during an election a second primary may take seconds.
        if (attempt < 4 && mayRepeatWrite(e, op)) {
          await sleep(200 * attempt);
          continue;
        }
        throw translate(e, op);
      }
    }
  }

  /** A read document still at the version seen; an absent one still absent (guardSteps, mongo-transaction.ts). */
  private async guard(r: ReadCheck, now: string, session: ClientSession): Promise<void> {
    const changed = () => new DatabaseError('aborted', `${r.collection}/${r.id} changed during the transaction.`);
    for (const step of guardSteps(r, now)) {
      const col = this.col(step.collection);
      if (step.kind === 'bump') {
        if ((await col.updateOne(step.filter, { $inc: { _v: 1 } }, { session })).matchedCount !== 1) throw changed();
      } else if (step.kind === 'insert-placeholder') {
        await col.insertOne(step.doc, { session }).catch((e: unknown) => Promise.reject(codeOf(e) === 11000 ? changed() : e));
      } else await col.deleteOne(step.filter, { session });
    }
  }

  /** A read-only transaction: its reads compared in one snapshot, nothing written. */
  private async verify(checks: ReadCheck[], session: ClientSession): Promise<void> {
    const byCollection = new Map<string, ReadCheck[]>();
    for (const c of checks) byCollection.set(c.collection, [...(byCollection.get(c.collection) ?? []), c]);
    for (const [collection, list] of byCollection) {
      const found = await this.col(collection).find({ _id: { $in: list.map((c) => c.id) } }, { session, projection: { _v: 1 } }).toArray();
      const versions = new Map(found.map((d) => [d._id, d._v]));
      for (const c of list) if ((versions.get(c.id) ?? null) !== c.version) throw new DatabaseError('aborted', `${collection}/${c.id} changed during the transaction.`);
    }
  }

  async commit(reads: ReadCheck[], writes: WriteOp[], now: string): Promise<void> {
    const plan = planCommit(reads, writes);
    if (plan.readOnly && plan.checks.length === 0) return;
    const session = this.client.startSession();
    try {
      await runTransaction(
        session,
        async () => {
          if (plan.readOnly) return this.verify(plan.checks, session);
          for (const r of plan.checks) await this.guard(r, now, session);
          // Labels decide re-runs (runTransaction); only a final failure is translated.
          for (const w of writes) await this.apply(w, now, session).catch((e: unknown) => Promise.reject(transactionFailure(e) === 'give-up' ? translate(e, w) : e));
        },
        { budgetMs: this.transactionBudgetMS },
        { readConcern: { level: 'snapshot' }, writeConcern: { w: 'majority' } },
      );
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

  /** One shared change stream per collection (mongo-change-feed.ts); it recovers by itself, so errors are not passed on. */
  watch(collection: string, onChange: () => void, _onError: (e: Error) => void): () => void {
    return this.feeds.subscribe(collection, onChange);
  }

  async ping(): Promise<void> {
    try {
      await this.db.command({ ping: 1 });
    } catch (e) {
      throw translate(e);
    }
  }

  async close(): Promise<void> {
    await this.feeds.close();
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

export interface MongoDocumentStoreOptions extends MongoDriverOptions {
  /** Database name; defaults to the one in the URL's path, else 'shieldline'. */
  dbName?: string;
  serverSelectionTimeoutMS?: number;
  /** How long start-up waits for a writable primary (an election, members still starting). */
  startupTimeoutMS?: number;
  clock?: Clock;
  ids?: IdGenerator;
}

const stderrLine = (line: string): void => void process.stderr.write(`${line}\n`);

/**
 * Connects, waits for a writable primary (refusing a standalone server), creates the indexes and
 * returns the store (which closes the client).
 */
export async function openMongoDocumentStore(url: string, options: MongoDocumentStoreOptions = {}): Promise<DocumentStore> {
  const target = parseMongoUrl(url);
  const log = options.log ?? stderrLine;
  const client = new MongoClient(url, { serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 10_000 });
  try {
    await waitForPrimary(() => client.db('admin').command({ hello: 1 }) as Promise<HelloAnswer>, {
      url,
      timeoutMs: options.startupTimeoutMS ?? 60_000,
      log,
    });
    const db = client.db(options.dbName ?? target.dbName);
    const driver = new MongoDocumentStoreDriver(client, db, { ...options, log });
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
