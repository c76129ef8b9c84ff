import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aPngOf, HUGE, JUST_UNDER, refusedAsTooLarge } from '../support/image-factories.ts';
import { aQuoteForm, quoteFormData } from '../support/public-site-factories.ts';
import { aFakeDetector } from '../support/vision-factories.ts';
import { TOKENS } from '../../src/container.ts';
import type { CameraPlanDto } from '../../src/contracts/camera-plans.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { JobDto } from '../../src/contracts/jobs.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';

type Refusal = { error: { message: string; fields?: Record<string, string[]> } };

/**
 * Issue 15, finding 2: a 12 000 × 12 000 PNG (a small file) was taken and decoded whole by the
 * camera-plan PDF export. Every route that takes an image refuses it from its header, with the
 * sizes in the message and nothing stored; an image at the limit is taken and printed scaled down.
 */
describe('image intake: the decoded-pixel limit on every image the product reads', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let client: ClientView;
  let huge: Uint8Array;
  const detector = aFakeDetector();

  beforeAll(async () => {
    [t, huge] = await Promise.all([
      listenTestApp({ TRUST_PROXY: '127.0.0.1' }, undefined, { override: (token) => (token === TOKENS.Detector ? detector : undefined) }),
      aPngOf(HUGE.width, HUGE.height),
    ]);
    admin = await TestClient.signedIn(t.url, DEMO.admin);
    client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', aClientInput({ name: 'Intake Client', sites: [aSiteInput({ label: 'Depot' })] })), 201);
  }, 30_000);
  afterAll(() => t.close());

  const storedIn = (folder: string) => {
    const dir = path.join(t.dataDir, 'files', folder);
    return existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0;
  };
  const post = async (url: string, body: FormData, method = 'POST', headers: Record<string, string> = {}) =>
    admin.raw(url, { method, body, headers: { origin: t.url, 'x-csrf-token': await admin.csrfToken(), ...headers } });
  const newPlan = () => admin.send('POST', '/api/camera-plans', { clientId: client.id, siteId: client.sites[0]!.id, name: 'Warehouse floor', gridWidthM: 40, gridHeightM: 25 }).then((r) => expectJson<CameraPlanDto>(r, 201));
  const uploadFloorPlan = (plan: CameraPlanDto, bytes: Uint8Array, name: string) => {
    const form = new FormData();
    form.set('version', String(plan.version));
    form.set('file', new Blob([bytes]), name);
    return post(`/api/camera-plans/${plan.id}/floor-plan`, form, 'PUT');
  };

  it('refuses the 12 000 × 12 000 floor plan at its field, with the sizes, and keeps the plan as it was', async () => {
    const plan = await newPlan();
    const before = storedIn('floor-plans');
    const error = await expectJson<Refusal>(await uploadFloorPlan(plan, huge, 'warehouse-scan.png'), 400);
    expect(error.error.message).toMatch(refusedAsTooLarge('The floor plan'));
    expect(error.error.fields?.['file']).toEqual([error.error.message]);
    expect((await expectJson<CameraPlanDto>(await admin.get(`/api/camera-plans/${plan.id}`), 200)).floorPlan).toBeNull();
    expect(storedIn('floor-plans')).toBe(before);
  });

  it('refuses it as a job photo, naming the file, and adds no photo', async () => {
    const job = await expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'install', title: 'Camera install' }), 201);
    const form = new FormData();
    form.append('photo', new Blob([huge], { type: 'image/png' }), 'mast-panorama.png');
    const before = storedIn('job-photos');
    const error = await expectJson<Refusal>(await post(`/api/jobs/${job.id}/photos`, form), 400);
    expect(error.error.fields?.['photos']).toEqual([expect.stringMatching(refusedAsTooLarge('mast-panorama.png'))]);
    expect((await expectJson<{ job: JobDto }>(await admin.get(`/api/jobs/${job.id}`), 200)).job.photos).toEqual([]);
    expect(storedIn('job-photos')).toBe(before);
  });

  it('refuses it as the customer signature, which fits the 300 KB limit, and records no sign-off', async () => {
    expect(huge.byteLength).toBeLessThan(300 * 1024);
    const job = await expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'service', title: 'Battery swap' }), 201);
    const hour = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    expect((await admin.send('PUT', `/api/jobs/${job.id}/schedule`, { window: { start: hour(1), end: hour(2) } })).status).toBe(200);
    expect((await admin.send('POST', `/api/jobs/${job.id}/status`, { status: 'in-progress' })).status).toBe(200);
    const before = storedIn('job-signatures');
    const res = await admin.send('POST', `/api/jobs/${job.id}/sign-off`, { name: 'Ada Client', signature: `data:image/png;base64,${Buffer.from(huge).toString('base64')}` });
    const error = await expectJson<Refusal>(res, 400);
    expect(error.error.fields?.['signature']).toEqual([expect.stringMatching(refusedAsTooLarge('The signature'))]);
    expect((await expectJson<{ job: JobDto }>(await admin.get(`/api/jobs/${job.id}`), 200)).job.signOff).toBeNull();
    expect(storedIn('job-signatures')).toBe(before);
  });

  it('refuses it as a quote-request photo and stores no lead', async () => {
    const leads = () => t.container.resolve(TOKENS.Store).collection('quote_requests').count();
    const [before, files] = [await leads(), storedIn('quote-photos')];
    const visitor = new TestClient(t.url);
    const res = await visitor.raw('/api/quotes', {
      method: 'POST',
      headers: { origin: t.url, 'x-csrf-token': await visitor.csrfToken(), 'x-forwarded-for': '203.0.113.15' },
      body: quoteFormData(aQuoteForm(), [{ bytes: huge, type: 'image/png', name: 'back-yard.png' }]),
    });
    const error = await expectJson<Refusal>(res, 400);
    expect(error.error.fields?.['photos']).toEqual([expect.stringMatching(refusedAsTooLarge('back-yard.png'))]);
    expect([await leads(), storedIn('quote-photos')]).toEqual([before, files]);
  });

  it('refuses it for analysis before the detector sees it, and stores nothing', async () => {
    const form = new FormData();
    form.set('image', new Blob([huge]), 'gate.png');
    const analyses = () => t.container.resolve(TOKENS.Store).collection('vision_analyses').count();
    const before = await analyses();
    const error = await expectJson<Refusal>(await post('/api/vision/analyses', form), 400);
    expect(error.error.message).toMatch(refusedAsTooLarge('The image'));
    expect(detector.calls).toBe(0);
    expect([await analyses(), storedIn('vision')]).toEqual([before, 0]);
  });

  it('takes a floor plan of exactly 40 megapixels and prints it in the PDF scaled down', async () => {
    const plan = await newPlan();
    const saved = await expectJson<CameraPlanDto>(await uploadFloorPlan(plan, await aPngOf(JUST_UNDER.width, JUST_UNDER.height), 'site-survey.png'), 200);
    expect(saved.floorPlan).toMatchObject({ widthPx: JUST_UNDER.width, heightPx: JUST_UNDER.height });
    const res = await admin.get(`/api/camera-plans/${plan.id}/pdf`);
    expect(res.status).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'intake-pdf-'));
    try {
      const file = path.join(dir, 'plan.pdf');
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      // pdfimages -list: page num type width height …, after two header lines.
      const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2).map((l) => l.trim().split(/\s+/));
      expect(images.length).toBeGreaterThan(0);
      const [, , , width, height] = images[0]!;
      expect(Math.max(Number(width), Number(height))).toBeLessThanOrEqual(3000);
      expect(Number(width) / Number(height)).toBeCloseTo(JUST_UNDER.width / JUST_UNDER.height, 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
