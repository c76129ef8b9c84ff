import type { AuthState } from '../../domain/auth/permissions.ts';
import { cameraHorizontalFovDeg } from '../../domain/inventory/inventory-item.ts';
import { type InventoryDeps } from './inventory-deps.ts';
import { requireAccess } from '../shared/require-access.ts';
import { csvMoney, csvNumber, csvRows } from '../shared/csv.ts';

/** The whole catalogue with stock levels, one row per item, for a spreadsheet or the accountant. */
export async function exportInventoryCsv(deps: Pick<InventoryDeps, 'inventory'>, auth: AuthState): Promise<string> {
  requireAccess(auth, 'viewInventory');
  const items = await deps.inventory.allItems();
  const rows = items.map((i) => {
    const fov = i.camera ? cameraHorizontalFovDeg(i.camera) : null;
    return [
      i.sku,
      i.name,
      i.category,
      i.supplier,
      csvMoney(i.unitCostCents),
      csvMoney(i.unitPriceCents),
      i.onHand,
      i.reserved,
      i.available,
      i.reorderPoint,
      i.reorderQuantity,
      i.serialized ? 'yes' : 'no',
      i.lowStock ? 'yes' : 'no',
      i.camera?.horizontalResolutionPx ?? '',
      fov === null ? '' : csvNumber(fov, 1),
    ];
  });
  const header = ['SKU', 'Name', 'Category', 'Supplier', 'Unit cost', 'Unit price', 'On hand', 'Reserved', 'Available', 'Reorder point', 'Reorder quantity', 'Serialized', 'Low stock', 'Horizontal resolution (px)', 'Horizontal FOV (deg)'];
  // The one CSV writer escapes text a spreadsheet would run as a formula (names, suppliers).
  return csvRows([header, ...rows]);
}
