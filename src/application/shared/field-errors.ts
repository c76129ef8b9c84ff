/**
 * The one mapping of validation issues (zod's, or Fastify's request-validation items built from
 * them) to the `{ field: [messages] }` every form shows (STYLE.md "shared kernel"). Unknown keys
 * become "Unknown field." under the key's own name (however deep), so nothing can be mass-assigned unnoticed; a message
 * appears once per field. Callers differ only in how an issue's path names a field: the request
 * body uses the dotted path, a multipart form its top-level field, a CSV import its column; and a
 * JSON value inside one form field (shared-file metadata) reports unknown keys on that field.
 */
import { DomainError, type FieldErrors } from '../../domain/shared/domain-error.ts';

/** What this needs of a zod issue (structural, so neither the domain nor this file imports zod). */
export interface ValidationIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  /** Set on `unrecognized_keys` issues. */
  readonly keys?: readonly string[];
}

export type FieldKey = (path: readonly PropertyKey[]) => string;

/** `contacts.0.name`; an issue about the whole value goes to `_`. */
export const dottedPath: FieldKey = (path) => path.map(String).join('.') || '_';
/** The top-level field only (`services.2` → `services`). */
export const topLevelField: FieldKey = (path) => (path.length ? String(path[0]) : '_');

export const UNKNOWN_FIELD = 'Unknown field.';
export const FIELDS_NEED_ATTENTION = 'Some fields need attention.';

export interface FieldMapping {
  key?: FieldKey;
  /** 'each' (default): every unknown key is its own field; 'on-parent': zod's message on the object's field. */
  unknownKeys?: 'each' | 'on-parent';
}

export function fieldErrors(issues: readonly ValidationIssue[], { key: keyOf = dottedPath, unknownKeys = 'each' }: FieldMapping = {}): FieldErrors {
  // A Map, not an object: field names come from the client and may be '__proto__' or 'constructor'.
  const byField = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    const messages = byField.get(key) ?? [];
    if (!messages.includes(message)) byField.set(key, [...messages, message]);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys && unknownKeys === 'each') for (const k of issue.keys) add(keyOf([k]), UNKNOWN_FIELD);
    else add(keyOf(issue.path), issue.message);
  }
  const fields: FieldErrors = {};
  for (const [k, v] of byField) Object.defineProperty(fields, k, { value: v, enumerable: true, writable: true, configurable: true });
  return fields;
}

/** A failed parse as the `validation` error the HTTP layer answers 400 with. */
export function validationError(issues: readonly ValidationIssue[], mapping?: FieldMapping, message = FIELDS_NEED_ATTENTION): DomainError {
  return new DomainError('validation', message, fieldErrors(issues, mapping));
}
