import { COLLECTION_INDEXES, TERM_INDEXES, type CollectionIndex, type TermIndex } from '../../domain/persistence/collection-indexes.ts';
import { parseFieldPath } from '../../domain/persistence/field-path.ts';
import type { NormalizedFilter, NormalizedQuery } from '../../domain/persistence/query.ts';
import { collectionTables } from './sqlite-collection-tables.ts';
import type { SqliteDb } from './sqlite-database.ts';
import { collectionTable, jsonPath, sqlText, valueExpr } from './sqlite-query-compiler.ts';

/**
 * The index manager: builds the indexes collection-indexes.ts declares as expression indexes on
 * their collection's table (sqlite-collection-tables.ts), drops the `doc_…` ones no entry
 * declares any more, keeps `document_terms` (the term indexes) in step by triggers, and chooses
 * which declared index a sorted query reads.
 *
 * The choice (`chooseOrderIndex`): which declared index a sorted SQLite query reads, when the
 * planner would not pick it itself.
 *
 * SQLite only weighs an index it can seek with a WHERE term. A list sorted on an indexed field
 * with no filter on it (invoices by issueDate, clients by nameKey, …) is planned as a scan of the
 * whole collection by primary key plus a sort of every row (180 ms at 100 000 invoices), although
 * walking the index in order and stopping at the page's limit takes about 1 ms. So when an index
 * of COLLECTION_INDEXES (or a built-in created_at/updated_at one) is exactly "some of the query's
 * equality-filtered fields, then its order fields", and the planner has nothing better to seek
 * with, the query names it with `INDEXED BY`.
 *
 * "Nothing better" is decided conservatively: every other top-level filter must be one no index
 * can serve (array-contains, !=, not-in, prefix filters that walk the collection) or be on a field
 * no index of the collection starts with. Otherwise (an `or`, an id list from a term index, an
 * equality on another indexed field) the planner chooses, as before.
 */
interface PlanIndex {
  name: string;
  fields: { key: string; direction: 'asc' | 'desc' }[];
}

/** The SQLite name of a declared index (stable: the same entry always gets the same name). */
export const sqliteIndexName = (ix: CollectionIndex): string =>
  `doc_${ix.collection}_${ix.fields.map((f) => `${f.path.replaceAll('.', '_')}_${f.direction ?? 'asc'}`).join('_')}`;

const TERM_FIELDS = new Set(TERM_INDEXES.map((t) => `${t.collection}/${t.field}`));

/**
 * Declared indexes SQLite builds: not those over a term-indexed array field (an expression index
 * holds the whole array as JSON text, which no filter can seek; document_terms serves those, and
 * MongoDB builds them as multikey indexes).
 */
export const sqliteIndexes = (): CollectionIndex[] => COLLECTION_INDEXES.filter((ix) => !ix.fields.some((f) => TERM_FIELDS.has(`${ix.collection}/${f.path}`)));

/** Every collection table's own indexes: created_at and updated_at, then the key's id. */
const builtIn = (collection: string): PlanIndex[] => [
  { name: `docs_${collection}_created`, fields: [{ key: 'createdAt', direction: 'asc' }, { key: 'id', direction: 'asc' }] },
  { name: `docs_${collection}_updated`, fields: [{ key: 'updatedAt', direction: 'asc' }, { key: 'id', direction: 'asc' }] },
];

const byCollection = new Map<string, PlanIndex[]>();
for (const ix of sqliteIndexes()) {
  const list = byCollection.get(ix.collection) ?? [];
  list.push({ name: sqliteIndexName(ix), fields: ix.fields.map((f) => ({ key: f.path, direction: f.direction ?? 'asc' })) });
  byCollection.set(ix.collection, list);
}

const candidates = (collection: string): PlanIndex[] => [...(byCollection.get(collection) ?? []), ...builtIn(collection)];

/** Fields some index of the collection starts with: a filter on one gives the planner a seek. */
const leadingFields = (collection: string): Set<string> => new Set([...candidates(collection).map((ix) => ix.fields[0]!.key), 'id']);

