import { describe, expect, it } from 'vitest';
import { iou, nonMaxSuppression } from '../../../src/domain/vision/nms.ts';
import { aBox, aDetection } from './factories.ts';

describe('iou', () => {
  it.each([
    ['identical boxes', aBox(), aBox(), 1],
    ['disjoint boxes', aBox({ x: 0, y: 0, width: 10, height: 10 }), aBox({ x: 20, y: 20, width: 10, height: 10 }), 0],
    ['touching edges', aBox({ x: 0, y: 0, width: 10, height: 10 }), aBox({ x: 10, y: 0, width: 10, height: 10 }), 0],
    ['half overlap on one axis', aBox({ x: 0, y: 0, width: 10, height: 10 }), aBox({ x: 5, y: 0, width: 10, height: 10 }), 50 / 150],
    ['one inside the other', aBox({ x: 0, y: 0, width: 10, height: 10 }), aBox({ x: 0, y: 0, width: 5, height: 10 }), 0.5],
    ['empty box', aBox({ width: 0, height: 0 }), aBox({ width: 0, height: 0 }), 0],
  ])('%s', (_name, a, b, expected) => {
    expect(iou(a, b)).toBeCloseTo(expected, 10);
    expect(iou(b, a)).toBeCloseTo(expected, 10);
  });
});

describe('nonMaxSuppression', () => {
  it('keeps the best of overlapping boxes of one class', () => {
    const best = aDetection({ score: 0.9, box: aBox({ x: 0 }) });
    const duplicate = aDetection({ score: 0.5, box: aBox({ x: 2 }) });
    expect(nonMaxSuppression([duplicate, best], 0.5)).toEqual([best]);
  });

  it('keeps overlapping boxes of different classes (a rider on a motorcycle)', () => {
    const rider = aDetection({ label: 'person', score: 0.7 });
    const motorcycle = aDetection({ label: 'motorcycle', score: 0.6, box: aBox({ y: 22 }) });
    expect(nonMaxSuppression([motorcycle, rider], 0.5)).toEqual([rider, motorcycle]);
  });

  it('keeps same-class boxes that overlap no more than the threshold, sorted by score', () => {
    const left = aDetection({ score: 0.4, box: aBox({ x: 0, width: 10 }) });
    const right = aDetection({ score: 0.8, box: aBox({ x: 5, width: 10 }) });
    // IoU is 1/3: under 0.5 both stay, over 0.3 the weaker goes.
    expect(nonMaxSuppression([left, right], 0.5)).toEqual([right, left]);
    expect(nonMaxSuppression([left, right], 0.3)).toEqual([right]);
  });

  it('compares a candidate with kept boxes only (a suppressed box suppresses nothing)', () => {
    const a = aDetection({ score: 0.9, box: aBox({ x: 0, width: 10 }) });
    const b = aDetection({ score: 0.8, box: aBox({ x: 4, width: 10 }) });
    const c = aDetection({ score: 0.7, box: aBox({ x: 8, width: 10 }) });
    // a suppresses b (IoU 0.43 > 0.4); c overlaps only b that much, so c stays.
    expect(nonMaxSuppression([c, b, a], 0.4)).toEqual([a, c]);
  });

  it('returns nothing for nothing and does not modify its input', () => {
    const input = [aDetection({ score: 0.1 }), aDetection({ score: 0.9 })];
    const copy = structuredClone(input);
    expect(nonMaxSuppression([], 0.5)).toEqual([]);
    nonMaxSuppression(input, 0.5);
    expect(input).toEqual(copy);
  });
});
