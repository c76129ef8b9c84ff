import type { AuthState } from '../../domain/auth/permissions.ts';
import type { InventoryItem } from '../../domain/inventory/inventory-item.ts';
import { reorderSuggestion, type ReorderSuggestion } from '../../domain/inventory/inventory-item.ts';
import type { Page } from '../../domain/shared/page.ts';
import type { SerialRecord } from '../../domain/inventory/serial-number.ts';
import type { StockMovement } from '../../domain/inventory/stock-movement.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { type InventoryDeps } from './inventory-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export interface ItemView {
  item: InventoryItem;
  movements: Page<StockMovement>;
  serials: SerialRecord[];
  reorder: ReorderSuggestion | null;
}

/** One item with its latest movements (newest first) and every serial number it has had. */
export async function getInventoryItem(deps: Pick<InventoryDeps, 'inventory'>, auth: AuthState, id: string, movementLimit = 50): Promise<ItemView> {
  requireAccess(auth, 'viewInventory');
  const item = await deps.inventory.getItem(id);
  if (!item) throw new DomainError('not-found', 'That inventory item does not exist.');
  const [movements, serials] = await Promise.all([
    deps.inventory.listMovements(id, { limit: movementLimit, cursor: null }),
    item.serialized ? deps.inventory.listSerials(id) : Promise.resolve([]),
  ]);
  return { item, movements, serials, reorder: reorderSuggestion(item) };
}
