/**
 * The bill of materials a camera plan turns into: one line per camera model (inventory items
 * at their list price; custom lenses at 0 for the installer to price), then one mounting and
 * cabling line per camera. Tax is left at 0 bp: the proposal applies the site's rate.
 */
import type { PlanCamera } from './camera-plan.ts';

export interface BomLine {
  description: string;
  qty: number;
  unitPriceCents: number;
  taxRateBp: number;
  itemId: string | null;
}

export interface BomItem {
  id: string;
  name: string;
  sku: string;
  unitPriceCents: number;
}

export interface MountingLine {
  description: string;
  unitPriceCents: number;
}

export const DEFAULT_MOUNTING: MountingLine = { description: 'Camera mounting, cabling and termination (per camera)', unitPriceCents: 8500 };

export function billOfMaterials(cameras: readonly PlanCamera[], items: ReadonlyMap<string, BomItem>, mounting: MountingLine = DEFAULT_MOUNTING): BomLine[] {
  const lines = new Map<string, BomLine>();
  for (const c of cameras) {
    const item = c.itemId === null ? undefined : items.get(c.itemId);
    const key = item ? `item:${item.id}` : `custom:${c.model}`;
    const line = lines.get(key);
    if (line) line.qty += 1;
    else
      lines.set(
        key,
        item
          ? { description: `${item.name} (${item.sku})`, qty: 1, unitPriceCents: item.unitPriceCents, taxRateBp: 0, itemId: item.id }
          : { description: `${c.model || 'Custom camera'} (custom lens, price to be set)`, qty: 1, unitPriceCents: 0, taxRateBp: 0, itemId: null },
      );
  }
  const out = [...lines.values()];
  if (cameras.length > 0) out.push({ description: mounting.description, qty: cameras.length, unitPriceCents: mounting.unitPriceCents, taxRateBp: 0, itemId: null });
  return out;
}

export const bomTotalCents = (lines: readonly BomLine[]): number => lines.reduce((s, l) => s + l.qty * l.unitPriceCents, 0);
