import { readFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveModelPath } from '../../src/adapters/vision/model-files.ts';
import { PooledObjectDetector } from '../../src/adapters/vision/pooled-object-detector.ts';
import { TfjsObjectDetector } from '../../src/adapters/vision/tfjs-object-detector.ts';
import { categoryOf } from '../../src/domain/vision/coco-classes.ts';
import { countByLabel } from '../../src/domain/vision/detection-counts.ts';
import type { DetectionResult, ObjectDetector } from '../../src/domain/vision/object-detector.ts';
import { VisionError } from '../../src/domain/vision/vision-error.ts';

// CI checks out shared/ beside the project (see the fixtures' README for what each photo shows).
const FIXTURES = path.resolve('../shared/fixtures/vision');
const photo = (name: string): Buffer => readFileSync(path.join(FIXTURES, name));
const MIN_SCORE = 0.3;

function expectBoxesInside(result: DetectionResult): void {
  for (const { box } of result.detections) {
    expect(box.width).toBeGreaterThan(0);
    expect(box.height).toBeGreaterThan(0);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(result.width);
    expect(box.y + box.height).toBeLessThanOrEqual(result.height);
  }
}

const hasVehicle = (r: DetectionResult): boolean => r.detections.some((d) => categoryOf(d.label) === 'vehicle');

// The same contract for the in-thread adapter and the worker pool the server uses.
interface Subject {
  detector: ObjectDetector;
  close: () => Promise<void>;
}

describe.each([
  ['TfjsObjectDetector (in this thread)', async (): Promise<Subject> => ({ detector: await TfjsObjectDetector.load(), close: async () => undefined })],
  [
    'PooledObjectDetector (1 worker)',
    async (): Promise<Subject> => {
      const pool = new PooledObjectDetector({ workers: 1 });
      await pool.ready();
      return { detector: pool, close: () => pool.close() };
    },
  ],
] as const)('ObjectDetector contract: %s', (_name, create) => {
  let detector: ObjectDetector;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ detector, close } = await create());
  }, 60_000);
  afterAll(() => close());

  it('counts the 7 people walking in cctv.jpg (± 2) and reports the image and model', async () => {
    const result = await detector.detect(photo('cctv.jpg'), { minScore: MIN_SCORE });
    const people = countByLabel(result.detections).person ?? 0;
    expect(people).toBeGreaterThanOrEqual(5);
    expect(people).toBeLessThanOrEqual(9);
    expect(result).toMatchObject({ width: 576, height: 432, model: 'centernet', inputSize: 512 });
    expect(result.timeMs).toBeGreaterThan(0);
    expect(result.detections.every((d) => d.score >= MIN_SCORE && d.score <= 1)).toBe(true);
    expectBoxesInside(result);
  });

  it('finds no person in chelsea.png (a cat)', async () => {
    const result = await detector.detect(photo('chelsea.png'), { minScore: MIN_SCORE });
    expect(result.detections.filter((d) => d.label === 'person')).toEqual([]);
    expect(result).toMatchObject({ width: 451, height: 300 });
    expectBoxesInside(result);
  });

  it.each(['licenseplate_motion.jpg', 'motorcycle_left.png'])('finds a vehicle in %s', async (name) => {
    const result = await detector.detect(photo(name), { minScore: MIN_SCORE });
    expect(hasVehicle(result)).toBe(true);
    expectBoxesInside(result);
  });

  it('finds one person in grace_hopper.jpg, taking most of the frame', async () => {
    const result = await detector.detect(photo('grace_hopper.jpg'), { minScore: MIN_SCORE });
    const people = result.detections.filter((d) => d.label === 'person');
    expect(people).toHaveLength(1);
    expect(people[0]?.box.height).toBeGreaterThan(result.height * 0.7);
    expectBoxesInside(result);
  });

  it('applies minScore', async () => {
    const all = await detector.detect(photo('cctv.jpg'), { minScore: 0.1 });
    const confident = await detector.detect(photo('cctv.jpg'), { minScore: 0.5 });
    expect(confident.detections.length).toBeLessThan(all.detections.length);
    expect(confident.detections.every((d) => d.score >= 0.5)).toBe(true);
  });

  it('reports sizes and boxes of the upright image when EXIF says it is rotated', async () => {
    // Pixels stored as in the file, tagged "rotate 90° clockwise to display" (orientation 6).
    const rotated = await sharp(photo('grace_hopper.jpg')).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const result = await detector.detect(rotated, { minScore: MIN_SCORE });
    expect(result).toMatchObject({ width: 600, height: 512 });
    expectBoxesInside(result);
  });

  it('reads a greyscale WebP', async () => {
    const webp = await sharp(photo('cctv.jpg')).greyscale().webp({ quality: 90 }).toBuffer();
    const result = await detector.detect(webp, { minScore: MIN_SCORE });
    expect(result).toMatchObject({ width: 576, height: 432 });
    expect(countByLabel(result.detections).person ?? 0).toBeGreaterThanOrEqual(3);
  });

  it('rejects a file that is not an image as unsupported-image (code validation)', async () => {
    const text = new TextEncoder().encode('#!/bin/sh\necho not an image\n');
    await expect(detector.detect(text, { minScore: MIN_SCORE })).rejects.toMatchObject({ name: 'VisionError', reason: 'unsupported-image', code: 'validation' });
  });

  it('rejects a truncated JPEG and a PNG signature followed by garbage as corrupt-image', async () => {
    const truncated = photo('cctv.jpg').subarray(0, 4_000);
    const garbage = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 64 }, (_, i) => (i * 37) % 256)]);
    await expect(detector.detect(truncated, { minScore: MIN_SCORE })).rejects.toMatchObject({ reason: 'corrupt-image', code: 'validation' });
    await expect(detector.detect(garbage, { minScore: MIN_SCORE })).rejects.toMatchObject({ reason: 'corrupt-image', code: 'validation' });
  });
});

