import { describe, expect, it } from 'vitest';
import {
  ITEM_CATEGORIES,
  cameraHorizontalFovDeg,
  changeItemDetails,
  checkItemDetails,
  reorderSuggestion,
  KEYWORD_WORDS,
  searchKeywords,
} from '../../../src/domain/inventory/inventory-item.ts';
import { searchWords } from '../../../src/domain/shared/search.ts';
import * as contracts from '../../../src/contracts/inventory.ts';
import { MOVEMENT_KINDS, RETURN_DIRECTIONS } from '../../../src/domain/inventory/stock-movement.ts';
import { ITEM_SORTS } from '../../../src/domain/inventory/inventory-repository.ts';
import { SERIAL_STATUSES } from '../../../src/domain/inventory/serial-number.ts';
import { NOW, anItem, itemDetails } from './inventory-factories.ts';

describe('item details', () => {
  it('normalises the SKU and trims text', () => {
    expect(checkItemDetails(itemDetails({ sku: ' dsc-hs2064 ', name: '  Panel  ' }))).toMatchObject({ sku: 'DSC-HS2064', name: 'Panel' });
  });

  const bad: [string, Parameters<typeof itemDetails>[0], string][] = [
    ['a SKU with spaces', { sku: 'DSC HS' }, 'sku'],
    ['a one-letter name', { name: 'X' }, 'name'],
    ['fractional cents', { unitCostCents: 10.5 }, 'unitCostCents'],
    ['a negative price', { unitPriceCents: -1 }, 'unitPriceCents'],
    ['a negative reorder point', { reorderPoint: -1 }, 'reorderPoint'],
    ['a zero pack size', { packSize: 0 }, 'packSize'],
    ['camera specs on a sensor', { camera: { horizontalResolutionPx: 1920, horizontalFovDeg: 90, focalLengthMm: null, sensorWidthMm: null } }, 'camera'],
    ['a camera without FOV or lens', { category: 'camera', camera: { horizontalResolutionPx: 1920, horizontalFovDeg: null, focalLengthMm: 2.8, sensorWidthMm: null } }, 'camera.horizontalFovDeg'],
  ];
  for (const [name, overrides, field] of bad) {
    it(`refuses ${name} with a field error on ${field}`, () => {
      try {
        checkItemDetails(itemDetails(overrides));
        expect.unreachable();
      } catch (e) {
        expect((e as { fields: Record<string, string[]> }).fields[field]).toBeDefined();
      }
    });
  }

  it('fixes the serialized flag once stock exists', () => {
    const item = anItem({ onHand: 1 });
    expect(() => changeItemDetails(item, { ...item, serialized: true }, NOW)).toThrow(/only while nothing is in stock/);
    expect(changeItemDetails(anItem({ onHand: 0 }), { ...itemDetails(), serialized: true }, NOW).serialized).toBe(true);
  });

  it('recomputes low stock when the reorder point changes', () => {
    const item = anItem({ onHand: 6 }, { reorderPoint: 2 });
    expect(item.lowStock).toBe(false);
    expect(changeItemDetails(item, { ...item, reorderPoint: 6 }, NOW).lowStock).toBe(true);
  });
});

describe('camera FOV', () => {
  const cases: [string, Parameters<typeof cameraHorizontalFovDeg>[0], number | null][] = [
    ['given directly', { horizontalResolutionPx: 1920, horizontalFovDeg: 103, focalLengthMm: null, sensorWidthMm: null }, 103],
    ['from a 2.8 mm lens on a 5.12 mm sensor', { horizontalResolutionPx: 2688, horizontalFovDeg: null, focalLengthMm: 2.8, sensorWidthMm: 5.12 }, 84.9],
    ['from a 4 mm lens on a 5.12 mm sensor', { horizontalResolutionPx: 2688, horizontalFovDeg: null, focalLengthMm: 4, sensorWidthMm: 5.12 }, 65.2],
    ['unknown without a sensor width', { horizontalResolutionPx: 2688, horizontalFovDeg: null, focalLengthMm: 4, sensorWidthMm: null }, null],
  ];
  for (const [name, specs, fov] of cases) {
    it(name, () => {
      const got = cameraHorizontalFovDeg(specs);
      if (fov === null) expect(got).toBeNull();
      else expect(got).toBeCloseTo(fov, 1);
    });
  }
});

