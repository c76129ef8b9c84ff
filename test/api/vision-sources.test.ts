import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { visionFixture } from '../support/vision-factories.ts';
import { aQuoteForm, quoteFormData } from '../support/public-site-factories.ts';
import type { ImageSourceDto, VisionAnalysisDto } from '../../src/contracts/vision.ts';
import { TOKENS } from '../../src/container.ts';

/** Picking images already in the system for the vision tool: job photos and the client's quote-request photos, with the real detector. */
describe('/api/vision/sources and /api/vision/analyses/from-source', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let maria: TestClient;
  let client: { id: string; sites: { id: string }[] };
  let jobId: string;

  beforeAll(async () => {
    t = await listenTestApp({ VISION_WORKERS: '1' });
    admin = await TestClient.signedIn(t.url, DEMO.admin);
    maria = await TestClient.signedIn(t.url, DEMO.employee);

    // A visitor's quote request with a photo, converted into a client.
    const visitor = new TestClient(t.url);
    const photo = { bytes: visionFixture('grace_hopper.jpg'), type: 'image/jpeg', name: 'porch.jpg' };
    const lead = await expectJson<{ id: string }>(
      await visitor.raw('/api/quotes', { method: 'POST', headers: { origin: t.url, 'x-csrf-token': await visitor.csrfToken() }, body: quoteFormData(aQuoteForm({ name: 'Vera Picker' }), [photo]) }),
      201,
    );
    client = await expectJson(await admin.send('POST', `/api/leads/${lead.id}/convert`), 201);
    // A job at the client's site with a CCTV still as its photo.
    const job = await expectJson<{ id: string }>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'inspection', title: 'Camera survey' }), 201);
    jobId = job.id;
    const form = new FormData();
    form.append('photo', new Blob([visionFixture('cctv.jpg')], { type: 'image/jpeg' }), 'driveway.jpg');
    await expectJson(await admin.raw(`/api/jobs/${jobId}/photos`, { method: 'POST', body: form, headers: { origin: t.url, 'x-csrf-token': await admin.csrfToken() } }), 201);
  }, 60_000);
  afterAll(() => t.close());

  it("lists the client's job photos and quote-request photos, newest first, each with where it came from", async () => {
    const { images } = await expectJson<{ images: ImageSourceDto[] }>(await admin.get(`/api/vision/sources?clientId=${client.id}`), 200);
    expect(images.map((i) => [i.kind, i.fileName, i.jobId === jobId, i.siteId === client.sites[0]!.id])).toEqual([
      ['job-photo', 'driveway.jpg', true, true],
      ['lead-photo', 'porch.jpg', false, true],
    ]);
    // Only one job's photos when a job is named.
    const one = await expectJson<{ images: ImageSourceDto[] }>(await admin.get(`/api/vision/sources?clientId=${client.id}&jobId=${jobId}`), 200);
    expect(one.images.map((i) => i.kind)).toEqual(['job-photo']);
    // The picture itself loads from its own feature's route.
    expect((await admin.get(images[0]!.imageUrl)).status).toBe(200);
  });

  it('analyses a picked job photo with the real detector and links it to the job, site and client', async () => {
    const { images } = await expectJson<{ images: ImageSourceDto[] }>(await admin.get(`/api/vision/sources?clientId=${client.id}&jobId=${jobId}`), 200);
    const saved = await expectJson<VisionAnalysisDto>(await admin.send('POST', '/api/vision/analyses/from-source', { ref: images[0]!.ref, note: 'Driveway camera' }), 201);
    expect(saved).toMatchObject({ jobId, clientId: client.id, siteId: client.sites[0]!.id, note: 'Driveway camera', fileName: 'driveway.jpg' });
    expect(saved.detections.filter((d) => d.label === 'person').length).toBeGreaterThan(0);
    // It is in the history like an uploaded one, and its image is a copy the analysis owns.
    const history = await expectJson<{ items: VisionAnalysisDto[]; names: Record<string, string> }>(await admin.get(`/api/vision/analyses?jobId=${jobId}`), 200);
    expect(history.items.map((a) => a.id)).toContain(saved.id);
    // The page names what the analyses are linked to, so the history reads names, not ids.
    expect(history.names[client.id]).toBe('Vera Picker');
    expect(history.names[jobId]).toMatch(/Camera survey/);
    expect(history.names[client.sites[0]!.id]).toMatch(/\(Vera Picker\)$/);
    expect((await admin.get(saved.imageUrl)).status).toBe(200);
  }, 60_000);

  it('a bad or stale reference is refused and stores nothing', async () => {
    const stored = () => t.container.resolve(TOKENS.Store).collection('vision_analyses').count();
    const before = await stored();
    expect((await admin.send('POST', '/api/vision/analyses/from-source', { ref: 'nonsense' })).status).toBe(400);
    expect((await admin.send('POST', '/api/vision/analyses/from-source', { ref: `job:${jobId}:no-such-photo` })).status).toBe(404);
    expect((await admin.send('POST', '/api/vision/analyses/from-source', { ref: 'lead:missing:0' })).status).toBe(404);
    expect((await admin.send('POST', '/api/vision/analyses/from-source', { ref: 'job:x:y', extra: true })).status).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('needs the vision permission', async () => {
    expect((await maria.get(`/api/vision/sources?clientId=${client.id}`)).status).toBe(403);
    const { images } = await expectJson<{ images: ImageSourceDto[] }>(await admin.get(`/api/vision/sources?clientId=${client.id}`), 200);
    expect((await maria.send('POST', '/api/vision/analyses/from-source', { ref: images[0]!.ref })).status).toBe(403);
  });
});
