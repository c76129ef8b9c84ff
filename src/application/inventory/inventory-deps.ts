import type { AuditLog } from '../../domain/audit/audit-log.ts';
import type { ReferenceNames } from '../../domain/audit/references.ts';
import type { InventoryRepository } from '../../domain/inventory/inventory-repository.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';

export interface InventoryDeps {
  inventory: InventoryRepository;
  clock: Clock;
  ids: IdGenerator;
}

/** What the inventory screens read besides the items: the audit trail and the names of what movements refer to. */
export interface InventoryViewDeps extends InventoryDeps {
  audit: AuditLog;
  names: ReferenceNames;
}
