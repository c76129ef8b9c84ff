import type { AuthState } from '../../domain/auth/permissions.ts';
import type { CameraPlanRepository } from '../../domain/planner/camera-plan-repository.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { ByteSource, FileStorage } from '../../domain/storage/file-storage.ts';
import { requireAccess } from '../shared/require-access.ts';
import { findPlan } from './camera-plan-access.ts';

export interface FloorPlanFile {
  body: ByteSource;
  contentType: string;
  size: number;
  fileName: string;
}

export async function openFloorPlan(deps: { plans: CameraPlanRepository; files: FileStorage }, auth: AuthState, id: string): Promise<FloorPlanFile> {
  requireAccess(auth, 'viewProposals');
  const plan = await findPlan(deps.plans, id);
  if (!plan.floorPlan) throw new DomainError('not-found', 'This plan is drawn on a blank grid.');
  const { metadata, body } = await deps.files.download(plan.floorPlan.path);
  return { body, contentType: plan.floorPlan.contentType, size: metadata.size, fileName: plan.floorPlan.fileName };
}
