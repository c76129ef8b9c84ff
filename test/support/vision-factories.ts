import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Detection, DetectionResult, ObjectDetector } from '../../src/domain/vision/object-detector.ts';

/** The shared test photos (see their README): cctv.jpg, grace_hopper.jpg, chelsea.png, ... */
export const VISION_FIXTURES = path.resolve('../shared/fixtures/vision');

export const visionFixture = (name: string): Uint8Array => new Uint8Array(readFileSync(path.join(VISION_FIXTURES, name)));

export function aDetectionResult(overrides: Partial<DetectionResult> = {}): DetectionResult {
  const detections: Detection[] = [
    { label: 'person', score: 0.62, box: { x: 10, y: 20, width: 40, height: 120 } },
    { label: 'car', score: 0.41, box: { x: 100, y: 60, width: 80, height: 50 } },
    { label: 'chair', score: 0.5, box: { x: 5, y: 5, width: 10, height: 10 } },
  ];
  return { detections, model: 'fake-model', inputSize: 512, width: 640, height: 480, timeMs: 12.4, ...overrides };
}

/** A detector that answers from a function (default: aDetectionResult), for tests of everything around it. */
export function aFakeDetector(answer: (image: Uint8Array) => Promise<DetectionResult> = async () => aDetectionResult()): ObjectDetector & { calls: number } {
  const fake = {
    calls: 0,
    detect: async (image: Uint8Array) => {
      fake.calls += 1;
      return answer(image);
    },
  };
  return fake;
}
