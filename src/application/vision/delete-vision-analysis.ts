import type { AuthState } from '../../domain/auth/permissions.ts';
import type { FileStorage } from '../../domain/storage/file-storage.ts';
import { isStorageErrorWithCode } from '../../domain/storage/storage-error.ts';
import type { VisionAnalysisRepository } from '../../domain/vision/vision-analysis-repository.ts';
import { requireAccess } from '../shared/require-access.ts';
import { findAnalysis } from './vision-access.ts';

/**
 * Deletes the analysis and its image. The image goes first: if that fails the record stays and
 * the delete can be retried; an image already gone does not block removing the record.
 */
export async function deleteVisionAnalysis(
  deps: { analyses: VisionAnalysisRepository; files: FileStorage },
  auth: AuthState,
  id: string,
): Promise<void> {
  requireAccess(auth, 'useVisionAi');
  const analysis = await findAnalysis(deps.analyses, id);
  try {
    await deps.files.delete(analysis.imagePath);
  } catch (e) {
    if (!isStorageErrorWithCode(e, 'storage/object-not-found')) throw e;
  }
  await deps.analyses.delete(id);
}
