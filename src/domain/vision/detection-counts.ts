import { categoryOf, type ClassCategory } from './coco-classes.ts';
import type { Detection } from './object-detector.ts';

/** How many detections of each label score at least `minScore` (labels with none are absent). */
export function countByLabel(detections: readonly Detection[], minScore = 0): Partial<Record<Detection['label'], number>> {
  const counts: Partial<Record<Detection['label'], number>> = {};
  for (const d of detections) {
    if (d.score >= minScore) counts[d.label] = (counts[d.label] ?? 0) + 1;
  }
  return counts;
}

/** People, vehicles and animals counted (classes the product ignores are left out). */
export function countByCategory(detections: readonly Detection[], minScore = 0): Record<ClassCategory, number> {
  const counts: Record<ClassCategory, number> = { person: 0, vehicle: 0, animal: 0 };
  for (const d of detections) {
    const category = categoryOf(d.label);
    if (category !== undefined && d.score >= minScore) counts[category] += 1;
  }
  return counts;
}

/** Only the classes the product reports on (people, vehicles, animals). */
export function relevantDetections(detections: readonly Detection[]): Detection[] {
  return detections.filter((d) => categoryOf(d.label) !== undefined);
}
