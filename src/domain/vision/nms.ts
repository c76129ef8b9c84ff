import type { Box } from './object-detector.ts';

export interface ScoredBox {
  label: string;
  score: number;
  box: Box;
}

/** Intersection over union of two boxes; 0 when either has no area. */
export function iou(a: Box, b: Box): number {
  const left = Math.max(a.x, b.x);
  const top = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  const intersection = Math.max(0, right - left) * Math.max(0, bottom - top);
  const union = a.width * a.height + b.width * b.height - intersection;
  return union > 0 ? intersection / union : 0;
}

/**
 * Greedy non-maximum suppression, per class: within one label, a box overlapping a
 * higher-scoring kept box by more than `iouThreshold` is dropped. Boxes of different labels
 * never suppress each other (a person on a motorcycle keeps both). Result is sorted by score.
 */
export function nonMaxSuppression<T extends ScoredBox>(items: readonly T[], iouThreshold: number): T[] {
  const sorted = [...items].sort((a, b) => b.score - a.score);
  const kept: T[] = [];
  for (const candidate of sorted) {
    const overlaps = kept.some((k) => k.label === candidate.label && iou(k.box, candidate.box) > iouThreshold);
    if (!overlaps) kept.push(candidate);
  }
  return kept;
}
