import type { Statement } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { COLLECTION_INDEXES, TERM_INDEXES, TTL_INDEXES, type CollectionIndex, type TermIndex } from '../../domain/persistence/collection-indexes.ts';
import { createDocumentStore } from '../../domain/persistence/checked-document-store.ts';
import { DatabaseError } from '../../domain/persistence/database-error.ts';
import type { EncodedValue, Scalar } from '../../domain/persistence/document-data.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type {
  DocumentStoreDriver,
  DriverSnapshot,
  EncodedDocument,
  FieldIncrement,
  FieldWrite,
  RawDocument,
  ReadCheck,
  WriteOp,
} from '../../domain/persistence/document-store-driver.ts';
import { parseFieldPath } from '../../domain/persistence/field-path.ts';
import { prefixUpperBound, type FieldPath, type NormalizedFilter, type NormalizedOrder, type NormalizedQuery } from '../../domain/persistence/query.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import { closeSqlite, migrate, openSqlite, type SqliteDb } from './sqlite-database.ts';

/**
 * The document store on SQLite: one `documents` table, fields as JSON text, queries compiled to
 * SQL over json_extract. Every user value is a bound parameter; the only text spliced into SQL
 * is a collection name or field path that checked-document-store.ts has already validated
 * (lower-case identifiers; field names without quotes, backslashes or control characters) and
 * that is written as a quoted literal, so expression indexes match the queries exactly.
 *
 * Every write is one statement or one BEGIN IMMEDIATE transaction, so it is atomic across
 * processes sharing the file. Live queries are told about commits made through this store at
 * once and about commits by other processes by polling `PRAGMA data_version`.
 */
type Param = string | number | bigint | null;

interface Row {
  id: string;
  data: string;
  created_at: string;
  updated_at: string;
  version: number;
}

const COLUMNS = 'id, data, created_at, updated_at, version';
const META_COLUMN: Record<string, string> = { id: 'id', createdAt: 'created_at', updatedAt: 'updated_at' };

const sqlText = (s: string): string => `'${s.replaceAll("'", "''")}'`;
const jsonPath = (path: FieldPath): string => sqlText(`$${path.map((s) => `."${s}"`).join('')}`);
const metaColumn = (path: FieldPath): string | undefined => (path.length === 1 ? META_COLUMN[path[0]!] : undefined);
const valueExpr = (path: FieldPath, data = 'data'): string => metaColumn(path) ?? `json_extract(${data}, ${jsonPath(path)})`;
const typeExpr = (path: FieldPath, data = 'data'): string => (metaColumn(path) ? `'text'` : `json_type(${data}, ${jsonPath(path)})`);

/** SQLite has no boolean; json_extract turns true/false into 1/0, so bind them that way. */
const param = (v: Scalar): Param => {
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  return v;
};

interface Sql {
  sql: string;
  params: Param[];
}

const TYPE_OF: Record<string, string> = { string: `= 'text'`, number: `IN ('integer', 'real')`, boolean: `IN ('true', 'false')` };

/** The value at (valueSql, typeSql) equals v, with JSON types kept apart (1 ≠ true ≠ '1'). */
function scalarEquals(value: string, type: string, v: Scalar): Sql {
  if (v === null) return { sql: `${type} = 'null'`, params: [] };
  if (typeof v === 'boolean') return { sql: `${type} = '${v ? 'true' : 'false'}'`, params: [] };
  return { sql: `(${type} ${TYPE_OF[typeof v]} AND ${value} = ?)`, params: [param(v)] };
}

const join = (parts: Sql[], op: 'AND' | 'OR'): Sql =>
  parts.length === 1 ? parts[0]! : { sql: `(${parts.map((p) => p.sql).join(` ${op} `)})`, params: parts.flatMap((p) => p.params) };

const present = (type: string): string => `${type} IS NOT NULL AND ${type} != 'null'`;

const TERM_FIELDS = new Set(TERM_INDEXES.map((t) => `${t.collection}/${parseFieldPath(t.field).join('.')}`));
const hasTermIndex = (collection: string, path: FieldPath): boolean => TERM_FIELDS.has(`${collection}/${path.join('.')}`);

