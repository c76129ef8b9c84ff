import { MongoServerError } from 'mongodb';
import { COLLECTION_INDEXES, TERM_INDEXES, TTL_INDEXES } from '../../domain/persistence/collection-indexes.ts';
import { DatabaseError } from '../../domain/persistence/database-error.ts';
import type { FieldPath } from '../../domain/persistence/query.ts';

/**
 * Which MongoDB indexes the store owns, and what a start must create or drop to match
 * collection-indexes.ts. Every index the store creates is named with OWN_PREFIX; only those
 * are ever dropped, so indexes operations staff add (any other name) survive starts, backups and
 * restores. The name encodes the key and the options, so switching an entry between unique and
 * not unique (or partial and not) is a different name: the old index is dropped and the new one
 * created, instead of createIndex failing with IndexOptionsConflict and stopping start-up.
 *
 * Indexes an earlier version created under the driver's default name (`d.email_1`) are adopted:
 * one whose key pattern equals a wanted index is replaced by the named one. Any other default-named
 * index is left alone (it may be an operator's).
 */
export const OWN_PREFIX = 'shieldline_';

export type IndexKeys = Record<string, 1 | -1>;

export interface IndexOptions {
  unique?: boolean;
  partialFilterExpression?: Record<string, unknown>;
  expireAfterSeconds?: number;
}

export interface WantedIndex {
  collection: string;
  name: string;
  keys: IndexKeys;
  options: IndexOptions;
}

/** An index as `listIndexes` returns it (the fields the plan compares). */
export interface ExistingIndex {
  name: string;
  key: Record<string, unknown>;
  unique?: boolean;
  partialFilterExpression?: Record<string, unknown>;
  expireAfterSeconds?: number;
}

const META: Record<string, string> = { id: '_id', createdAt: 'createdAt', updatedAt: 'updatedAt' };
/** The stored path of a field: the store's own fields at the top, the caller's under `d`. */
export const mongoPath = (path: FieldPath): string => (path.length === 1 && META[path[0]!]) || `d.${path.join('.')}`;

/** The driver's default index name for a key pattern (what createIndex without a name uses). */
export const defaultIndexName = (key: Record<string, unknown>): string => Object.entries(key).map(([k, v]) => `${k}_${String(v)}`).join('_');

function indexName(keys: IndexKeys, options: IndexOptions): string {
  const flags = [options.unique ? 'unique' : '', options.partialFilterExpression ? 'partial' : '', options.expireAfterSeconds !== undefined ? `ttl${options.expireAfterSeconds}` : ''].filter(Boolean);
  return `${OWN_PREFIX}${defaultIndexName(keys)}${flags.length ? `__${flags.join('_')}` : ''}`;
}

const wanted = (collection: string, keys: IndexKeys, options: IndexOptions = {}): WantedIndex => ({ collection, name: indexName(keys, options), keys, options });

/**
 * The declared indexes: COLLECTION_INDEXES (unique ones partial on their first field, unless the
 * entry says every document has it — then MongoDB can also sort unfiltered lists with it),
 * TERM_INDEXES as multikey indexes, TTL, and createdAt/updatedAt (ending in _id) per collection.
 */
export function wantedIndexes(): WantedIndex[] {
  const out: WantedIndex[] = [];
  for (const ix of COLLECTION_INDEXES) {
    const keys: IndexKeys = {};
    for (const f of ix.fields) keys[mongoPath(f.path.split('.'))] = f.direction === 'desc' ? -1 : 1;
    const first = Object.keys(keys)[0]!;
    const options: IndexOptions = !ix.unique ? {} : ix.present ? { unique: true } : { unique: true, partialFilterExpression: { [first]: { $exists: true } } };
    out.push(wanted(ix.collection, keys, options));
  }
  for (const t of TERM_INDEXES) out.push(wanted(t.collection, { [mongoPath(t.field.split('.'))]: 1 }));
  for (const t of TTL_INDEXES) out.push(wanted(t.collection, { _ttl: 1 }, { expireAfterSeconds: 0 }));
  for (const c of new Set(out.map((w) => w.collection))) {
    out.push(wanted(c, { createdAt: 1, _id: 1 }));
    out.push(wanted(c, { updatedAt: 1, _id: 1 }));
  }
  // Two entries with the same keys and options are one index.
  return [...new Map(out.map((w) => [`${w.collection} ${w.name}`, w])).values()];
}

