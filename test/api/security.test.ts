import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aContactRequest } from '../support/factories.ts';
import { TOKENS } from '../../src/container.ts';
import { aPng, aQuoteForm, aReviewRequest, quoteFormData } from '../support/public-site-factories.ts';
import { aProposalRequest } from '../support/proposal-doubles.ts';
import { arbitraryMultipart, type RawPart } from '../support/multipart-bodies.ts';
import { arbitraryFor } from '../support/schema-arbitrary.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import type * as ZodProvider from 'fastify-type-provider-zod';

/** Every route's zod schemas by "METHOD url part", caught as the server compiles them. */
const schemas = vi.hoisted(() => new Map<string, unknown>());
vi.mock('fastify-type-provider-zod', async (importOriginal) => {
  const real = await importOriginal<typeof ZodProvider>();
  const validatorCompiler: typeof real.validatorCompiler = (route) => {
    schemas.set(`${route.method} ${route.url} ${route.httpPart}`, route.schema);
    return real.validatorCompiler(route);
  };
  return { ...real, validatorCompiler };
});

describe('security baseline', () => {
  let t: ListeningTestApp;
  let logs = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => (logs += d.toString()));
    t = await listenTestApp({ LOG_LEVEL: 'info' }, undefined, { logStream: stream });
  });
  afterAll(() => t.close());

  const storedCount = async () => (await t.container.resolve(TOKENS.ContactMessages).list({ limit: 10_000 })).length;
  let ip = 0;
  /** A fresh client address per test, so rate limits of one test don't leak into another. */
  const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

  describe('CSRF', () => {
    it('refuses a state change without the token and stores nothing', async () => {
      const before = await storedCount();
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: nextIp(), payload: aContactRequest() });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
      expect(await storedCount()).toBe(before);
    });

    it('refuses a token that does not belong to the browser', async () => {
      const mine = new TestClient(t.url);
      const other = new TestClient(t.url);
      const stolen = await other.csrfToken();
      await mine.csrfToken();
      const res = await mine.raw('/api/contact', {
        method: 'POST',
        headers: { origin: t.url, 'x-csrf-token': stolen, 'content-type': 'application/json' },
        body: JSON.stringify(aContactRequest()),
      });
      expect(res.status).toBe(403);
    });

    it('accepts the right token from the same origin', async () => {
      const c = new TestClient(t.url);
      expect((await c.send('POST', '/api/contact', aContactRequest())).status).toBe(201);
    });

    it('refuses a foreign Origin even with a valid token', async () => {
      const c = new TestClient(t.url);
      const before = await storedCount();
      const res = await c.send('POST', '/api/contact', aContactRequest(), { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Cross-site request refused.');
      const crossSite = await c.send('POST', '/api/contact', aContactRequest(), { 'sec-fetch-site': 'cross-site' });
      expect(crossSite.status).toBe(403);
      expect(await storedCount()).toBe(before);
    });

    it('logs the refusal as a security event without the token or cookies', async () => {
      const c = new TestClient(t.url);
      const token = await c.csrfToken();
      await c.send('POST', '/api/contact', aContactRequest(), { origin: 'https://evil.example' });
      const line = logs.split('\n').find((l) => l.includes('"security":"cross-site request refused"'));
      expect(line).toBeDefined();
      expect(line).not.toContain(token);
      for (const cookie of c.cookieHeader().split('; ')) expect(logs).not.toContain(cookie.split('=')[1]);
    });
  });

  describe('rate limits', () => {
    it('answer 429 after 10 contact messages, and a spoofed X-Forwarded-For buys nothing', async () => {
      const c = new TestClient(t.url);
      const address = nextIp();
      const headers = { ...(await csrfHeaders(c)), 'content-type': 'application/json' };
      const post = (extra: Record<string, string> = {}) =>
        t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: address, headers: { ...headers, ...extra }, payload: aContactRequest() });
      for (let i = 0; i < 10; i++) expect((await post()).statusCode).toBe(201);
      const limited = await post();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: { code: 'rate-limited' } });
      expect((await post({ 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(429);
    });

    it('answer 429 to a burst of sign-in starts', async () => {
      const address = nextIp();
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) codes.push((await t.app.inject({ url: '/api/auth/login', remoteAddress: address })).statusCode);
      expect(codes.slice(0, 30).every((c) => c === 302)).toBe(true);
      expect(codes[30]).toBe(429);
    });
  });

  it('marks authenticated responses Cache-Control: no-store, public ones cacheable', async () => {
    const c = new TestClient(t.url);
    await c.signIn(DEMO.admin);
    expect((await c.get('/api/session')).headers.get('cache-control')).toBe('no-store');
    const anon = new TestClient(t.url);
    expect((await anon.get('/api/site')).headers.get('cache-control')).toBe('public, max-age=300');
  });

  describe('fuzzing every write route, signed in as admin', () => {
    const RUNS_JSON = 100;
    const RUNS_MULTIPART = 500;
    const leak = /\bat .+\.(ts|js):\d+|node_modules|\/work\/wt-|\/src\/(http|domain|application|adapters)\//;

    it('never answers 5xx or leaks a stack trace, to arbitrary and schema-shaped bodies, with real and unknown ids', async () => {
      const started = performance.now();
      const admin = new TestClient(t.url);
      await admin.signIn(DEMO.admin);
      const ids = await seedOneOfEach(t, admin);
      const headers = await csrfHeaders(admin);
      // Uploads first (before other routes move the records on), destructive routes last.
      const order = (r: { method: string; url: string }) => (MULTIPART_FIELDS[`${r.method} ${r.url}`] ? 0 : r.method === 'DELETE' ? 2 : 1);
      const writeRoutes = t.app.apiRoutes.filter((r) => r.method !== 'GET' && r.url !== '/api/auth/logout').sort((x, y) => order(x) - order(y));
      expect(writeRoutes.length).toBeGreaterThan(50);
      // The body schemas were caught as the server compiled them; without them the bodies would all be junk.
      expect(writeRoutes.filter((r) => schemas.has(`${r.method} ${r.url} body`)).length).toBeGreaterThan(40);
      const nasty = fc.oneof(
        fc.anything(),
        fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', '$where', '$gt', 'name', 'email', 'id', 'status'), fc.anything()),
        fc.record({ name: fc.string(), email: fc.oneof(fc.string(), fc.emailAddress()), subject: fc.string(), message: fc.string(), phone: fc.anything() }),
      );
      const plausibleStrings = ['2026-11-01', '2026-11-01T09:00:00.000Z', '2026-11', '09:00', 'monthly', 'net30', 'frank@example.com', '62704'];
      const byKey = Object.fromEntries(Object.entries(ids).map(([kind, values]) => [`${kind}Id`, values]));
      const perRoute: string[] = [];
      let reachedHandler = 0;
      const accepted = new Set<string>();

      for (const route of writeRoutes) {
        const routeStarted = performance.now();
        const url = arbitraryUrl(route.url, ids, schemas.get(`${route.method} ${route.url} params`));
        const multipart = MULTIPART_FIELDS[`${route.method} ${route.url}`];
        const check = (res: { statusCode: number; body: string }, what: string) => {
          expect(res.statusCode, `${route.method} ${what} → ${res.body.slice(0, 500)}`).toBeLessThan(500);
          expect(res.body).not.toMatch(leak);
          if (res.statusCode !== 404 && res.statusCode !== 415 && res.statusCode !== 406) reachedHandler++;
          if (res.statusCode < 300) accepted.add(`${route.method} ${route.url}`);
        };
        if (multipart) {
          await fc.assert(
            fc.asyncProperty(url, arbitraryMultipart(multipart(ids)), async (path, req) => {
              const res = await t.app.inject({ method: route.method as 'POST', url: path, remoteAddress: nextIp(), headers: { ...headers, 'content-type': req.contentType }, payload: req.body });
              check(res, `${path} (multipart ${req.body.length} bytes)`);
            }),
            { numRuns: RUNS_MULTIPART },
          );
        } else {
          const bodySchema = schemas.get(`${route.method} ${route.url} body`);
          const body = bodySchema ? fc.oneof({ weight: 3, arbitrary: arbitraryFor(bodySchema, plausibleStrings, byKey) }, { weight: 1, arbitrary: nasty }) : nasty;
          await fc.assert(
            fc.asyncProperty(url, body, async (path, b) => {
              const res = await t.app.inject({ method: route.method as 'POST', url: path, remoteAddress: nextIp(), headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(b) ?? 'null' });
              check(res, `${path} ${JSON.stringify(b)?.slice(0, 300)}`);
            }),
            { numRuns: RUNS_JSON },
          );
        }
        perRoute.push(`${Math.round(performance.now() - routeStarted)} ms ${route.method} ${route.url}`);
      }
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      const seconds = (performance.now() - started) / 1000;
      console.info(
        `fuzz: ${writeRoutes.length} write routes (${Object.keys(MULTIPART_FIELDS).length} multipart × ${RUNS_MULTIPART} bodies, the rest × ${RUNS_JSON}), ` +
          `${reachedHandler} answers past routing/content type, ${accepted.size} routes took at least one body, ${seconds.toFixed(1)} s` +
          `\n  never took a body: ${writeRoutes.map((r) => `${r.method} ${r.url}`).filter((r) => !accepted.has(r)).join(', ')}\n  slowest: ${perRoute.sort((x, y) => parseInt(y) - parseInt(x)).slice(0, 5).join('; ')}`,
      );
    }, 300_000);
  });
});

