import { diffRecords, type AuditChange } from '../audit/audit-entry.ts';
import { DomainError, type FieldErrors } from '../shared/domain-error.ts';
import { searchWords, wordPrefixes } from '../shared/search.ts';

/**
 * A stock-keeping unit the business buys, keeps and installs. Money is integer cents; counts are
 * whole units. The counters (onHand, reserved) change only through stock movements
 * (stock-movement.ts); `available`, `lowStock` and `keywords` are derived and stored alongside so
 * the list can filter, sort and search in the database.
 */
export const ITEM_CATEGORIES = ['panel', 'sensor', 'camera', 'nvr', 'cable', 'power', 'accessory', 'labour-free'] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

/** What the camera planner needs: either the horizontal FOV, or focal length + sensor width. */
export interface CameraSpecs {
  horizontalResolutionPx: number;
  horizontalFovDeg: number | null;
  focalLengthMm: number | null;
  sensorWidthMm: number | null;
}

export interface ItemDetails {
  sku: string;
  name: string;
  category: ItemCategory;
  description: string;
  supplier: string;
  unitCostCents: number;
  unitPriceCents: number;
  reorderPoint: number;
  reorderQuantity: number;
  /** Orders are placed in multiples of this (a box of 10 sensors, a 1000 ft reel). */
  packSize: number;
  serialized: boolean;
  camera: CameraSpecs | null;
}

export interface StockLevels {
  onHand: number;
  reserved: number;
  /** How many of the reserved units are specific serial numbers (serialized items only). */
  reservedSerials: number;
}

export interface InventoryItem extends ItemDetails, StockLevels {
  id: string;
  available: number;
  lowStock: boolean;
  createdAt: string;
  updatedAt: string;
}

export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9._-]{0,39}$/;
export const MAX_MONEY_CENTS = 100_000_000_00;
export const MAX_COUNT = 1_000_000;

/** SKUs compare case-insensitively: stored upper case, trimmed. */
export const normaliseSku = (sku: string): string => sku.trim().toUpperCase();

export const availableOf = (s: Pick<StockLevels, 'onHand' | 'reserved'>): number => s.onHand - s.reserved;

/** Low stock: what can still be promised is at or below the reorder point. */
export const isLowStock = (s: Pick<StockLevels, 'onHand' | 'reserved'>, reorderPoint: number): boolean =>
  availableOf(s) <= reorderPoint;

/** Horizontal FOV in degrees: given, or from the pinhole model 2·atan(w / 2f). */
export function cameraHorizontalFovDeg(c: CameraSpecs): number | null {
  if (c.horizontalFovDeg !== null) return c.horizontalFovDeg;
  if (c.focalLengthMm === null || c.sensorWidthMm === null) return null;
  return (2 * Math.atan(c.sensorWidthMm / (2 * c.focalLengthMm)) * 180) / Math.PI;
}

/** The longest keyword; a search box's words are cut to it too (searchWords(text, KEYWORD_WORDS)). */
export const KEYWORD_WORDS = { maxLength: 24 };

/** Search words of sku, name, category and supplier, and every prefix of each word. */
export function searchKeywords(d: Pick<ItemDetails, 'sku' | 'name' | 'category' | 'supplier'>): string[] {
  return wordPrefixes(searchWords(`${d.sku} ${d.name} ${d.category} ${d.supplier}`, KEYWORD_WORDS)).sort();
}

const isCount = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_COUNT;
const isMoney = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_MONEY_CENTS;

