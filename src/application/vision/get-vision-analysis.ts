import type { AuthState } from '../../domain/auth/permissions.ts';
import type { VisionAnalysis } from '../../domain/vision/vision-analysis.ts';
import type { VisionAnalysisRepository } from '../../domain/vision/vision-analysis-repository.ts';
import { findAnalysis, requireVisionAi } from './vision-access.ts';

export async function getVisionAnalysis(deps: { analyses: VisionAnalysisRepository }, auth: AuthState, id: string): Promise<VisionAnalysis> {
  requireVisionAi(auth);
  return findAnalysis(deps.analyses, id);
}
