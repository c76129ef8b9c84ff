import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ReferenceLabels } from '../../domain/audit/references.ts';
import { fieldReferences } from '../../domain/audit/references.ts';
import type { Page } from '../../domain/shared/page.ts';
import type { StockMovement } from '../../domain/inventory/stock-movement.ts';
import { type InventoryViewDeps } from './inventory-deps.ts';
import { INVENTORY_REFERENCES } from './get-inventory-item.ts';
import { requireAccess } from '../shared/require-access.ts';

export async function listStockMovements(
  deps: Pick<InventoryViewDeps, 'inventory' | 'names'>,
  auth: AuthState,
  itemId: string,
  page: { limit: number; cursor: string | null },
): Promise<Page<StockMovement> & { labels: ReferenceLabels }> {
  requireAccess(auth, 'viewInventory');
  const movements = await deps.inventory.listMovements(itemId, page);
  return { ...movements, labels: await deps.names.labels(fieldReferences(movements.items, INVENTORY_REFERENCES)) };
}
