import type { AuthState } from '../../domain/auth/permissions.ts';
import { fieldReferences, type ReferenceLabels } from '../../domain/audit/references.ts';
import type { SerialRecord } from '../../domain/inventory/serial-number.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { type InventoryViewDeps } from './inventory-deps.ts';
import { INVENTORY_REFERENCES } from './get-inventory-item.ts';
import { requireAccess } from '../shared/require-access.ts';

/** A serial's history from receipt to the job and site it was installed at, with their names. */
export async function getSerialHistory(
  deps: Pick<InventoryViewDeps, 'inventory' | 'names'>,
  auth: AuthState,
  itemId: string,
  serial: string,
): Promise<SerialRecord & { labels: ReferenceLabels }> {
  requireAccess(auth, 'viewInventory');
  const rec = await deps.inventory.getSerial(itemId, serial);
  if (!rec) throw new DomainError('not-found', `Serial number ${serial} is not known for this item.`);
  return { ...rec, labels: await deps.names.labels(fieldReferences([rec, ...rec.history], INVENTORY_REFERENCES)) };
}
