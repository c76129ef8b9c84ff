import type { DatabaseError } from './database-error.ts';
import type { DocumentData, StoredDocument } from './document-data.ts';
import type { DriverSnapshot, RawDocument } from './document-store-driver.ts';
import type { Filter, Query } from './query.ts';

/**
 * The persistence port: a document store of named collections. Every operation validates its
 * arguments (R-DB-1..8) before an adapter is reached, throws `DatabaseError`s (R-ERR-4), and
 * after `close()` fails with failed-precondition 'The client has already been terminated.'
 * Documents are plain JSON (plus GeoPoint); the store adds id, createdAt and updatedAt.
 */
export interface QueryPage<T extends DocumentData> {
  docs: StoredDocument<T>[];
  /** Pass as `startAfter` for the next page; null when this page is the last one. */
  nextCursor: string | null;
}

/** Dotted paths to write (`{ 'address.city': 'Leeds' }`); the value replaces what was there. */
export type UpdatePatch = Record<string, unknown>;

export interface IncrementOptions {
  /** Fields written in the same atomic step, dotted paths allowed. */
  set?: UpdatePatch;
  /** Create the document (with the increments as starting values) when it is missing. */
  upsert?: boolean;
}

export type Unsubscribe = () => void;
export type ErrorListener = (error: DatabaseError | Error) => void;

export interface Collection<T extends DocumentData = DocumentData> {
  readonly name: string;
  get(id: string): Promise<StoredDocument<T> | null>;
  /** Fails with already-exists when the id is taken; generates an id when none is given. */
  create(data: T, id?: string): Promise<StoredDocument<T>>;
  /** Creates or replaces the whole document; createdAt survives a replace. */
  set(id: string, data: T): Promise<StoredDocument<T>>;
  /** Fails with not-found when the document is missing. */
  update(id: string, patch: UpdatePatch): Promise<StoredDocument<T>>;
  delete(id: string): Promise<void>;
  query(q?: Query): Promise<QueryPage<T>>;
  count(where?: Filter[]): Promise<number>;
  /** Atomically adds each delta to its (dotted) numeric field; a missing field counts as 0. */
  increment(id: string, deltas: Record<string, number>, options?: IncrementOptions): Promise<StoredDocument<T>>;
  /** R-DB-9: pushes the current result, then again after every committed change that alters it. */
  subscribe(q: Query, onNext: (page: QueryPage<T>) => void, onError?: ErrorListener): Unsubscribe;
  subscribeDoc(id: string, onNext: (doc: StoredDocument<T> | null) => void, onError?: ErrorListener): Unsubscribe;
}

/** Reads come first, then writes (buffered and applied at commit, all or nothing). */
export interface Transaction {
  get<T extends DocumentData = DocumentData>(collection: string, id: string): Promise<StoredDocument<T> | null>;
  create(collection: string, id: string, data: DocumentData): void;
  set(collection: string, id: string, data: DocumentData): void;
  update(collection: string, id: string, patch: UpdatePatch): void;
  delete(collection: string, id: string): void;
  increment(collection: string, id: string, deltas: Record<string, number>, options?: IncrementOptions): void;
}

export interface TransactionOptions {
  /** R-DB-8: at least 1, default 5. */
  maxAttempts?: number;
}

export interface DocumentStore {
  collection<T extends DocumentData = DocumentData>(name: string): Collection<T>;
  /** Runs `fn` and commits its writes atomically; re-runs it when a document it read changed meanwhile. */
  runTransaction<R>(fn: (tx: Transaction) => Promise<R>, options?: TransactionOptions): Promise<R>;
  ping(): Promise<void>;
  close(): Promise<void>;
  // Backup and restore (docs/storage.md). Documents travel in the stored (encoded) form, with
  // their ids, timestamps and versions, so a copy is lossless across adapters; 'unimplemented'
  // on an adapter without them.
  /** Collections holding at least one document. */
  listCollections(): Promise<string[]>;
  /** A consistent read of every document as of one moment; close it when done. */
  openSnapshot(): Promise<DriverSnapshot>;
  /** Writes documents back as they were exported (checked first); already-exists when an id is taken. */
  importDocuments(collection: string, docs: RawDocument[]): Promise<void>;
  /** Removes every document of a collection. */
  clearCollection(collection: string): Promise<void>;
}