/** Checks details as a person typed them; throws a validation error naming every bad field. */
export function checkItemDetails(d: ItemDetails): ItemDetails {
  const fields: FieldErrors = {};
  const bad = (k: string, m: string) => (fields[k] = [...(fields[k] ?? []), m]);
  const sku = normaliseSku(d.sku);
  if (!SKU_PATTERN.test(sku)) bad('sku', 'SKU: 1–40 letters, digits, dot, dash or underscore, starting with a letter or digit.');
  const name = d.name.trim();
  if (name.length < 2 || name.length > 120) bad('name', 'Name: 2–120 characters.');
  if (!(ITEM_CATEGORIES as readonly string[]).includes(d.category)) bad('category', 'Pick a category from the list.');
  if (!isMoney(d.unitCostCents)) bad('unitCostCents', 'Unit cost must be a whole number of cents, 0 or more.');
  if (!isMoney(d.unitPriceCents)) bad('unitPriceCents', 'Unit price must be a whole number of cents, 0 or more.');
  if (!isCount(d.reorderPoint)) bad('reorderPoint', 'Reorder point must be a whole number, 0 or more.');
  if (!isCount(d.reorderQuantity)) bad('reorderQuantity', 'Reorder quantity must be a whole number, 0 or more.');
  if (!Number.isInteger(d.packSize) || d.packSize < 1 || d.packSize > 10_000) bad('packSize', 'Pack size must be a whole number from 1 to 10 000.');
  if (d.camera !== null) {
    if (d.category !== 'camera') bad('camera', 'Only cameras have camera specs.');
    const c = d.camera;
    if (!Number.isInteger(c.horizontalResolutionPx) || c.horizontalResolutionPx < 160 || c.horizontalResolutionPx > 16_000)
      bad('camera.horizontalResolutionPx', 'Horizontal resolution: 160–16 000 pixels.');
    if (c.horizontalFovDeg !== null && !(c.horizontalFovDeg > 0 && c.horizontalFovDeg <= 360))
      bad('camera.horizontalFovDeg', 'Horizontal field of view: more than 0 and at most 360 degrees.');
    if (c.focalLengthMm !== null && !(c.focalLengthMm > 0 && c.focalLengthMm <= 1000)) bad('camera.focalLengthMm', 'Focal length: more than 0, at most 1000 mm.');
    if (c.sensorWidthMm !== null && !(c.sensorWidthMm > 0 && c.sensorWidthMm <= 100)) bad('camera.sensorWidthMm', 'Sensor width: more than 0, at most 100 mm.');
    if (c.horizontalFovDeg === null && (c.focalLengthMm === null || c.sensorWidthMm === null))
      bad('camera.horizontalFovDeg', 'Give the horizontal field of view, or the focal length and the sensor width.');
  }
  if (Object.keys(fields).length > 0) throw new DomainError('validation', 'Some fields need attention.', fields);
  return { ...d, sku, name, description: d.description.trim(), supplier: d.supplier.trim() };
}

export function newInventoryItem(details: ItemDetails, id: string, now: Date): InventoryItem {
  const d = checkItemDetails(details);
  const at = now.toISOString();
  return { ...d, id, onHand: 0, reserved: 0, reservedSerials: 0, available: 0, lowStock: isLowStock({ onHand: 0, reserved: 0 }, d.reorderPoint), createdAt: at, updatedAt: at };
}

/** New details for an existing item; stock is untouched, and the serialized flag is fixed once stock exists. */
export function changeItemDetails(item: InventoryItem, details: ItemDetails, now: Date): InventoryItem {
  const d = checkItemDetails(details);
  if (d.serialized !== item.serialized && (item.onHand > 0 || item.reserved > 0))
    throw new DomainError('conflict', 'The serialized setting can change only while nothing is in stock or reserved.', {
      serialized: ['Bring stock to zero first (adjust with a reason), then change it.'],
    });
  return withStock({ ...item, ...d, updatedAt: now.toISOString() }, { onHand: item.onHand, reserved: item.reserved, reservedSerials: item.reservedSerials });
}

/** Re-derives available and lowStock after the counters changed. */
export function withStock(item: InventoryItem, levels: StockLevels): InventoryItem {
  return { ...item, onHand: levels.onHand, reserved: levels.reserved, reservedSerials: levels.reservedSerials, available: availableOf(levels), lowStock: isLowStock(levels, item.reorderPoint) };
}

export interface ReorderSuggestion {
  itemId: string;
  sku: string;
  name: string;
  available: number;
  reorderPoint: number;
  /** Units to order: back to reorderPoint + reorderQuantity, rounded up to whole packs. */
  quantity: number;
  unitCostCents: number;
  costCents: number;
}

export function reorderSuggestion(item: InventoryItem): ReorderSuggestion | null {
  if (!item.lowStock) return null;
  const target = item.reorderPoint + item.reorderQuantity;
  const shortfall = Math.max(0, target - item.available);
  const quantity = Math.ceil(shortfall / item.packSize) * item.packSize;
  if (quantity === 0) return null;
  return {
    itemId: item.id,
    sku: item.sku,
    name: item.name,
    available: item.available,
    reorderPoint: item.reorderPoint,
    quantity,
    unitCostCents: item.unitCostCents,
    costCents: quantity * item.unitCostCents,
  };
}

/** What the audit trail calls an item. */
export const INVENTORY_ENTITY = 'inventory-item';

/** Field-by-field differences for the audit log (only fields that changed). */
export function detailChanges(before: ItemDetails, after: ItemDetails): AuditChange[] {
  return diffRecords(pickDetails(before), pickDetails(after));
}

export const pickDetails = (i: ItemDetails): ItemDetails => ({
  sku: i.sku,
  name: i.name,
  category: i.category,
  description: i.description,
  supplier: i.supplier,
  unitCostCents: i.unitCostCents,
  unitPriceCents: i.unitPriceCents,
  reorderPoint: i.reorderPoint,
  reorderQuantity: i.reorderQuantity,
  packSize: i.packSize,
  serialized: i.serialized,
  camera: i.camera,
});
