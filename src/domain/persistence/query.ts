import { invalidArgument } from './database-error.ts';
import type { Scalar } from './document-data.ts';
import { parseFieldPath } from './field-path.ts';

/**
 * The query model every adapter understands: field filters joined by and/or, an order, a
 * limit from either end and keyset pagination through an opaque cursor. `checkQuery` applies
 * R-DB-1 and R-DB-4..7 and turns a query into its normalised form before any adapter sees it.
 *
 * Semantics both adapters keep (the contract suite proves them):
 * - comparisons (== < <= > >=) match only values of the same type as the operand and never an
 *   array holding it; `array-contains(-any)` looks inside arrays only;
 * - `array-contains-prefix` (a non-empty string) matches arrays holding a string that starts with
 *   it, compared by code point, case-sensitive; several on one field must each be matched (by
 *   the same or different elements). Fields listed in TERM_INDEXES answer it from an index;
 *   elsewhere it is correct but reads every document of the collection;
 * - `!=` and `not-in` match documents where the field is present, not null, and different;
 * - documents are ordered by the orderBy fields, then by id in the last field's direction;
 *   a missing field sorts like null, first in ascending order.
 */
export type FilterOp =
  | '=='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | 'in'
  | 'not-in'
  | 'array-contains'
  | 'array-contains-any'
  | 'array-contains-prefix';

export interface FieldFilter {
  kind: 'field';
  field: string;
  op: FilterOp;
  value: Scalar | Scalar[];
}

export interface CompositeFilter {
  kind: 'and' | 'or';
  filters: Filter[];
}

export type Filter = FieldFilter | CompositeFilter;
export type Direction = 'asc' | 'desc';

export interface OrderBy {
  field: string;
  direction?: Direction;
}

export interface Query {
  /** Top-level filters are joined by and; a composite filter must stand alone (R-DB-7). */
  where?: Filter[];
  orderBy?: OrderBy[];
  limit?: number;
  limitToLast?: number;
  /** A cursor returned as `nextCursor` by the previous page of the same query. */
  startAfter?: string;
}

export const where = (field: string, op: FilterOp, value: Scalar | Scalar[]): FieldFilter => ({ kind: 'field', field, op, value });
export const and = (...filters: Filter[]): CompositeFilter => ({ kind: 'and', filters });
export const or = (...filters: Filter[]): CompositeFilter => ({ kind: 'or', filters });
export const orderBy = (field: string, direction: Direction = 'asc'): OrderBy => ({ field, direction });

// ---- normalised form, what adapters receive --------------------------------------------

export type FieldPath = readonly string[];

export type NormalizedFilter =
  | { kind: 'field'; path: FieldPath; op: Exclude<FilterOp, 'in' | 'not-in' | 'array-contains-any'>; value: Scalar }
  | { kind: 'field'; path: FieldPath; op: 'in' | 'not-in' | 'array-contains-any'; value: Scalar[] }
  | { kind: 'and' | 'or'; filters: NormalizedFilter[] };

export interface NormalizedOrder {
  path: FieldPath;
  direction: Direction;
}

/** Keyset position: the value of each `order` entry (id included) in the last document seen. */
export interface CursorPosition {
  values: Scalar[];
}

export interface NormalizedQuery {
  /** One filter (an implicit and of the top-level list) or none. */
  filter: NormalizedFilter | null;
  /** The orderBy fields followed by the id tie-breaker (path ['id']). */
  order: NormalizedOrder[];
  limit: number | null;
  /** True for limitToLast: adapters read in reverse order and the store flips the page. */
  fromEnd: boolean;
  after: CursorPosition | null;
}

const ARRAY_OPS: ReadonlySet<FilterOp> = new Set(['in', 'not-in', 'array-contains-any']);
const RANGE_OPS: ReadonlySet<FilterOp> = new Set(['<', '<=', '>', '>=']);
const ALL_OPS: ReadonlySet<string> = new Set(['==', '!=', '<', '<=', '>', '>=', 'in', 'not-in', 'array-contains', 'array-contains-any', 'array-contains-prefix']);

const isScalar = (v: unknown): v is Scalar =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

function checkFieldFilter(f: FieldFilter): NormalizedFilter {
  if (!ALL_OPS.has(f.op)) throw invalidArgument(`Invalid query. '${String(f.op)}' is not a supported operator.`);
  const path = parseFieldPath(f.field);
  if (ARRAY_OPS.has(f.op)) {
    // R-DB-5
    if (!Array.isArray(f.value) || f.value.length === 0)
      throw invalidArgument(`Invalid Query. A non-empty array is required for '${f.op}' filters.`);
    if (!f.value.every(isScalar)) throw invalidArgument(`Invalid Query. '${f.op}' filters take an array of strings, numbers, booleans or nulls.`);
    return { kind: 'field', path, op: f.op as 'in', value: [...f.value] };
  }
  if (f.op === 'array-contains-prefix' && (typeof f.value !== 'string' || f.value === ''))
    throw invalidArgument(`Invalid Query. 'array-contains-prefix' on '${f.field}' takes a non-empty string.`);
  if (!isScalar(f.value)) throw invalidArgument(`Invalid Query. '${f.op}' on '${f.field}' takes a string, number, boolean or null.`);
  if (f.value === null && RANGE_OPS.has(f.op)) throw invalidArgument(`Invalid Query. Null only supports '==' and '!=' comparisons.`);
  return { kind: 'field', path, op: f.op as '==', value: f.value };
}

