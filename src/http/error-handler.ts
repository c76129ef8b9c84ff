import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDomainError, type FieldErrors } from '../domain/shared/domain-error.ts';
import type { ApiError } from '../contracts/errors.ts';
import { STATUS_BY_CODE } from './error-map.ts';
import { isStorageError, toDomainErrorCode } from '../domain/storage/storage-error.ts';
import { FIELDS_NEED_ATTENTION, fieldErrors, type ValidationIssue } from '../application/shared/field-errors.ts';

const body = (code: string, message: string, fields?: FieldErrors): ApiError => ({
  error: fields ? { code, message, fields } : { code, message },
});

/** Fastify's request-validation items (built from zod issues) back into issues for the one field mapping. */
const issuesOf = (validation: { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> }[]): ValidationIssue[] =>
  validation.map((v) => {
    const keys = v.params['keys'];
    return {
      code: Array.isArray(keys) ? 'unrecognized_keys' : v.keyword,
      path: v.instancePath.split('/').filter((segment) => segment !== ''),
      message: v.message ?? 'Invalid value.',
      ...(Array.isArray(keys) ? { keys: keys.map(String) } : {}),
    };
  });

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
      return reply.status(400).send(body('validation', FIELDS_NEED_ATTENTION, fieldErrors(issuesOf(err.validation))));
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