/** Text starting with `prefix`, as a range the index can seek (`column` is a trusted name). */
function prefixRange(column: string, prefix: string): Sql {
  const bound = prefixUpperBound(prefix);
  if (bound === null) return { sql: `(${column} >= ? AND substr(${column}, 1, ?) = ?)`, params: [prefix, BigInt([...prefix].length), prefix] };
  return { sql: `(${column} >= ? AND ${column} < ?)`, params: [prefix, bound] };
}

/** What compiling a filter needs to know about the collection it runs on. */
interface FilterContext {
  collection: string;
  /** How many rows of document_terms a prefix covers, counted up to TERM_RANGE_CAP. */
  rangeSize: (field: string, prefix: string) => number;
  /** Documents in the collection (recent, not exact). */
  documents: () => number;
  /** Most matches expected for which reading ids beats walking the collection (tests: 0). */
  maxIdMatches: number;
}

/**
 * Prefix filters on a term index are planned from the sizes of their ranges. When few documents
 * are expected to match them all (the rarest range × the share of documents each other range
 * covers ≤ maxIdMatches, default 2000), the rarest range's ids are read from the index, the other
 * words are checked per id (one seek each) and only matching documents are read. Otherwise matches
 * are dense, and walking the collection in query order, checking each document's words, fills a
 * page sooner than reading and sorting thousands of matches.
 */
const TERM_RANGE_CAP = 20_000;
const MAX_ID_MATCHES = 2000;
/** A range this many times the rarest one's size is probed per id rather than read whole. */
const INTERSECT_RATIO = 8;

const termRows = (collection: string, field: string, alias: string): string =>
  `FROM document_terms AS ${alias} WHERE ${alias}.collection = ${sqlText(collection)} AND ${alias}.field = ${sqlText(field)}`;

/** The document `idSql` has a term starting with `prefix` (one seek of document_terms_by_doc). */
function hasTerm(collection: string, field: string, idSql: string, prefix: string): Sql {
  const range = prefixRange('u.term', prefix);
  return { sql: `EXISTS (SELECT 1 ${termRows(collection, field, 'u')} AND u.id = ${idSql} AND ${range.sql})`, params: range.params };
}

/** Documents whose term-indexed array holds a string starting with every prefix. */
function termsMatch(ctx: FilterContext, path: FieldPath, prefixes: string[]): Sql {
  const field = path.join('.');
  const sizes = prefixes.map((p) => ctx.rangeSize(field, p));
  const rarest = sizes.indexOf(Math.min(...sizes));
  const docs = Math.max(1, ctx.documents());
  const expected = sizes.reduce((e, n, i) => (i === rarest ? e : e * Math.min(1, n / docs)), sizes[rarest]!);
  if (sizes[rarest]! >= TERM_RANGE_CAP || expected > ctx.maxIdMatches) return join(prefixes.map((p) => hasTerm(ctx.collection, field, 'documents.id', p)), 'AND');
  // Ranges near the rarest one's size are read and intersected (sequential reads, one sort);
  // a much larger one is checked per surviving id instead (a seek each).
  const isRead = (i: number): boolean => i === rarest || sizes[i]! < sizes[rarest]! * INTERSECT_RATIO;
  const read = prefixes.filter((_, i) => isRead(i));
  const checked = prefixes.filter((_, i) => !isRead(i));
  const selects = read.map((p) => {
    const range = prefixRange('t.term', p);
    return { sql: `SELECT t.id ${termRows(ctx.collection, field, 't')} AND ${range.sql}`, params: range.params };
  });
  const ids = { sql: selects.map((x) => x.sql).join(' INTERSECT '), params: selects.flatMap((x) => x.params) };
  if (checked.length === 0) return { sql: `documents.id IN (${ids.sql})`, params: ids.params };
  const probes = join(checked.map((p) => hasTerm(ctx.collection, field, 'c.id', p)), 'AND');
  return { sql: `documents.id IN (SELECT c.id FROM (${ids.sql}) AS c WHERE ${probes.sql})`, params: [...ids.params, ...probes.params] };
}

