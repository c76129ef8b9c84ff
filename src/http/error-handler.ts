import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDomainError, type FieldErrors } from '../domain/shared/domain-error.ts';
import type { ApiError } from '../contracts/errors.ts';
import { STATUS_BY_CODE } from './error-map.ts';

const body = (code: string, message: string, fields?: FieldErrors): ApiError => ({
  error: fields ? { code, message, fields } : { code, message },
});

/** Turns zod issues from request validation into `{ field: [messages] }` for the form. */
function fieldsFromValidation(validation: { instancePath: string; message?: string; params: Record<string, unknown> }[]) {
  const fields: FieldErrors = {};
  const add = (key: string, msg: string) => (fields[key] ??= []).push(msg);
  for (const v of validation) {
    const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const unknownKeys = v.params['keys'];
    if (Array.isArray(unknownKeys)) for (const k of unknownKeys) add(String(k), 'Unknown field.');
    else add(key || '_', v.message ?? 'Invalid value.');
  }
  return fields;
}

/**
 * One error handler for the whole API. Clients get a code, a message and, for bad input, the
 * fields at fault; never a stack trace. 5xx bodies are generic and the details go to the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = fieldsFromValidation(err.validation);
      return reply.status(400).send(body('validation', 'Some fields need attention.', fields));
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
  });
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
