import type { AuthState } from '../../domain/auth/permissions.ts';
import type { AppliedMovement, MovementInput } from '../../domain/inventory/stock-movement.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { applyStockMovement } from './apply-stock-movement.ts';
import { type InventoryViewDeps } from './inventory-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

/**
 * A movement recorded from the inventory screen or API (needs editInventory). The job it names
 * must exist (picked from the list, or typed by its number): stock used on "JOB-9999" that no one
 * can find is refused, not recorded.
 */
export async function recordStockMovement(deps: Pick<InventoryViewDeps, 'inventory' | 'clock' | 'ids' | 'names'>, auth: AuthState, itemId: string, input: MovementInput): Promise<AppliedMovement> {
  const actor = requireAccess(auth, 'editInventory');
  const jobId = input.jobId?.trim() ?? '';
  if (jobId !== '') {
    const labels = await deps.names.labels([{ kind: 'job', id: jobId }]);
    if (!labels[jobId]) {
      const message = `Job: no job ${jobId} — pick one from the list.`;
      throw new DomainError('validation', message, { jobId: [message] });
    }
  }
  return applyStockMovement(deps, actor, itemId, input);
}
