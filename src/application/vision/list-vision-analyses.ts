import type { AuthState } from '../../domain/auth/permissions.ts';
import type { VisionAnalysisPage, VisionAnalysisRepository, VisionAnalysisSearch } from '../../domain/vision/vision-analysis-repository.ts';
import { requireAccess } from '../shared/require-access.ts';
import { fieldReferences, type ReferenceLabels, type ReferenceNames } from '../../domain/audit/references.ts';
import { VISION_LINK_FIELDS } from '../../contracts/vision.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** The history: newest first, filtered by label, links and a date range, a page at a time; linked records by name. */
export async function listVisionAnalyses(
  deps: { analyses: VisionAnalysisRepository; names: ReferenceNames },
  auth: AuthState,
  query: VisionAnalysisSearch & { limit?: number; cursor?: string },
): Promise<VisionAnalysisPage & { names: ReferenceLabels }> {
  requireAccess(auth, 'useVisionAi');
  const { limit, cursor, ...filter } = query;
  const size = Math.min(Math.max(1, limit ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  const page = await deps.analyses.search(filter, { limit: size, ...(cursor !== undefined ? { cursor } : {}) });
  return { ...page, names: await deps.names.labels(fieldReferences(page.items, VISION_LINK_FIELDS)) };
}
