import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/audit/audit-entry.ts';
import { INVENTORY_ENTITY, detailChanges, newInventoryItem, type InventoryItem, type ItemDetails } from '../../domain/inventory/inventory-item.ts';
import { type InventoryDeps } from './inventory-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export async function createInventoryItem(deps: InventoryDeps, auth: AuthState, details: ItemDetails): Promise<InventoryItem> {
  const actor = requireAccess(auth, 'editInventory');
  const now = deps.clock.now();
  const item = newInventoryItem(details, deps.ids.next(), now);
  const empty = { ...item, sku: '', name: '', description: '', supplier: '', camera: null };
  return deps.inventory.createItem(item, auditEntry(actor, now, INVENTORY_ENTITY, item.id, 'create', detailChanges(empty, item)));
}
