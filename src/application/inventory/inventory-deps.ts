import type { InventoryRepository } from '../../domain/inventory/inventory-repository.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';

export interface InventoryDeps {
  inventory: InventoryRepository;
  clock: Clock;
  ids: IdGenerator;
}
