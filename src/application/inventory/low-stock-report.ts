import type { AuthState } from '../../domain/auth/permissions.ts';
import { reorderSuggestion, type ReorderSuggestion } from '../../domain/inventory/inventory-item.ts';
import { type InventoryDeps } from './inventory-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export interface LowStockReport {
  suggestions: ReorderSuggestion[];
  totalCostCents: number;
}

/** Items at or below their reorder point, with what to order to get back above it. */
export async function lowStockReport(deps: Pick<InventoryDeps, 'inventory'>, auth: AuthState): Promise<LowStockReport> {
  requireAccess(auth, 'viewInventory');
  const items = await deps.inventory.allItems({ lowStock: true });
  const suggestions = items.map(reorderSuggestion).filter((s): s is ReorderSuggestion => s !== null);
  return { suggestions, totalCostCents: suggestions.reduce((sum, s) => sum + s.costCents, 0) };
}
