import { COLLECTION_INDEXES, TERM_INDEXES, type CollectionIndex } from '../../domain/persistence/collection-indexes.ts';
import type { NormalizedFilter, NormalizedQuery } from '../../domain/persistence/query.ts';

/**
 * Which declared index a sorted SQLite query reads, when the planner would not pick it itself.
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
export interface PlanIndex {
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

/** The migration's own indexes: (collection, created_at) and (collection, updated_at), then the key's id. */
const BUILT_IN: PlanIndex[] = [
  { name: 'documents_created', fields: [{ key: 'createdAt', direction: 'asc' }, { key: 'id', direction: 'asc' }] },
  { name: 'documents_updated', fields: [{ key: 'updatedAt', direction: 'asc' }, { key: 'id', direction: 'asc' }] },
];

const byCollection = new Map<string, PlanIndex[]>();
for (const ix of sqliteIndexes()) {
  const list = byCollection.get(ix.collection) ?? [];
  list.push({ name: sqliteIndexName(ix), fields: ix.fields.map((f) => ({ key: f.path, direction: f.direction ?? 'asc' })) });
  byCollection.set(ix.collection, list);
}

const candidates = (collection: string): PlanIndex[] => [...(byCollection.get(collection) ?? []), ...BUILT_IN];

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
  // The id tie-break comes off the index only when id is its next field: SQLite appends the
  // primary key (collection, id), but does not treat the partial index's collection as fixed, so
  // without an explicit id it sorts each run of equal values ("TEMP B-TREE FOR LAST TERM").
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
