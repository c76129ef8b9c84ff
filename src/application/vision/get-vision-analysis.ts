import type { AuthState } from '../../domain/auth/permissions.ts';
import type { VisionAnalysis } from '../../domain/vision/vision-analysis.ts';
import type { VisionAnalysisRepository } from '../../domain/vision/vision-analysis-repository.ts';
import { requireAccess } from '../shared/require-access.ts';
import { findAnalysis } from './vision-access.ts';

export async function getVisionAnalysis(deps: { analyses: VisionAnalysisRepository }, auth: AuthState, id: string): Promise<VisionAnalysis> {
  requireAccess(auth, 'useVisionAi');
  return findAnalysis(deps.analyses, id);
}