const sameKey = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => JSON.stringify(a) === JSON.stringify(b);

const sameOptions = (e: ExistingIndex, w: WantedIndex): boolean =>
  (e.unique === true) === (w.options.unique === true) &&
  JSON.stringify(e.partialFilterExpression ?? null) === JSON.stringify(w.options.partialFilterExpression ?? null) &&
  (e.expireAfterSeconds ?? null) === (w.options.expireAfterSeconds ?? null);

export interface IndexPlan {
  drop: { collection: string; name: string }[];
  create: WantedIndex[];
}

/**
 * What to drop and create in the collections `existing` lists (a collection not in it has no
 * indexes yet). Drops come first: an index replaced by another spec on the same key must go
 * before the new one can be built.
 */
export function planIndexes(want: WantedIndex[], existing: Map<string, ExistingIndex[]>): IndexPlan {
  const plan: IndexPlan = { drop: [], create: [] };
  const wantedBy = new Map<string, WantedIndex[]>();
  for (const w of want) wantedBy.set(w.collection, [...(wantedBy.get(w.collection) ?? []), w]);
  const collections = new Set([...wantedBy.keys(), ...existing.keys()]);
  for (const collection of collections) {
    const have = existing.get(collection) ?? [];
    const mine = wantedBy.get(collection) ?? [];
    const ownLegacy = (e: ExistingIndex): boolean => !e.name.startsWith(OWN_PREFIX) && e.name === defaultIndexName(e.key) && mine.some((w) => sameKey(w.keys, e.key));
    for (const e of have) {
      if (e.name === '_id_') continue;
      const w = mine.find((x) => x.name === e.name);
      const keep = w !== undefined && sameKey(w.keys, e.key) && sameOptions(e, w);
      if ((e.name.startsWith(OWN_PREFIX) || ownLegacy(e)) && !keep) plan.drop.push({ collection, name: e.name });
    }
    const dropped = new Set(plan.drop.filter((d) => d.collection === collection).map((d) => d.name));
    const remaining = have.filter((e) => !dropped.has(e.name));
    for (const w of mine) {
      if (remaining.some((e) => e.name === w.name)) continue;
      // An operator's index on the same key with the same options already serves the queries;
      // creating ours beside it would fail (IndexOptionsConflict: same key, other name).
      if (remaining.some((e) => sameKey(e.key, w.keys) && sameOptions(e, w))) continue;
      plan.create.push(w);
    }
  }
  return plan;
}

/** What syncIndexes needs of the database (the driver: listCollections/listIndexes, dropIndex, createIndex). */
export interface IndexCatalog {
  /** Indexes by collection, of the collections that exist now. */
  list(): Promise<Map<string, ExistingIndex[]>>;
  drop(collection: string, name: string): Promise<unknown>;
  create(index: WantedIndex): Promise<unknown>;
}

const codeOf = (e: unknown): number | undefined => (e instanceof MongoServerError && typeof e.code === 'number' ? e.code : undefined);
/** IndexNotFound, NamespaceNotFound: another instance dropped it first. */
export const GONE = new Set([26, 27]);
/** IndexAlreadyExists, IndexOptionsConflict, IndexKeySpecsConflict: another instance (or an operator) got there first. */
const CONFLICT = new Set([68, 85, 86]);

/**
 * Brings the store's own indexes in line with `want`. Instances starting together may race: a
 * drop of an index already gone is fine, and a create that conflicts re-plans from what is
 * there now, up to three rounds; a conflict that stays is a clear failed-precondition.
 */
export async function syncIndexes(catalog: IndexCatalog, want: WantedIndex[] = wantedIndexes()): Promise<void> {
  for (let round = 1; ; round++) {
    const plan = planIndexes(want, await catalog.list());
    for (const d of plan.drop) await catalog.drop(d.collection, d.name).catch((e: unknown) => (GONE.has(codeOf(e) ?? 0) ? undefined : Promise.reject(e)));
    let conflict: unknown = null;
    for (const c of plan.create) {
      try {
        await catalog.create(c);
      } catch (e) {
        if (!CONFLICT.has(codeOf(e) ?? 0)) throw e;
        conflict = e;
      }
    }
    if (conflict === null) return;
    if (round === 3) throw new DatabaseError('failed-precondition', `MongoDB refused an index the store needs: ${(conflict as Error).message}. Drop the conflicting index (docs/operations.md, "Indexes").`);
  }
}
