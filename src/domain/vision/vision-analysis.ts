/**
 * A saved analysis: the image (in file storage), what the detector found in it, and what it is
 * about (a client and site, a job, a monitoring contract). Links are free ids: the records they
 * point at live in other areas and may be deleted independently; the history keeps the analysis.
 */
import { DomainError } from '../shared/domain-error.ts';
import { relevantDetections } from './detection-counts.ts';
import type { Detection, DetectionResult } from './object-detector.ts';

/** Detections are kept from this score, so the screen's confidence slider can go below the default. */
export const STORED_MIN_SCORE = 0.2;
/** A label counts as "in the image" (for search and the default slider) from this score. */
export const DEFAULT_MIN_SCORE = 0.3;

export const LINK_FIELDS = ['clientId', 'siteId', 'jobId', 'contractId'] as const;
export type LinkField = (typeof LINK_FIELDS)[number];
export type VisionLinks = Record<LinkField, string | null>;

export const MAX_NOTE_LENGTH = 2000;
export const MAX_LINK_LENGTH = 100;
export const MAX_FILE_NAME_LENGTH = 200;

export interface VisionAnalysisAuthor {
  id: string;
  name: string;
}

export interface VisionAnalysis extends VisionLinks {
  id: string;
  /** Path of the image in file storage (folder 'vision'). */
  imagePath: string;
  contentType: string;
  /** The uploader's file name, for display only. */
  fileName: string;
  sizeBytes: number;
  width: number;
  height: number;
  detections: Detection[];
  /** Distinct labels scoring at least DEFAULT_MIN_SCORE (what a label search matches). */
  labels: string[];
  model: string;
  inputSize: number;
  timeMs: number;
  createdBy: VisionAnalysisAuthor;
  note: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewVisionAnalysis = Omit<VisionAnalysis, 'id' | 'createdAt' | 'updatedAt'>;

export const NO_LINKS: VisionLinks = { clientId: null, siteId: null, jobId: null, contractId: null };

/** Trims links and the note; empty means "none". Refuses ids that are too long. */
export function normaliseLinks(input: Partial<Record<LinkField, string | null | undefined>>): Partial<VisionLinks> {
  const out: Partial<VisionLinks> = {};
  for (const field of LINK_FIELDS) {
    const raw = input[field];
    if (raw === undefined) continue;
    const value = raw === null ? '' : raw.trim();
    if (value.length > MAX_LINK_LENGTH) {
      throw new DomainError('validation', 'Some fields need attention.', { [field]: [`At most ${MAX_LINK_LENGTH} characters.`] });
    }
    out[field] = value === '' ? null : value;
  }
  return out;
}

export function normaliseNote(note: string | null | undefined): string | null | undefined {
  if (note === undefined) return undefined;
  const value = note === null ? '' : note.trim();
  if (value.length > MAX_NOTE_LENGTH) {
    throw new DomainError('validation', 'Some fields need attention.', { note: [`At most ${MAX_NOTE_LENGTH} characters.`] });
  }
  return value === '' ? null : value;
}

/** The uploader's file name as shown in the history: last path segment, no control characters. */
export function displayFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).at(-1) ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_FILE_NAME_LENGTH);
  return clean === '' ? 'image' : clean;
}

/** Distinct labels at or above `minScore`, sorted, for the search index. */
export function labelsOf(detections: readonly Detection[], minScore = DEFAULT_MIN_SCORE): string[] {
  return [...new Set(detections.filter((d) => d.score >= minScore).map((d) => d.label))].sort();
}

export interface AnalysisInput {
  result: DetectionResult;
  image: { path: string; contentType: string; fileName: string; sizeBytes: number };
  createdBy: VisionAnalysisAuthor;
  links: Partial<VisionLinks>;
  note: string | null;
}

/** The record to save for one analysed image: only the classes the product reports on. */
export function newVisionAnalysis(input: AnalysisInput): NewVisionAnalysis {
  const detections = relevantDetections(input.result.detections).sort((a, b) => b.score - a.score);
  return {
    imagePath: input.image.path,
    contentType: input.image.contentType,
    fileName: input.image.fileName,
    sizeBytes: input.image.sizeBytes,
    width: input.result.width,
    height: input.result.height,
    detections,
    labels: labelsOf(detections),
    model: input.result.model,
    inputSize: input.result.inputSize,
    timeMs: Math.round(input.result.timeMs),
    createdBy: input.createdBy,
    ...NO_LINKS,
    ...input.links,
    note: input.note,
  };
}
