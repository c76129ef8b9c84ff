import { can, type AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { isStorageError, toDomainErrorCode } from '../../domain/storage/storage-error.ts';
import type { VisionAnalysis, VisionAnalysisAuthor } from '../../domain/vision/vision-analysis.ts';
import type { VisionAnalysisRepository } from '../../domain/vision/vision-analysis-repository.ts';

/**
 * Every vision use case starts here: admins always, employees with `useVisionAi`. The HTTP
 * layer checks the same permission on the route; this keeps the use cases safe on their own.
 * Returns who is acting, as the analysis records them.
 */
export function requireVisionAi(auth: AuthState): VisionAnalysisAuthor {
  if (auth.kind === 'signed-out') throw new DomainError('unauthenticated', 'Please sign in.');
  if (!can(auth, 'useVisionAi')) throw new DomainError('forbidden', 'You do not have permission to do that.');
  if (auth.kind === 'employee') return { id: auth.employee.id, name: auth.employee.name };
  return { id: auth.user.id, name: auth.user.displayName ?? auth.user.email ?? auth.user.id };
}

export async function findAnalysis(analyses: VisionAnalysisRepository, id: string): Promise<VisionAnalysis> {
  const found = await analyses.get(id);
  if (!found) throw new DomainError('not-found', 'There is no such analysis.');
  return found;
}

/** Storage failures carry their own codes; the HTTP table knows the generic ones. */
export function asDomainError(e: unknown): unknown {
  return isStorageError(e) ? new DomainError(toDomainErrorCode(e.code), e.message) : e;
}
