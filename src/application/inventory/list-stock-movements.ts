import type { AuthState } from '../../domain/auth/permissions.ts';
import type { Page } from '../../domain/shared/page.ts';
import type { StockMovement } from '../../domain/inventory/stock-movement.ts';
import { type InventoryDeps } from './inventory-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export async function listStockMovements(
  deps: Pick<InventoryDeps, 'inventory'>,
  auth: AuthState,
  itemId: string,
  page: { limit: number; cursor: string | null },
): Promise<Page<StockMovement>> {
  requireAccess(auth, 'viewInventory');
  return deps.inventory.listMovements(itemId, page);
}
