import type { Statement } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { TTL_INDEXES } from '../../domain/persistence/collection-indexes.ts';
import { createDocumentStore } from '../../domain/persistence/checked-document-store.ts';
import { DatabaseError } from '../../domain/persistence/database-error.ts';
import type { EncodedValue } from '../../domain/persistence/document-data.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { DocumentStoreDriver, DriverSnapshot, RawDocument, ReadCheck, WriteOp } from '../../domain/persistence/document-store-driver.ts';
import { parseFieldPath } from '../../domain/persistence/field-path.ts';
import type { NormalizedFilter, NormalizedQuery } from '../../domain/persistence/query.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import { closeSqlite, migrate, openSqlite, type SqliteDb } from './sqlite-database.ts';
import { collectionTables, createCollectionTable } from './sqlite-collection-tables.ts';
import { chooseOrderIndex, ensureCollectionIndexes, ensureDocumentIndexes } from './sqlite-index-manager.ts';
import { damagedMessage, quickCheck, withDamageLatch } from './sqlite-file-health.ts';
import {
  collectionFrom,
  collectionTable,
  compileCount,
  compileExpiredDelete,
  compileJsonSet,
  compileNumericCheck,
  compileQuery,
  compileTermRangeSize,
  MAX_ID_MATCHES,
  setAt,
  type FilterContext,
  type Param,
} from './sqlite-query-compiler.ts';
import { COLUMNS, fileSnapshot, memorySnapshot, toRaw, type Row } from './sqlite-snapshot.ts';

/**
 * The SQLite driver of the document store: the connection, a table per collection created on
 * first use (sqlite-collection-tables.ts), group-committed writes, optimistic transactions, the
 * prepared-statement cache per collection, live-query notifications (this process's commits
 * at once, other processes' by polling `PRAGMA data_version`), the TTL sweep and backup
 * snapshots. What the SQL says comes from sqlite-query-compiler.ts; which indexes exist and which
 * one a query names, from sqlite-index-manager.ts.
 *
 * Every write is one statement or one BEGIN IMMEDIATE transaction, so it is atomic across
 * processes sharing the file.
 */
const isConstraint = (e: unknown, code: string): boolean => (e as { code?: string }).code === code;

interface PendingWrite {
  /** One write, or a transaction's read checks and writes. */
  op: WriteOp | { kind: 'commit'; reads: ReadCheck[]; writes: WriteOp[] };
  now: string;
  resolve: (doc: RawDocument | null) => void;
  reject: (e: unknown) => void;
}

const collectionsOf = (op: PendingWrite['op']): string[] => (op.kind === 'commit' ? op.writes.map((w) => w.collection) : [op.collection]);
/** Every collection a pending write reads or writes (their tables must exist before the group's transaction). */
const collectionsUsed = (op: PendingWrite['op']): string[] => (op.kind === 'commit' ? [...op.reads.map((r) => r.collection), ...collectionsOf(op)] : [op.collection]);
/** Statements kept per collection (queries with different filters are different statements). */
const STATEMENTS_PER_COLLECTION = 200;

/**
 * Counters that are no business record: request rate-limit windows (and the page-view visitor
 * gate's, in the same collection) and the per-day page-view counts. A group commit that writes
 * only these is committed without its own fsync (`synchronous = NORMAL` for that commit) as long
 * as the file was fsynced less than COUNTER_SYNC_MS ago; otherwise, and whenever the group holds
 * any other write, it is fsynced as usual. The WAL is written in order, so the next fsync makes
 * every earlier commit durable: a power cut or OS crash loses at most the last COUNTER_SYNC_MS of
 * these counters (a process crash, kill -9 included, loses nothing: the commit is in the OS's
 * cache), never a business record. An fsync here costs ≈ 0.4 ms of CPU and 1–9 ms during which
 * the event loop waits (issue 16): a page view wrote four counters, four fsynced commits.
 */
