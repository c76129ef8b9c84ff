/**
 * The vision use cases on real adapters (immich "medium" style): the pooled detector with the
 * real model (loaded once for the file, one worker), SQLite and the filesystem storage in a
 * temp folder. The HTTP layer is covered by test/api/vision.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDocumentStore } from '../../src/adapters/open-document-store.ts';
import { openFileStorage } from '../../src/adapters/open-file-storage.ts';
import { PooledObjectDetector } from '../../src/adapters/vision/pooled-object-detector.ts';
import { DocumentVisionAnalysisRepository } from '../../src/adapters/documents/document-vision-analysis-repository.ts';
import { analyseImage, type AnalyseImageDeps } from '../../src/application/vision/analyse-image.ts';
import { DocumentReferenceNames } from '../../src/adapters/documents/document-reference-names.ts';
import { deleteVisionAnalysis } from '../../src/application/vision/delete-vision-analysis.ts';
import { listVisionAnalyses } from '../../src/application/vision/list-vision-analyses.ts';
import type { AuthState } from '../../src/domain/auth/permissions.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import type { ObjectDetector } from '../../src/domain/vision/object-detector.ts';
import { countByCategory } from '../../src/domain/vision/detection-counts.ts';
import { DEFAULT_MIN_SCORE } from '../../src/domain/vision/vision-analysis.ts';
import { aUser, anEmployee } from '../unit/auth/factories.ts';
import { visionFixture } from '../support/vision-factories.ts';
import { tempDir } from '../support/temp-dir.ts';

const anAdmin = (): AuthState => ({ kind: 'admin', user: aUser({ displayName: 'Frank Miller' }) });
const anEmployeeWith = (permissions: Record<string, boolean>): AuthState => {
  const user = aUser();
  return { kind: 'employee', user, employee: anEmployee(user.email!, { permissions }) };
};

describe('vision use cases with the real detector, SQLite and file storage', () => {
  const dir = tempDir();
  let pool: PooledObjectDetector;
  let store: DocumentStore;
  let deps: AnalyseImageDeps & { names: DocumentReferenceNames };
  let detectCalls = 0;

  beforeAll(async () => {
    pool = new PooledObjectDetector({ workers: 1 });
    const counting: ObjectDetector = {
      detect: (image, options) => {
        detectCalls += 1;
        return pool.detect(image, options);
      },
    };
    const clock = { now: () => new Date() };
    store = await openDocumentStore(`sqlite:${path.join(dir.path, 'app.db')}`, { clock, ids: { next: () => randomUUID() } });
    deps = {
      detector: () => counting,
      files: await openFileStorage(`file:${path.join(dir.path, 'files')}`, { clock }),
      analyses: new DocumentVisionAnalysisRepository(store),
      maxImageBytes: 15 * 1024 * 1024,
      names: new DocumentReferenceNames(store),
    };
    await pool.ready();
  }, 60_000);
  afterAll(async () => {
    await pool?.close();
    await store?.close();
    dir.remove();
  });

  it('counts the people in cctv.jpg, stores the image under vision/ and saves who, what and when', async () => {
    const auth = anAdmin();
    const saved = await analyseImage(deps, auth, { bytes: visionFixture('cctv.jpg'), fileName: 'C:\\cams\\cctv.jpg', links: { clientId: ' client-1 ', siteId: '' } });
    const counts = countByCategory(saved.detections, DEFAULT_MIN_SCORE);
    expect(counts.person).toBeGreaterThanOrEqual(5);
    expect(counts.person).toBeLessThanOrEqual(9);
    expect(counts.vehicle).toBeGreaterThanOrEqual(1);
    expect(saved.labels).toEqual(expect.arrayContaining(['person']));
    expect(saved).toMatchObject({ fileName: 'cctv.jpg', contentType: 'image/jpeg', clientId: 'client-1', siteId: null, model: 'centernet', inputSize: 512 });
    expect(saved.createdBy).toEqual({ id: (auth as { user: { id: string } }).user.id, name: 'Frank Miller' });
    expect(saved.imagePath).toMatch(/^vision\//);
    const meta = await deps.files.getMetadata(saved.imagePath);
    expect(meta.size).toBe(visionFixture('cctv.jpg').byteLength);
    expect(await deps.analyses.get(saved.id)).toEqual(saved);
  });

  it('finds no person in chelsea.png and a vehicle in licenseplate_motion.jpg; searches by label', async () => {
    const auth = anEmployeeWith({ useVisionAi: true });
    const cat = await analyseImage(deps, auth, { bytes: visionFixture('chelsea.png'), fileName: 'chelsea.png', links: { jobId: 'job-label' } });
    expect(countByCategory(cat.detections, DEFAULT_MIN_SCORE).person).toBe(0);
    const car = await analyseImage(deps, auth, { bytes: visionFixture('licenseplate_motion.jpg'), fileName: 'plate.jpg', links: { jobId: 'job-label' } });
    expect(countByCategory(car.detections, DEFAULT_MIN_SCORE).vehicle).toBeGreaterThanOrEqual(1);
    const people = await listVisionAnalyses(deps, auth, { jobId: 'job-label', label: 'person' });
    expect(people.items).toEqual([]);
    await store.collection('jobs').create({ number: 'J-2026-031', title: 'Driveway camera' }, 'job-label');
    const all = await listVisionAnalyses(deps, auth, { jobId: 'job-label' });
    expect(all.items.map((a) => a.id)).toEqual([car.id, cat.id]);
    // The history reads the linked job by number and title, never its id.
    expect(all.names).toEqual({ 'job-label': 'J-2026-031 · Driveway camera' });
  });

  it('refuses an employee without useVisionAi before the detector runs', async () => {
    const before = detectCalls;
    await expect(analyseImage(deps, anEmployeeWith({ viewJobs: true }), { bytes: visionFixture('grace_hopper.jpg') })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(listVisionAnalyses(deps, anEmployeeWith({}), {})).rejects.toMatchObject({ code: 'forbidden' });
    expect(detectCalls).toBe(before);
  });

  it('deletes the analysis and its image', async () => {
    const auth = anAdmin();
    const saved = await analyseImage(deps, auth, { bytes: visionFixture('grace_hopper.jpg'), fileName: 'gh.jpg' });
    await deleteVisionAnalysis(deps, auth, saved.id);
    expect(await deps.analyses.get(saved.id)).toBeNull();
    await expect(deps.files.getMetadata(saved.imagePath)).rejects.toMatchObject({ code: 'storage/object-not-found' });
  });
});
