import { TERM_INDEXES } from '../../domain/persistence/collection-indexes.ts';
import type { EncodedValue, Scalar } from '../../domain/persistence/document-data.ts';
import type { FieldIncrement, FieldWrite } from '../../domain/persistence/document-store-driver.ts';
import { parseFieldPath } from '../../domain/persistence/field-path.ts';
import { prefixUpperBound, type FieldPath, type NormalizedFilter, type NormalizedOrder, type NormalizedQuery } from '../../domain/persistence/query.ts';

/**
 * The query compiler: a checked filter, order and cursor (domain/persistence/query.ts) → SQL text
 * and bound parameters over a collection's table (`docs_<collection>`, read under the alias
 * `documents`), and the SQL of writes (json_set). Pure: it
 * reads nothing itself; what it needs to know about the stored data (term range sizes,
 * collection sizes) comes in a FilterContext.
 *
 * Every user value is a bound parameter; the only text spliced into SQL is a collection name or
 * field path that checked-document-store.ts has already validated (lower-case identifiers; field
 * names without quotes, backslashes or control characters) and that is written as a quoted
 * literal, so the expression indexes (sqlite-index-manager.ts) match the queries exactly.
 */
export type Param = string | number | bigint | null;
const META_COLUMN: Record<string, string> = { id: 'id', createdAt: 'created_at', updatedAt: 'updated_at' };

export const sqlText = (s: string): string => `'${s.replaceAll("'", "''")}'`;
/** The collection's own table (sqlite-collection-tables.ts); names are checked identifiers (field-path.ts). */
export const collectionTable = (collection: string): string => `"docs_${collection.replaceAll('"', '""')}"`;
/** The table under the alias the compiled SQL names its columns by. */
export const collectionFrom = (collection: string): string => `${collectionTable(collection)} AS documents`;
export const jsonPath = (path: FieldPath): string => sqlText(`$${path.map((s) => `."${s}"`).join('')}`);
export const metaColumn = (path: FieldPath): string | undefined => (path.length === 1 ? META_COLUMN[path[0]!] : undefined);
export const valueExpr = (path: FieldPath, data = 'data'): string => metaColumn(path) ?? `json_extract(${data}, ${jsonPath(path)})`;
export const typeExpr = (path: FieldPath, data = 'data'): string => (metaColumn(path) ? `'text'` : `json_type(${data}, ${jsonPath(path)})`);

/** SQLite has no boolean; json_extract turns true/false into 1/0, so bind them that way. */
export const param = (v: Scalar): Param => {
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  return v;
};

export interface Sql {
  sql: string;
  params: Param[];
}

const TYPE_OF: Record<string, string> = { string: `= 'text'`, number: `IN ('integer', 'real')`, boolean: `IN ('true', 'false')` };

/**
 * The value at (valueSql, typeSql) equals v, with JSON types kept apart (1 ≠ true ≠ '1'). A
 * boolean is its JSON type plus `value = 1/0`, so an expression index on the field can seek it.
 */