const COUNTER_COLLECTIONS = new Set(['rate_limits', 'analytics_days']);
/** Expired documents removed by one statement of the TTL sweep. */
export const SWEEP_BATCH = 500;
const COUNTER_SYNC_MS = 1000;
/** `PRAGMA synchronous` levels: NORMAL, FULL. */
const SYNC_NORMAL = 1;
const SYNC_FULL = 2;

export interface SqliteDriverOptions {
  /** How often to look for commits made by other processes while someone is subscribed. */
  pollMs?: number;
  /** How often to remove documents past their TTL field. */
  ttlSweepMs?: number;
  clock?: Clock;
  /** Prefix filters expected to match more documents than this walk the collection (default 2000; tests use 0). */
  maxIdMatches?: number;
  /** Close the database with the store (true when the store opened it). */
  ownsDb?: boolean;
}

export class SqliteDocumentStoreDriver implements DocumentStoreDriver {
  private readonly db: SqliteDb;
  /** Prepared statements by collection ('' for those of no collection), then by SQL text. */
  private readonly statements = new Map<string, Map<string, Statement<Param[]>>>();
  /** Collections whose table is known to exist (tables are never dropped). */
  private readonly tables = new Set<string>();
  private readonly watchers = new Map<string, Set<() => void>>();
  /** Documents per collection, recounted at most once a minute (plans prefix filters). */
  private readonly documentCounts = new Map<string, { n: number; at: number }>();
  /** The timer's sweep under way, if any (one at a time). */
  private sweeping: Promise<void> | null = null;
  private readonly options: SqliteDriverOptions;
  private poller: NodeJS.Timeout | undefined;
  private readonly sweeper: NodeJS.Timeout | undefined;
  private dataVersion = 0;
  private readonly pending: PendingWrite[] = [];
  /** The connection's own `synchronous` level, and when a commit last ran at it (fsynced). */
  private readonly syncLevel: number;
  private lastSync = 0;
  private readonly applyOne = (w: PendingWrite): RawDocument | null => (w.op.kind === 'commit' ? this.applyCommit(w.op.reads, w.op.writes, w.now) : this.apply(w.op, w.now));
  private readonly applyBatch;

