import type { AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { normaliseLinks, normaliseNote, type LinkField, type VisionAnalysis } from '../../domain/vision/vision-analysis.ts';
import type { VisionAnalysisRepository } from '../../domain/vision/vision-analysis-repository.ts';
import { requireAccess } from '../shared/require-access.ts';

export type VisionAnalysisChanges = Partial<Record<LinkField, string | null>> & { note?: string | null };

/** "Save to…": links the analysis to a client/site, a job or a contract, and edits the note. */
export async function updateVisionAnalysis(
  deps: { analyses: VisionAnalysisRepository },
  auth: AuthState,
  id: string,
  changes: VisionAnalysisChanges,
): Promise<VisionAnalysis> {
  requireAccess(auth, 'useVisionAi');
  const { note, ...links } = changes;
  const normalisedNote = normaliseNote(note);
  const updated = await deps.analyses.update(id, {
    ...normaliseLinks(links),
    ...(normalisedNote !== undefined ? { note: normalisedNote } : {}),
  });
  if (!updated) throw new DomainError('not-found', 'There is no such analysis.');
  return updated;
}
