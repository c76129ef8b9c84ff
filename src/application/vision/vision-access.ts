import { DomainError } from '../../domain/shared/domain-error.ts';
import type { VisionAnalysis } from '../../domain/vision/vision-analysis.ts';
import type { VisionAnalysisRepository } from '../../domain/vision/vision-analysis-repository.ts';

export async function findAnalysis(analyses: VisionAnalysisRepository, id: string): Promise<VisionAnalysis> {
  const found = await analyses.get(id);
  if (!found) throw new DomainError('not-found', 'There is no such analysis.');
  return found;
}
