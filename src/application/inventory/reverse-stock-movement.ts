import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry, contextChanges } from '../../domain/audit/audit-entry.ts';
import { INVENTORY_ENTITY } from '../../domain/inventory/inventory-item.ts';
import { movementChanges, reverseStockMovement as reverseRules, type AppliedReversal } from '../../domain/inventory/stock-movement.ts';
import type { InventoryDeps } from './inventory-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

/**
 * Reverses a mistaken movement (needs editInventory): an opposite movement referencing the
 * original, stock restored, the original marked reversed, one audit entry — all in one
 * transaction, so two clicks cannot reverse it twice.
 */
export async function reverseStockMovement(deps: InventoryDeps, auth: AuthState, itemId: string, movementId: string, reason: string): Promise<AppliedReversal> {
  const actor = requireAccess(auth, 'editInventory');
  const id = deps.ids.next();
  return deps.inventory.reverseMovement(itemId, movementId, (item, original, serials) => {
    const now = deps.clock.now();
    const applied = reverseRules(item, original, serials, reason, { movementId: id, actor, now });
    const m = applied.movement;
    const audit = auditEntry(actor, now, INVENTORY_ENTITY, item.id, 'movement:reverse', [
      ...movementChanges(item, m),
      ...contextChanges({
        movementId: m.id,
        // The original as people know it: what it was and when (its id is in the movement itself).
        reversedKind: original.kind,
        reversedMovementAt: original.at,
        quantity: original.quantity,
        reason: m.reason || null,
        jobId: m.jobId,
        proposalId: m.proposalId,
        siteId: m.siteId,
        serials: m.serials.length > 0 ? m.serials.join(' ') : null,
      }),
    ]);
    return { ...applied, audit };
  });
}
