import type { Box, Detection } from '../../../src/domain/vision/object-detector.ts';

export function aBox(overrides: Partial<Box> = {}): Box {
  return { x: 10, y: 20, width: 30, height: 60, ...overrides };
}

export function aDetection(overrides: Partial<Detection> = {}): Detection {
  return { label: 'person', score: 0.6, box: aBox(), ...overrides };
}
