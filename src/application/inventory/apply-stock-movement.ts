import { auditEntry, contextChanges, type Actor } from '../../domain/audit/audit-entry.ts';
import { INVENTORY_ENTITY } from '../../domain/inventory/inventory-item.ts';
import { applyStockMovement as applyRules, movementChanges, type AppliedMovement, type MovementInput } from '../../domain/inventory/stock-movement.ts';
import type { InventoryDeps } from './inventory-deps.ts';

/**
 * Applies a movement atomically, without a permission check: for other use cases that have
 * checked their own (a job recording materials used needs editJobs, a proposal reserving stock
 * editProposals). Screens and routes call recordStockMovement, which checks editInventory.
 */
export async function applyStockMovement(deps: InventoryDeps, actor: Actor, itemId: string, input: MovementInput): Promise<AppliedMovement> {
  const movementId = deps.ids.next();
  return deps.inventory.applyMovement(itemId, input.serials, (item, serials) => {
    const now = deps.clock.now();
    const applied = applyRules(item, input, serials, { movementId, actor, now });
    const m = applied.movement;
    const audit = auditEntry(actor, now, INVENTORY_ENTITY, item.id, `movement:${m.kind}`, [
      ...movementChanges(item, m),
      ...contextChanges({
        movementId: m.id,
        quantity: m.quantity,
        reason: m.reason || null,
        jobId: m.jobId,
        proposalId: m.proposalId,
        siteId: m.siteId,
        supplier: m.supplier,
        serials: m.serials.length > 0 ? m.serials.join(' ') : null,
      }),
    ]);
    return { ...applied, audit };
  });
}