const UNINDEXABLE = new Set(['!=', 'not-in', 'array-contains', 'array-contains-any', 'array-contains-prefix']);
const RANGE = new Set(['<', '<=', '>', '>=']);

type FieldFilter = Extract<NormalizedFilter, { kind: 'field' }>;

/** The top-level and-ed field filters, or null when an `or` is among them. */
function topLevel(filter: NormalizedFilter | null): FieldFilter[] | null {
  if (!filter) return [];
  if (filter.kind === 'or') return null;
  if (filter.kind === 'field') return [filter];
  const out: FieldFilter[] = [];
  for (const f of filter.filters) {
    const inner = topLevel(f);
    if (!inner) return null;
    out.push(...inner);
  }
  return out;
}

interface Match {
  name: string;
  /** Equality fields the index seeks, then whether the id tie-break comes off it too. */
  score: number;
  equalities: Set<string>;
}

function match(ix: PlanIndex, eq: Set<string>, q: NormalizedQuery): Match | null {
  const order = q.order.slice(0, -1);
  const used = new Set<string>();
  let i = 0;
  while (i < ix.fields.length && eq.has(ix.fields[i]!.key) && !used.has(ix.fields[i]!.key)) used.add(ix.fields[i++]!.key);
  let same: boolean | null = null;
  for (const o of order) {
    const f = ix.fields[i++];
    if (!f || f.key !== o.path.join('.')) return null;
    const rel = f.direction === o.direction;
    if (same !== null && rel !== same) return null;
    same = rel;
  }
  // The id tie-break comes off the index only when id is its next field (declared indexes name
  // it; the built-in ones end with the primary key): otherwise SQLite sorts each run of equal
  // values ("TEMP B-TREE FOR LAST TERM").
  const next = ix.fields[i];
  const tail = next?.key === 'id' && (next.direction === q.order.at(-1)!.direction) === same;
  return { name: ix.name, score: used.size * 2 + (tail ? 1 : 0), equalities: used };
}

/**
 * The index to name in `INDEXED BY`, or null to leave the choice to the planner. `idList` is true
 * when the filter compiled to an id list read from document_terms (a seek the planner prefers).
 */
export function chooseOrderIndex(collection: string, q: NormalizedQuery, idList: boolean): string | null {
  if (idList || q.limit === null || q.order.length < 2) return null;
  const filters = topLevel(q.filter);
  if (!filters) return null;
  const eq = new Set(filters.filter((f) => f.op === '==' && f.value !== null).map((f) => f.path.join('.')));
  const first = q.order[0]!.path.join('.');
  const leading = leadingFields(collection);
  let best: Match | null = null;
  for (const ix of candidates(collection)) {
    const m = match(ix, eq, q);
    if (!m || (best && best.score >= m.score)) continue;
    const served = (f: FieldFilter): boolean => {
      const key = f.path.join('.');
      if (f.op === '==' && m.equalities.has(key)) return true;
      if (RANGE.has(f.op) && key === first) return true;
      return UNINDEXABLE.has(f.op) || !leading.has(key);
    };
    if (filters.every(served)) best = m;
  }
  return best?.name ?? null;
}

function indexSql(ix: CollectionIndex): string {
  const name = sqliteIndexName(ix);
  const cols = ix.fields.map((f) => `${valueExpr(parseFieldPath(f.path))} ${f.direction === 'desc' ? 'DESC' : 'ASC'}`).join(', ');
  return `CREATE ${ix.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${name} ON ${collectionTable(ix.collection)} (${cols})`;
}

/**
 * Builds the collection's declared indexes and drops the ones this driver built earlier that are
 * no longer declared (their names start with `doc_`), so a removed entry stops costing writes.
 */
