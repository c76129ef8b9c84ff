import type { InventoryRepository } from '../../domain/inventory/inventory-repository.ts';
import type { ItemDetails } from '../../domain/inventory/inventory-item.ts';
import type { MovementInput } from '../../domain/inventory/stock-movement.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import { auditEntry } from '../../domain/audit/audit-entry.ts';
import { INVENTORY_ENTITY, newInventoryItem } from '../../domain/inventory/inventory-item.ts';
import { applyStockMovement } from '../inventory/apply-stock-movement.ts';

/**
 * A starter catalogue for a residential/small-commercial security installer (embedded demo
 * mode only): panels, sensors, cameras with the specs the camera planner needs, NVRs, cable and
 * power, each received into stock from its usual supplier. Written once, when the catalogue is
 * empty; re-running changes nothing.
 */
type Seed = Omit<ItemDetails, 'description' | 'packSize' | 'camera'> & {
  description?: string;
  packSize?: number;
  camera?: ItemDetails['camera'];
  stock: number;
};

const cam = (px: number, fov: number | null, focal: number | null = null, sensor: number | null = null) => ({
  horizontalResolutionPx: px,
  horizontalFovDeg: fov,
  focalLengthMm: focal,
  sensorWidthMm: sensor,
});

export const DEMO_CATALOGUE: readonly Seed[] = [
  { sku: 'DSC-HS2064', name: 'DSC PowerSeries Neo HS2064 panel', category: 'panel', supplier: 'ADI Global', unitCostCents: 18900, unitPriceCents: 34900, reorderPoint: 2, reorderQuantity: 4, serialized: true, stock: 4 },
  { sku: 'DSC-HS2016', name: 'DSC PowerSeries Neo HS2016 panel', category: 'panel', supplier: 'ADI Global', unitCostCents: 13900, unitPriceCents: 26900, reorderPoint: 2, reorderQuantity: 3, serialized: true, stock: 2 },
  { sku: 'QOLSYS-IQ4', name: 'Qolsys IQ Panel 4 touchscreen', category: 'panel', supplier: 'ADI Global', unitCostCents: 41900, unitPriceCents: 69900, reorderPoint: 1, reorderQuantity: 2, serialized: true, stock: 3 },
  { sku: 'DSC-HS2LCD', name: 'DSC Neo HS2LCD keypad', category: 'accessory', supplier: 'ADI Global', unitCostCents: 7400, unitPriceCents: 14900, reorderPoint: 3, reorderQuantity: 6, serialized: false, stock: 8 },
  { sku: 'DSC-PG9945', name: 'DSC PowerG PG9945 door/window contact', category: 'sensor', supplier: 'ADI Global', unitCostCents: 2850, unitPriceCents: 6900, reorderPoint: 20, reorderQuantity: 40, packSize: 10, serialized: false, stock: 46 },
  { sku: 'DSC-PG9914', name: 'DSC PowerG PG9914 PIR motion detector', category: 'sensor', supplier: 'ADI Global', unitCostCents: 4600, unitPriceCents: 9900, reorderPoint: 10, reorderQuantity: 20, serialized: false, stock: 7 },
  { sku: 'DSC-PG9926', name: 'DSC PowerG PG9926 smoke/heat detector', category: 'sensor', supplier: 'ADI Global', unitCostCents: 6800, unitPriceCents: 13900, reorderPoint: 6, reorderQuantity: 12, serialized: false, stock: 14 },
  { sku: 'DSC-PG9922', name: 'DSC PowerG PG9922 glass-break detector', category: 'sensor', supplier: 'ADI Global', unitCostCents: 5900, unitPriceCents: 11900, reorderPoint: 4, reorderQuantity: 8, serialized: false, stock: 3 },
  { sku: 'HIK-2CD2387G2', name: 'Hikvision DS-2CD2387G2 8MP ColorVu turret', category: 'camera', supplier: 'Anixter', unitCostCents: 21500, unitPriceCents: 39900, reorderPoint: 4, reorderQuantity: 6, serialized: true, camera: cam(3840, 109), stock: 6 },
  { sku: 'HIK-2CD2047G2', name: 'Hikvision DS-2CD2047G2 4MP ColorVu bullet', category: 'camera', supplier: 'Anixter', unitCostCents: 12900, unitPriceCents: 24900, reorderPoint: 4, reorderQuantity: 8, serialized: true, camera: cam(2688, null, 2.8, 5.12), stock: 5 },
  { sku: 'AXIS-P3265-LVE', name: 'Axis P3265-LVE 1080p dome', category: 'camera', supplier: 'Anixter', unitCostCents: 61900, unitPriceCents: 94900, reorderPoint: 1, reorderQuantity: 2, serialized: true, camera: cam(1920, 103), stock: 2 },
  { sku: 'HIK-7616NI-Q2-16P', name: 'Hikvision DS-7616NI-Q2/16P 16-channel PoE NVR', category: 'nvr', supplier: 'Anixter', unitCostCents: 38900, unitPriceCents: 64900, reorderPoint: 1, reorderQuantity: 2, serialized: true, stock: 2 },
  { sku: 'HIK-7608NI-Q1-8P', name: 'Hikvision DS-7608NI-Q1/8P 8-channel PoE NVR', category: 'nvr', supplier: 'Anixter', unitCostCents: 22900, unitPriceCents: 39900, reorderPoint: 1, reorderQuantity: 2, serialized: true, stock: 1 },
  { sku: 'WD-PURPLE-4TB', name: 'WD Purple 4 TB surveillance drive', category: 'accessory', supplier: 'Anixter', unitCostCents: 8900, unitPriceCents: 14900, reorderPoint: 2, reorderQuantity: 4, serialized: false, stock: 5 },
  { sku: 'CAT6-1000-BLU', name: 'Cat6 CMR cable, 1000 ft box (blue)', category: 'cable', supplier: 'Graybar', unitCostCents: 15900, unitPriceCents: 24900, reorderPoint: 2, reorderQuantity: 4, serialized: false, stock: 3 },
  { sku: '22-4-500-WHT', name: '22/4 stranded alarm cable, 500 ft', category: 'cable', supplier: 'Graybar', unitCostCents: 6400, unitPriceCents: 9900, reorderPoint: 3, reorderQuantity: 6, serialized: false, stock: 9 },
  { sku: 'BAT-12V7AH', name: '12 V 7 Ah sealed lead-acid battery', category: 'power', supplier: 'ADI Global', unitCostCents: 1750, unitPriceCents: 3900, reorderPoint: 6, reorderQuantity: 12, serialized: false, stock: 10 },
  { sku: 'XFMR-16V40VA', name: '16.5 VAC 40 VA plug-in transformer', category: 'power', supplier: 'ADI Global', unitCostCents: 1200, unitPriceCents: 2900, reorderPoint: 4, reorderQuantity: 8, serialized: false, stock: 6 },
  { sku: 'JBOX-CAM', name: 'Camera junction box (white)', category: 'accessory', supplier: 'Anixter', unitCostCents: 1850, unitPriceCents: 3900, reorderPoint: 4, reorderQuantity: 10, serialized: false, stock: 12 },
  { sku: 'SIGN-YARD', name: 'Yard sign and window decals', category: 'labour-free', supplier: 'Local print shop', unitCostCents: 450, unitPriceCents: 0, reorderPoint: 10, reorderQuantity: 25, serialized: false, stock: 30 },
];

