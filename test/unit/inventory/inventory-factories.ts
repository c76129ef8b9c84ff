import { newInventoryItem, withStock, type InventoryItem, type ItemDetails } from '../../../src/domain/inventory/inventory-item.ts';
import type { MovementInput } from '../../../src/domain/inventory/stock-movement.ts';
import type { SerialRecord, SerialStatus } from '../../../src/domain/inventory/serial-number.ts';
import { serialRecordId } from '../../../src/domain/inventory/serial-number.ts';

let n = 0;
export const NOW = new Date('2026-11-23T10:00:00.000Z');
export const ACTOR = { id: 'user-frank', name: 'Frank Miller' };

export function itemDetails(overrides: Partial<ItemDetails> = {}): ItemDetails {
  n += 1;
  return {
    sku: `SKU-${n}`,
    name: `Test item ${n}`,
    category: 'sensor',
    description: '',
    supplier: 'ADI Global',
    unitCostCents: 2500,
    unitPriceCents: 5900,
    reorderPoint: 5,
    reorderQuantity: 10,
    packSize: 1,
    serialized: false,
    camera: null,
    ...overrides,
  };
}

/** An item with the given stock levels. */
export function anItem(stock: { onHand?: number; reserved?: number; reservedSerials?: number } = {}, overrides: Partial<ItemDetails> = {}): InventoryItem {
  n += 1;
  const item = newInventoryItem(itemDetails(overrides), `item-${n}`, NOW);
  return withStock(item, { onHand: stock.onHand ?? 0, reserved: stock.reserved ?? 0, reservedSerials: stock.reservedSerials ?? 0 });
}

export function aMovement(overrides: Partial<MovementInput> = {}): MovementInput {
  return {
    kind: 'receive',
    quantity: 1,
    serials: [],
    reason: '',
    jobId: null,
    proposalId: null,
    siteId: null,
    supplier: null,
    fromReservation: false,
    direction: null,
    ...overrides,
  };
}

export function aSerial(item: InventoryItem, serial: string, status: SerialStatus): SerialRecord {
  return {
    id: serialRecordId(item.id, serial),
    itemId: item.id,
    sku: item.sku,
    serial,
    status,
    jobId: null,
    siteId: null,
    reservedFor: null,
    receivedAt: NOW.toISOString(),
    installedAt: null,
    history: [],
  };
}
