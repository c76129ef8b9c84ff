import type { AuthState } from '../../domain/auth/permissions.ts';
import type { AuditEntry } from '../../domain/audit/audit-entry.ts';
import { fieldReferences, type ReferenceLabels } from '../../domain/audit/references.ts';
import type { InventoryItem } from '../../domain/inventory/inventory-item.ts';
import { INVENTORY_ENTITY, reorderSuggestion, type ReorderSuggestion } from '../../domain/inventory/inventory-item.ts';
import type { Page } from '../../domain/shared/page.ts';
import type { SerialRecord } from '../../domain/inventory/serial-number.ts';
import type { StockMovement } from '../../domain/inventory/stock-movement.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { type InventoryViewDeps } from './inventory-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export interface ItemView {
  item: InventoryItem;
  movements: Page<StockMovement>;
  serials: SerialRecord[];
  reorder: ReorderSuggestion | null;
  history: AuditEntry[];
  labels: ReferenceLabels;
}

/** The fields of movements and serials that name other records. */
export const INVENTORY_REFERENCES = ['jobId', 'siteId', 'proposalId'] as const;

/** One item with its latest movements (newest first), every serial number it has had and its audit trail. */
export async function getInventoryItem(deps: Pick<InventoryViewDeps, 'inventory' | 'audit' | 'names'>, auth: AuthState, id: string, movementLimit = 50): Promise<ItemView> {
  requireAccess(auth, 'viewInventory');
  const item = await deps.inventory.getItem(id);
  if (!item) throw new DomainError('not-found', 'That inventory item does not exist.');
  const [movements, serials, history] = await Promise.all([
    deps.inventory.listMovements(id, { limit: movementLimit, cursor: null }),
    item.serialized ? deps.inventory.listSerials(id) : Promise.resolve([]),
    deps.audit.listFor(INVENTORY_ENTITY, id, { limit: 100 }),
  ]);
  const labels = await deps.names.labels(fieldReferences([...movements.items, ...serials], INVENTORY_REFERENCES));
  return { item, movements, serials, reorder: reorderSuggestion(item), history, labels };
}
