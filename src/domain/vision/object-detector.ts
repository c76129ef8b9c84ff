import type { CocoClass } from './coco-classes.ts';

/** An axis-aligned box in pixels of the image it refers to; (x, y) is the top-left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Detection {
  label: CocoClass;
  /** Model confidence, 0–1. */
  score: number;
  /** In pixels of the original (EXIF-oriented) image. */
  box: Box;
}

export interface DetectOptions {
  /** Detections scoring below this (0–1) are left out. */
  minScore: number;
}

export interface DetectionResult {
  detections: Detection[];
  /** Which model produced the detections, e.g. "centernet". */
  model: string;
  /** Side of the square the image was resized to for the model, in pixels. */
  inputSize: number;
  /** Original image size in pixels (after EXIF orientation). */
  width: number;
  height: number;
  /** Decode + inference + post-processing, in milliseconds. */
  timeMs: number;
}

/**
 * Finds COCO objects (people, vehicles, animals...) in one image.
 * Rejects with a VisionError: `unsupported-image` / `corrupt-image` for bad input,
 * `queue-full` when too many images wait, `timeout` when one takes too long.
 */
export interface ObjectDetector {
  detect(image: Uint8Array, options: DetectOptions): Promise<DetectionResult>;
}
