import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, PRODUCTION_ENV, type TestApp } from '../support/app.ts';
import { clientInputSchema } from '../../src/contracts/clients.ts';
import { DOCS_PREFIX, OPENAPI_PATH } from '../../src/http/plugins/openapi.ts';
import { declareContextAccess } from '../../src/http/plugins/identity.ts';
import { PUBLIC, STAFF } from '../../src/http/access.ts';

interface Operation {
  responses?: Record<string, { description?: unknown }>;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: { type?: string; required?: string[]; properties?: Record<string, unknown> } }> };
  security?: unknown[];
  'x-access'?: unknown;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** `GET /api/clients/:id` as the document spells it: `get /api/clients/{id}`. */
const documentKey = (method: string, url: string) => `${method.toLowerCase()} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

function operations(doc: Document): Map<string, Operation> {
  const ops = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) if (METHODS.includes(method)) ops.set(`${method} ${path}`, op);
  }
  return ops;
}

/** Every `$ref` in the document, to check each points at something inside it. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refs(v, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') found.push(v);
      else refs(v, found);
    }
  }
  return found;
}

function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), doc);
}

/** Structural checks of the OpenAPI 3.x rules the document could break (no validator package is installed). */
function structuralProblems(doc: Document): string[] {
  const problems: string[] = [];
  if (typeof doc.info?.title !== 'string' || typeof doc.info?.version !== 'string') problems.push('info needs title and version');
  for (const [key, op] of operations(doc)) {
    const [, path] = key.split(' ') as [string, string];
    if (!path.startsWith('/')) problems.push(`${key}: path must start with /`);
    const responses = Object.entries(op.responses ?? {});
    if (responses.length === 0) problems.push(`${key}: no responses`);
    for (const [status, res] of responses) {
      if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) problems.push(`${key}: response key ${status}`);
      if (typeof res.description !== 'string') problems.push(`${key}: response ${status} has no description`);
    }
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
    for (const name of templated) {
      const p = pathParams.find((q) => q.name === name);
      if (!p) problems.push(`${key}: no path parameter ${name}`);
      else if (p.required !== true) problems.push(`${key}: path parameter ${name} must be required`);
    }
    for (const p of op.parameters ?? []) {
      if (!['path', 'query', 'header', 'cookie'].includes(p.in)) problems.push(`${key}: parameter ${p.name} in ${p.in}`);
      if (p.in === 'path' && !templated.includes(p.name)) problems.push(`${key}: path parameter ${p.name} is not in the path`);
      if (!p.schema) problems.push(`${key}: parameter ${p.name} has no schema`);
    }
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) if (!media.schema) problems.push(`${key}: ${type} body has no schema`);
  }
  for (const ref of refs(doc)) if (resolvePointer(doc, ref) === undefined) problems.push(`unresolved $ref ${ref}`);
  return problems;
}

describe('GET /api/openapi.json (development)', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'development' });
    const res = await t.app.inject(OPENAPI_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json<Document>();
  });
  afterAll(() => t.close());

  it('answers a valid OpenAPI 3 document to anyone, without a session', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(structuralProblems(doc)).toEqual([]);
    expect(operations(doc).size).toBeGreaterThan(100);
  });

  it('describes every /api route the server registered, with its method, and nothing else', () => {
    const api = t.app.apiRoutes.filter((r) => !r.url.startsWith(`${DOCS_PREFIX}/`) && r.url !== DOCS_PREFIX);
    const registered = api.map((r) => documentKey(r.method, r.url)).sort();
    expect([...operations(doc).keys()].sort()).toEqual(registered);
    // Each documented operation is a real route (checked on the router, not the list above).
    for (const r of api) expect(t.app.hasRoute({ method: r.method, url: r.url }), `${r.method} ${r.url}`).toBe(true);
    expect(registered).toContain(documentKey('GET', OPENAPI_PATH));
  });

  it('shows each route the access it declares, and which need the session cookie', () => {
    const ops = operations(doc);
    for (const r of t.app.apiRoutes.filter((x) => !x.url.startsWith(DOCS_PREFIX))) {
      const op = ops.get(documentKey(r.method, r.url))!;
      expect(op['x-access'], `${r.method} ${r.url}`).toEqual(r.access);
      expect(op.security, `${r.method} ${r.url}`).toEqual(r.access.kind === 'public' || r.access.kind === 'webhook' ? [] : [{ session: [] }]);
    }
    expect(ops.get('post /api/clients')!['x-access']).toEqual({ kind: 'permission', permission: 'editClients' });
  });

  it('gives a route with a zod body its request body schema (POST /api/clients)', () => {
    const body = operations(doc).get('post /api/clients')!.requestBody!.content['application/json']!.schema;
    const contract = z.toJSONSchema(clientInputSchema, { io: 'input' }) as { required: string[]; properties: Record<string, unknown> };
    expect(body.type).toBe('object');
    expect(body.required).toContain('name');
    expect([...body.required!].sort()).toEqual([...contract.required].sort());
    expect(Object.keys(body.properties!).sort()).toEqual(Object.keys(contract.properties).sort());
  });

  it('gives params and querystrings from their zod schemas', () => {
    const ops = operations(doc);
    expect(ops.get('get /api/clients/{id}')!.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    expect(ops.get('get /api/clients')!.parameters?.some((p) => p.in === 'query')).toBe(true);
  });

  it('describes upload routes as multipart/form-data', () => {
    const ops = operations(doc);
    const uploads = [...ops].filter(([, op]) => op.requestBody?.content['multipart/form-data']).map(([key]) => key);
    expect(uploads.sort()).toEqual(
      ['post /api/quotes', 'post /api/files', 'post /api/vision/analyses', 'post /api/jobs/{id}/photos', 'put /api/camera-plans/{id}/floor-plan'].sort(),
    );
    // A body-less POST in the same plugin as an upload is not one.
    expect(ops.get('post /api/jobs/calendar-feed')!.requestBody).toBeUndefined();
  });

  it('is built once and then served from the cache', async () => {
    expect(t.app.swagger()).toBe(t.app.swagger());
    expect((await t.app.inject(OPENAPI_PATH)).json()).toEqual(doc);
  });

  it('GET /api/docs serves the viewer in development under the site CSP (no inline script)', async () => {
    const page = await t.app.inject(DOCS_PREFIX);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
    // Every script the page runs comes from a file it can load: none inline.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inline] of scripts) {
      expect(inline!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attrs!)![1]!;
      const asset = await t.app.inject(src);
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers['content-type'], src).toMatch(/javascript/);
    }
    for (const [, href] of page.body.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)) expect((await t.app.inject(href!)).statusCode, href).toBe(200);
    const json = await t.app.inject(`${DOCS_PREFIX}/json`);
    expect(json.json<Document>().openapi).toMatch(/^3\./);
  });
});

describe('in production', () => {
  it('the docs viewer is not served; the document is, with every /api route', async () => {
    const t = await buildTestApp(PRODUCTION_ENV);
    try {
      for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/static/swagger-ui.css`, `${DOCS_PREFIX}/json`]) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json<{ error: { code: string } }>().error.code).toBe('not-found');
      }
      expect(t.app.apiRoutes.some((r) => r.url.startsWith(DOCS_PREFIX))).toBe(false);
      const doc = (await t.app.inject(OPENAPI_PATH)).json<Document>();
      // With no viewer routes, the document lists every registered /api route, none left out.
      expect([...operations(doc).keys()].sort()).toEqual(t.app.apiRoutes.map((r) => documentKey(r.method, r.url)).sort());
    } finally {
      await t.close();
    }
  });
});

describe('declareContextAccess (how the docs viewer gets its access)', () => {
  it('gives the routes of that plugin context its access; a route\'s own declaration wins', async () => {
    const t = await buildTestApp({}, (app) => {
      void app.register(async (ctx) => {
        declareContextAccess(ctx, STAFF);
        ctx.get('/api/test-context', async () => ({ ok: true }));
        ctx.get('/api/test-context/own', { config: { access: PUBLIC } }, async () => ({ ok: true }));
      });
    });
    try {
      expect(t.app.apiRoutes.filter((r) => r.url.startsWith('/api/test-context'))).toEqual([
        { method: 'GET', url: '/api/test-context', access: STAFF },
        { method: 'GET', url: '/api/test-context/own', access: PUBLIC },
      ]);
      expect((await t.app.inject('/api/test-context')).statusCode).toBe(401);
      expect((await t.app.inject('/api/test-context/own')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('leaves default deny in place elsewhere: an undeclared /api route stops the server starting', async () => {
    await expect(
      buildTestApp({}, (app) => {
        void app.register(async (ctx) => {
          ctx.get('/api/test-undeclared', async () => ({ ok: true }));
        });
      }),
    ).rejects.toThrow(/GET \/api\/test-undeclared declares no access/);
  });
});
