import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aDetectionResult, aFakeDetector, visionFixture } from '../support/vision-factories.ts';
import { TOKENS } from '../../src/container.ts';
import type { ObjectDetector } from '../../src/domain/vision/object-detector.ts';
import { VisionError } from '../../src/domain/vision/vision-error.ts';
import type { VisionAnalysisDto, VisionAnalysisPageDto } from '../../src/contracts/vision.ts';

const MAX_BYTES = 200_000;

describe('/api/vision/analyses', () => {
  let t: ListeningTestApp;
  /** When set, replaces the real detector (which otherwise starts on first use, 1 worker). */
  let fakeDetector: ObjectDetector | null = null;
  let admin: TestClient;

  beforeAll(async () => {
    t = await listenTestApp({ VISION_WORKERS: '1', VISION_MAX_IMAGE_BYTES: String(MAX_BYTES) }, undefined, {
      override: (token) => (token === TOKENS.Detector && fakeDetector ? fakeDetector : undefined),
    });
    admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    fakeDetector = null;
  });

  const visionFiles = () => {
    const dir = path.join(t.dataDir, 'files', 'vision');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };
  const storedAnalyses = () => t.container.resolve(TOKENS.Store).collection('vision_analyses').count();

  async function upload(c: TestClient, bytes: Uint8Array, fileName: string, fields: Record<string, string> = {}): Promise<Response> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('image', new Blob([bytes]), fileName);
    return c.raw('/api/vision/analyses', { method: 'POST', headers: { origin: c.baseUrl, 'x-csrf-token': await c.csrfToken() }, body: form });
  }

  const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

  it('analyses an uploaded photo with the real detector, saves it and serves the image back safely', async () => {
    const bytes = visionFixture('grace_hopper.jpg');
    const res = await upload(admin, bytes, 'grace hopper.jpg', { siteId: 'site-7', note: 'Front door camera' });
    expect(res.status).toBe(201);
    const created = await json<VisionAnalysisDto>(res);
    expect(created.detections.filter((d) => d.label === 'person' && d.score >= 0.3)).toHaveLength(1);
    expect(created).toMatchObject({ fileName: 'grace hopper.jpg', contentType: 'image/jpeg', siteId: 'site-7', clientId: null, note: 'Front door camera', model: 'centernet' });
    expect(created.createdBy.id).toBe(DEMO.admin);
    expect(created.labels).toContain('person');

    const again = await json<VisionAnalysisDto>(await admin.get(`/api/vision/analyses/${created.id}`));
    expect(again).toEqual(created);

    const image = await admin.get(created.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toBe('no-store');
    expect(image.headers.get('content-disposition')).toMatch(/^attachment; filename="grace hopper\.jpg"/);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(bytes);
  });

  it('refuses a JSON body with 415 and never reaches the detector', async () => {
    const fake = aFakeDetector();
    fakeDetector = fake;
    const res = await admin.send('POST', '/api/vision/analyses', { image: 'x' });
    expect(res.status).toBe(415);
    expect(fake.calls).toBe(0);
  });

  it('refuses a file that is not JPEG/PNG/WebP by its bytes (whatever its name) and stores nothing', async () => {
    const [files, docs] = [visionFiles(), await storedAnalyses()];
    const gif = new TextEncoder().encode('GIF89a not really a photo');
    const res = await upload(admin, gif, 'photo.jpg');
    expect(res.status).toBe(400);
    expect((await json<{ error: { message: string } }>(res)).error.message).toMatch(/JPEG, PNG and WebP/);
    const html = await upload(admin, new TextEncoder().encode('<html><script>alert(1)</script>'), 'x.png');
    expect(html.status).toBe(400);
    expect([visionFiles(), await storedAnalyses()]).toEqual([files, docs]);
  });

  it('refuses a JPEG that cannot be decoded (400) and stores nothing', async () => {
    const [files, docs] = [visionFiles(), await storedAnalyses()];
    const truncated = visionFixture('cctv.jpg').slice(0, 2000);
    const res = await upload(admin, truncated, 'broken.jpg');
    expect(res.status).toBe(400);
    expect([visionFiles(), await storedAnalyses()]).toEqual([files, docs]);
  });

  it('refuses an image over VISION_MAX_IMAGE_BYTES with 413 and stores nothing', async () => {
    const fake = aFakeDetector();
    fakeDetector = fake;
    const [files, docs] = [visionFiles(), await storedAnalyses()];
    const big = new Uint8Array(MAX_BYTES + 1);
    big.set(visionFixture('grace_hopper.jpg'));
    const res = await upload(admin, big, 'big.jpg');
    expect(res.status).toBe(413);
    expect(fake.calls).toBe(0);
    expect([visionFiles(), await storedAnalyses()]).toEqual([files, docs]);
  });

  it('refuses two images in one request', async () => {
    fakeDetector = aFakeDetector();
    const form = new FormData();
    form.append('image', new Blob([visionFixture('grace_hopper.jpg')]), 'a.jpg');
    form.append('image', new Blob([visionFixture('grace_hopper.jpg')]), 'b.jpg');
    const res = await admin.raw('/api/vision/analyses', { method: 'POST', headers: { origin: t.url, 'x-csrf-token': await admin.csrfToken() }, body: form });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('answers 429 with Retry-After when the detector queue is full', async () => {
    fakeDetector = aFakeDetector(async () => {
      throw new VisionError('queue-full', 'Too many images are being analysed; try again shortly.');
    });
    const docs = await storedAnalyses();
    const res = await upload(admin, visionFixture('grace_hopper.jpg'), 'a.jpg');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedAnalyses()).toBe(docs);
  });

  it('links an analysis with PATCH and finds it in the history by link, label and date, newest first, a page at a time', async () => {
    fakeDetector = aFakeDetector();
    const ids: string[] = [];
    for (const name of ['one.jpg', 'two.jpg', 'three.jpg']) {
      const res = await upload(admin, visionFixture('grace_hopper.jpg'), name, { clientId: 'client-history' });
      ids.push((await json<VisionAnalysisDto>(res)).id);
    }
    const patched = await admin.send('PATCH', `/api/vision/analyses/${ids[1]}`, { siteId: 'site-history', jobId: 'JOB-0042', note: '  ' });
    expect(patched.status).toBe(200);
    expect(await json<VisionAnalysisDto>(patched)).toMatchObject({ clientId: 'client-history', siteId: 'site-history', jobId: 'JOB-0042', note: null });

    const list = async (q: string) => json<VisionAnalysisPageDto>(await admin.get(`/api/vision/analyses?${q}`));
    expect((await list('siteId=site-history')).items.map((a) => a.id)).toEqual([ids[1]]);
    expect((await list('clientId=client-history')).items.map((a) => a.id)).toEqual([...ids].reverse());
    expect((await list('clientId=client-history&label=car')).items).toHaveLength(3);
    // The fake's chair is not a class the product reports on, so it is neither stored nor searchable.
    expect((await list('clientId=client-history&label=chair')).items).toHaveLength(0);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list(`clientId=client-history&from=${future}`)).items).toHaveLength(0);
    expect((await list(`clientId=client-history&to=${future}`)).items).toHaveLength(3);

    const first = await list('clientId=client-history&limit=2');
    expect(first.items.map((a) => a.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`clientId=client-history&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items.map((a) => a.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();

    expect((await admin.get('/api/vision/analyses?from=yesterday')).status).toBe(400);
    expect((await admin.get('/api/vision/analyses?cursor=garbage')).status).toBe(400);
    expect((await admin.send('PATCH', `/api/vision/analyses/${ids[0]}`, { imagePath: '../../etc/passwd' })).status).toBe(400);
    expect((await admin.send('PATCH', '/api/vision/analyses/no-such-id', { note: 'x' })).status).toBe(404);
  });

  it('deletes the analysis together with its image file', async () => {
    fakeDetector = aFakeDetector(async () => aDetectionResult({ detections: [] }));
    const created = await json<VisionAnalysisDto>(await upload(admin, visionFixture('grace_hopper.jpg'), 'gone.jpg'));
    const stored = await t.container.resolve(TOKENS.VisionAnalyses).get(created.id);
    const files = t.container.resolve(TOKENS.Files);
    await expect(files.getMetadata(stored!.imagePath)).resolves.toMatchObject({ contentType: 'image/jpeg' });

    expect((await admin.send('DELETE', `/api/vision/analyses/${created.id}`)).status).toBe(204);
    expect((await admin.get(`/api/vision/analyses/${created.id}`)).status).toBe(404);
    expect((await admin.get(created.imageUrl)).status).toBe(404);
    await expect(files.getMetadata(stored!.imagePath)).rejects.toMatchObject({ code: 'storage/object-not-found' });
    expect((await admin.send('DELETE', `/api/vision/analyses/${created.id}`)).status).toBe(404);
  });

  it('is refused to an employee without useVisionAi (403) and allowed once it is granted', async () => {
    fakeDetector = aFakeDetector();
    const maria = new TestClient(t.url);
    await maria.signIn(DEMO.employee);
    const docs = await storedAnalyses();
    expect((await maria.get('/api/vision/analyses')).status).toBe(403);
    expect((await upload(maria, visionFixture('grace_hopper.jpg'), 'm.jpg')).status).toBe(403);
    expect(await storedAnalyses()).toBe(docs);

    const employees = t.container.resolve(TOKENS.Store).collection('employees');
    const existing = (await employees.get('emp-maria'))!.permissions as Record<string, boolean>;
    await employees.update('emp-maria', { permissions: { ...existing, useVisionAi: true } });
    try {
      expect((await maria.get('/api/vision/analyses')).status).toBe(200);
      const res = await upload(maria, visionFixture('grace_hopper.jpg'), 'm.jpg');
      expect(res.status).toBe(201);
      expect((await json<VisionAnalysisDto>(res)).createdBy).toEqual({ id: DEMO.employee, name: 'Maria Lopez' });
    } finally {
      await employees.update('emp-maria', { permissions: existing });
    }
  });
});