describe('PooledObjectDetector', () => {
  let pool: PooledObjectDetector;

  beforeAll(async () => {
    pool = new PooledObjectDetector({ workers: 1, maxQueue: 1 });
    await pool.ready();
  }, 60_000);
  afterAll(() => pool.close());

  it('runs detection off the main thread and frees its tensors after each image', async () => {
    const image = photo('grace_hopper.jpg');
    const length = image.byteLength;
    await pool.detect(image, { minScore: MIN_SCORE });
    expect(image.byteLength).toBe(length); // a copy went to the worker, not the caller's buffer
    const [[worker, before] = []] = pool.tensorCounts();
    expect(worker).not.toBe(threadId);
    await pool.detect(photo('cctv.jpg'), { minScore: MIN_SCORE });
    expect(pool.tensorCounts().get(worker ?? -1)).toBe(before);
  });

  it('refuses images beyond the workers plus the queue with queue-full (code rate-limited)', async () => {
    const image = photo('grace_hopper.jpg');
    const settled = await Promise.allSettled([1, 2, 3].map(() => pool.detect(image, { minScore: MIN_SCORE })));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ reason: 'queue-full', code: 'rate-limited' });
    expect(pool.pending).toBe(0);
  });

  it('gives up on an image after the time-out and stays usable', async () => {
    const slow = new PooledObjectDetector({ workers: 1, timeoutMs: 20 });
    try {
      // The worker is still loading the model, so 20 ms cannot be enough.
      await expect(slow.detect(photo('cctv.jpg'), { minScore: MIN_SCORE })).rejects.toMatchObject({ reason: 'timeout', code: 'unavailable' });
      expect(slow.pending).toBe(0);
    } finally {
      await slow.close();
    }
    await expect(slow.detect(photo('cctv.jpg'), { minScore: MIN_SCORE })).rejects.toMatchObject({ reason: 'detector-unavailable' });
  });

  it('rejects images still in the pool when it shuts down as detector-unavailable, and logs the cause', async () => {
    const causes: Error[] = [];
    const closing = new PooledObjectDetector({ workers: 1, onWorkerError: (e) => causes.push(e) });
    const rejected = expect(closing.detect(photo('cctv.jpg'), { minScore: MIN_SCORE })).rejects.toMatchObject({
      reason: 'detector-unavailable',
      code: 'unavailable',
      message: 'The detector failed on this image.',
    });
    await closing.close();
    await rejected;
    expect(causes.length).toBeGreaterThan(0);
  });

  it('reports a model that cannot be loaded as detector-unavailable', async () => {
    const broken = new PooledObjectDetector({ workers: 1, modelPath: path.join(FIXTURES, 'no-such-model.json'), onWorkerError: () => undefined });
    try {
      await expect(broken.ready()).rejects.toMatchObject({ reason: 'detector-unavailable', code: 'unavailable' });
    } finally {
      await broken.close();
    }
  });
});

describe('model path', () => {
  it('defaults to the CenterNet model inside @vladmandic/human', () => {
    expect(resolveModelPath(undefined, {})).toMatch(/@vladmandic[/\\]human[/\\]models[/\\]centernet\.json$/);
  });

  it('takes VISION_MODEL_PATH, an explicit option first, and file:// URLs', () => {
    expect(resolveModelPath(undefined, { VISION_MODEL_PATH: '/models/yolo/model.json' })).toBe('/models/yolo/model.json');
    expect(resolveModelPath('file:///opt/m/model.json', { VISION_MODEL_PATH: '/models/yolo/model.json' })).toBe('/opt/m/model.json');
  });

  it('leaves no crash-on-unhandled-rejection handlers behind after starting the WASM backend', async () => {
    await TfjsObjectDetector.load().then((d) => d.dispose());
    const rethrowing = process.listeners('unhandledRejection').filter((l) => /throw reason/.test(String(l)));
    expect(rethrowing).toEqual([]);
  });

  it('fails clearly when the file is not there', async () => {
    const error: unknown = await TfjsObjectDetector.load({ modelPath: '/nonexistent/model.json' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VisionError);
    expect(error).toMatchObject({ reason: 'detector-unavailable', message: expect.stringContaining('/nonexistent/model.json') });
  });
});
