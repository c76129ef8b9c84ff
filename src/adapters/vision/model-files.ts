import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { io } from '@tensorflow/tfjs-core';

/** The CenterNet COCO model shipped inside @vladmandic/human (see docs/vision.md for its licence). */
export function defaultModelPath(): string {
  const require = createRequire(import.meta.url);
  // The package exports no package.json; its entry is <package>/dist/human.node.js.
  const humanEntry = require.resolve('@vladmandic/human');
  return path.join(path.dirname(humanEntry), '..', 'models', 'centernet.json');
}

/** VISION_MODEL_PATH when set, else the bundled CenterNet. Accepts a path or a file:// URL. */
export function resolveModelPath(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = explicit ?? (env.VISION_MODEL_PATH || undefined) ?? defaultModelPath();
  return chosen.startsWith('file://') ? fileURLToPath(chosen) : path.resolve(chosen);
}

interface ModelJson {
  modelTopology: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
  signature?: object;
  userDefinedMetadata?: Record<string, object>;
  weightsManifest: { paths: string[]; weights: io.WeightsManifestEntry[] }[];
}

/**
 * Reads a TensorFlow.js graph model (model.json + weight shards) from the local disk, so
 * loading never touches the network (tfjs' own loaders fetch over HTTP).
 */
export async function readGraphModelArtifacts(modelJsonPath: string): Promise<io.ModelArtifacts> {
  const json = JSON.parse(await readFile(modelJsonPath, 'utf8')) as ModelJson;
  if (!json.modelTopology || !Array.isArray(json.weightsManifest)) {
    throw new Error(`${modelJsonPath} is not a TensorFlow.js graph model (no modelTopology / weightsManifest)`);
  }
  const dir = path.dirname(modelJsonPath);
  const weightSpecs = json.weightsManifest.flatMap((group) => group.weights);
  const shards = await Promise.all(
    json.weightsManifest.flatMap((group) => group.paths).map((p) => readFile(path.resolve(dir, p))),
  );
  const weights = new Uint8Array(shards.reduce((n, s) => n + s.byteLength, 0));
  let offset = 0;
  for (const shard of shards) {
    weights.set(shard, offset);
    offset += shard.byteLength;
  }
  return {
    modelTopology: json.modelTopology,
    weightSpecs,
    weightData: weights.buffer,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    signature: json.signature,
    userDefinedMetadata: json.userDefinedMetadata,
  };
}
