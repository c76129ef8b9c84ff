import { boxFromCorners } from '../../domain/vision/box-mapping.ts';
import { cocoClassAt } from '../../domain/vision/coco-classes.ts';
import type { Detection } from '../../domain/vision/object-detector.ts';

/** Values per row of the CenterNet `detections` output: x1, y1, x2, y2, score, class index. */
export const CENTERNET_ROW = 6;

/**
 * Decodes the `tower_0/detections` output of the MB3-CenterNet COCO model as
 * @vladmandic/human's src/object/centernet.ts reads it: a [1, N, 6] tensor of rows
 * (x1, y1, x2, y2, score, class) with corners in model-input pixels and a 0-based COCO class
 * index. Rows are the model's top-N peaks, so overlapping duplicates remain (NMS comes after).
 * Boxes stay in model-input pixels; rows under `minScore`, NaN or unknown classes are dropped.
 */
export function decodeCenterNet(output: ArrayLike<number>, minScore: number): Detection[] {
  const detections: Detection[] = [];
  for (let row = 0; row + CENTERNET_ROW <= output.length; row += CENTERNET_ROW) {
    const score = output[row + 4] ?? Number.NaN;
    const label = cocoClassAt(Math.round(output[row + 5] ?? Number.NaN));
    if (!(score >= minScore) || label === undefined) continue;
    const box = boxFromCorners(output[row] ?? 0, output[row + 1] ?? 0, output[row + 2] ?? 0, output[row + 3] ?? 0);
    if (![box.x, box.y, box.width, box.height].every(Number.isFinite)) continue;
    detections.push({ label, score, box });
  }
  return detections;
}