  constructor(db: SqliteDb, options: SqliteDriverOptions = {}) {
    this.db = db;
    this.options = options;
    const one = db.transaction(this.applyOne);
    this.applyBatch = db.transaction((batch: PendingWrite[]) =>
      batch.map((w) => {
        try {
          return { ok: one(w) };
        } catch (error) {
          return { error };
        }
      }),
    );
    ensureDocumentIndexes(db);
    for (const c of collectionTables(db)) this.tables.add(c);
    this.syncLevel = db.pragma('synchronous', { simple: true }) as number;
    this.sweeper = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = this.sweepExpiredInBatches()
        .then(() => {
          if (this.db.open) this.db.pragma('optimize');
        })
        .catch(() => {}) // the next sweep tries again; a closed database ends them
        .finally(() => {
          this.sweeping = null;
        });
    }, options.ttlSweepMs ?? 60_000);
    this.sweeper.unref();
  }

  /** The prepared statement for `sql`, which reads or writes `collection`'s table. */
  private stmt(collection: string, sql: string): Statement<Param[]> {
    let cache = this.statements.get(collection);
    if (!cache) this.statements.set(collection, (cache = new Map()));
    let s = cache.get(sql);
    if (!s) {
      if (cache.size >= STATEMENTS_PER_COLLECTION) cache.clear();
      s = this.db.prepare<Param[]>(sql);
      cache.set(sql, s);
    }
    return s;
  }

  /**
   * Creates the collection's table, its indexes and term triggers the first time this process
   * uses the collection (another process may have created them already). Never inside the group
   * commit's transaction: a write rolled back would take the table with it.
   */
  private ensureTable(collection: string): void {
    if (this.tables.has(collection)) return;
    this.db
      .transaction(() => {
        createCollectionTable(this.db, collection);
        ensureCollectionIndexes(this.db, collection);
      })
      .immediate();
    this.tables.add(collection);
  }

  private row(collection: string, id: string): Row | undefined {
    return this.stmt(collection, `SELECT ${COLUMNS} FROM ${collectionTable(collection)} WHERE id = ?`).get(id) as Row | undefined;
  }

  async get(collection: string, id: string): Promise<RawDocument | null> {
    this.ensureTable(collection);
    const r = this.row(collection, id);
    return r ? toRaw(r) : null;
  }

  /**
   * One write, synchronously; throws DatabaseError for the cases the port names. With `returning`
   * false (a transaction's writes, whose documents nobody reads back) the statements leave out
   * RETURNING, so no written document is read and parsed again.
   */
  private apply(op: WriteOp, now: string, returning = true): RawDocument | null {
    const t = collectionTable(op.collection);
    const back = returning ? ` RETURNING ${COLUMNS}` : '';
    const exec = (sql: string, ...params: Param[]): Row | undefined | null => {
      const s = this.stmt(op.collection, sql + back);
      if (returning) return s.get(...params) as Row | undefined;
      return s.run(...params).changes > 0 ? null : undefined;
    };
    const raw = (r: Row | null): RawDocument | null => (r === null ? null : toRaw(r));
    try {
      switch (op.kind) {
        case 'create':
          return raw(exec(`INSERT INTO ${t} (id, data, created_at, updated_at) VALUES (?, ?, ?, ?)`, op.id, JSON.stringify(op.data), now, now)!);
        case 'set':
          return raw(
            exec(
              `INSERT INTO ${t} (id, data, created_at, updated_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at, version = version + 1`,
              op.id,
              JSON.stringify(op.data),
              now,
              now,
            )!,
          );
        case 'update': {
          const set = compileJsonSet('data', op.fields, []);
          const r = exec(`UPDATE ${t} SET data = ${set.sql}, updated_at = ?, version = version + 1 WHERE id = ?`, ...set.params, now, op.id);
          if (r === undefined) throw new DatabaseError('not-found', `No document to update: ${op.collection}/${op.id}`);
          return raw(r);
        }
        case 'delete':
          this.stmt(op.collection, `DELETE FROM ${t} WHERE id = ?`).run(op.id);
          return null;
        case 'increment':
          return raw(this.increment(op, now, exec));
      }
    } catch (e) {
      if (isConstraint(e, 'SQLITE_CONSTRAINT_PRIMARYKEY')) throw new DatabaseError('already-exists', `Document already exists: ${op.collection}/${op.id}`);
      if (isConstraint(e, 'SQLITE_CONSTRAINT_UNIQUE')) throw new DatabaseError('already-exists', `Another ${op.collection} document has the same unique field value.`);
      throw e;
    }
  }

  /** `exec` answers the row written (null when RETURNING was left out), undefined when none was. */
  private increment(op: Extract<WriteOp, { kind: 'increment' }>, now: string, exec: (sql: string, ...params: Param[]) => Row | undefined | null): Row | null {
    const from = collectionFrom(op.collection);
    const numeric = (data: string): string => compileNumericCheck(data, op.increments);
    let r: Row | undefined | null;
    if (op.upsert) {
      const initial: Record<string, EncodedValue> = {};
      for (const i of op.increments) setAt(initial, i.path, i.by);
      for (const f of op.fields) setAt(initial, f.path, f.value);
      const set = compileJsonSet('documents.data', op.fields, op.increments);
      r = exec(
        `INSERT INTO ${from} (id, data, created_at, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET data = ${set.sql}, updated_at = excluded.updated_at, version = documents.version + 1
         WHERE ${numeric('documents.data')}`,
        op.id,
        JSON.stringify(initial),
        now,
        now,
        ...set.params,
      );
    } else {
      const set = compileJsonSet('data', op.fields, op.increments);
      r = exec(`UPDATE ${collectionTable(op.collection)} SET data = ${set.sql}, updated_at = ?, version = version + 1 WHERE id = ? AND ${numeric('data')}`, ...set.params, now, op.id);
    }
    if (r !== undefined) return r;
    if (!this.row(op.collection, op.id)) throw new DatabaseError('not-found', `No document to update: ${op.collection}/${op.id}`);
    throw new DatabaseError('invalid-argument', `Cannot increment a field that does not hold a number in ${op.collection}/${op.id}.`);
  }

  /**
   * Group commit: writes issued in the same event-loop turn share one IMMEDIATE transaction
   * (one fsync), each inside its own savepoint so a failing write undoes only itself. Every
   * promise settles after the shared commit, so an acknowledged write is a durable one.
   */
  write(op: WriteOp, now: string): Promise<RawDocument | null> {
    return this.enqueue(op, now);
  }

  private enqueue(op: PendingWrite['op'], now: string): Promise<RawDocument | null> {
    return new Promise((resolve, reject) => {
      this.pending.push({ op, now, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.pending.splice(0);
    if (batch.length === 0) return;
    try {
      for (const c of new Set(batch.flatMap((w) => collectionsUsed(w.op)))) this.ensureTable(c);
    } catch (e) {
      for (const w of batch) w.reject(e);
      return;
    }
    let outcomes: ({ ok: RawDocument | null } | { error: unknown })[];
    const now = (this.options.clock ?? systemClock).now().getTime();
    const relaxed = this.syncLevel >= SYNC_FULL && now - this.lastSync < COUNTER_SYNC_MS && batch.every((w) => collectionsOf(w.op).every((c) => COUNTER_COLLECTIONS.has(c)));
    try {
      if (relaxed) this.db.pragma(`synchronous = ${SYNC_NORMAL}`);
      outcomes = this.applyBatch.immediate(batch);
      if (!relaxed) this.lastSync = now;
    } catch (e) {
      for (const w of batch) w.reject(e);
      return;
    } finally {
      if (relaxed && this.db.open) this.db.pragma(`synchronous = ${this.syncLevel}`);
    }
    this.changed(batch.flatMap((w) => collectionsOf(w.op)));
    outcomes.forEach((o, i) => ('ok' in o ? batch[i]!.resolve(o.ok) : batch[i]!.reject(o.error)));
  }

  /**
   * A transaction's commit joins the group commit: its read checks and writes run in their own
   * savepoint of the shared IMMEDIATE transaction, so concurrent requests share one fsync (a
   * commit of its own each held the event loop for a whole fsync).
   */
  async commit(reads: ReadCheck[], writes: WriteOp[], now: string): Promise<void> {
    await this.enqueue({ kind: 'commit', reads, writes }, now);
  }

  private applyCommit(reads: ReadCheck[], writes: WriteOp[], now: string): null {
    for (const read of reads) {
      const version = this.row(read.collection, read.id)?.version ?? null;
      if (version !== read.version) throw new DatabaseError('aborted', `${read.collection}/${read.id} changed during the transaction.`);
    }
    for (const w of writes) this.apply(w, now, false);
    return null;
  }

  private filterContext(collection: string): FilterContext {
    return {
      collection,
      maxIdMatches: this.options.maxIdMatches ?? MAX_ID_MATCHES,
      idList: false,
      rangeSize: (field, c, cap) => {
        const count = compileTermRangeSize(collection, field, c, cap);
        return (this.stmt(collection, count.sql).get(...count.params) as { n: number }).n;
      },
      documents: () => {
        const now = Date.now();
        const known = this.documentCounts.get(collection);
        if (known && now - known.at < 60_000) return known.n;
        const n = (this.stmt(collection, `SELECT count(*) AS n FROM ${collectionTable(collection)}`).get() as { n: number }).n;
        this.documentCounts.set(collection, { n, at: now });
        return n;
      },
    };
  }

  async query(collection: string, q: NormalizedQuery, limit: number | null): Promise<RawDocument[]> {
    this.ensureTable(collection);
    const ctx = this.filterContext(collection);
    const { sql, params } = compileQuery(COLUMNS, q, limit, ctx);
    const index = chooseOrderIndex(collection, { ...q, limit }, ctx.idList);
    return (this.hinted(collection, sql, index).all(...params) as Row[]).map(toRaw);
  }

  /** The statement reading the collection's table `INDEXED BY index`; without the hint if SQLite cannot use the index. */
  private hinted(collection: string, sql: (from: string) => string, index: string | null): Statement<Param[]> {
    const from = collectionFrom(collection);
    if (index === null) return this.stmt(collection, sql(from));
    try {
      return this.stmt(collection, sql(`${from} INDEXED BY ${index}`));
    } catch (e) {
      if (!/no query solution|no such index/.test((e as Error).message)) throw e;
      return this.stmt(collection, sql(from));
    }
  }

  async count(collection: string, filter: NormalizedFilter | null): Promise<number> {
    this.ensureTable(collection);
    const c = compileCount(collection, filter, this.filterContext(collection));
    const r = this.stmt(collection, c.sql).get(...c.params) as { n: number };
    return r.n;
  }

  watch(collection: string, onChange: () => void): () => void {
    let set = this.watchers.get(collection);
    if (!set) this.watchers.set(collection, (set = new Set()));
    // A fresh function per watch, so the same listener may watch twice.
    const fn = (): void => onChange();
    set.add(fn);
    this.startPolling();
    return () => {
      set.delete(fn);
      if (set.size === 0) this.watchers.delete(collection);
      if (this.watchers.size === 0) this.stopPolling();
    };
  }

  private changed(collections: string[]): void {
    this.dataVersion = this.readDataVersion();
    for (const c of new Set(collections)) for (const fn of this.watchers.get(c) ?? []) fn();
  }

  private readDataVersion(): number {
    return this.db.open ? (this.db.pragma('data_version', { simple: true }) as number) : this.dataVersion;
  }

  private startPolling(): void {
    if (this.poller) return;
    this.dataVersion = this.readDataVersion();
    this.poller = setInterval(() => {
      const v = this.readDataVersion();
      if (v === this.dataVersion) return;
      this.dataVersion = v;
      for (const set of this.watchers.values()) for (const fn of set) fn();
    }, this.options.pollMs ?? 250);
    this.poller.unref();
  }

  private stopPolling(): void {
    clearInterval(this.poller);
    this.poller = undefined;
  }

  /** Removes documents whose TTL field (an ISO timestamp) is in the past. */
  sweepExpired(): number {
    let removed = 0;
    for (const batch of this.expiredBatches()) removed += batch;
    return removed;
  }

  /**
   * The timer's sweep: the same, SWEEP_BATCH documents a statement, yielding to the event loop
   * between statements, so a sweep after a flood of one-off counters never holds requests for
   * the seconds one statement removing them all would take.
   */
  async sweepExpiredInBatches(): Promise<number> {
    let removed = 0;
    for (const batch of this.expiredBatches()) {
      removed += batch;
      if (batch === SWEEP_BATCH) await new Promise((r) => setImmediate(r));
    }
    return removed;
  }

  /** Removes expired documents a batch at a time, yielding each batch's count (the caller may pause between them). */
  private *expiredBatches(): Generator<number> {
    const now = (this.options.clock ?? { now: () => new Date() }).now().toISOString();
    // Tables other processes created meanwhile count too; a collection with none has nothing to remove.
    const tables = this.db.open ? new Set(collectionTables(this.db)) : new Set<string>();
    for (const t of TTL_INDEXES) {
      if (!tables.has(t.collection)) continue;
      const sql = compileExpiredDelete(t.collection, parseFieldPath(t.field), SWEEP_BATCH);
      for (;;) {
        if (!this.db.open) return;
        const res = this.stmt(t.collection, sql).run(now);
        if (res.changes > 0) this.changed([t.collection]);
        yield res.changes;
        if (res.changes < SWEEP_BATCH) break;
      }
    }
  }

  async ping(): Promise<void> {
    this.stmt('', 'SELECT 1').get();
  }

  async close(): Promise<void> {
    this.flush();
    this.stopPolling();
    clearInterval(this.sweeper);
    await this.sweeping;
    this.watchers.clear();
    this.statements.clear();
    if (this.options.ownsDb) closeSqlite(this.db);
  }

  // Backup and restore (docs/storage.md).

  async listCollections(): Promise<string[]> {
    return collectionTables(this.db).filter((c) => (this.stmt(c, `SELECT EXISTS (SELECT 1 FROM ${collectionTable(c)}) AS found`).get() as { found: number }).found === 1);
  }

  /**
   * A read transaction on a second connection to the same file: in WAL mode it sees the
   * database as of its first read, whatever is committed meanwhile. An in-memory database
   * has no second connection, so it is read whole, synchronously, at once.
   */
  async openSnapshot(): Promise<DriverSnapshot> {
    this.flush();
    return this.db.memory || this.db.name === '' ? memorySnapshot(this.db) : fileSnapshot(this.db.name);
  }

  /** One transaction; the term-index triggers fill document_terms as the rows go in. */
  async importDocuments(collection: string, docs: RawDocument[]): Promise<void> {
    this.flush();
    this.ensureTable(collection);
    const insert = this.stmt(collection, `INSERT INTO ${collectionTable(collection)} (id, data, created_at, updated_at, version) VALUES (?, ?, ?, ?, ?)`);
    try {
      this.db.transaction(() => {
        for (const d of docs) insert.run(d.id, JSON.stringify(d.data), d.createdAt, d.updatedAt, BigInt(d.version));
      }).immediate();
    } catch (e) {
      if (isConstraint(e, 'SQLITE_CONSTRAINT_PRIMARYKEY')) throw new DatabaseError('already-exists', `A document of the backup already exists in ${collection}.`);
      if (isConstraint(e, 'SQLITE_CONSTRAINT_UNIQUE')) throw new DatabaseError('already-exists', `Another ${collection} document has the same unique field value.`);
      throw e;
    }
    this.changed([collection]);
  }

  async clearCollection(collection: string): Promise<void> {
    this.flush();
    if (collectionTables(this.db).includes(collection)) this.stmt(collection, `DELETE FROM ${collectionTable(collection)}`).run();
    this.changed([collection]);
  }
}

const systemClock: Clock = { now: () => new Date() };
const uuidIds: IdGenerator = { next: () => randomUUID() };

export interface SqliteDocumentStoreOptions extends Omit<SqliteDriverOptions, 'ownsDb'> {
  ids?: IdGenerator;
}

/** A store over an already-open database (e.g. the app's), which the caller closes. */
export function sqliteDocumentStore(db: SqliteDb, options: SqliteDocumentStoreOptions = {}): DocumentStore {
  migrate(db);
  const driver = new SqliteDocumentStoreDriver(db, options);
  return createDocumentStore(driver, { clock: options.clock ?? systemClock, ids: options.ids ?? uuidIds });
}

/**
 * Opens (creating when needed) the database file and a store that closes it. The file is
 * checked (quick_check) before anything is migrated or served; damage found later latches
 * (sqlite-file-health.ts).
 */
export function openSqliteDocumentStore(file: string, options: SqliteDocumentStoreOptions = {}): DocumentStore {
  const db = openSqlite(file);
  try {
    const problem = quickCheck(db);
    if (problem !== null) throw new DatabaseError('failed-precondition', damagedMessage(file, `PRAGMA quick_check: ${problem}`));
    migrate(db);
  } catch (e) {
    db.close();
    throw e;
  }
  const driver = withDamageLatch(new SqliteDocumentStoreDriver(db, { ...options, ownsDb: true }), file);
  return createDocumentStore(driver, { clock: options.clock ?? systemClock, ids: options.ids ?? uuidIds });
}
