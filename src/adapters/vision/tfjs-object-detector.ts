/**
 * Object detection in the current thread: TensorFlow.js on the WASM backend (single-threaded,
 * no native add-on, no network), sharp to decode and resize. The WASM kernels block the thread
 * for ≈250 ms an image, so the server runs this inside worker threads
 * (pooled-object-detector.ts), never on the event loop.
 */
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import path from 'node:path';
import sharp from 'sharp';
import { mapBoxToOriginal, roundBox, type ResizeMode } from '../../domain/vision/box-mapping.ts';
import { detectImageType } from '../../domain/vision/image-type.ts';
import { nonMaxSuppression } from '../../domain/vision/nms.ts';
import type { DetectOptions, DetectionResult, ObjectDetector } from '../../domain/vision/object-detector.ts';
import { VisionError } from '../../domain/vision/vision-error.ts';
import { CENTERNET_ROW, decodeCenterNet } from './centernet-decoder.ts';
import { readGraphModelArtifacts, resolveModelPath } from './model-files.ts';

export interface TfjsObjectDetectorOptions {
  /** model.json of a TensorFlow.js graph model; default VISION_MODEL_PATH, else human's CenterNet. */
  modelPath?: string;
  /** How images are fitted to the square input. CenterNet was run stretched upstream. */
  resizeMode?: ResizeMode;
  /** Same-class boxes overlapping more than this are merged by NMS. */
  iouThreshold?: number;
  /** Refuse images with more pixels than this (decompression bombs). */
  maxInputPixels?: number;
}

export const DEFAULT_IOU_THRESHOLD = 0.5;
export const DEFAULT_MAX_INPUT_PIXELS = 40_000_000;

let backendReady: Promise<void> | undefined;

function initBackend(): Promise<void> {
  backendReady ??= (async () => {
    tf.enableProdMode();
    // Emscripten's Node glue adds process handlers that rethrow every unhandled rejection,
    // turning any stray promise anywhere in the thread into a crash; take them off again.
    const uncaught = new Set(process.listeners('uncaughtException'));
    const rejection = new Set(process.listeners('unhandledRejection'));
    try {
      if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WASM backend failed to start');
      await tf.ready();
    } finally {
      for (const l of process.listeners('uncaughtException')) if (!uncaught.has(l)) process.removeListener('uncaughtException', l);
      for (const l of process.listeners('unhandledRejection')) if (!rejection.has(l)) process.removeListener('unhandledRejection', l);
    }
  })();
  return backendReady;
}

interface ModelIo {
  inputName: string;
  outputName: string;
  inputSize: number;
  inputDtype: 'float32' | 'int32';
}

export class TfjsObjectDetector implements ObjectDetector {
  readonly modelName: string;
  readonly inputSize: number;
  private readonly model: GraphModel;
  private readonly io: ModelIo;
  private readonly resizeMode: ResizeMode;
  private readonly iouThreshold: number;
  private readonly maxInputPixels: number;
  /** Reused for every image: tensor4d copies it into WASM memory. */
  private readonly input: Float32Array;

  private constructor(model: GraphModel, io: ModelIo, modelName: string, options: TfjsObjectDetectorOptions) {
    this.model = model;
    this.io = io;
    this.modelName = modelName;
    this.inputSize = io.inputSize;
    this.resizeMode = options.resizeMode ?? 'stretch';
    this.iouThreshold = options.iouThreshold ?? DEFAULT_IOU_THRESHOLD;
    this.maxInputPixels = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;
    this.input = new Float32Array(io.inputSize * io.inputSize * 3);
  }

  /** Loads the model from disk and runs it once, so the first real image is not slow. */
  static async load(options: TfjsObjectDetectorOptions = {}): Promise<TfjsObjectDetector> {
    await initBackend();
    const modelPath = resolveModelPath(options.modelPath);
    let model: GraphModel;
    try {
      model = await loadGraphModel(tf.io.fromMemory(await readGraphModelArtifacts(modelPath)));
    } catch (e) {
      throw new VisionError('detector-unavailable', `Cannot load the detection model at ${modelPath}: ${(e as Error).message}`);
    }
    const detector = new TfjsObjectDetector(model, describeModel(model, modelPath), path.basename(modelPath, '.json'), options);
    detector.infer(detector.input);
    return detector;
  }