function checkFilter(f: Filter): NormalizedFilter {
  if (f === null || typeof f !== 'object') throw invalidArgument('Invalid Query. A filter must be an object.');
  if (f.kind === 'field') return checkFieldFilter(f);
  if (f.kind !== 'and' && f.kind !== 'or') throw invalidArgument('Invalid Query. Unknown filter kind.');
  if (!Array.isArray(f.filters) || f.filters.length === 0)
    throw invalidArgument(`Invalid Query. '${f.kind}(...)' needs at least one filter.`);
  return { kind: f.kind, filters: f.filters.map(checkFilter) };
}

function countNotEqual(f: NormalizedFilter): number {
  if (f.kind !== 'field') return f.filters.reduce((n, g) => n + countNotEqual(g), 0);
  return f.op === '!=' || f.op === 'not-in' ? 1 : 0;
}

/** The where part alone (count() takes only filters). */
export function checkFilters(filters: Filter[] | undefined): NormalizedFilter | null {
  if (filters === undefined || filters.length === 0) return null;
  if (!Array.isArray(filters)) throw invalidArgument('Invalid Query. `where` must be a list of filters.');
  // R-DB-7
  if (filters.length > 1 && filters.some((f) => f.kind === 'and' || f.kind === 'or'))
    throw invalidArgument(
      "Invalid Query. When using composite filters, you cannot use more than one filter at the top level. Consider nesting the multiple filters within an 'and(...)' statement.",
    );
  const normalized = filters.map(checkFilter);
  const filter: NormalizedFilter = normalized.length === 1 ? normalized[0]! : { kind: 'and', filters: normalized };
  // R-DB-6
  if (countNotEqual(filter) > 1) throw invalidArgument("Invalid Query. You cannot use more than one '!=' or 'not-in' filter.");
  return filter;
}

const checkLimit = (name: string, n: number): number => {
  if (!Number.isInteger(n) || n < 1) throw invalidArgument(`Invalid Query. ${name} must be a positive integer, but was: ${n}.`);
  return n;
};

/** R-DB-1, R-DB-4..7 and the cursor, before any adapter is reached. */
export function checkQuery(q: Query = {}): NormalizedQuery {
  if (q === null || typeof q !== 'object') throw invalidArgument('Invalid Query. A query must be an object.');
  const filter = checkFilters(q.where);
  const order: NormalizedOrder[] = [];
  const seen = new Set<string>();
  for (const o of q.orderBy ?? []) {
    if (o.direction !== undefined && o.direction !== 'asc' && o.direction !== 'desc')
      throw invalidArgument(`Invalid Query. Direction must be 'asc' or 'desc'.`);
    const path = parseFieldPath(o.field);
    if (seen.has(o.field)) throw invalidArgument(`Invalid Query. '${o.field}' appears twice in orderBy.`);
    seen.add(o.field);
    order.push({ path, direction: o.direction ?? 'asc' });
  }
  if (q.limit !== undefined && q.limitToLast !== undefined) throw invalidArgument('Invalid Query. Use either limit or limitToLast, not both.');
  // R-DB-4
  if (q.limitToLast !== undefined && order.length === 0)
    throw invalidArgument('limitToLast() queries require specifying at least one orderBy() clause');
  const limit = q.limit !== undefined ? checkLimit('limit', q.limit) : q.limitToLast !== undefined ? checkLimit('limitToLast', q.limitToLast) : null;
  if (!seen.has('id')) order.push({ path: ['id'], direction: order.at(-1)?.direction ?? 'asc' });
  const after = q.startAfter === undefined ? null : decodeCursor(q.startAfter, order);
  return { filter, order, limit, fromEnd: q.limitToLast !== undefined, after };
}

/**
 * The smallest string above every string that starts with `prefix`, in code point order (how
 * both databases compare text), so a prefix is the range [prefix, bound). Null when no such
 * string exists (the prefix ends in U+10FFFF).
 */
export function prefixUpperBound(prefix: string): string | null {
  const chars = [...prefix];
  while (chars.length > 0) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) {
      // Lone surrogates are not text; skip over their block.
      const next = last + 1 >= 0xd800 && last + 1 <= 0xdfff ? 0xe000 : last + 1;
      return chars.join('') + String.fromCodePoint(next);
    }
  }
  return null;
}

// ---- cursors ------------------------------------------------------------------------------

const orderKey = (order: NormalizedOrder[]): string => order.map((o) => `${o.path.join('.')}:${o.direction}`).join(',');

const toBase64Url = (text: string): string => {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): string => {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
};

/** The cursor names the order it belongs to, so it cannot be replayed on another query shape. */
export function encodeCursor(order: NormalizedOrder[], position: CursorPosition): string {
  return toBase64Url(JSON.stringify({ o: orderKey(order), v: position.values }));
}

export function decodeCursor(cursor: string, order: NormalizedOrder[]): CursorPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(cursor));
  } catch {
    throw invalidArgument('Invalid Query. The cursor is not one this store returned.');
  }
  const c = parsed as { o?: unknown; v?: unknown };
  if (typeof c !== 'object' || c === null || !Array.isArray(c.v) || !c.v.every(isScalar))
    throw invalidArgument('Invalid Query. The cursor is not one this store returned.');
  if (c.o !== orderKey(order) || c.v.length !== order.length)
    throw invalidArgument('Invalid Query. The cursor belongs to a query with a different orderBy.');
  return { values: c.v };
}
