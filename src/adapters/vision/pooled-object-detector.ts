/**
 * The ObjectDetector the server uses: TfjsObjectDetector in a pool of worker threads (the WASM
 * backend is single-threaded, so one worker per core), so detection never blocks the event
 * loop. A bounded queue gives back-pressure (VisionError `queue-full` → 429) and each image
 * has a deadline (VisionError `timeout`); a worker stuck past it is terminated and replaced.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { DetectOptions, DetectionResult, ObjectDetector } from '../../domain/vision/object-detector.ts';
import { VisionError } from '../../domain/vision/vision-error.ts';
import type { WorkerReply, WorkerTask } from './object-detection-worker.ts';
import type { TfjsObjectDetectorOptions } from './tfjs-object-detector.ts';

export interface PooledObjectDetectorOptions extends TfjsObjectDetectorOptions {
  /** Worker threads; default one per core. */
  workers?: number;
  /** Images allowed to wait beyond those being analysed; more are refused (`queue-full`). */
  maxQueue?: number;
  /** Deadline per image from submission (queue wait + analysis), in ms. */
  timeoutMs?: number;
  /** Worker failures (a thread that died, a task that crashed it); default console.error. */
  onWorkerError?: (error: Error) => void;
}

export interface WorkerStats {
  numTensors: number;
  images: number;
  /** CPU time of this worker thread on those images, in ms (inference and JS; libvips decodes on
   *  libuv threads, not counted — a few ms an image at 512 px). */
  cpuMs: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_QUEUE_PER_WORKER = 8;

const WORKER_FILE = fileURLToPath(new URL('./object-detection-worker.ts', import.meta.url));

export class PooledObjectDetector implements ObjectDetector {
  readonly workers: number;
  readonly maxQueue: number;
  readonly timeoutMs: number;
  private readonly pool: Piscina<WorkerTask, WorkerReply>;
  private readonly statsByThread = new Map<number, WorkerStats>();
  private readonly onWorkerError: (error: Error) => void;
  private inFlight = 0;
  private closed = false;

  constructor(options: PooledObjectDetectorOptions = {}) {
    const { workers, maxQueue, timeoutMs, onWorkerError, ...modelOptions } = options;
    this.workers = Math.max(1, workers ?? availableParallelism());
    this.maxQueue = Math.max(0, maxQueue ?? this.workers * DEFAULT_QUEUE_PER_WORKER);
    this.timeoutMs = timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.pool = new Piscina<WorkerTask, WorkerReply>({
      filename: WORKER_FILE,
      minThreads: this.workers,
      maxThreads: this.workers,
      idleTimeout: Number.MAX_SAFE_INTEGER,
      // Atomics would park idle threads without running their event loop, stalling the model
      // load that starts with each thread.
      atomics: 'disabled',
      workerData: modelOptions,
      // Tensors live in WASM memory, not on the JS heap; a small young generation saves
      // ≈10 MB of resident memory per worker at no measurable cost.
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    this.onWorkerError = onWorkerError ?? ((e: Error) => console.error('vision worker failed:', e));
    this.pool.on('error', this.onWorkerError);
  }

  /** Resolves once every worker has loaded the model; rejects when the model cannot load. */
  async ready(): Promise<void> {
    const replies = await Promise.all(Array.from({ length: this.workers }, () => this.pool.run({ kind: 'ready' })));
    for (const reply of replies) this.unwrap(reply);
  }

  async detect(image: Uint8Array, options: DetectOptions): Promise<DetectionResult> {
    if (this.closed) throw new VisionError('detector-unavailable', 'The detector has been shut down.');
    if (this.inFlight >= this.workers + this.maxQueue) {
      throw new VisionError('queue-full', 'Too many images are being analysed; try again shortly.');
    }
    // A private copy can be moved to the worker without touching the caller's buffer.
    const copy = new Uint8Array(image);
    const signal = AbortSignal.timeout(this.timeoutMs);
    this.inFlight += 1;
    try {
      const reply = await this.pool.run({ kind: 'detect', image: copy, minScore: options.minScore }, { signal, transferList: [copy.buffer] });
      const result = this.unwrap(reply);
      if (result === null) throw new Error('vision worker answered a detect task without a result');
      return result;
    } catch (e) {
      if (signal.aborted) throw new VisionError('timeout', `The analysis took longer than ${this.timeoutMs} ms.`);
      if (e instanceof VisionError) throw e;
      // A crashed or terminated worker (e.g. out of WASM memory, or the pool shutting down):
      // the cause goes to the log, the caller gets a safe message.
      this.onWorkerError(e instanceof Error ? e : new Error(String(e)));
      throw new VisionError('detector-unavailable', 'The detector failed on this image.');
    } finally {
      this.inFlight -= 1;
    }
  }

  /** Images being analysed or waiting. */
  get pending(): number {
    return this.inFlight;
  }

  /** Live tensors per worker thread after its latest task (flat over time when nothing leaks). */
  tensorCounts(): ReadonlyMap<number, number> {
    return new Map([...this.statsByThread].map(([thread, s]) => [thread, s.numTensors]));
  }

  /** Per worker thread: tensors after its latest task, images done and CPU time they took. */
  workerStats(): ReadonlyMap<number, Readonly<WorkerStats>> {
    return new Map([...this.statsByThread].map(([thread, s]) => [thread, { ...s }]));
  }

  /** Stops the workers; waiting images are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool.destroy();
  }

  private unwrap(reply: WorkerReply): DetectionResult | null {
    if (!reply.ok) throw new VisionError(reply.reason, reply.message);
    const stats = this.statsByThread.get(reply.threadId) ?? { numTensors: 0, images: 0, cpuMs: 0 };
    stats.numTensors = reply.numTensors;
    if (reply.result !== null) {
      stats.images += 1;
      stats.cpuMs += reply.cpuMs;
    }
    this.statsByThread.set(reply.threadId, stats);
    return reply.result;
  }
}
