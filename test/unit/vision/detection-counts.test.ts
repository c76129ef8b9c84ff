import { describe, expect, it } from 'vitest';
import { categoryOf, cocoClassAt, COCO_CLASSES, isRelevantClass, RELEVANT_CLASSES } from '../../../src/domain/vision/coco-classes.ts';
import { countByCategory, countByLabel, relevantDetections } from '../../../src/domain/vision/detection-counts.ts';
import { aDetection } from './factories.ts';

describe('COCO classes', () => {
  it('has the 80 classes in model order', () => {
    expect(COCO_CLASSES).toHaveLength(80);
    expect(new Set(COCO_CLASSES).size).toBe(80);
    expect([cocoClassAt(0), cocoClassAt(2), cocoClassAt(16), cocoClassAt(79)]).toEqual(['person', 'car', 'dog', 'toothbrush']);
  });

  it.each([-1, 80, 1.5, Number.NaN])('index %s is no class', (i) => {
    expect(cocoClassAt(i)).toBeUndefined();
  });

  it('groups the classes the product cares about', () => {
    expect(['person', 'car', 'truck', 'bus', 'motorcycle', 'bicycle', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow'].every(isRelevantClass)).toBe(true);
    expect(RELEVANT_CLASSES.every((c) => (COCO_CLASSES as readonly string[]).includes(c))).toBe(true);
    expect([categoryOf('person'), categoryOf('truck'), categoryOf('horse'), categoryOf('toaster')]).toEqual(['person', 'vehicle', 'animal', undefined]);
    expect(isRelevantClass('toString')).toBe(false);
  });
});

describe('counts', () => {
  const detections = [
    aDetection({ label: 'person', score: 0.7 }),
    aDetection({ label: 'person', score: 0.35 }),
    aDetection({ label: 'car', score: 0.5 }),
    aDetection({ label: 'truck', score: 0.31 }),
    aDetection({ label: 'dog', score: 0.4 }),
    aDetection({ label: 'chair', score: 0.9 }),
  ];

  it('counts per label at or above a score', () => {
    expect(countByLabel(detections)).toEqual({ person: 2, car: 1, truck: 1, dog: 1, chair: 1 });
    expect(countByLabel(detections, 0.4)).toEqual({ person: 1, car: 1, dog: 1, chair: 1 });
  });

  it('counts people, vehicles and animals, ignoring other classes', () => {
    expect(countByCategory(detections)).toEqual({ person: 2, vehicle: 2, animal: 1 });
    expect(countByCategory(detections, 0.5)).toEqual({ person: 1, vehicle: 1, animal: 0 });
  });

  it('keeps only relevant detections', () => {
    expect(relevantDetections(detections).map((d) => d.label)).toEqual(['person', 'person', 'car', 'truck', 'dog']);
  });
});
