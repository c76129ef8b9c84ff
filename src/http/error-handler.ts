import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDomainError, type FieldErrors } from '../domain/shared/domain-error.ts';
import type { ApiError } from '../contracts/errors.ts';
import { STATUS_BY_CODE } from './error-map.ts';
import { isStorageError, toDomainErrorCode } from '../domain/storage/storage-error.ts';

const body = (code: string, message: string, fields?: FieldErrors): ApiError => ({
  error: fields ? { code, message, fields } : { code, message },
});

/** Turns zod issues from request validation into `{ field: [messages] }` for the form. */
function fieldsFromValidation(validation: { instancePath: string; message?: string; params: Record<string, unknown> }[]) {
  // A Map, not an object: field names come from the client and may be '__proto__' or 'constructor'.
  const byField = new Map<string, string[]>();
  const add = (key: string, msg: string) => byField.set(key, [...(byField.get(key) ?? []), msg]);
  for (const v of validation) {
    const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const unknownKeys = v.params['keys'];
    if (Array.isArray(unknownKeys)) for (const k of unknownKeys) add(String(k), 'Unknown field.');
    else add(key || '_', v.message ?? 'Invalid value.');
  }
  const fields: FieldErrors = {};
  for (const [k, v] of byField) Object.defineProperty(fields, k, { value: v, enumerable: true, writable: true, configurable: true });
  return fields;
}

/**
 * One error handler for the whole API. Clients get a code, a message and, for bad input, the
 * fields at fault; never a stack trace. 5xx bodies are generic and the details go to the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    try {
      return handle(err, req, reply);
    } catch (failure) {
      // Never let a bug in error handling fall through to a response with internals in it.
      req.log.error({ err: failure, original: err }, 'error handler failed');
      return reply.status(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
    }
  });
}

function handle(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = fieldsFromValidation(err.validation);
      return reply.status(400).send(body('validation', 'Some fields need attention.', fields));
    }
    // Storage failures carry their own `storage/…` codes; they answer through the same table.
    if (isStorageError(err)) {
      const code = toDomainErrorCode(err.code);
      const status = STATUS_BY_CODE[code];
      if (status >= 500) {
        req.log.error({ err }, 'storage failure');
        return reply.status(status).send(body('unavailable', 'The service is temporarily unavailable. Please try again shortly.'));
      }
      return reply.status(status).send(body(code, err.message));
    }
    if (isDomainError(err)) {
      const status = STATUS_BY_CODE[err.code as keyof typeof STATUS_BY_CODE] ?? 500;
      if (status >= 500) {
        req.log.error({ err }, 'service failure');
        return reply.status(status).send(body('unavailable', 'The service is temporarily unavailable. Please try again shortly.'));
      }
      return reply.status(status).send(body(err.code, err.message, err.fields));
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type, rate limit).
      return reply.status(status).send(body(clientCode(status), err.message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
  }
}

function clientCode(status: number): string {
  switch (status) {
    case 400:
      return 'bad-request';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 413:
      return 'payload-too-large';
    case 415:
      return 'unsupported-media-type';
    case 429:
      return 'rate-limited';
    default:
      return 'bad-request';
  }
}