async function csrfHeaders(c: TestClient): Promise<Record<string, string>> {
  const token = await c.csrfToken();
  return { cookie: c.cookieHeader(), 'x-csrf-token': token, origin: c.baseUrl };
}

type Ids = Record<string, string[]>;

/** One record of each kind the write routes act on, made through the API; their ids by kind. */
async function seedOneOfEach(t: ListeningTestApp, admin: TestClient): Promise<Ids> {
  const json = async <T,>(res: Promise<Response>, status = 201): Promise<T> => {
    const r = await res;
    const text = await r.text();
    expect(r.status, `${r.url} ${text}`).toBe(status);
    return JSON.parse(text) as T;
  };
  type WithId = { id: string };
  const client = await json<{ id: string; sites: WithId[] }>(admin.send('POST', '/api/clients', aClientInput({ sites: [aSiteInput()] })));
  const clientId = client.id;
  const siteId = client.sites[0]!.id;
  const job = await json<WithId>(admin.send('POST', '/api/jobs', { clientId, siteId, type: 'install', title: 'Fuzz install' }));
  const proposal = await json<WithId>(admin.send('POST', '/api/proposals', aProposalRequest(clientId, siteId)));
  const offered = await json<WithId>(admin.send('POST', '/api/proposals', aProposalRequest(clientId, siteId)));
  const sent = await json<{ publicToken: string }>(admin.send('POST', `/api/proposals/${offered.id}/send`, { to: 'grace@example.com' }), 200);
  const invoice = await json<WithId>(
    admin.send('POST', '/api/invoices', { clientId, terms: 'net30', lines: [{ description: 'Smoke detector', quantity: 2, unitPriceCents: 5_000, taxRateBp: 825 }] }),
  );
  const contract = await json<WithId>(
    admin.send('POST', '/api/monitoring/contracts', { clientId, siteId, plan: 'Gold', monthlyFeeCents: 3999, billingCycle: 'monthly', startDate: '2026-11-01' }),
  );
  const plan = await json<WithId>(admin.send('POST', '/api/camera-plans', { clientId, siteId, name: 'Fuzz floor', gridWidthM: 20, gridHeightM: 10 }));
  const items = await json<{ items: WithId[] }>(admin.get('/api/inventory/items'), 200);
  const employees = await json<{ items: (WithId & { name: string })[] }>(admin.get('/api/employees'), 200);
  const maria = employees.items.find((e) => e.name.startsWith('Maria')) ?? employees.items[0]!;

  const visitor = new TestClient(t.url);
  const lead = await json<WithId>(
    visitor.raw('/api/quotes', { method: 'POST', headers: { origin: t.url, 'x-csrf-token': await visitor.csrfToken() }, body: quoteFormData(aQuoteForm(), [{ bytes: aPng(8), type: 'image/png', name: 'door.png' }]) }),
  );
  const review = await json<WithId>(visitor.send('POST', '/api/reviews', aReviewRequest()));
  const message = await json<WithId>(visitor.send('POST', '/api/contact', aContactRequest()));

  const worker = new TestClient(t.url);
  await worker.signIn(DEMO.employee);
  const entry = await json<WithId>(worker.send('POST', '/api/time/me/clock-in', {}));
  await json<unknown>(worker.send('POST', '/api/time/me/clock-out', {}), 200);

  const form = new FormData();
  form.set('image', new Blob([aPng(32)]), 'door.png');
  const analysis = await json<WithId>(admin.raw('/api/vision/analyses', { method: 'POST', headers: { origin: t.url, 'x-csrf-token': await admin.csrfToken() }, body: form }));

  return {
    client: [clientId],
    site: [siteId],
    job: [job.id],
    proposal: [proposal.id, offered.id],
    token: [sent.publicToken],
    invoice: [invoice.id],
    contract: [contract.id],
    plan: [plan.id],
    item: items.items.slice(0, 2).map((i) => i.id),
    employee: [maria.id],
    lead: [lead.id],
    review: [review.id],
    message: [message.id],
    entry: [entry.id],
    analysis: [analysis.id],
  };
}

