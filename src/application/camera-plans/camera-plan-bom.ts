import type { AuthState } from '../../domain/auth/permissions.ts';
import type { InventoryRepository } from '../../domain/inventory/inventory-repository.ts';
import { billOfMaterials, type BomItem, type BomLine, type MountingLine } from '../../domain/planner/bill-of-materials.ts';
import type { CameraPlan } from '../../domain/planner/camera-plan.ts';
import type { CameraPlanRepository } from '../../domain/planner/camera-plan-repository.ts';
import { requireAccess } from '../shared/require-access.ts';
import { findPlan } from './camera-plan-access.ts';

export interface BomDeps {
  plans: CameraPlanRepository;
  inventory: Pick<InventoryRepository, 'getItem'>;
  mounting?: MountingLine;
}

export async function bomForPlan(deps: Omit<BomDeps, 'plans'>, plan: CameraPlan): Promise<BomLine[]> {
  const ids = [...new Set(plan.cameras.flatMap((c) => (c.itemId === null ? [] : [c.itemId])))];
  const items = new Map<string, BomItem>();
  for (const item of await Promise.all(ids.map((i) => deps.inventory.getItem(i)))) {
    if (item) items.set(item.id, { id: item.id, name: item.name, sku: item.sku, unitPriceCents: item.unitPriceCents });
  }
  return billOfMaterials(plan.cameras, items, deps.mounting);
}

/** The plan's bill of materials, priced from the inventory now. */
export async function cameraPlanBom(deps: BomDeps, auth: AuthState, id: string): Promise<BomLine[]> {
  requireAccess(auth, 'viewProposals');
  return bomForPlan(deps, await findPlan(deps.plans, id));
}