export interface SeedInventoryDeps {
  inventory: InventoryRepository;
  clock: Clock;
  ids: IdGenerator;
}

const SEEDER = { id: 'system:demo-seed', name: 'Demo data' };

export async function seedInventory(deps: SeedInventoryDeps): Promise<{ seeded: boolean }> {
  if ((await deps.inventory.countItems()) > 0) return { seeded: false };
  for (const [n, s] of DEMO_CATALOGUE.entries()) {
    const { stock, ...rest } = s;
    const item = newInventoryItem({ description: '', packSize: 1, camera: null, ...rest }, deps.ids.next(), deps.clock.now());
    await deps.inventory.createItem(item, auditEntry(SEEDER, deps.clock.now(), INVENTORY_ENTITY, item.id, 'create'));
    const serials = s.serialized ? Array.from({ length: stock }, (_, i) => `${s.sku.replace(/[^A-Z0-9]/g, '').slice(0, 8)}${String(n).padStart(2, '0')}${String(1001 + i)}`) : [];
    const receipt: MovementInput = {
      kind: 'receive',
      quantity: stock,
      serials,
      reason: 'Opening stock',
      jobId: null,
      proposalId: null,
      siteId: null,
      supplier: s.supplier,
      fromReservation: false,
      direction: null,
    };
    await applyStockMovement(deps, SEEDER, item.id, receipt);
  }
  return { seeded: true };
}