  async detect(image: Uint8Array, options: DetectOptions): Promise<DetectionResult> {
    const started = performance.now();
    if (detectImageType(image) === null) {
      throw new VisionError('unsupported-image', 'The file is not a JPEG, PNG or WebP image.');
    }
    const { fill, width, height } = await this.decode(image);
    // Fill and run in one synchronous step, so overlapping detect() calls cannot share the buffer.
    fill(this.input);
    const candidates = decodeCenterNet(this.infer(this.input), options.minScore);
    const geometry = { inputWidth: this.inputSize, inputHeight: this.inputSize, originalWidth: width, originalHeight: height, mode: this.resizeMode };
    const mapped = candidates.map((d) => ({ ...d, box: mapBoxToOriginal(d.box, geometry) }));
    const detections = nonMaxSuppression(mapped, this.iouThreshold)
      .map((d) => ({ label: d.label, score: Math.round(d.score * 1000) / 1000, box: roundBox(d.box) }))
      .filter((d) => d.box.width > 0 && d.box.height > 0);
    return {
      detections,
      model: this.modelName,
      inputSize: this.inputSize,
      width,
      height,
      timeMs: Math.round((performance.now() - started) * 10) / 10,
    };
  }

  /** Live tensors in this thread; flat between images when nothing leaks. */
  static tensorCount(): number {
    return tf.memory().numTensors;
  }

  dispose(): void {
    this.model.dispose();
  }

  /**
   * Decodes and resizes to the square input, then copies the RGB values (0–255) into the
   * reusable input buffer. Width/height are those of the upright original.
   */
  private async decode(image: Uint8Array): Promise<{ fill: (target: Float32Array) => void; width: number; height: number }> {
    const size = this.inputSize;
    try {
      const pipeline = sharp(image, { autoOrient: true, failOn: 'error', limitInputPixels: this.maxInputPixels });
      const meta = await pipeline.metadata();
      const { data, info } = await pipeline
        .toColourspace('srgb')
        .resize(size, size, { fit: this.resizeMode === 'stretch' ? 'fill' : 'contain', background: { r: 0, g: 0, b: 0 } })
        .raw()
        .toBuffer({ resolveWithObject: true });
      if (info.width !== size || info.height !== size || info.channels < 3) throw new Error(`unexpected decode ${info.width}×${info.height}×${info.channels}`);
      const fill = (target: Float32Array): void => {
        for (let src = 0, dst = 0; dst < target.length; src += info.channels, dst += 3) {
          target[dst] = data[src] ?? 0;
          target[dst + 1] = data[src + 1] ?? 0;
          target[dst + 2] = data[src + 2] ?? 0;
        }
      };
      return { fill, width: meta.autoOrient.width, height: meta.autoOrient.height };
    } catch (e) {
      throw new VisionError('corrupt-image', `The image cannot be decoded: ${(e as Error).message}`);
    }
  }

  /** Runs the model on one input; every intermediate tensor is freed before returning. */
  private infer(pixels: Float32Array): Float32Array {
    const { inputName, outputName, inputSize, inputDtype } = this.io;
    const output = tf.tidy(() => {
      const values = inputDtype === 'int32' ? Int32Array.from(pixels) : pixels;
      const input = tf.tensor4d(values, [1, inputSize, inputSize, 3], inputDtype);
      return this.model.execute({ [inputName]: input }, outputName) as tf.Tensor;
    });
    try {
      return output.dataSync() as Float32Array;
    } finally {
      output.dispose();
    }
  }
}

/** Input/output names and the square input side, read from the model's signature. */
function describeModel(model: GraphModel, modelPath: string): ModelIo {
  const input = model.inputs[0];
  const [, h, w, c] = input?.shape ?? [];
  if (input === undefined || h === undefined || h !== w || c !== 3) {
    throw new VisionError('detector-unavailable', `${modelPath}: expected one square RGB input [1, N, N, 3], got ${JSON.stringify(input?.shape)}`);
  }
  const output = model.outputs.find((o) => o.name.endsWith('detections')) ?? model.outputs.find((o) => o.shape?.at(-1) === CENTERNET_ROW);
  if (output === undefined) {
    throw new VisionError('detector-unavailable', `${modelPath}: no [1, N, ${CENTERNET_ROW}] detections output`);
  }
  return { inputName: input.name, outputName: output.name, inputSize: h, inputDtype: input.dtype === 'int32' ? 'int32' : 'float32' };
}
