import type { AuthState } from '../../domain/auth/permissions.ts';
import type { VisionAnalysisPage, VisionAnalysisRepository, VisionAnalysisSearch } from '../../domain/vision/vision-analysis-repository.ts';
import { requireAccess } from '../shared/require-access.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** The history: newest first, filtered by label, links and a date range, a page at a time. */
export async function listVisionAnalyses(
  deps: { analyses: VisionAnalysisRepository },
  auth: AuthState,
  query: VisionAnalysisSearch & { limit?: number; cursor?: string },
): Promise<VisionAnalysisPage> {
  requireAccess(auth, 'useVisionAi');
  const { limit, cursor, ...filter } = query;
  const size = Math.min(Math.max(1, limit ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  return deps.analyses.search(filter, { limit: size, ...(cursor !== undefined ? { cursor } : {}) });
}