describe('reorder suggestion', () => {
  const cases: { name: string; onHand: number; reserved: number; point: number; qty: number; pack: number; order: number | null }[] = [
    { name: 'above the reorder point: nothing', onHand: 10, reserved: 0, point: 5, qty: 10, pack: 1, order: null },
    { name: 'at the reorder point: back to point + quantity', onHand: 5, reserved: 0, point: 5, qty: 10, pack: 1, order: 10 },
    { name: 'reservations count against available', onHand: 8, reserved: 4, point: 5, qty: 10, pack: 1, order: 11 },
    { name: 'rounded up to whole packs', onHand: 3, reserved: 0, point: 5, qty: 10, pack: 5, order: 15 },
    { name: 'from zero', onHand: 0, reserved: 0, point: 2, qty: 4, pack: 1, order: 6 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const item = anItem({ onHand: c.onHand, reserved: c.reserved }, { reorderPoint: c.point, reorderQuantity: c.qty, packSize: c.pack, unitCostCents: 1999 });
      const s = reorderSuggestion(item);
      if (c.order === null) expect(s).toBeNull();
      else expect(s).toMatchObject({ quantity: c.order, costCents: c.order * 1999 });
    });
  }
});

describe('search keywords', () => {
  it('every word of a search prefixes a keyword of the item', () => {
    const kw = searchKeywords({ sku: 'DSC-HS2064', name: 'DSC PowerSeries Neo panel', category: 'panel', supplier: 'ADI Global' });
    for (const w of searchWords('powerser NEO hs20', KEYWORD_WORDS)) expect(kw).toContain(w);
    expect(kw).not.toContain('camera');
  });
});

describe('contracts agree with the domain', () => {
  it('lists the same categories, kinds, directions, sorts and serial statuses', () => {
    expect(contracts.ITEM_CATEGORIES).toEqual(ITEM_CATEGORIES);
    expect(contracts.MOVEMENT_KINDS).toEqual(MOVEMENT_KINDS);
    expect(contracts.RETURN_DIRECTIONS).toEqual(RETURN_DIRECTIONS);
    expect(contracts.ITEM_SORTS).toEqual(ITEM_SORTS);
    expect(contracts.SERIAL_STATUSES).toEqual(SERIAL_STATUSES);
  });

  it('the item form converts dollars to cents and back', () => {
    const form = contracts.toItemForm(null);
    const parsed = contracts.itemFormSchema.parse({ ...form, sku: 'CAM-1', name: 'Dome', category: 'camera', unitCost: '129.99', unitPrice: '0.1', resolution: '2688', focalLength: '2.8', sensorWidth: '5.12' });
    const req = contracts.toItemRequest(parsed);
    expect(req).toMatchObject({ unitCostCents: 12999, unitPriceCents: 10, camera: { horizontalResolutionPx: 2688, horizontalFovDeg: null, focalLengthMm: 2.8, sensorWidthMm: 5.12 } });
    expect(contracts.itemRequestSchema.safeParse(req).success).toBe(true);
  });

  it('the movement form splits serials on lines, commas and spaces', () => {
    const f = contracts.movementFormSchema.parse({ kind: 'receive', quantity: '3', serialsText: 'A1\nA2, A3', reason: '', jobId: '', proposalId: '', siteId: '', supplier: '', fromReservation: false, direction: 'from-job' });
    expect(contracts.toMovementRequest(f)).toMatchObject({ kind: 'receive', quantity: 3, serials: ['A1', 'A2', 'A3'], jobId: null, direction: null });
  });
});
