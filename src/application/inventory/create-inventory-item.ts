import type { AuthState } from '../../domain/auth/permissions.ts';
import { inventoryAuditEntry } from '../../domain/inventory/inventory-audit.ts';
import { detailChanges, newInventoryItem, type InventoryItem, type ItemDetails } from '../../domain/inventory/inventory-item.ts';
import { type InventoryDeps } from './inventory-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export async function createInventoryItem(deps: InventoryDeps, auth: AuthState, details: ItemDetails): Promise<InventoryItem> {
  const actor = requireAccess(auth, 'editInventory');
  const now = deps.clock.now();
  const item = newInventoryItem(details, deps.ids.next(), now);
  const empty = { ...item, sku: '', name: '', description: '', supplier: '', camera: null };
  return deps.inventory.createItem(item, inventoryAuditEntry(actor, now, item.id, 'create', detailChanges(empty, item)));
}