function ensureIndexes(db: SqliteDb, collection: string): void {
  const wanted = sqliteIndexes().filter((ix) => ix.collection === collection);
  const names = new Set(wanted.map(sqliteIndexName));
  const existing = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name LIKE 'doc\\_%' ESCAPE '\\'`).all(`docs_${collection}`) as {
    name: string;
  }[];
  for (const { name } of existing) if (!names.has(name)) db.exec(`DROP INDEX IF EXISTS "${name.replaceAll('"', '""')}"`);
  for (const ix of wanted) db.exec(indexSql(ix));
}

/**
 * Keeps `document_terms` in step with one term index: triggers on every insert, delete and
 * update of the field in the collection's table (so the rows change in the same statement as
 * the document, whoever writes). When the triggers are new (a new table, or one the collection
 * tables migration filled), the rows of the documents already stored are filled in as well.
 */
function ensureTermIndex(db: SqliteDb, ix: TermIndex): void {
  const path = jsonPath(parseFieldPath(ix.field));
  const c = sqlText(ix.collection);
  const field = sqlText(ix.field);
  const table = collectionTable(ix.collection);
  const name = `terms_${ix.collection}_${ix.field.replaceAll('.', '_')}`;
  const insert = (doc: string) =>
    `INSERT OR IGNORE INTO document_terms (collection, field, term, id)
     SELECT DISTINCT ${c}, ${field}, value, ${doc}.id FROM json_each(${doc}.data, ${path})
     WHERE type = 'text' AND json_type(${doc}.data, ${path}) = 'array'`;
  const remove = `DELETE FROM document_terms WHERE collection = ${c} AND field = ${field} AND id = old.id
     AND term IN (SELECT value FROM json_each(old.data, ${path}) WHERE type = 'text')`;
  if (db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?`).get(`${name}_insert`)) return;
  db.exec(`
    CREATE TRIGGER ${name}_insert AFTER INSERT ON ${table} BEGIN ${insert('new')}; END;
    CREATE TRIGGER ${name}_delete AFTER DELETE ON ${table} BEGIN ${remove}; END;
    CREATE TRIGGER ${name}_update AFTER UPDATE OF data ON ${table}
      WHEN json_extract(old.data, ${path}) IS NOT json_extract(new.data, ${path})
      BEGIN ${remove}; ${insert('new')}; END;
    DELETE FROM document_terms WHERE collection = ${c} AND field = ${field};
    INSERT OR IGNORE INTO document_terms (collection, field, term, id)
      SELECT ${c}, ${field}, j.value, d.id FROM ${table} AS d, json_each(d.data, ${path}) AS j
      WHERE j.type = 'text' AND json_type(d.data, ${path}) = 'array';
  `);
}

const TERMS_TABLE = `CREATE TABLE IF NOT EXISTS document_terms (
    collection TEXT NOT NULL, field TEXT NOT NULL, term TEXT NOT NULL, id TEXT NOT NULL,
    PRIMARY KEY (collection, field, term, id)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS document_terms_by_doc ON document_terms (collection, field, id, term)`;

/**
 * The collection table's declared indexes and term triggers, in the caller's transaction (the
 * one that created the table) or in an IMMEDIATE one of its own.
 */
export function ensureCollectionIndexes(db: SqliteDb, collection: string): void {
  const run = (): void => {
    db.exec(TERMS_TABLE);
    ensureIndexes(db, collection);
    for (const ix of TERM_INDEXES) if (ix.collection === collection) ensureTermIndex(db, ix);
  };
  if (db.inTransaction) run();
  else db.transaction(run).immediate();
}

/**
 * Every index the store reads, for every collection table there is: the declared expression
 * indexes, document_terms and its triggers, then planner statistics. Without statistics SQLite
 * may ignore the expression indexes and scan the whole collection (1.4 s per client search at
 * 100 000 clients, 0.4 ms with them). Tables created later get theirs when they are created.
 */
export function ensureDocumentIndexes(db: SqliteDb): void {
  db.exec(TERMS_TABLE);
  for (const c of collectionTables(db)) ensureCollectionIndexes(db, c);
  db.pragma('optimize=0x10002');
}
