import type { NewAuditEntry } from '../audit/audit-entry.ts';
import type { InventoryItem, ItemCategory } from './inventory-item.ts';
import type { SerialRecord } from './serial-number.ts';
import type { AppliedMovement, AppliedReversal, StockMovement } from './stock-movement.ts';
import type { Page } from '../shared/page.ts';

export const ITEM_SORTS = ['sku', 'name', 'category', 'onHand', 'available', 'unitPriceCents', 'updatedAt'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

export interface ItemQuery {
  category: ItemCategory | null;
  lowStock: boolean | null;
  /** Words; an item matches when each word prefixes one of its keywords. */
  words: string[];
  sort: ItemSort;
  direction: 'asc' | 'desc';
  limit: number;
  cursor: string | null;
}

/**
 * Inventory on a store that can apply a movement, its serials, the item's counters and the audit
 * entry all or nothing. `applyMovement` calls `apply` with the item and serial records as read
 * inside the transaction (maybe more than once, when a concurrent change forces a retry) and
 * commits what it returns.
 */
export interface InventoryRepository {
  /** Fails with conflict when the SKU is taken. */
  createItem(item: InventoryItem, audit: NewAuditEntry): Promise<InventoryItem>;
  updateItem(id: string, change: (current: InventoryItem) => { item: InventoryItem; audit: NewAuditEntry | null }): Promise<InventoryItem>;
  getItem(id: string): Promise<InventoryItem | null>;
  findBySku(sku: string): Promise<InventoryItem | null>;
  listItems(q: ItemQuery): Promise<Page<InventoryItem>>;
  /** Every item, sku order (export, low-stock list; catalogues are thousands, not millions). */
  allItems(filter?: { lowStock?: boolean }): Promise<InventoryItem[]>;
  countItems(): Promise<number>;
  applyMovement(
    itemId: string,
    serials: string[],
    apply: (item: InventoryItem, serials: ReadonlyMap<string, SerialRecord | null>) => AppliedMovement & { audit: NewAuditEntry },
  ): Promise<AppliedMovement>;
  /**
   * Like applyMovement, for the reversal of `movementId` (a movement of this item; not-found
   * otherwise): `apply` gets the original as read in the transaction, and the original is written
   * back marked reversed with the new movement.
   */
  reverseMovement(
    itemId: string,
    movementId: string,
    apply: (item: InventoryItem, original: StockMovement, serials: ReadonlyMap<string, SerialRecord | null>) => AppliedReversal & { audit: NewAuditEntry },
  ): Promise<AppliedReversal>;
  listMovements(itemId: string, options: { limit: number; cursor: string | null }): Promise<Page<StockMovement>>;
  listSerials(itemId: string): Promise<SerialRecord[]>;
  getSerial(itemId: string, serial: string): Promise<SerialRecord | null>;
}
