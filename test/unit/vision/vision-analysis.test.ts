import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { displayFileName, labelsOf, newVisionAnalysis, normaliseLinks, normaliseNote } from '../../../src/domain/vision/vision-analysis.ts';
import { loadConfig, ConfigError } from '../../../src/config.ts';
import { aDetection } from './factories.ts';

describe('vision analysis record', () => {
  it.each([
    ['photo.jpg', 'photo.jpg'],
    ['C:\\Users\\me\\cam 1.jpg', 'cam 1.jpg'],
    ['../../etc/passwd', 'passwd'],
    ['a\u0000b\u001f.png', 'ab.png'],
    ['', 'image'],
    [undefined, 'image'],
  ])('shows the file name %j as %j', (input, shown) => {
    expect(displayFileName(input)).toBe(shown);
  });

  it('trims links, turns empty ones into null, leaves absent ones out and refuses long ones', () => {
    expect(normaliseLinks({ clientId: ' c-1 ', siteId: '', jobId: null })).toEqual({ clientId: 'c-1', siteId: null, jobId: null });
    expect(() => normaliseLinks({ contractId: 'x'.repeat(101) })).toThrow(expect.objectContaining({ code: 'validation', fields: { contractId: ['At most 100 characters.'] } }));
    expect(normaliseNote('  ')).toBeNull();
    expect(normaliseNote(undefined)).toBeUndefined();
    expect(() => normaliseNote('x'.repeat(2001))).toThrow(expect.objectContaining({ code: 'validation' }));
  });

  it('indexes the distinct labels at or above the default score', () => {
    const detections = [aDetection({ label: 'person', score: 0.9 }), aDetection({ label: 'person', score: 0.5 }), aDetection({ label: 'car', score: 0.25 }), aDetection({ label: 'dog', score: 0.3 })];
    expect(labelsOf(detections)).toEqual(['dog', 'person']);
  });

  it('keeps only the classes the product reports on, best first', () => {
    const record = newVisionAnalysis({
      result: { detections: [aDetection({ label: 'chair', score: 0.9 }), aDetection({ label: 'car', score: 0.4 }), aDetection({ label: 'person', score: 0.7 })], model: 'm', inputSize: 512, width: 10, height: 20, timeMs: 12.6 },
      image: { path: 'vision/x', contentType: 'image/png', fileName: 'a.png', sizeBytes: 3 },
      createdBy: { id: 'u', name: 'U' },
      links: { jobId: 'j' },
      note: null,
    });
    expect(record.detections.map((d) => d.label)).toEqual(['person', 'car']);
    expect(record).toMatchObject({ labels: ['car', 'person'], timeMs: 13, clientId: null, siteId: null, jobId: 'j', contractId: null });
  });
});

describe('vision settings', () => {
  it('default to one worker per core, 8 waiting per worker, 30 s, 15 MB and the bundled model', () => {
    const workers = availableParallelism();
    expect(loadConfig({}).vision).toEqual({ workers, maxQueue: workers * 8, timeoutMs: 30_000, modelPath: undefined, maxImageBytes: 15 * 1024 * 1024 });
  });

  it('read VISION_* and refuse nonsense', () => {
    const env = { VISION_WORKERS: '3', VISION_MAX_QUEUE: '0', VISION_TIMEOUT_MS: '5000', VISION_MODEL_PATH: '/models/x.json', VISION_MAX_IMAGE_BYTES: '2048' };
    expect(loadConfig(env).vision).toEqual({ workers: 3, maxQueue: 0, timeoutMs: 5000, modelPath: '/models/x.json', maxImageBytes: 2048 });
    expect(() => loadConfig({ VISION_WORKERS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ VISION_MAX_IMAGE_BYTES: 'big' })).toThrow(/VISION_MAX_IMAGE_BYTES/);
  });
});
