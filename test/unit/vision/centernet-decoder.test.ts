import { describe, expect, it } from 'vitest';
import { decodeCenterNet } from '../../../src/adapters/vision/centernet-decoder.ts';

/** One output row as the model writes it: x1, y1, x2, y2, score, class index. */
const row = (x1: number, y1: number, x2: number, y2: number, score: number, cls: number): number[] => [x1, y1, x2, y2, score, cls];

describe('decodeCenterNet', () => {
  it('turns rows into labelled boxes in input pixels, dropping low scores', () => {
    const output = Float32Array.from([...row(10, 20, 40, 80, 0.6, 0), ...row(0, 0, 5, 5, 0.2, 2), ...row(100, 100, 200, 150, 0.45, 2)]);
    expect(decodeCenterNet(output, 0.3)).toEqual([
      { label: 'person', score: expect.closeTo(0.6, 5), box: { x: 10, y: 20, width: 30, height: 60 } },
      { label: 'car', score: expect.closeTo(0.45, 5), box: { x: 100, y: 100, width: 100, height: 50 } },
    ]);
  });

  it('skips rows with unknown or NaN classes and NaN values, and a trailing partial row', () => {
    const output = [...row(0, 0, 10, 10, 0.9, 80), ...row(0, 0, 10, 10, 0.9, Number.NaN), ...row(Number.NaN, 0, 10, 10, 0.9, 1), ...row(0, 0, 10, 10, Number.NaN, 1), 1, 2, 3];
    expect(decodeCenterNet(output, 0)).toEqual([]);
  });
});
