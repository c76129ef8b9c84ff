import type { FastifyInstance, FastifySchema } from 'fastify';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { PUBLIC, type RouteAccess } from '../access.ts';
import { declareContextAccess } from './identity.ts';

/**
 * The API described once: an OpenAPI 3.1 document generated from the zod schemas the routes
 * validate with (fastify-type-provider-zod's transform for @fastify/swagger), at
 * `/api/openapi.json`, with the access each route declares; outside production a Swagger UI at
 * `/api/docs`.
 *
 * Register after identity (the docs viewer's routes take their access from it) and before the
 * routes to describe (@fastify/swagger collects routes as they are added). The document is built
 * on its first request and cached; start-up only records the routes.
 *
 * Public on purpose: it shows paths and shapes the SPA's own scripts already carry, and every
 * route still checks its access; it gives away no data.
 */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

export interface OpenApiOptions {
  production: boolean;
  /** Shown as the document's title. */
  title: string;
  /** The session cookie's name, for the security scheme. */
  sessionCookie: string;
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');
const MULTIPART = 'multipart/form-data';
const consumesMultipart = (schema: FastifySchema | undefined) => schema?.consumes?.includes(MULTIPART) === true;

export async function registerOpenApi(app: FastifyInstance, opts: OpenApiOptions): Promise<void> {
  // Upload routes read their multipart body themselves (src/http/multipart.ts) and so have no
  // body schema; they say `consumes: ['multipart/form-data']`, which must match a plugin that
  // registered @fastify/multipart.
  app.addHook('onRoute', function (route) {
    if (consumesMultipart(route.schema) && !this.hasContentTypeParser(MULTIPART)) {
      throw new Error(`Route ${[route.method].flat().join(',')} ${route.url} consumes ${MULTIPART} but its plugin registers no parser for it.`);
    }
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${opts.title} API`,
        version: '1',
        description:
          'The JSON API of the back office and the public site. Sign-in is a session cookie; state-changing requests also need the `x-csrf-token` header from `GET /api/session`. `x-access` on each operation says who may call it.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: opts.sessionCookie } } },
    },
    transform: describeRoute,
    transformObject: jsonSchemaTransformObject,
  });

  app.get(OPENAPI_PATH, { config: { access: PUBLIC }, schema: { summary: 'This document (OpenAPI 3.1)', tags: ['docs'] } }, () => app.swagger());

  if (!opts.production) {
    // Dev only; loaded only then. Its page loads scripts and styles from files, so the site's
    // CSP (no inline script) applies unchanged.
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    await app.register(async (docs) => {
      declareContextAccess(docs, PUBLIC);
      await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
    });
  }
}

/** zod → JSON Schema for each /api route, plus its access, a tag and multipart bodies; every other route hidden. */
const describeRoute: SwaggerTransform = (input) => {
  const { route, url } = input;
  if (!isApi(url)) return { schema: { hide: true }, url };
  const described = input.schema ? jsonSchemaTransform(input) : { schema: {}, url };
  if (described.schema.hide) return described;
  const access = route.config?.access;
  const schema: FastifySchema & Record<string, unknown> = {
    ...described.schema,
    tags: described.schema.tags ?? [areaOf(url)],
    description: [described.schema.description, access ? `Access: ${accessText(access)}.` : ''].filter(Boolean).join('\n\n'),
    security: access?.kind === 'public' || access?.kind === 'webhook' ? [] : [{ session: [] }],
    'x-access': access,
  };
  if (consumesMultipart(schema) && !schema.body) {
    schema.body = {
      type: 'object',
      description: 'multipart/form-data: the file part(s) and text fields the route reads.',
      additionalProperties: true,
    };
  }
  return { schema, url };
};

/** The tag grouping an operation in the docs: its area, e.g. /api/admin/leads → leads. */
function areaOf(url: string): string {
  const [, , first, second] = url.split('/');
  return (first === 'admin' || first === 'public') && second && !second.startsWith(':') ? second : (first ?? 'api');
}

function accessText(access: RouteAccess): string {
  switch (access.kind) {
    case 'public':
      return 'anyone';
    case 'signed-in':
      return 'any signed-in user';
    case 'webhook':
      return "the payment provider (no session; the provider's signature is checked)";
    case 'staff':
      return 'staff (any active employee, and admins)';
    case 'admin':
      return 'admins only';
    case 'permission':
      return `employees with the ${access.permission} permission, and admins`;
    case 'customer':
      return 'a signed-in person with a verified e-mail, for the clients whose contact it is';
  }
}
