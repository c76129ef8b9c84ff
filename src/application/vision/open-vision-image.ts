import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ByteSource, FileStorage } from '../../domain/storage/file-storage.ts';
import type { VisionAnalysisRepository } from '../../domain/vision/vision-analysis-repository.ts';
import { requireAccess } from '../shared/require-access.ts';
import { findAnalysis } from './vision-access.ts';

export interface VisionImage {
  body: ByteSource;
  contentType: string;
  size: number;
  fileName: string;
}

/** The analysed image's bytes, for the results view. */
export async function openVisionImage(
  deps: { analyses: VisionAnalysisRepository; files: FileStorage },
  auth: AuthState,
  id: string,
): Promise<VisionImage> {
  requireAccess(auth, 'useVisionAi');
  const analysis = await findAnalysis(deps.analyses, id);
  const { metadata, body } = await deps.files.download(analysis.imagePath);
  return { body, contentType: analysis.contentType, size: metadata.size, fileName: analysis.fileName };
}
