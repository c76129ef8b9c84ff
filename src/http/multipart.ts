import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { DomainError, isDomainError } from '../domain/shared/domain-error.ts';

/** @fastify/multipart's codes for a body over one of the plugin's limits. */
export type MultipartLimit = 'FST_REQ_FILE_TOO_LARGE' | 'FST_FILES_LIMIT' | 'FST_PARTS_LIMIT' | 'FST_FIELDS_LIMIT';

const LIMITS: ReadonlySet<string> = new Set<MultipartLimit>(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

export interface UploadedPart {
  field: string;
  bytes: Uint8Array;
  /** The Content-Type the client declared; never trusted for what the bytes are. */
  declaredType: string;
  /** The client's file name, '' when it sent none. */
  fileName: string;
}

export interface MultipartBody {
  /** Every file part in arrival order, read to the end (a file input left empty is dropped). */
  files: UploadedPart[];
  /** Text fields, the last value of each name (null prototype: names come from the client). */
  fields: Record<string, string>;
  /** Text fields, every value of each name in arrival order (null prototype). */
  lists: Record<string, string[]>;
}

export interface ReadMultipartOptions {
  /** The error for a request that is not multipart/form-data (default: 415). */
  notMultipart?: DomainError;
  /** The error for a body over a size or count limit (default: 413). */
  overLimit?: (limit: MultipartLimit) => DomainError;
}

const UNREADABLE = 'The upload could not be read; it may have been cut off. Please try again.';

/**
 * Reads a whole multipart body before anything is stored, so a body that breaks off half-way
 * stores nothing. Every way the body can be unreadable becomes a DomainError: not multipart
 * (415), over a limit (413, or what `overLimit` says), cut off, garbled or with a forbidden field
 * name (400). Programming errors still propagate as they are.
 */
export async function readMultipart(req: FastifyRequest, options: ReadMultipartOptions = {}): Promise<MultipartBody> {
  if (!req.isMultipart()) throw options.notMultipart ?? new DomainError('unsupported-media-type', 'Send the form as multipart/form-data.');
  const body: MultipartBody = { files: [], fields: Object.create(null) as Record<string, string>, lists: Object.create(null) as Record<string, string[]> };
  try {
    for await (const part of req.parts() as AsyncIterableIterator<Multipart>) {
      if (part.type === 'file') {
        const bytes = new Uint8Array(await part.toBuffer());
        // A file input left empty still sends a part with no name and no bytes.
        if (bytes.byteLength === 0 && !part.filename) continue;
        body.files.push({ field: part.fieldname, bytes, declaredType: part.mimetype, fileName: part.filename });
      } else {
        const value = String(part.value);
        body.fields[part.fieldname] = value;
        (body.lists[part.fieldname] ??= []).push(value);
      }
    }
  } catch (e) {
    throw unreadable(e, options);
  }
  return body;
}

function unreadable(e: unknown, options: ReadMultipartOptions): unknown {
  if (isDomainError(e) || e instanceof TypeError || e instanceof ReferenceError || e instanceof RangeError) return e;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && LIMITS.has(code)) {
    const limit = code as MultipartLimit;
    return options.overLimit?.(limit) ?? new DomainError('payload-too-large', 'The upload is too large or has too many parts.');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return options.notMultipart ?? new DomainError('unsupported-media-type', 'Send the form as multipart/form-data.');
  }
  if (code === 'FST_PROTO_VIOLATION') return new DomainError('validation', 'A field name in the upload is not allowed.');
  // busboy's "Unexpected end of multipart data", "Malformed part header", "Boundary not found",
  // a premature close, …: errors without an HTTP status, all meaning the body is unreadable.
  return new DomainError('validation', UNREADABLE);
}
