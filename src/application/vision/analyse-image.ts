import type { AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { FileStorage } from '../../domain/storage/file-storage.ts';
import { checkImageIntake } from '../../domain/storage/image-intake.ts';
import { detectImageType } from '../../domain/vision/image-type.ts';
import type { ObjectDetector } from '../../domain/vision/object-detector.ts';
import { VisionError } from '../../domain/vision/vision-error.ts';
import {
  displayFileName,
  newVisionAnalysis,
  normaliseLinks,
  normaliseNote,
  STORED_MIN_SCORE,
  type LinkField,
  type VisionAnalysis,
} from '../../domain/vision/vision-analysis.ts';
import type { VisionAnalysisRepository } from '../../domain/vision/vision-analysis-repository.ts';
import { requireAccess } from '../shared/require-access.ts';

export interface AnalyseImageDeps {
  /** A getter, so the detector's worker pool starts on the first analysis, not at boot. */
  detector: () => ObjectDetector;
  files: FileStorage;
  analyses: VisionAnalysisRepository;
  maxImageBytes: number;
}

export interface AnalyseImageInput {
  bytes: Uint8Array;
  fileName?: string;
  links?: Partial<Record<LinkField, string | null>>;
  note?: string | null;
}

export const VISION_FOLDER = 'vision';

/**
 * One uploaded image → one saved analysis. Checks run cheapest first (size, magic bytes, links),
 * the detector runs before anything is stored, so a refused or undecodable image leaves nothing
 * behind; if saving the record fails, the stored image is removed again.
 */
export async function analyseImage(deps: AnalyseImageDeps, auth: AuthState, input: AnalyseImageInput): Promise<VisionAnalysis> {
  const createdBy = requireAccess(auth, 'useVisionAi');
  if (input.bytes.byteLength === 0) throw new DomainError('validation', 'Choose an image to analyse.');
  if (input.bytes.byteLength > deps.maxImageBytes) {
    throw new DomainError('validation', `The image is larger than the ${formatMb(deps.maxImageBytes)} limit.`);
  }
  const contentType = detectImageType(input.bytes);
  if (contentType === null) throw new VisionError('unsupported-image', 'Only JPEG, PNG and WebP images can be analysed.');
  checkImageIntake(input.bytes, { subject: 'The image', field: 'image' });
  const links = normaliseLinks(input.links ?? {});
  const note = normaliseNote(input.note) ?? null;

  const result = await deps.detector().detect(input.bytes, { minScore: STORED_MIN_SCORE });

  const fileName = displayFileName(input.fileName);
  const stored = await deps.files.upload({
    folder: VISION_FOLDER,
    data: input.bytes,
    contentType,
    fileName,
    limits: { maxBytes: deps.maxImageBytes, allowedContentTypes: [contentType] },
  });
  try {
    return await deps.analyses.add(
      newVisionAnalysis({
        result,
        image: { path: stored.fullPath, contentType, fileName, sizeBytes: stored.size },
        createdBy,
        links,
        note,
      }),
    );
  } catch (e) {
    await deps.files.delete(stored.fullPath).catch(() => undefined);
    throw e;
  }
}

function formatMb(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