function scalarEquals(value: string, type: string, v: Scalar): Sql {
  if (v === null) return { sql: `${type} = 'null'`, params: [] };
  // Text equal to such a string can only be a JSON string's value (a number or boolean reads as a
  // number, an array or object as JSON text starting with [ or {), so the type check — a parse of
  // the whole document for every row the index finds (≈ 40 % of a 21-row client page's SQL, issue 16)
  // — is left out.
  if (typeof v === 'string' && !/^[[{]/.test(v)) return { sql: `${value} = ?`, params: [param(v)] };
  if (typeof v === 'boolean') return { sql: `(${type} = '${v ? 'true' : 'false'}' AND ${value} = ?)`, params: [param(v)] };
  return { sql: `(${type} ${TYPE_OF[typeof v]} AND ${value} = ?)`, params: [param(v)] };
}

export const join = (parts: Sql[], op: 'AND' | 'OR'): Sql =>
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

/** A term filter: an element starting with `value` (array-contains-prefix) or equal to it (array-contains). */
export interface TermCondition {
  exact: boolean;
  value: string;
}

/** Terms meeting the condition, as a range of `column` the index can seek. */
export const termRange = (column: string, c: TermCondition): Sql => (c.exact ? { sql: `${column} = ?`, params: [c.value] } : prefixRange(column, c.value));

/** What compiling a filter needs to know about the collection it runs on. */
export interface FilterContext {
  collection: string;
  /** How many rows of document_terms a condition covers, counted up to `cap`. */
  rangeSize: (field: string, c: TermCondition, cap: number) => number;
  /** Documents in the collection (recent, not exact). */
  documents: () => number;
  /** Most matches expected for which reading ids beats walking the collection (tests: 0). */
  maxIdMatches: number;
  /** Set when a term filter compiled to an id list read from document_terms. */
  idList: boolean;
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
export const MAX_ID_MATCHES = 2000;
/** A range this many times the rarest one's size is probed per id rather than read whole. */
const INTERSECT_RATIO = 8;

const termRows = (collection: string, field: string, alias: string): string =>
  `FROM document_terms AS ${alias} WHERE ${alias}.collection = ${sqlText(collection)} AND ${alias}.field = ${sqlText(field)}`;

/** The document `idSql` has a term meeting `c` (one seek of document_terms_by_doc). */
function hasTerm(collection: string, field: string, idSql: string, c: TermCondition): Sql {
  const range = termRange('u.term', c);
  return { sql: `EXISTS (SELECT 1 ${termRows(collection, field, 'u')} AND u.id = ${idSql} AND ${range.sql})`, params: range.params };
}

/** Documents whose term-indexed array holds a string meeting every condition. */
function termsMatch(ctx: FilterContext, path: FieldPath, prefixes: TermCondition[]): Sql {
  const field = path.join('.');
  // One condition alone only needs to know whether it covers more than maxIdMatches rows.
  const cap = prefixes.length === 1 ? Math.min(TERM_RANGE_CAP, ctx.maxIdMatches + 1) : TERM_RANGE_CAP;
  const sizes = prefixes.map((p) => ctx.rangeSize(field, p, cap));
  const rarest = sizes.indexOf(Math.min(...sizes));
  const docs = prefixes.length === 1 ? 1 : Math.max(1, ctx.documents());
  const expected = sizes.reduce((e, n, i) => (i === rarest ? e : e * Math.min(1, n / docs)), sizes[rarest]!);
  if (sizes[rarest]! >= cap || expected > ctx.maxIdMatches) return join(prefixes.map((p) => hasTerm(ctx.collection, field, 'documents.id', p)), 'AND');
  // Ranges near the rarest one's size are read and intersected (sequential reads, one sort);
  // a much larger one is checked per surviving id instead (a seek each).
  const isRead = (i: number): boolean => i === rarest || sizes[i]! < sizes[rarest]! * INTERSECT_RATIO;
  const read = prefixes.filter((_, i) => isRead(i));
  const checked = prefixes.filter((_, i) => !isRead(i));
  ctx.idList = true;
  const selects = read.map((p) => {
    const range = termRange('t.term', p);
    // `t.id || ''`, not the column: given the bare column, SQLite may feed the INTERSECT merge (which
    // wants ids in order) from document_terms_by_doc, reading every term of the field (60 ms for
    // two words at 50 000 jobs) rather than the range and a small sort (2 ms).
    return { sql: `SELECT t.id || '' AS id ${termRows(ctx.collection, field, 't')} AND ${range.sql}`, params: range.params };
  });
  const ids = { sql: selects.map((x) => x.sql).join(' INTERSECT '), params: selects.flatMap((x) => x.params) };
  if (checked.length === 0) return { sql: `documents.id IN (${ids.sql})`, params: ids.params };
  const probes = join(checked.map((p) => hasTerm(ctx.collection, field, 'c.id', p)), 'AND');
  return { sql: `documents.id IN (SELECT c.id FROM (${ids.sql}) AS c WHERE ${probes.sql})`, params: [...ids.params, ...probes.params] };
}

/** The filter as a term condition when document_terms can answer it (text values on a term-indexed field). */
function termCondition(collection: string, f: Extract<NormalizedFilter, { kind: 'field' }>): TermCondition | null {
  if (!hasTermIndex(collection, f.path) || typeof f.value !== 'string') return null;
  if (f.op === 'array-contains-prefix') return { exact: false, value: f.value };
  if (f.op === 'array-contains') return { exact: true, value: f.value };
  return null;
}

export function compileFilter(f: NormalizedFilter, ctx: FilterContext): Sql {
  const collection = ctx.collection;
  if (f.kind !== 'field') {
    if (f.kind === 'or') return join(f.filters.map((g) => compileFilter(g, ctx)), 'OR');
    // Term filters on one term-indexed field become one intersection.
    const byField = new Map<string, { path: FieldPath; prefixes: TermCondition[] }>();
    const rest: Sql[] = [];
    for (const g of f.filters) {
      const c = g.kind === 'field' ? termCondition(collection, g) : null;
      if (g.kind !== 'field' || !c) {
        rest.push(compileFilter(g, ctx));
        continue;
      }
      const key = g.path.join('.');
      const group = byField.get(key) ?? { path: g.path, prefixes: [] };
      group.prefixes.push(c);
      byField.set(key, group);
    }
    return join([...[...byField.values()].map((g) => termsMatch(ctx, g.path, g.prefixes)), ...rest], 'AND');
  }
  const term = termCondition(collection, f);
  if (term) return termsMatch(ctx, f.path, [term]);
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
export function compileAfter(order: NormalizedOrder[], values: Scalar[]): Sql {
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

/** A query's SQL, `from` being the table expression (collectionFrom, or with an INDEXED BY hint). */
export interface CompiledQuery {
  sql: (from: string) => string;
  params: Param[];
}

/** SELECT `columns` of the documents matching the query, in its order, up to `limit`. */
export function compileQuery(columns: string, q: NormalizedQuery, limit: number | null, ctx: FilterContext): CompiledQuery {
  const where: Sql[] = [];
  if (q.filter) where.push(compileFilter(q.filter, ctx));
  if (q.after) where.push(compileAfter(q.order, q.after.values));
  const w = where.length === 0 ? { sql: '1', params: [] } : join(where, 'AND');
  const flip = (d: string): string => (q.fromEnd ? (d === 'asc' ? 'DESC' : 'ASC') : d.toUpperCase());
  const orderSql = q.order.map((o) => `${valueExpr(o.path)} ${flip(o.direction)}`).join(', ');
  return {
    sql: (from) => `SELECT ${columns} FROM ${from} WHERE ${w.sql} ORDER BY ${orderSql}${limit === null ? '' : ' LIMIT ?'}`,
    params: [...w.params, ...(limit === null ? [] : [BigInt(limit)])],
  };
}

/** The number of documents of the collection matching the filter. */
export function compileCount(collection: string, filter: NormalizedFilter | null, ctx: FilterContext): Sql {
  const f = filter ? compileFilter(filter, ctx) : { sql: '1', params: [] };
  return { sql: `SELECT count(*) AS n FROM ${collectionFrom(collection)} WHERE ${f.sql}`, params: f.params };
}

/** How many rows of document_terms meet the condition, counted up to `cap` (plans term filters). */
export function compileTermRangeSize(collection: string, field: string, c: TermCondition, cap: number): Sql {
  const range = termRange('term', c);
  return {
    sql: `SELECT count(*) AS n FROM (SELECT 1 FROM document_terms WHERE collection = ? AND field = ? AND ${range.sql} LIMIT ${cap})`,
    params: [collection, field, ...range.params],
  };
}

/** json_set over the fields (as JSON values) and increments (current number + delta). */
export function compileJsonSet(data: string, fields: FieldWrite[], increments: FieldIncrement[]): Sql {
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

/** Every incremented field is a number or missing: a counter holding something else is an error, as with MongoDB's $inc. */
export const compileNumericCheck = (data: string, increments: FieldIncrement[]): string =>
  increments.map((i) => `coalesce(json_type(${data}, ${jsonPath(i.path)}) IN ('integer', 'real'), 1)`).join(' AND ');

/** Writes values at paths into a fresh object (the starting data of an upserted counter). */
export function setAt(target: Record<string, EncodedValue>, path: FieldPath, value: EncodedValue): void {
  let node = target;
  path.slice(0, -1).forEach((seg) => {
    const next = node[seg];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[seg] = {};
    node = node[seg] as Record<string, EncodedValue>;
  });
  node[path.at(-1)!] = value;
}

/**
 * Deletes at most `batch` of the documents whose TTL field (an ISO timestamp, bound as the one
 * parameter) is past: a sweep after a flood (a page-view counter for each of 40 000 addresses)
 * removes them a batch at a time, so requests run between the batches.
 */
export const compileExpiredDelete = (collection: string, path: FieldPath, batch: number): string => {
  const t = collectionTable(collection);
  return `DELETE FROM ${t} WHERE id IN (SELECT id FROM ${t} WHERE ${typeExpr(path)} = 'text' AND ${valueExpr(path)} < ? LIMIT ${Math.max(1, Math.floor(batch))})`;
};
