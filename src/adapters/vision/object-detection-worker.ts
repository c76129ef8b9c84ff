/**
 * Runs inside a piscina worker thread (see pooled-object-detector.ts). The model loads as soon
 * as the thread starts; VisionErrors come back as plain data because class identity does not
 * survive the trip between threads.
 */
import { threadId, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import type { DetectionResult } from '../../domain/vision/object-detector.ts';
import { isVisionError, type VisionErrorReason } from '../../domain/vision/vision-error.ts';
import { TfjsObjectDetector, type TfjsObjectDetectorOptions } from './tfjs-object-detector.ts';

export type WorkerTask = { kind: 'detect'; image: Uint8Array; minScore: number } | { kind: 'ready' };

export type WorkerReply =
  | { ok: true; result: DetectionResult | null; threadId: number; numTensors: number; cpuMs: number }
  | { ok: false; reason: VisionErrorReason; message: string };

// Process-wide libvips settings: parallelism comes from the pool (one worker per core), so
// one libvips thread per image avoids oversubscribing the cores, and images are decoded once,
// so its operation cache only holds memory (measured: ≈20 MB less peak RSS with 2 workers).
sharp.concurrency(1);
sharp.cache(false);

const detectorReady = TfjsObjectDetector.load(workerData as TfjsObjectDetectorOptions);
// A failed load is reported to each task below, not as an unhandled rejection.
detectorReady.catch(() => undefined);

export default async function runTask(task: WorkerTask): Promise<WorkerReply> {
  try {
    const detector = await detectorReady;
    const cpuBefore = process.threadCpuUsage();
    const result = task.kind === 'detect' ? await detector.detect(task.image, { minScore: task.minScore }) : null;
    const cpu = process.threadCpuUsage(cpuBefore);
    return { ok: true, result, threadId, numTensors: TfjsObjectDetector.tensorCount(), cpuMs: (cpu.user + cpu.system) / 1000 };
  } catch (e) {
    if (isVisionError(e)) return { ok: false, reason: e.reason, message: e.message };
    throw e;
  }
}
