import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/audit/audit-entry.ts';
import { INVENTORY_ENTITY, changeItemDetails, detailChanges, type InventoryItem, type ItemDetails } from '../../domain/inventory/inventory-item.ts';
import { type InventoryDeps } from './inventory-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

/** Details only; stock changes go through movements. An unchanged form writes no audit entry. */
export async function updateInventoryItem(deps: InventoryDeps, auth: AuthState, id: string, details: ItemDetails): Promise<InventoryItem> {
  const actor = requireAccess(auth, 'editInventory');
  const now = deps.clock.now();
  return deps.inventory.updateItem(id, (current) => {
    const item = changeItemDetails(current, details, now);
    const changes = detailChanges(current, item);
    return { item, audit: changes.length === 0 ? null : auditEntry(actor, now, INVENTORY_ENTITY, id, 'update', changes) };
  });
}