/** Which kind of record each path parameter names, by the path it sits in. */
const PARAM_KINDS: [RegExp, string, string][] = [
  [/^\/api\/clients\//, 'id', 'client'],
  [/./, 'siteId', 'site'],
  [/\/leads\//, 'id', 'lead'],
  [/^\/api\/employees\//, 'id', 'employee'],
  [/./, 'employeeId', 'employee'],
  [/^\/api\/vision\/analyses\//, 'id', 'analysis'],
  [/^\/api\/inventory\/items\//, 'id', 'item'],
  [/\/reviews\//, 'id', 'review'],
  [/\/messages\//, 'id', 'message'],
  [/^\/api\/proposals\//, 'id', 'proposal'],
  [/^\/api\/public\/proposals\//, 'token', 'token'],
  [/^\/api\/monitoring\/contracts\//, 'id', 'contract'],
  [/^\/api\/time\/entries\//, 'id', 'entry'],
  [/^\/api\/camera-plans\//, 'id', 'plan'],
  [/^\/api\/invoices\//, 'id', 'invoice'],
  [/^\/api\/jobs\//, 'id', 'job'],
  [/./, 'targetId', 'client'],
];

/** The route's path with its parameters filled: mostly real ids, sometimes unknown ones or values from the params schema. */
function arbitraryUrl(pattern: string, ids: Ids, paramsSchema: unknown): fc.Arbitrary<string> {
  const names = [...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant(pattern.replace(/\*/g, 'x'));
  const fromSchema = paramsSchema ? (arbitraryFor(paramsSchema) as fc.Arbitrary<Record<string, unknown>>) : fc.constant({} as Record<string, unknown>);
  const unknown = fc.constantFrom('fuzz', '0', 'x'.repeat(300), '%2e%2e', 'a%00b');
  return fromSchema.chain((generated) =>
    fc.tuple(
      ...names.map((name) => {
        const kind = PARAM_KINDS.find(([path, param]) => param === name && path.test(pattern))?.[2];
        const real = kind ? ids[kind] : undefined;
        const schemaValue = typeof generated?.[name] === 'string' ? [encodeURIComponent(generated[name])] : [];
        const known = [...(real ?? []), ...schemaValue];
        return known.length ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: unknown }) : unknown;
      }),
    ).map((values) => names.reduce((url, name, i) => url.replace(`:${name}`, values[i]!), pattern).replace(/\*/g, 'x')),
  );
}

const png = aPng(16);
const file = (name: string, value: Uint8Array | string, contentType = 'image/png', fileName = 'photo.png'): RawPart => ({ name, fileName, contentType, value });
const fileish = (name: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(file(name, png)) },
    fc.constant(file(name, png.subarray(0, 20))),
    fc.constant(file(name, '%PDF-1.4 not really', 'application/pdf', 'plan.pdf')),
    fc.constant(file(name, new Uint8Array(0), 'application/octet-stream', '')),
    fc.uint8Array({ maxLength: 80 }).map((b) => file(name, b, 'image/jpeg', 'x.jpg')),
  );
const text = (name: string, values: fc.Arbitrary<string>) => values.map((value): RawPart => ({ name, value }));
/** The parts a route expects, in any number and order (duplicates included). */
const someOf = (...parts: fc.Arbitrary<RawPart>[]) => fc.array(fc.oneof(...parts), { maxLength: 6 });
const quoteForm = () =>
  fc.constant(null).map(() => Object.entries(aQuoteForm()).flatMap(([name, v]) => (Array.isArray(v) ? v : [v]).map((value): RawPart => ({ name, value: String(value) }))));

/** The parts each upload route expects: whole plausible forms (real ids among the values) or some of their parts. */
const MULTIPART_FIELDS: Record<string, (ids: Ids) => fc.Arbitrary<RawPart[]>> = {
  'POST /api/quotes': () =>
    fc.oneof(
      fc.tuple(quoteForm(), fc.array(fileish('photos'), { maxLength: 4 })).map(([form, photos]) => [...form, ...photos]),
      fc.tuple(quoteForm(), fc.subarray(['website', 'name', 'email', 'services'])).map(([form, drop]) => form.filter((p) => !drop.includes(p.name))),
      someOf(fileish('photos'), text('services', fc.constantFrom('alarm', 'cameras', 'nonsense')), text('website', fc.constantFrom('', 'http://spam.example'))),
    ),
  'POST /api/vision/analyses': (ids) =>
    someOf(
      // Whole images are left out: each would run the real detector (vision.test.ts covers that).
      fc.constant(file('image', png.subarray(0, 24))),
      fc.uint8Array({ maxLength: 80 }).map((b) => file('image', b, 'image/jpeg', 'x.jpg')),
      text('note', fc.string({ maxLength: 30 })),
      text('clientId', fc.constantFrom(...ids['client']!, 'nobody')),
      text('siteId', fc.constantFrom(...ids['site']!, 'nowhere')),
      text('jobId', fc.constantFrom(...ids['job']!, 'nojob')),
      text('contractId', fc.constantFrom(...ids['contract']!, '')),
    ),
  'PUT /api/camera-plans/:id/floor-plan': () =>
    fc.oneof(
      fc.tuple(fc.nat({ max: 2 }), fileish('file')).map(([version, f]) => [{ name: 'version', value: String(version) }, f]),
      someOf(fileish('file'), text('version', fc.oneof(fc.nat({ max: 40 }).map(String), fc.string({ maxLength: 5 })))),
    ),
  'POST /api/jobs/:id/photos': () => fc.oneof(fileish('photo').map((p) => [p]), someOf(fileish('photo'), text('caption', fc.string({ maxLength: 20 })))),
};