function compileFilter(f: NormalizedFilter, ctx: FilterContext): Sql {
  const collection = ctx.collection;
  if (f.kind !== 'field') {
    if (f.kind === 'or') return join(f.filters.map((g) => compileFilter(g, ctx)), 'OR');
    // Prefix filters on one term-indexed field become one intersection.
    const byField = new Map<string, { path: FieldPath; prefixes: string[] }>();
    const rest: Sql[] = [];
    for (const g of f.filters) {
      if (g.kind !== 'field' || g.op !== 'array-contains-prefix' || !hasTermIndex(collection, g.path)) {
        rest.push(compileFilter(g, ctx));
        continue;
      }
      const key = g.path.join('.');
      const group = byField.get(key) ?? { path: g.path, prefixes: [] };
      group.prefixes.push(g.value as string);
      byField.set(key, group);
    }
    return join([...[...byField.values()].map((g) => termsMatch(ctx, g.path, g.prefixes)), ...rest], 'AND');
  }
  const value = valueExpr(f.path);
  const type = typeExpr(f.path);
  switch (f.op) {
    case '==':
      return scalarEquals(value, type, f.value);
    case '!=': {
      const eq = scalarEquals(value, type, f.value);
      return { sql: `(${present(type)} AND NOT ${eq.sql})`, params: eq.params };
    }
    case 'in':
      return join(f.value.map((v) => scalarEquals(value, type, v)), 'OR');
    case 'not-in': {
      const any = join(f.value.map((v) => scalarEquals(value, type, v)), 'OR');
      return { sql: `(${present(type)} AND NOT ${any.sql})`, params: any.params };
    }
    case 'array-contains':
      return compileFilter({ kind: 'field', path: f.path, op: 'array-contains-any', value: [f.value] }, ctx);
    case 'array-contains-prefix': {
      if (metaColumn(f.path)) return { sql: '0', params: [] };
      const prefix = f.value as string;
      if (hasTermIndex(collection, f.path)) return termsMatch(ctx, f.path, [prefix]);
      const range = prefixRange('j.value', prefix);
      return { sql: `(${type} = 'array' AND EXISTS (SELECT 1 FROM json_each(documents.data, ${jsonPath(f.path)}) AS j WHERE j.type = 'text' AND ${range.sql}))`, params: range.params };
    }
    case 'array-contains-any': {
      if (metaColumn(f.path)) return { sql: '0', params: [] };
      const values = f.value;
      const any = join(values.map((v) => scalarEquals('j.value', 'j.type', v)), 'OR');
      return { sql: `(${type} = 'array' AND EXISTS (SELECT 1 FROM json_each(documents.data, ${jsonPath(f.path)}) AS j WHERE ${any.sql}))`, params: any.params };
    }
    default: {
      const v = f.value;
      return { sql: `(${type} ${TYPE_OF[typeof v]} AND ${value} ${f.op} ?)`, params: [param(v)] };
    }
  }
}

/** Rows strictly after the cursor in the (forward) order; missing and null sort first. */
function compileAfter(order: NormalizedOrder[], values: Scalar[]): Sql {
  const branches: Sql[] = order.map((o, i) => {
    const parts: Sql[] = [];
    for (let j = 0; j < i; j++) {
      const v = values[j]!;
      const e = valueExpr(order[j]!.path);
      parts.push(v === null ? { sql: `${e} IS NULL`, params: [] } : { sql: `${e} = ?`, params: [param(v)] });
    }
    const v = values[i]!;
    const e = valueExpr(o.path);
    if (o.direction === 'asc') parts.push(v === null ? { sql: `${e} IS NOT NULL`, params: [] } : { sql: `${e} > ?`, params: [param(v)] });
    else parts.push(v === null ? { sql: '0', params: [] } : { sql: `(${e} < ? OR ${e} IS NULL)`, params: [param(v)] });
    return join(parts, 'AND');
  });
  return join(branches, 'OR');
}

const toRaw = (r: Row): RawDocument => ({
  id: r.id,
  data: JSON.parse(r.data) as EncodedDocument,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  version: r.version,
});

/** Writes values at paths into a fresh object (the starting data of an upserted counter). */
function setAt(target: Record<string, EncodedValue>, path: FieldPath, value: EncodedValue): void {
  let node = target;
  path.slice(0, -1).forEach((seg) => {
    const next = node[seg];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[seg] = {};
    node = node[seg] as Record<string, EncodedValue>;
  });
  node[path.at(-1)!] = value;
}

const isConstraint = (e: unknown, code: string): boolean => (e as { code?: string }).code === code;

