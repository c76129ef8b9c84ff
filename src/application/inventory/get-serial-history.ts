import type { AuthState } from '../../domain/auth/permissions.ts';
import type { SerialRecord } from '../../domain/inventory/serial-number.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { type InventoryDeps } from './inventory-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

/** A serial's history from receipt to the job and site it was installed at. */
export async function getSerialHistory(deps: Pick<InventoryDeps, 'inventory'>, auth: AuthState, itemId: string, serial: string): Promise<SerialRecord> {
  requireAccess(auth, 'viewInventory');
  const rec = await deps.inventory.getSerial(itemId, serial);
  if (!rec) throw new DomainError('not-found', `Serial number ${serial} is not known for this item.`);
  return rec;
}
