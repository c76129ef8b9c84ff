import { invalidArgument } from './database-error.ts';

/** Fields the store manages on every document; callers read them but never write them. */
export const META_FIELDS = ['id', 'createdAt', 'updatedAt'] as const;
export type MetaField = (typeof META_FIELDS)[number];

export const isMetaField = (path: readonly string[]): boolean =>
  path.length === 1 && (META_FIELDS as readonly string[]).includes(path[0]!);

// R-DB-1 forbids ~ * / [ ]. The adapters add a few of their own: a double quote or backslash
// would break SQLite's quoted JSON-path labels, a leading $ is an operator to MongoDB, and
// control characters are never a sensible name. Rejecting them here keeps both adapters equal.
const SPEC_FORBIDDEN = /[~*/[\]]/;
// eslint-disable-next-line no-control-regex
const PORTABILITY_FORBIDDEN = /["\\\u0000-\u001f]/;

/** R-DB-1: the reason a single field name is invalid, or null when it is fine. */
export function fieldNameProblem(name: string): string | null {
  if (name.length === 0) return 'must not be empty';
  if (name.startsWith('__') && name.endsWith('__')) return "must not both start and end with '__'";
  if (SPEC_FORBIDDEN.test(name)) return 'must not contain ~ * / [ or ]';
  if (PORTABILITY_FORBIDDEN.test(name)) return 'must not contain a double quote, a backslash or a control character';
  if (name.startsWith('$')) return "must not start with '$'";
  return null;
}

/**
 * Splits a dotted path (`pageViews.home`) into its segments and checks each one (R-DB-1).
 * Dots always separate segments, so a field name itself can never contain one.
 */
export function parseFieldPath(path: string): string[] {
  if (typeof path !== 'string' || path.length === 0) throw invalidArgument('Invalid field path: a field path must be a non-empty string.');
  const segments = path.split('.');
  for (const s of segments) {
    const problem = fieldNameProblem(s);
    if (problem) throw invalidArgument(`Invalid field path (${path}): the field name '${s}' ${problem}.`);
  }
  return segments;
}

/** Document and collection ids: short, printable, no path separators. */
const ID_PATTERN = /^[A-Za-z0-9_\-:.@+]{1,200}$/;

export function checkDocumentId(id: string): string {
  if (typeof id !== 'string' || !ID_PATTERN.test(id) || id === '.' || id === '..' || (id.startsWith('__') && id.endsWith('__')))
    throw invalidArgument(`Invalid document id (${String(id)}): use 1–200 letters, digits or _ - : . @ +.`);
  return id;
}

const COLLECTION_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;

export function checkCollectionName(name: string): string {
  if (typeof name !== 'string' || !COLLECTION_PATTERN.test(name))
    throw invalidArgument(`Invalid collection name (${String(name)}): use lower-case letters, digits and _ , starting with a letter.`);
  return name;
}
