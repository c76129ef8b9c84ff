import type { AuthState } from '../../domain/auth/permissions.ts';
import { addMaterial, requireMaterialsAllowed, type Job } from '../../domain/jobs/job.ts';
import { applyStockMovement } from '../inventory/apply-stock-movement.ts';
import { auditJob, loadJob, type JobDeps } from './job-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export interface MaterialInput {
  itemId: string;
  quantity: number;
  serials: string[];
  /** Draw on units reserved for this job rather than free stock. */
  fromReservation: boolean;
}

/**
 * Records stock used on a job. The stock side is the inventory feature's own 'use' movement
 * (stock drops, serials become installed at this job and site, the movement is audited there);
 * then the job lists the material with the movement's id. Needs editJobs, not editInventory:
 * technicians record what they installed without managing the stock room.
 */
export async function recordMaterial(deps: JobDeps, auth: AuthState, id: string, input: MaterialInput): Promise<Job> {
  const actor = requireAccess(auth, 'editJobs');
  const job = await loadJob(deps, id);
  requireMaterialsAllowed(job);
  const applied = await applyStockMovement(deps.inventory, actor, input.itemId, {
    kind: 'use',
    quantity: input.quantity,
    serials: input.serials,
    reason: `Used on ${job.number}`,
    jobId: job.id,
    proposalId: null,
    siteId: job.siteId,
    supplier: null,
    fromReservation: input.fromReservation,
    direction: null,
  });
  const m = applied.movement;
  const { after } = await deps.jobs.update(id, (current) =>
    addMaterial(current, {
      movementId: m.id,
      itemId: m.itemId,
      sku: m.sku,
      name: applied.item.name,
      quantity: m.quantity,
      serials: m.serials,
      at: m.at,
      by: actor.name,
    }),
  );
  await auditJob(deps, actor, id, 'material', [{ field: `material:${m.sku}`, from: null, to: `${m.quantity}${m.serials.length ? ` (${m.serials.join(' ')})` : ''}` }]);
  return after;
}