function indexSql(ix: CollectionIndex): string {
  const name = `doc_${ix.collection}_${ix.fields.map((f) => `${f.path.replaceAll('.', '_')}_${f.direction ?? 'asc'}`).join('_')}`;
  const cols = ix.fields.map((f) => `${valueExpr(parseFieldPath(f.path))} ${f.direction === 'desc' ? 'DESC' : 'ASC'}`).join(', ');
  return `CREATE ${ix.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${name} ON documents (${cols}) WHERE collection = ${sqlText(ix.collection)}`;
}

/**
 * Keeps `document_terms` in step with one term index: triggers on every insert, delete and
 * update of the field (so the rows change in the same statement as the document, whoever writes).
 * The first time, the rows of the documents already stored are filled in as well.
 */
function ensureTermIndex(db: SqliteDb, ix: TermIndex): void {
  const path = jsonPath(parseFieldPath(ix.field));
  const c = sqlText(ix.collection);
  const field = sqlText(ix.field);
  const name = `terms_${ix.collection}_${ix.field.replaceAll('.', '_')}`;
  const insert = (doc: string) =>
    `INSERT OR IGNORE INTO document_terms (collection, field, term, id)
     SELECT DISTINCT ${c}, ${field}, value, ${doc}.id FROM json_each(${doc}.data, ${path})
     WHERE type = 'text' AND json_type(${doc}.data, ${path}) = 'array'`;
  const remove = `DELETE FROM document_terms WHERE collection = ${c} AND field = ${field} AND id = old.id
     AND term IN (SELECT value FROM json_each(old.data, ${path}) WHERE type = 'text')`;
  db.transaction(() => {
    if (db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?`).get(`${name}_insert`)) return;
    db.exec(`
      CREATE TRIGGER ${name}_insert AFTER INSERT ON documents WHEN new.collection = ${c} BEGIN ${insert('new')}; END;
      CREATE TRIGGER ${name}_delete AFTER DELETE ON documents WHEN old.collection = ${c} BEGIN ${remove}; END;
      CREATE TRIGGER ${name}_update AFTER UPDATE OF data ON documents
        WHEN new.collection = ${c} AND json_extract(old.data, ${path}) IS NOT json_extract(new.data, ${path})
        BEGIN ${remove}; ${insert('new')}; END;
      DELETE FROM document_terms WHERE collection = ${c} AND field = ${field};
      INSERT OR IGNORE INTO document_terms (collection, field, term, id)
        SELECT ${c}, ${field}, j.value, d.id FROM documents AS d, json_each(d.data, ${path}) AS j
        WHERE d.collection = ${c} AND j.type = 'text' AND json_type(d.data, ${path}) = 'array';
    `);
  }).immediate();
}

interface PendingWrite {
  op: WriteOp;
  now: string;
  resolve: (doc: RawDocument | null) => void;
  reject: (e: unknown) => void;
}

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
  private readonly statements = new Map<string, Statement<Param[]>>();
  private readonly watchers = new Map<string, Set<() => void>>();
  /** Documents per collection, recounted at most once a minute (plans prefix filters). */
  private readonly documentCounts = new Map<string, { n: number; at: number }>();
  private readonly options: SqliteDriverOptions;
  private poller: NodeJS.Timeout | undefined;
  private readonly sweeper: NodeJS.Timeout | undefined;
  private dataVersion = 0;
  private readonly pending: PendingWrite[] = [];
  private readonly applyOne = (w: PendingWrite): RawDocument | null => this.apply(w.op, w.now);
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
    for (const ix of COLLECTION_INDEXES) db.exec(indexSql(ix));
    db.exec(`CREATE TABLE IF NOT EXISTS document_terms (
      collection TEXT NOT NULL, field TEXT NOT NULL, term TEXT NOT NULL, id TEXT NOT NULL,
      PRIMARY KEY (collection, field, term, id)) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS document_terms_by_doc ON document_terms (collection, field, id, term)`);
    for (const ix of TERM_INDEXES) ensureTermIndex(db, ix);
    // Without planner statistics SQLite ignores the partial expression indexes and scans the
    // whole collection (1.4 s per client search at 100 000 clients, 0.4 ms with them).
    db.pragma('optimize=0x10002');
    this.sweeper = setInterval(() => {
      this.sweepExpired();
      if (this.db.open) this.db.pragma('optimize');
    }, options.ttlSweepMs ?? 60_000);
    this.sweeper.unref();
  }

  private stmt(sql: string): Statement<Param[]> {
    let s = this.statements.get(sql);
    if (!s) {
      if (this.statements.size > 500) this.statements.clear();
      s = this.db.prepare<Param[]>(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  private row(collection: string, id: string): Row | undefined {
    return this.stmt(`SELECT ${COLUMNS} FROM documents WHERE collection = ? AND id = ?`).get(collection, id) as Row | undefined;
  }

  async get(collection: string, id: string): Promise<RawDocument | null> {
    const r = this.row(collection, id);
    return r ? toRaw(r) : null;
  }

  /** One write, synchronously; throws DatabaseError for the cases the port names. */
  private apply(op: WriteOp, now: string): RawDocument | null {
    const c = sqlText(op.collection);
    try {
      switch (op.kind) {
        case 'create': {
          const r = this.stmt(`INSERT INTO documents (collection, id, data, created_at, updated_at) VALUES (${c}, ?, ?, ?, ?) RETURNING ${COLUMNS}`).get(
            op.id,
            JSON.stringify(op.data),
            now,
            now,
          ) as Row;
          return toRaw(r);
        }
        case 'set': {
          const r = this.stmt(
            `INSERT INTO documents (collection, id, data, created_at, updated_at) VALUES (${c}, ?, ?, ?, ?)
             ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at, version = version + 1
             RETURNING ${COLUMNS}`,
          ).get(op.id, JSON.stringify(op.data), now, now) as Row;
          return toRaw(r);
        }
        case 'update': {
          const set = this.jsonSet('data', op.fields, []);
          const r = this.stmt(
            `UPDATE documents SET data = ${set.sql}, updated_at = ?, version = version + 1 WHERE collection = ${c} AND id = ? RETURNING ${COLUMNS}`,
          ).get(...set.params, now, op.id) as Row | undefined;
          if (!r) throw new DatabaseError('not-found', `No document to update: ${op.collection}/${op.id}`);
          return toRaw(r);
        }
        case 'delete':
          this.stmt(`DELETE FROM documents WHERE collection = ${c} AND id = ?`).run(op.id);
          return null;
        case 'increment':
          return this.increment(op, now);
      }
    } catch (e) {
      if (isConstraint(e, 'SQLITE_CONSTRAINT_PRIMARYKEY')) throw new DatabaseError('already-exists', `Document already exists: ${op.collection}/${op.id}`);
      if (isConstraint(e, 'SQLITE_CONSTRAINT_UNIQUE')) throw new DatabaseError('already-exists', `Another ${op.collection} document has the same unique field value.`);
      throw e;
    }
  }

  /** json_set over the fields (as JSON values) and increments (current number + delta). */
  private jsonSet(data: string, fields: FieldWrite[], increments: FieldIncrement[]): Sql {
    const args: string[] = [];
    const params: Param[] = [];
    for (const i of increments) {
      args.push(`${jsonPath(i.path)}, coalesce(json_extract(${data}, ${jsonPath(i.path)}), 0) + ?`);
      params.push(param(i.by));
    }
    for (const f of fields) {
      args.push(`${jsonPath(f.path)}, json(?)`);
      params.push(JSON.stringify(f.value));
    }
    return { sql: `json_set(${data}, ${args.join(', ')})`, params };
  }

  private increment(op: Extract<WriteOp, { kind: 'increment' }>, now: string): RawDocument {
    const c = sqlText(op.collection);
    // A counter that holds something other than a number is an error, as with MongoDB's $inc.
    const numeric = (data: string): string =>
      op.increments.map((i) => `coalesce(json_type(${data}, ${jsonPath(i.path)}) IN ('integer', 'real'), 1)`).join(' AND ');
    let r: Row | undefined;
    if (op.upsert) {
      const initial: Record<string, EncodedValue> = {};
      for (const i of op.increments) setAt(initial, i.path, i.by);
      for (const f of op.fields) setAt(initial, f.path, f.value);
      const set = this.jsonSet('documents.data', op.fields, op.increments);
      r = this.stmt(
        `INSERT INTO documents (collection, id, data, created_at, updated_at) VALUES (${c}, ?, ?, ?, ?)
         ON CONFLICT (collection, id) DO UPDATE SET data = ${set.sql}, updated_at = excluded.updated_at, version = documents.version + 1
         WHERE ${numeric('documents.data')}
         RETURNING ${COLUMNS}`,
      ).get(op.id, JSON.stringify(initial), now, now, ...set.params) as Row | undefined;
    } else {
      const set = this.jsonSet('data', op.fields, op.increments);
      r = this.stmt(
        `UPDATE documents SET data = ${set.sql}, updated_at = ?, version = version + 1
         WHERE collection = ${c} AND id = ? AND ${numeric('data')} RETURNING ${COLUMNS}`,
      ).get(...set.params, now, op.id) as Row | undefined;
    }
    if (r) return toRaw(r);
    if (!this.row(op.collection, op.id)) throw new DatabaseError('not-found', `No document to update: ${op.collection}/${op.id}`);
    throw new DatabaseError('invalid-argument', `Cannot increment a field that does not hold a number in ${op.collection}/${op.id}.`);
  }

  /**
   * Group commit: writes issued in the same event-loop turn share one IMMEDIATE transaction
   * (one fsync), each inside its own savepoint so a failing write undoes only itself. Every
   * promise settles after the shared commit, so an acknowledged write is a durable one.
   */
  write(op: WriteOp, now: string): Promise<RawDocument | null> {
    return new Promise((resolve, reject) => {
      this.pending.push({ op, now, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.pending.splice(0);
    if (batch.length === 0) return;
    let outcomes: ({ ok: RawDocument | null } | { error: unknown })[];
    try {
      outcomes = this.applyBatch.immediate(batch);
    } catch (e) {
      for (const w of batch) w.reject(e);
      return;
    }
    this.changed(batch.map((w) => w.op.collection));
    outcomes.forEach((o, i) => ('ok' in o ? batch[i]!.resolve(o.ok) : batch[i]!.reject(o.error)));
  }

  async commit(reads: ReadCheck[], writes: WriteOp[], now: string): Promise<void> {
    this.db
      .transaction(() => {
        for (const read of reads) {
          const version = this.row(read.collection, read.id)?.version ?? null;
          if (version !== read.version) throw new DatabaseError('aborted', `${read.collection}/${read.id} changed during the transaction.`);
        }
        for (const w of writes) this.apply(w, now);
      })
      .immediate();
    if (writes.length > 0) this.changed(writes.map((w) => w.collection));
  }

  private filterContext(collection: string): FilterContext {
    return {
      collection,
      maxIdMatches: this.options.maxIdMatches ?? MAX_ID_MATCHES,
      rangeSize: (field, prefix) => {
        const range = prefixRange('term', prefix);
        const sql = `SELECT count(*) AS n FROM (SELECT 1 FROM document_terms WHERE collection = ? AND field = ? AND ${range.sql} LIMIT ${TERM_RANGE_CAP})`;
        return (this.stmt(sql).get(collection, field, ...range.params) as { n: number }).n;
      },
      documents: () => {
        const now = Date.now();
        const known = this.documentCounts.get(collection);
        if (known && now - known.at < 60_000) return known.n;
        const n = (this.stmt('SELECT count(*) AS n FROM documents WHERE collection = ?').get(collection) as { n: number }).n;
        this.documentCounts.set(collection, { n, at: now });
        return n;
      },
    };
  }

  async query(collection: string, q: NormalizedQuery, limit: number | null): Promise<RawDocument[]> {
    const where: Sql[] = [{ sql: `collection = ${sqlText(collection)}`, params: [] }];
    if (q.filter) where.push(compileFilter(q.filter, this.filterContext(collection)));
    if (q.after) where.push(compileAfter(q.order, q.after.values));
    const w = join(where, 'AND');
    const flip = (d: string): string => (q.fromEnd ? (d === 'asc' ? 'DESC' : 'ASC') : d.toUpperCase());
    const orderSql = q.order.map((o) => `${valueExpr(o.path)} ${flip(o.direction)}`).join(', ');
    const params = [...w.params, ...(limit === null ? [] : [BigInt(limit)])];
    const sql = `SELECT ${COLUMNS} FROM documents WHERE ${w.sql} ORDER BY ${orderSql}${limit === null ? '' : ' LIMIT ?'}`;
    return (this.stmt(sql).all(...params) as Row[]).map(toRaw);
  }

  async count(collection: string, filter: NormalizedFilter | null): Promise<number> {
    const f = filter ? compileFilter(filter, this.filterContext(collection)) : { sql: '1', params: [] };
    const r = this.stmt(`SELECT count(*) AS n FROM documents WHERE collection = ${sqlText(collection)} AND ${f.sql}`).get(...f.params) as { n: number };
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
    if (!this.db.open) return 0;
    const now = (this.options.clock ?? { now: () => new Date() }).now().toISOString();
    let removed = 0;
    for (const t of TTL_INDEXES) {
      const path = parseFieldPath(t.field);
      const res = this.stmt(
        `DELETE FROM documents WHERE collection = ${sqlText(t.collection)} AND ${typeExpr(path)} = 'text' AND ${valueExpr(path)} < ?`,
      ).run(now);
      if (res.changes > 0) this.changed([t.collection]);
      removed += res.changes;
    }
    return removed;
  }

  async ping(): Promise<void> {
    this.stmt('SELECT 1').get();
  }

  async close(): Promise<void> {
    this.flush();
    this.stopPolling();
    clearInterval(this.sweeper);
    this.watchers.clear();
    this.statements.clear();
    if (this.options.ownsDb) closeSqlite(this.db);
  }

  // Backup and restore (docs/storage.md).

  async listCollections(): Promise<string[]> {
    return (this.stmt('SELECT DISTINCT collection FROM documents ORDER BY collection').all() as { collection: string }[]).map((r) => r.collection);
  }

  /**
   * A read transaction on a second connection to the same file: in WAL mode it sees the
   * database as of its first read, whatever is committed meanwhile. An in-memory database
   * has no second connection, so it is read whole, synchronously, at once.
   */
  async openSnapshot(): Promise<DriverSnapshot> {
    this.flush();
    if (this.db.memory || this.db.name === '') return memorySnapshot(this.db);
    const reader = openSqlite(this.db.name);
    reader.exec('BEGIN');
    const names = (reader.prepare('SELECT DISTINCT collection FROM documents ORDER BY collection').all() as { collection: string }[]).map((r) => r.collection);
    const page = reader.prepare<[string, string]>(`SELECT ${COLUMNS} FROM documents WHERE collection = ? AND id > ? ORDER BY id LIMIT ${SNAPSHOT_PAGE}`);
    return {
      collections: async () => names,
      async *documents(collection: string) {
        for (let after = ''; ; ) {
          const rows = page.all(collection, after) as Row[];
          for (const r of rows) yield toRaw(r);
          if (rows.length < SNAPSHOT_PAGE) return;
          after = rows.at(-1)!.id;
        }
      },
      close: async () => {
        if (!reader.open) return;
        reader.exec('COMMIT');
        reader.close();
      },
    };
  }

  /** One transaction; the term-index triggers fill document_terms as the rows go in. */
  async importDocuments(collection: string, docs: RawDocument[]): Promise<void> {
    this.flush();
    const insert = this.stmt(`INSERT INTO documents (collection, id, data, created_at, updated_at, version) VALUES (${sqlText(collection)}, ?, ?, ?, ?, ?)`);
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
    this.stmt(`DELETE FROM documents WHERE collection = ${sqlText(collection)}`).run();
    this.changed([collection]);
  }
}

const SNAPSHOT_PAGE = 500;

function memorySnapshot(db: SqliteDb): DriverSnapshot {
  const rows = db.prepare(`SELECT collection, ${COLUMNS} FROM documents ORDER BY collection, id`).all() as (Row & { collection: string })[];
  const byCollection = new Map<string, RawDocument[]>();
  for (const r of rows) byCollection.set(r.collection, [...(byCollection.get(r.collection) ?? []), toRaw(r)]);
  return {
    collections: async () => [...byCollection.keys()],
    async *documents(collection: string) {
      yield* byCollection.get(collection) ?? [];
    },
    close: async () => {},
  };
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

/** Opens (creating when needed) the database file and a store that closes it. */
export function openSqliteDocumentStore(file: string, options: SqliteDocumentStoreOptions = {}): DocumentStore {
  const db = openSqlite(file);
  migrate(db);
  const driver = new SqliteDocumentStoreDriver(db, { ...options, ownsDb: true });
  return createDocumentStore(driver, { clock: options.clock ?? systemClock, ids: options.ids ?? uuidIds });
}
