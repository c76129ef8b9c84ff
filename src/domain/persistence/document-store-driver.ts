import type { EncodedValue } from './document-data.ts';
import type { FieldPath, NormalizedFilter, NormalizedQuery } from './query.ts';

/**
 * What a database adapter implements. The store (checked-document-store.ts) validates and
 * normalises everything first, so a driver receives only checked paths, encoded values and
 * ISO timestamps, and never needs to re-check a rule.
 */
export type EncodedDocument = Record<string, EncodedValue>;

export interface RawDocument {
  id: string;
  data: EncodedDocument;
  createdAt: string;
  updatedAt: string;
  /** Bumped by every write; transactions compare it to detect a concurrent change. */
  version: number;
}

export interface FieldWrite {
  path: FieldPath;
  value: EncodedValue;
}

export interface FieldIncrement {
  path: FieldPath;
  by: number;
}

export type WriteOp =
  | { kind: 'create'; collection: string; id: string; data: EncodedDocument }
  | { kind: 'set'; collection: string; id: string; data: EncodedDocument }
  | { kind: 'update'; collection: string; id: string; fields: FieldWrite[] }
  | { kind: 'delete'; collection: string; id: string }
  | { kind: 'increment'; collection: string; id: string; increments: FieldIncrement[]; fields: FieldWrite[]; upsert: boolean };

/** A document a transaction read, at the version it saw (null: it did not exist). */
export interface ReadCheck {
  collection: string;
  id: string;
  version: number | null;
}

export interface DocumentStoreDriver extends Partial<BackupDriver> {
  get(collection: string, id: string): Promise<RawDocument | null>;
  /**
   * Applies one write atomically and returns the document after it (null after delete).
   * create: already-exists when taken; update / increment without upsert: not-found when missing.
   */
  write(op: WriteOp, now: string): Promise<RawDocument | null>;
  /** All writes or none; throws DatabaseError 'aborted' when a read document changed since. */
  commit(reads: ReadCheck[], writes: WriteOp[], now: string): Promise<void>;
  /** Filtered, ordered by `q.order` (reversed when `q.fromEnd`), after `q.after`, at most `limit` rows. */
  query(collection: string, q: NormalizedQuery, limit: number | null): Promise<RawDocument[]>;
  count(collection: string, filter: NormalizedFilter | null): Promise<number>;
  /** Calls `onChange` after any committed change to the collection (extra calls are harmless). */
  watch(collection: string, onChange: () => void, onError: (e: Error) => void): () => void;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A consistent read of the whole store for a backup: every document as of one moment, while
 * writers carry on. Close it when done (it holds a read transaction or session).
 */
export interface DriverSnapshot {
  /** Collections holding documents at the snapshot's moment (may list a few empty ones). */
  collections(): Promise<string[]>;
  /** The collection's documents in id order, exactly as stored. */
  documents(collection: string): AsyncIterable<RawDocument>;
  close(): Promise<void>;
}

/** Backup and restore (docs/storage.md); optional so a driver may leave them out (unimplemented). */
export interface BackupDriver {
  /** Names of the collections that hold at least one document. */
  listCollections(): Promise<string[]>;
  openSnapshot(): Promise<DriverSnapshot>;
  /** Inserts documents with their ids, timestamps and versions as given; already-exists when an id is taken. */
  importDocuments(collection: string, docs: RawDocument[]): Promise<void>;
  /** Removes every document of the collection (indexes stay). */
  clearCollection(collection: string): Promise<void>;
}
