import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aPng, aQuoteForm } from '../support/public-site-factories.ts';
import { multipartBody, multipartType, type RawPart } from '../support/multipart-bodies.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { CameraPlanDto } from '../../src/contracts/camera-plans.ts';
import type { JobDto } from '../../src/contracts/jobs.ts';

/** Every upload route, given a body cut off half-way through its file, answers 400 and stores nothing. */
describe('multipart bodies that break off', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let logs = '';
  let plan: CameraPlanDto;
  let job: JobDto;
  let ip = 0;

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => (logs += d.toString()));
    t = await listenTestApp({ LOG_LEVEL: 'info' }, undefined, { logStream: stream });
    admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
    const client = await json<ClientView>(await admin.send('POST', '/api/clients', aClientInput({ sites: [aSiteInput()] })), 201);
    const siteId = client.sites[0]!.id;
    plan = await json<CameraPlanDto>(await admin.send('POST', '/api/camera-plans', { clientId: client.id, siteId, name: 'Ground floor', gridWidthM: 20, gridHeightM: 10 }), 201);
    job = await json<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId, type: 'install', title: 'Alarm install' }), 201);
  });
  afterAll(() => t.close());

  async function json<T>(res: Response, status: number): Promise<T> {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return JSON.parse(text) as T;
  }

  const storedFiles = () => {
    const root = path.join(t.dataDir, 'files');
    return existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
  };
  const count = async (url: string, key: string) => ((await json<Record<string, unknown[]>>(await admin.get(url), 200))[key] ?? []).length;

  async function post(method: 'POST' | 'PUT', url: string, body: Buffer, boundary: string, signedIn: boolean) {
    const headers: Record<string, string> = signedIn
      ? { cookie: admin.cookieHeader(), 'x-csrf-token': await admin.csrfToken(), origin: admin.baseUrl }
      : await t.csrf();
    return t.app.inject({ method, url, remoteAddress: `10.77.0.${++ip}`, headers: { ...headers, 'content-type': multipartType(boundary) }, payload: body });
  }

  const png = aPng(16);
  const cases: { route: string; method: 'POST' | 'PUT'; url: () => string; parts: () => RawPart[]; signedIn: boolean; ok: number; stored: () => Promise<number> }[] = [
    {
      route: 'POST /api/quotes',
      method: 'POST',
      url: () => '/api/quotes',
      parts: () => [
        ...Object.entries(aQuoteForm()).flatMap(([name, v]) => (Array.isArray(v) ? v.map((s: string) => ({ name, value: s })) : [{ name, value: String(v) }])),
        { name: 'photos', fileName: 'door.png', contentType: 'image/png', value: png },
      ],
      signedIn: false,
      ok: 201,
      stored: () => count('/api/admin/leads', 'leads'),
    },
    {
      route: 'POST /api/vision/analyses',
      method: 'POST',
      url: () => '/api/vision/analyses',
      parts: () => [{ name: 'note', value: 'front door' }, { name: 'image', fileName: 'door.png', contentType: 'image/png', value: png }],
      signedIn: true,
      ok: 201,
      stored: () => count('/api/vision/analyses', 'items'),
    },
    {
      route: 'PUT /api/camera-plans/:id/floor-plan',
      method: 'PUT',
      url: () => `/api/camera-plans/${plan.id}/floor-plan`,
      parts: () => [{ name: 'version', value: String(plan.version) }, { name: 'file', fileName: 'plan.png', contentType: 'image/png', value: png }],
      signedIn: true,
      ok: 200,
      stored: async () => ((await json<CameraPlanDto>(await admin.get(`/api/camera-plans/${plan.id}`), 200)).floorPlan ? 1 : 0),
    },
    {
      route: 'POST /api/jobs/:id/photos',
      method: 'POST',
      url: () => `/api/jobs/${job.id}/photos`,
      parts: () => [{ name: 'photo', fileName: 'panel.png', contentType: 'image/png', value: png }],
      signedIn: true,
      ok: 201,
      stored: async () => (await json<{ job: JobDto }>(await admin.get(`/api/jobs/${job.id}`), 200)).job.photos.length,
    },
  ];

  for (const c of cases) {
    it(`${c.route} answers 400 to a body cut off mid-file, stores nothing, and takes the whole body`, async () => {
      const boundary = 'x-boundary-4821';
      const whole = multipartBody(c.parts(), boundary);
      const filesBefore = storedFiles();
      const recordsBefore = await c.stored();

      for (const cut of [whole.length - png.length - 12, whole.length - 20, Math.floor(whole.length / 2)]) {
        const res = await post(c.method, c.url(), whole.subarray(0, cut), boundary, c.signedIn);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'validation' } });
        expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|Unexpected end/);
      }
      const garbage = await post(c.method, c.url(), Buffer.from('--not-the-boundary\r\nContent-Disp'), boundary, c.signedIn);
      expect(garbage.statusCode, garbage.body).toBe(400);
      expect(storedFiles()).toBe(filesBefore);
      expect(await c.stored()).toBe(recordsBefore);
      expect(logs).not.toContain('unhandled error');

      // The same body, whole, is taken: the counts above would have seen it.
      const accepted = await post(c.method, c.url(), whole, boundary, c.signedIn);
      expect(accepted.statusCode, accepted.body).toBe(c.ok);
      expect(storedFiles()).toBeGreaterThan(filesBefore);
      expect(await c.stored()).toBeGreaterThan(recordsBefore);
    }, 60_000);
  }

  it('answers 415 to a body that is not multipart, and 413 past a limit where the route says so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vision/analyses',
      headers: { cookie: admin.cookieHeader(), 'x-csrf-token': await admin.csrfToken(), origin: admin.baseUrl, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: { code: 'unsupported-media-type' } });
    const tooMany = Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const boundary = 'b-limit';
    const over = await post('POST', '/api/vision/analyses', multipartBody(tooMany, boundary), boundary, true);
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json()).toMatchObject({ error: { code: 'payload-too-large' } });
  });
});
