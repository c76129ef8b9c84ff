import type { AuthState } from '../../domain/auth/permissions.ts';
import { KEYWORD_WORDS, type InventoryItem, type ItemCategory } from '../../domain/inventory/inventory-item.ts';
import { searchWords } from '../../domain/shared/search.ts';
import type { ItemSort } from '../../domain/inventory/inventory-repository.ts';
import type { Page } from '../../domain/shared/page.ts';
import { type InventoryDeps } from './inventory-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export interface ListItemsInput {
  search: string;
  category: ItemCategory | null;
  lowStock: boolean | null;
  sort: ItemSort;
  direction: 'asc' | 'desc';
  limit: number;
  cursor: string | null;
}

export async function listInventoryItems(deps: Pick<InventoryDeps, 'inventory'>, auth: AuthState, input: ListItemsInput): Promise<Page<InventoryItem>> {
  requireAccess(auth, 'viewInventory');
  // Up to five words: each is one array-contains filter on the keywords.
  const words = [...new Set(searchWords(input.search, KEYWORD_WORDS))].slice(0, 5);
  return deps.inventory.listItems({ ...input, words });
}
