import type { AuthState } from '../../domain/auth/permissions.ts';
import type { AppliedMovement, MovementInput } from '../../domain/inventory/stock-movement.ts';
import { applyStockMovement } from './apply-stock-movement.ts';
import { type InventoryDeps } from './inventory-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

/** A movement recorded from the inventory screen or API (needs editInventory). */
export async function recordStockMovement(deps: InventoryDeps, auth: AuthState, itemId: string, input: MovementInput): Promise<AppliedMovement> {
  const actor = requireAccess(auth, 'editInventory');
  return applyStockMovement(deps, actor, itemId, input);
}
